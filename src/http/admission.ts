/**
 * Admission control in front of the DuckDB pool, in two lanes. The query lane: at most `maxInFlight` endpoint
 * requests are worked on at once (the pool's connections plus a bounded queue); past that a request is answered at
 * once with 503 OVERLOADED and `Retry-After`, instead of queueing until every client times out. A queue that can grow
 * without bound turns an overload into slow answers for everyone; a bounded one keeps admitted answers fast and tells
 * the rest to retry. The export lane (ARCHITECTURE §4 Exports): a request that turns out to be a streamed export
 * (format=csv over a list's plan, known only once its parameters are parsed) leaves the query lane for at most
 * `maxExports` export slots, each with a DuckDB connection of its own (engine.ts), so downloads lasting minutes never
 * hold a query slot nor a query connection; past that it is 503 OVERLOADED too. /health and unknown paths are never
 * counted.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../wire/errors.ts';
import { toJson } from '../wire/json.ts';

export interface AdmissionOptions {
  /** Requests worked on at once (pool connections + queue depth). */
  maxInFlight: number;
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
  /** Exports in progress. */
  exports(): number;
  /**
   * Moves an admitted request to the export lane, e.g. `const release = admission.toExportLane(req)` before
   * streaming; throws ApiError OVERLOADED (answered with Retry-After by the caller) when every export slot is taken.
   * The slot is given back by `release()` (the stream let go of its DuckDB connection, e.g. cut while the socket still
   * flushes) or when the response closes, whichever comes first.
   */
  toExportLane(req: FastifyRequest): () => void;
}

/** Adds the admission hook to `app`; returns the lanes' probes (tests, /health) and the move to the export lane. */
export function addAdmissionControl(app: FastifyInstance, opts: AdmissionOptions): Admission {
  let inFlight = 0;
  let exports = 0;
  const counted = new WeakMap<FastifyRequest, 'query' | 'export' | 'released'>();
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    if (!opts.guarded(req)) return done();
    if (inFlight >= opts.maxInFlight) {
      const err = new ApiError('OVERLOADED');
      reply.code(err.status).header('retry-after', String(opts.retryAfterSeconds)).header('cache-control', 'no-store');
      reply.type('application/json; charset=utf-8').send(toJson(err.body()));
      return;
    }
    inFlight++;
    counted.set(req, 'query');
    // 'close' fires once the response is sent or the client went away, hijacked (CSV) replies included.
    reply.raw.once('close', () => {
      const lane = counted.get(req);
      counted.delete(req);
      if (lane === 'query') inFlight--;
      else if (lane === 'export') exports--;
    });
    done();
  });
  return {
    inFlight: () => inFlight,
    exports: () => exports,
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
      return release;
    },
  };
}
