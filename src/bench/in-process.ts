/**
 * An in-process target (`--inject NAME=CHECKOUT`): the app of a checkout built in the bench's own process and asked
 * through Fastify's `inject`, which skips the socket. For the sequential mode only (one request at a time), where it
 * measures the handler and SQL cost a change can move without the loopback round trip and without a second process
 * to schedule: on this shared 2-core machine its A-against-A ratios strayed less from 1 than over HTTP (docs/bench.md
 * "Why paired-inject still measures in process"). Load with concurrent connections needs a real server: use `--serve`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { retryAfterSeconds, type Answer } from './clients.ts';
import type { Prepared } from './clients.ts';
import type { ServeSpec } from './servers.ts';

/** The part of a Fastify app an in-process target uses. */
interface Injectable {
  inject(o: { method: string; url: string; headers?: Record<string, string>; payload?: string }): Promise<{ statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer; body: string }>;
  close(): Promise<void>;
}

export interface InProcessTarget {
  /** Sends one prepared request through `inject` and times it (same fields as an HTTP answer; no wire bytes beyond the body). */
  send(p: Prepared): Promise<Answer>;
  /** The app's `/health` document, or null. */
  health(): Promise<Record<string, unknown> | null>;
  close(): Promise<void>;
}

/** Builds a checkout's app over `spec.dataDir` in this process (pool of 2, response cache off unless `spec.cache`). */
export async function startInProcess(spec: ServeSpec): Promise<InProcessTarget> {
  if (spec.args.length > 0) throw new Error(`--inject ${spec.name}: an in-process target takes no serve flags (got ${spec.args.join(' ')}); use --serve`);
  const load = (rel: string) => import(pathToFileURL(path.join(spec.root, rel)).href) as Promise<Record<string, unknown>>;
  const { buildApp } = (await load('src/http/app.ts')) as { buildApp: (o: Record<string, unknown>) => Promise<Injectable> };
  const { endpoints } = await load('src/endpoints/index.ts');
  const app = await buildApp({ dataDir: spec.dataDir, endpoints, poolSize: 2, watchMs: 0, ...(spec.cache ? {} : { cacheBytes: 0 }) });
  return {
    async send(p) {
      const t0 = performance.now();
      const r = await app.inject({ method: p.method, url: p.path, headers: p.headers, ...(p.body !== undefined ? { payload: p.body } : {}) });
      const ms = performance.now() - t0;
      const ra = retryAfterSeconds(typeof r.headers['retry-after'] === 'string' ? r.headers['retry-after'] : undefined);
      const bodyBytes = r.rawPayload.length;
      return { status: r.statusCode, ms, wireBytes: bodyBytes, bodyBytes, body: p.parse ? r.body : '', ...(ra !== undefined ? { retryAfterS: ra } : {}) };
    },
    async health() {
      const r = await app.inject({ method: 'GET', url: '/health' });
      try {
        const h = JSON.parse(r.body) as unknown;
        return h && typeof h === 'object' && !Array.isArray(h) && 'fingerprint' in h ? (h as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    },
    close: () => app.close(),
  };
}
