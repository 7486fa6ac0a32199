/**
 * An answer made of other endpoints' answers (/api/system/homepage-bundle, reference §8.1): each part is a registered
 * declaration, answered by its own `handle` with its own default parameters, so a part shows exactly what its endpoint
 * shows (one rule per figure, never a second computation of it). The composed declaration names every part's
 * templates under `<part>.<name>` (its `queries`) and every part's ORDER BY constants; a part runs in a context that
 * maps its own query names to those, so its statements are checked, timed and kept per version as its own are.
 * The parts are handed over by the registry (src/endpoints/index.ts): a section never imports another.
 */
import type { AnyEndpoint, EndpointContext } from '../kit/endpoint.ts';

export type Parts = Readonly<Record<string, AnyEndpoint>>;

/** The composed declaration's `queries`: each part's, named `<part>.<name>`. */
export function composedQueries(parts: Parts): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [part, ep] of Object.entries(parts)) for (const [name, id] of Object.entries(ep.queries)) out[`${part}.${name}`] = id;
  return out;
}

/** The composed declaration's ORDER BY whitelist: every part's. */
export function composedOrderBys(parts: Parts): string[] {
  return [...new Set(Object.values(parts).flatMap((ep) => ep.orderBys ?? []))];
}

/** `outer` as part `part` sees it: its query names are the part's own (statements by id pass as they are). */
function partContext(outer: EndpointContext, part: string): EndpointContext {
  const named = (name: string) => `${part}.${name}`;
  const renamed: Pick<EndpointContext, 'rows' | 'count' | 'declared' | 'ordered'> = {
    rows: (name, binds, orderBy) => outer.rows(named(name), binds, orderBy),
    count: (name, binds) => outer.count(named(name), binds),
    declared: (name, count) => outer.declared(named(name), count),
    ordered: (name) => outer.ordered(named(name)),
  };
  return Object.assign({}, outer, renamed);
}

/**
 * The answer of part `part` to a request without parameters (its defaults), e.g.
 * `await answerOf(parts, 'tps', ctx)` = the body of GET /api/system/tps.
 */
export async function answerOf(parts: Parts, part: string, ctx: EndpointContext): Promise<unknown> {
  const ep = parts[part];
  if (!ep) throw new Error(`no part ${part}`);
  const p = (ep.params as { parse(v: unknown): unknown }).parse({});
  return ep.handle(p as never, partContext(ctx, part));
}
