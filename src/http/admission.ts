/**
 * Admission control in front of the DuckDB pool, in two lanes (src/http/README.md "Admission", docs/compat.md).
 *
 * The query lane: at most `maxInFlight` endpoint requests are worked on at once (the pool's connections plus a bounded
 * queue inside it). Past that a request waits in a bounded line, first in first out, for at most `maxWaitMs`; a freed
 * slot goes to the head of the line, never to whoever asks next, so a client that waited gets in before a newcomer.
 * When the line is full, or the wait runs out, the request is answered 503 OVERLOADED with `Retry-After` and a
 * `Retry-Ticket`: the refusal takes no slot and no place in the line, and costs a map insert and a prebuilt body.
 * Nothing a request does here costs in proportion to the line's length (a storm keeps the line full): a place is
 * taken, given back and handed a slot in constant time (`Line`), so /health and admitted work never wait behind
 * bookkeeping of the line.
 * A client that honours Retry-After and sends the ticket back (header `Retry-Ticket`) is a returning client: it is
 * lined up ahead of every newcomer and, when the line is full, takes the place of its newest newcomer (who is
 * refused instead). A ticket sent before its Retry-After has passed counts for nothing (a client resending at once
 * is a newcomer), and each ticket is used once.
 *
 * The export lane (ARCHITECTURE §4 Exports): a request that turns out to be a streamed export (format=csv over a
 * list's plan, known only once its parameters are parsed) leaves the query lane for at most `maxExports` export slots,
 * each with a DuckDB connection of its own (engine.ts), so downloads lasting minutes never hold a query slot nor a
 * query connection; past that it is 503 OVERLOADED too. /health and unknown paths are never counted nor lined up.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../wire/errors.ts';
import { toJson } from '../wire/json.ts';

export interface AdmissionOptions {
  /** Requests worked on at once (pool connections + queue depth). */
  maxInFlight: number;
  /** Requests waiting in line for a slot; past that, refused at once. */
  maxWaiting: number;
  /** Longest wait in line (ms), then refused. */
  maxWaitMs: number;
  /** Streamed exports at once (the export lane's connections). */
  maxExports: number;
  /** Seconds a rejected client is told to wait. */
  retryAfterSeconds: number;
  /** True for the requests that reach the pool (the registered endpoint routes). */
  guarded(req: FastifyRequest): boolean;
}

export interface Admission {
  /** Requests of the query lane in progress. */
  inFlight(): number;
  /** Requests waiting in line for a query slot. */
  waiting(): number;
  /** Exports in progress. */
  exports(): number;
  /** Requests refused 503 OVERLOADED since the last call (the request log counts them instead of a line each). */
  takeRefused(): number;
  /**
   * Moves an admitted request to the export lane, e.g. `const release = admission.toExportLane(req)` before
   * streaming; throws ApiError OVERLOADED (answered with Retry-After by the caller) when every export slot is taken.
   * The slot is given back by `release()` (the stream let go of its DuckDB connection, e.g. cut while the socket still
   * flushes) or when the response closes, whichever comes first.
   */
  toExportLane(req: FastifyRequest): () => void;
}

/** A request waiting for a query slot. */
interface Waiter {
  req: FastifyRequest;
  reply: FastifyReply;
  done: (err?: Error) => void;
  returning: boolean;
  /** When its wait runs out (performance.now() ms). */
  deadline: number;
  /** Its place in its line (`Line`), from 0 for the first ever lined up. */
  seq: number;
}

/**
 * One line of waiters, first in first out, where every operation is constant time (amortized): taking the head,
 * the newest (a full line's newcomer bumped by a returning client) or any waiter (a client that left, a wait that ran
 * out). A removed waiter leaves a hole that the head skips; the array is cut once the holes at its front are half of it.
 */
class Line {
  private items: (Waiter | undefined)[] = [];
  /** `seq` of items[0]. */
  private base = 0;
  private head = 0;
  size = 0;

  push(w: Waiter): void {
    w.seq = this.base + this.items.length;
    this.items.push(w);
    this.size++;
  }

  /** Takes `w` out of the line; false when it was not in it (already admitted, refused or gone). */
  remove(w: Waiter): boolean {
    const i = w.seq - this.base;
    if (i < this.head || i >= this.items.length || this.items[i] !== w) return false;
    this.items[i] = undefined;
    this.size--;
    return true;
  }

  /** The head, left in the line. */
  peek(): Waiter | undefined {
    while (this.head < this.items.length && this.items[this.head] === undefined) this.head++;
    this.compact();
    return this.items[this.head];
  }

  shift(): Waiter | undefined {
    while (this.head < this.items.length) {
      const w = this.items[this.head];
      this.items[this.head++] = undefined;
      if (w) {
        this.size--;
        this.compact();
        return w;
      }
    }
    return undefined;
  }

  pop(): Waiter | undefined {
    while (this.items.length > this.head) {
      const w = this.items.pop();
      if (w) {
        this.size--;
        return w;
      }
    }
    return undefined;
  }

  private compact(): void {
    if (this.head < 1024 || this.head * 2 < this.items.length) return;
    this.items = this.items.slice(this.head);
    this.base += this.head;
    this.head = 0;
  }
}

/**
 * Waits that ran out refused in one go at most, before the event loop gets back to its sockets: waiters lined up in
 * the same millisecond run out together, and refusing hundreds of them in one timer callback would hold /health and
 * every admitted answer behind that burst.
 */
const EXPIRY_BATCH = 16;

/** Tickets remembered at most (oldest forgotten first): a storm of refusals cannot grow memory. */
const MAX_TICKETS = 16_384;
/** A ticket is good from its Retry-After until this long after (ms). */
const TICKET_LIFE_MS = 60_000;
/** Timers and clocks of clients are coarse: a ticket this early (ms) is still on time. */
const TICKET_EARLY_MS = 50;

/** Adds the admission hook to `app`; returns the lanes' probes (tests, /health) and the move to the export lane. */
export function addAdmissionControl(app: FastifyInstance, opts: AdmissionOptions): Admission {
  let inFlight = 0;
  let exports = 0;
  const counted = new WeakMap<FastifyRequest, 'query' | 'export' | 'released'>();
  // The line: returning clients first (in arrival order), then newcomers (in arrival order).
  const returning = new Line();
  const newcomers = new Line();
  let refused = 0;
  // Ticket → the time (ms) from which it is honoured. A Map keeps insertion order: the oldest is evicted first.
  const tickets = new Map<string, number>();
  const ticketPrefix = randomBytes(6).toString('base64url');
  let ticketSeq = 0;
  const overloadedBody = toJson(new ApiError('OVERLOADED').body());
  const retryAfter = String(opts.retryAfterSeconds);

  const refuse = (reply: FastifyReply): void => {
    refused++;
    const ticket = `${ticketPrefix}.${(ticketSeq++).toString(36)}`;
    tickets.set(ticket, Date.now() + opts.retryAfterSeconds * 1000 - TICKET_EARLY_MS);
    if (tickets.size > MAX_TICKETS) tickets.delete(tickets.keys().next().value!);
    reply.code(503).header('retry-after', retryAfter).header('retry-ticket', ticket).header('cache-control', 'no-store');
    reply.type('application/json; charset=utf-8').send(overloadedBody);
  };

  /** True when the request carries a ticket whose Retry-After has passed (the ticket is then used up). */
  const isReturning = (req: FastifyRequest): boolean => {
    const t = req.headers['retry-ticket'];
    if (typeof t !== 'string') return false;
    const from = tickets.get(t);
    if (from === undefined) return false;
    const now = Date.now();
    if (now < from) return false;
    tickets.delete(t);
    return now <= from + TICKET_LIFE_MS;
  };

  const admit = (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void => {
    inFlight++;
    counted.set(req, 'query');
    // 'close' fires once the response is sent or the client went away, hijacked (CSV) replies included.
    reply.raw.once('close', () => {
      const lane = counted.get(req);
      counted.delete(req);
      if (lane === 'query') inFlight--;
      else if (lane === 'export') exports--;
      if (lane === 'query') admitWaiting();
    });
    done();
  };

  const unline = (w: Waiter): boolean => (w.returning ? returning : newcomers).remove(w);

  // Waits run out in the order they were lined up within each line (every wait is maxWaitMs long), so one timer at
  // the earliest head's deadline refuses the heads that ran out, EXPIRY_BATCH at a time with the sockets served in
  // between (setImmediate), instead of a timer per waiter firing in a burst.
  let sweepTimer: NodeJS.Timeout | undefined;
  let sweepAt = Number.POSITIVE_INFINITY;
  let sweepSoon = false;
  const earliest = (): Waiter | undefined => {
    const r = returning.peek();
    const n = newcomers.peek();
    return !r ? n : !n ? r : r.deadline <= n.deadline ? r : n;
  };
  const schedule = (): void => {
    if (sweepSoon) return;
    const w = earliest();
    if (!w) return;
    if (sweepTimer && sweepAt <= w.deadline) return;
    clearTimeout(sweepTimer);
    sweepAt = w.deadline;
    // Unref'd: a line never keeps a closing process alive (its waiters' sockets do, until they are answered).
    sweepTimer = setTimeout(sweep, Math.max(0, w.deadline - performance.now())).unref();
  };
  const sweep = (): void => {
    sweepTimer = undefined;
    sweepAt = Number.POSITIVE_INFINITY;
    sweepSoon = false;
    const now = performance.now();
    for (let i = 0; i < EXPIRY_BATCH; i++) {
      const w = earliest();
      if (!w || w.deadline > now) return schedule();
      unline(w);
      refuse(w.reply);
    }
    sweepSoon = true;
    setImmediate(sweep);
  };

  const admitWaiting = (): void => {
    while (inFlight < opts.maxInFlight) {
      const w = returning.shift() ?? newcomers.shift();
      if (!w) return;
      if (w.reply.raw.destroyed) continue;
      admit(w.req, w.reply, w.done);
    }
  };

  const line = (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void, back: boolean): void => {
    const w: Waiter = { req, reply, done, returning: back, seq: 0, deadline: performance.now() + opts.maxWaitMs };
    (back ? returning : newcomers).push(w);
    schedule();
    // A client that leaves while in line gives its place back.
    reply.raw.once('close', () => void unline(w));
  };

  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    if (!opts.guarded(req)) return done();
    const back = isReturning(req);
    if (inFlight < opts.maxInFlight && returning.size + newcomers.size === 0) return admit(req, reply, done);
    if (returning.size + newcomers.size < opts.maxWaiting) return line(req, reply, done, back);
    if (back && newcomers.size > 0) {
      // A returning client takes the place of the newest newcomer, who is refused (with a ticket of its own).
      refuse(newcomers.pop()!.reply);
      return line(req, reply, done, true);
    }
    refuse(reply);
  });
  return {
    inFlight: () => inFlight,
    waiting: () => returning.size + newcomers.size,
    exports: () => exports,
    takeRefused: () => {
      const n = refused;
      refused = 0;
      return n;
    },
    toExportLane(req) {
      const release = (): void => {
        if (counted.get(req) !== 'export') return;
        counted.set(req, 'released');
        exports--;
      };
      if (counted.get(req) !== 'query') return release;
      if (exports >= opts.maxExports) {
        throw new ApiError('OVERLOADED', `The server is streaming its configured number of exports (--max-exports ${opts.maxExports}); retry after the Retry-After seconds.`);
      }
      inFlight--;
      exports++;
      counted.set(req, 'export');
      // The query slot it leaves goes to the head of the line.
      queueMicrotask(admitWaiting);
      return release;
    },
  };
}
