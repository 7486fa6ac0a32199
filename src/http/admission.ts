/**
 * Admission control in front of the DuckDB pool: at most `maxInFlight` endpoint requests are worked on at once
 * (the pool's connections plus a bounded queue); past that a request is answered at once with 503 OVERLOADED and
 * `Retry-After`, instead of queueing until every client times out. A queue that can grow without bound turns an
 * overload into slow answers for everyone; a bounded one keeps admitted answers fast and tells the rest to retry.
 * /health and unknown paths are never counted.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';
import { toJson } from './json.ts';

export interface AdmissionOptions {
  /** Requests worked on at once (pool connections + queue depth). */
  maxInFlight: number;
  /** Seconds a rejected client is told to wait. */
  retryAfterSeconds: number;
  /** True for the requests that reach the pool (the registered endpoint routes). */
  guarded(req: FastifyRequest): boolean;
}

/** Adds the admission hook to `app`; returns a probe of the current count (for tests and /health). */
export function addAdmissionControl(app: FastifyInstance, opts: AdmissionOptions): { inFlight(): number } {
  let inFlight = 0;
  const counted = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    if (!opts.guarded(req)) return done();
    if (inFlight >= opts.maxInFlight) {
      const err = new ApiError('OVERLOADED');
      reply.code(err.status).header('retry-after', String(opts.retryAfterSeconds)).header('cache-control', 'no-store');
      reply.type('application/json; charset=utf-8').send(toJson(err.body()));
      return;
    }
    inFlight++;
    counted.add(req);
    // 'close' fires once the response is sent or the client went away, hijacked (CSV) replies included.
    reply.raw.once('close', () => {
      if (counted.delete(req)) inFlight--;
    });
    done();
  });
  return { inFlight: () => inFlight };
}
