/**
 * Warm-up of a version (Endpoint.warm): the declared requests answered once over a new engine before requests switch
 * to it, so what the version keeps (per-version.ts: kept events, rankings, day prices) is built then, not by the
 * first client. Answers are thrown away; a request that fails is logged and skipped (the version is still served: a
 * client asking the same thing gets the same error, or the value the next try builds).
 */
import type { Engine } from '../../engine/engine.ts';
import { endpointContext, type Templates } from './context.ts';
import type { AnyEndpoint, EndpointContext } from './endpoint.ts';
import { buildsSettled } from './per-version.ts';

/** What one warm-up did: requests answered, those that failed, and the time taken (ms). */
export interface WarmReport {
  answered: number;
  failed: number;
  ms: number;
}

/**
 * Answers every endpoint's `warm` requests over `engine`, one after the other (a publish should not take the pool
 * from the version being served), e.g. `await warmVersion(engine, templates, endpoints, settings, log)`.
 */
export async function warmVersion(
  engine: Engine,
  templates: Templates,
  endpoints: readonly AnyEndpoint[],
  settings: EndpointContext['settings'],
  log?: (m: string) => void,
): Promise<WarmReport> {
  const t0 = performance.now();
  let answered = 0;
  let failed = 0;
  for (const ep of endpoints) {
    for (const query of ep.warm ?? []) {
      try {
        const p = (ep.params as { parse(q: unknown): never }).parse({ ...query });
        await ep.handle(p, endpointContext(engine, templates, ep, [], settings));
        answered++;
      } catch (e) {
        failed++;
        log?.(`warm-up of ${ep.path}?${new URLSearchParams(query).toString()} on version ${engine.manifest.version} failed: ${(e as Error).message.split('\n')[0]}`);
      }
    }
  }
  // what the requests started in the background (whenBuilt) is part of the warm-up too
  await buildsSettled(engine.manifest);
  return { answered, failed, ms: performance.now() - t0 };
}
