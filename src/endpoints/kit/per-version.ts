/**
 * What a served version answers the same for every request, read once and kept with the version: a published
 * version never changes, so its small tables (its witnesses, their vote lines, its token facts, its network totals)
 * need no SQL round trip per response (1-5 ms each on the default lake, issue 27). Kept with the version's manifest
 * object in a WeakMap: a version no longer served is dropped with it. A failed read is not kept (the next asks again).
 */

const byVersion = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * The value `key` names for `version`, loaded by the first caller, e.g.
 * `await perVersion(ctx.manifest, 'busy-addresses', () => ctx.rows('busyAddresses', {}))`.
 */
export function perVersion<T>(version: object, key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
  let kept = byVersion.get(version);
  if (!kept) byVersion.set(version, (kept = new Map()));
  let value = kept.get(key) as Promise<T> | undefined;
  if (!value) {
    const map = kept;
    value = load().then((v) => {
      if (!keep(v)) map.delete(key);
      return v;
    });
    map.set(key, value);
    value.catch(() => map.delete(key));
  }
  return value;
}

/**
 * Lets the event loop run between slices of a long build of kept state, e.g. `if ((i & 16383) === 16383) await breathe()`:
 * a version's build runs beside requests (at its warm-up or first use), and a loop over a million rows held every
 * other request of the process for seconds.
 */
export const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const built = new WeakMap<object, Map<string, unknown>>();

/**
 * The value `key` names for `version` once its build (`perVersion`) has finished, else undefined: the first call starts
 * the build in the background and callers answer the slower way meanwhile, so a new version's first requests wait for
 * no build of seconds (bigAmount's index, relatedAccount's rankings), e.g. `whenBuilt(ctx.manifest, 'x', load) ?? slow()`.
 * `canBuild`, asked only while nothing is built: false leaves the build unstarted (the version lacks what it reads).
 */
export function whenBuilt<T>(version: object, key: string, load: () => Promise<T>, canBuild: () => boolean = () => true): T | undefined {
  const done = built.get(version);
  if (done?.has(key)) return done.get(key) as T;
  if (!canBuild()) return undefined;
  const value = perVersion(version, key, load);
  // one registration per build (the same promise until it settles; a failed one is asked again, a new promise)
  if (tracked.has(value)) return undefined;
  tracked.add(value);
  const settled = value.then((v) => {
    let m = built.get(version);
    if (!m) built.set(version, (m = new Map()));
    m.set(key, v);
  }, () => undefined);
  (pending.get(version) ?? pending.set(version, []).get(version)!).push(settled);
  return undefined;
}

/** Whether `version`'s background build `key` has finished (the warm-up's tests ask). */
export function isBuilt(version: object, key: string): boolean {
  return built.get(version)?.has(key) ?? false;
}

const tracked = new WeakSet<Promise<unknown>>();
const pending = new WeakMap<object, Promise<void>[]>();

/**
 * Resolves once every build `whenBuilt` started for `version` has finished (or failed), those started meanwhile
 * included. The warm-up awaits it, so a version switched to is served with its kept state built: a build left
 * running beside the first requests (bigAmount's index: ~0.4 s of main-thread work in slices) held each of them for
 * its slices.
 */
export async function buildsSettled(version: object): Promise<void> {
  for (let done = 0; ;) {
    const all = pending.get(version) ?? [];
    if (done === all.length) return;
    await Promise.all(all.slice(done));
    done = all.length;
  }
}

/** How many values `version` keeps whose key starts with `prefix` (a cap on what one statement may keep). */
export function keptCount(version: object, prefix: string): number {
  let n = 0;
  for (const k of byVersion.get(version)?.keys() ?? []) if (k.startsWith(prefix)) n++;
  return n;
}

/**
 * Most rows a statement kept per version may answer (`ctx.versionRows`): more are returned but not kept, so a lake
 * with an unexpectedly large table costs a query per response, never unbounded memory.
 */
export const VERSION_ROWS_MAX = 50_000;

/**
 * Most bind sets one statement keeps per version. `versionRows` binds are the declaration's constants (never request
 * values); the cap keeps memory bounded even if one ever were.
 */
export const VERSION_BIND_SETS_MAX = 8;
