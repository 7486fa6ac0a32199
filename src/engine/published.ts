/**
 * The published version a server answers from. Opens an Engine over the manifest's version and, when watching,
 * polls the manifest: a newly published version gets a fresh Engine, requests switch to it at once, and the old
 * one is closed after its in-flight queries finished (a request always sees one version). Each version served is
 * leased (src/lake/leases.ts) until the last request that started on it has finished, so retention never removes a
 * folder under a running export. The served version's files are scrubbed against their content hashes in the
 * background (scrub.ts): a damaged file makes its dataset 503 DATA_UNAVAILABLE and /health degraded.
 */
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { DataUnavailableError, Engine, type EngineOptions } from './engine.ts';
import { MANIFEST_FILE, readManifest, versionDir, type Manifest } from '../lake/manifest.ts';
import { staleLayout } from '../lake/derive/layout.ts';
import { datasetOfFile, verifyVersion, type FileProblem } from '../lake/verify.ts';
import { Lease } from '../lake/leases.ts';
import { Scrubber, type ScrubPass } from './scrub.ts';

/** DuckDB errors after which its database is invalidated (every later query fails until it is reopened). */
const ENGINE_FAULT = /^(INTERNAL|FATAL) Error|database has been invalidated/;

/** A query hit a DuckDB internal error; the engine is being reopened. Answered 503 ENGINE_FAULT. */
export class EngineFaultError extends Error {}

export type PublishedOptions = Omit<EngineOptions, 'manifest' | 'damaged'> & {
  watchMs: number;
  onSwitch?: (version: string) => void;
  /** Where damaged files are reported (with their paths: the log, never an HTTP body). */
  log?: (message: string) => void;
  /** Scrub read rate in bytes per second (0: no scrub); default 32 MiB/s. */
  scrubBytesPerSec?: number;
  /** Least time between the starts of two scrub passes (ms); default 15 minutes. */
  scrubIntervalMs?: number;
  /**
   * Builds what a version keeps before it is served (http/ passes the endpoints' warm-up, kit/warm.ts): awaited for
   * at most `prepareMaxMs` before requests switch to a new version (a slower one goes on beside serving); at open it
   * runs beside serving. Never throws into the switch.
   */
  prepare?: (engine: Engine) => Promise<unknown>;
  /** Most time a switch waits for `prepare` (ms; 0: no warm-up). */
  prepareMaxMs?: number;
};

export const DEFAULT_SCRUB_BYTES_PER_SEC = 32 * 1024 * 1024;
export const DEFAULT_SCRUB_INTERVAL_MS = 15 * 60_000;

/** What `/health` says about the served version: `degraded` with reasons whenever it is not whole. */
export interface LakeHealth {
  status: 'ok' | 'degraded';
  /** Datasets answered 503 DATA_UNAVAILABLE, with why (no paths). */
  unavailable: { dataset: string; reason: string }[];
  reasons: string[];
  /** A newer published version this server refused (damaged files), if any. */
  refused?: { version: string; datasets: string[] };
  /** Engines reopened after a DuckDB internal error since start. */
  engineRestarts?: number;
  /**
   * The served version's warm-up (`prepare`): running (at open it runs beside serving, answers meanwhile are slower),
   * done, or off (no warm-up). A benchmark measures once it is not running.
   */
  warmUp: 'running' | 'done' | 'off';
}

export class PublishedLake {
  private inFlight = new Map<Engine, number>();
  /** Engines whose warm-up has not finished. */
  private readonly warming = new Set<Engine>();
  private timer: NodeJS.Timeout | undefined;
  private lastMtime = 0;
  private switching = false;

  /** Version → this process's lease on it: the served one and every one a request still runs on. */
  private readonly leases = new Map<string, Lease>();
  private scrubber: Scrubber | undefined;
  private closed = false;
  /** The reopens of the served version after the scrub found damage, one after another. */
  private isolating: Promise<void> = Promise.resolve();
  /** The datasets each engine was opened with marked damaged. */
  private readonly openedDamaged = new WeakMap<Engine, ReadonlySet<string>>();
  /** The last finished scrub pass of the served version (diagnostics, tests). */
  scrubPass: ScrubPass | undefined;
  /** Datasets of the current version found unavailable (file check at open, or a failing read), dataset → reason. */
  private unavailable = new Map<string, string>();
  private refused: LakeHealth['refused'];
  private reopening = false;
  private reopenPromise: Promise<void> | undefined;
  /** Engines reopened after a DuckDB internal error (shown in /health). */
  engineRestarts = 0;

  private constructor(
    private engine: Engine,
    private readonly opts: PublishedOptions,
  ) {}

  /** Opens the current version of `opts.dataDir`; throws a clear error when nothing is published there. */
  static async open(opts: PublishedOptions): Promise<PublishedLake> {
    const manifest = await readManifest(opts.dataDir);
    if (!manifest) throw new Error(`no published dataset in ${path.resolve(opts.dataDir)} (run \`tronlake generate\` or \`tronlake ingest\` first)`);
    const stale = await staleLayout(manifest, opts.dataDir);
    if (stale) throw new Error(stale);
    // Lease first: retention must not delete the version between the check and the open.
    // (A read-only data folder cannot hold a lease: serve anyway; nothing can publish into it either.)
    const lease = await Lease.take(opts.dataDir, manifest.version).catch((e: unknown) => {
      opts.log?.(`no version lease in ${opts.dataDir} (${e instanceof Error ? e.message : String(e)}): retention by another process could remove the served version`);
      return undefined;
    });
    const problems = await cheapCheck(opts.dataDir, manifest, opts.log);
    const damaged = new Set(problems.map((p) => p.dataset));
    const engine = await Engine.open(Object.assign({}, opts, { manifest, damaged }));
    const lake = new PublishedLake(engine, opts);
    lake.openedDamaged.set(engine, damaged);
    if (lease) lake.leases.set(manifest.version, lease);
    for (const p of problems) lake.unavailable.set(p.dataset, p.problem);
    for (const [ds, why] of engine.unavailable) lake.noteUnavailable(ds, why);
    lake.startScrub();
    void lake.prepare(engine);
    lake.lastMtime = await lake.manifestMtime();
    if (opts.watchMs > 0) {
      lake.timer = setInterval(() => void lake.poll(), opts.watchMs);
      lake.timer.unref();
    }
    return lake;
  }

  get current(): Engine {
    return this.engine;
  }

  /**
   * Runs `fn` against one engine (version) and keeps that engine open until it returns. After a DuckDB internal
   * error the engine is reopened and `fn` runs once more on the fresh one (requests arriving meanwhile wait for it).
   */
  async use<T>(fn: (engine: Engine) => Promise<T>): Promise<T> {
    try {
      return await this.useOnce(fn);
    } catch (err) {
      if (!(err instanceof EngineFaultError)) throw err;
      await this.reopenPromise;
      return await this.useOnce(fn);
    }
  }

  private async useOnce<T>(fn: (engine: Engine) => Promise<T>): Promise<T> {
    if (this.reopenPromise) await this.reopenPromise;
    const e = this.engine;
    this.inFlight.set(e, (this.inFlight.get(e) ?? 0) + 1);
    try {
      return await fn(e);
    } catch (err) {
      if (err instanceof DataUnavailableError && e === this.engine) this.noteUnavailable(err.dataset, err.detail);
      if (!(err instanceof DataUnavailableError) && err instanceof Error && ENGINE_FAULT.test(err.message)) {
        // DuckDB hit an internal error: it invalidates the whole database, so every later query would fail. Open a
        // fresh engine over the same version (requests switch to it at once) and answer this one 503.
        this.opts.log?.(`engine fault on version ${e.manifest.version}: ${err.message.split('\n')[0]}; reopening`);
        if (e === this.engine && !this.reopenPromise) {
          this.reopenPromise = this.reopen(e).finally(() => (this.reopenPromise = undefined));
        }
        throw new EngineFaultError(err.message);
      }
      throw err;
    } finally {
      const n = (this.inFlight.get(e) ?? 1) - 1;
      if (n === 0) this.inFlight.delete(e);
      else this.inFlight.set(e, n);
      if (n === 0 && e !== this.engine) await this.retire(e);
    }
  }

  /**
   * Closes an engine no longer served and no longer used; once no engine of its version is left, the version's lease
   * is released (retention may remove it from then on).
   */
  private async retire(e: Engine): Promise<void> {
    await e.close();
    const v = e.manifest.version;
    if (v === this.engine.manifest.version || [...this.inFlight.keys()].some((x) => x.manifest.version === v)) return;
    const lease = this.leases.get(v);
    this.leases.delete(v);
    await lease?.release();
  }

  /** Scrubs the served version's files (when its manifest records hashes and the scrub is on). */
  private startScrub(): void {
    this.scrubber?.stop();
    this.scrubber = undefined;
    this.scrubPass = undefined;
    const rate = this.opts.scrubBytesPerSec ?? DEFAULT_SCRUB_BYTES_PER_SEC;
    const files = this.engine.manifest.files;
    if (rate <= 0 || !files) return;
    const version = this.engine.manifest.version;
    const scrubber = new Scrubber(versionDir(this.opts.dataDir, this.engine.manifest), files, {
      bytesPerSecond: rate,
      passIntervalMs: this.opts.scrubIntervalMs ?? DEFAULT_SCRUB_INTERVAL_MS,
      onDamaged: (file, problem) => void this.damagedFound(version, file, problem),
      onFault: (message) => this.opts.log?.(`version ${version}: ${message}`),
      onPass: (pass) => {
        if (this.scrubber === scrubber) this.scrubPass = pass;
      },
    });
    this.scrubber = scrubber;
    scrubber.start();
  }

  /**
   * The scrub found a file of `version` damaged: its dataset is answered 503 DATA_UNAVAILABLE from now on. A fresh
   * engine over the same version opens with the dataset marked damaged (the start-up mechanism: its views fail, the
   * serving tables read from it are left out); requests switch to it, the old one closes when its queries are done.
   */
  private damagedFound(version: string, file: string, problem: string): void {
    if (version !== this.engine.manifest.version) return;
    const dataset = datasetOfFile(file) ?? 'unknown';
    this.opts.log?.(`version ${version}: scrub: ${dataset}: ${file}: ${problem}`);
    if (this.unavailable.has(dataset)) return;
    this.unavailable.set(dataset, 'content hash mismatch: damaged file');
    // One reopen at a time: a second damaged dataset found while the first reopen runs is covered by the next one.
    this.isolating = this.isolating.then(() => this.isolate(version));
  }

  /** Opens a fresh engine over `version` with every dataset of `unavailable` marked damaged, unless the served one has. */
  private async isolate(version: string): Promise<void> {
    const e = this.engine;
    const want = new Set(this.unavailable.keys());
    const has = this.openedDamaged.get(e);
    if (this.closed || e.manifest.version !== version || (has && [...want].every((d) => has.has(d)))) return;
    try {
      const next = await Engine.open(Object.assign({}, this.opts, { manifest: e.manifest, damaged: want }));
      this.openedDamaged.set(next, want);
      if (this.engine !== e || this.closed) {
        // Switched or reopened meanwhile: keep what is served (a reopen takes `unavailable` as it is then).
        await next.close();
        return;
      }
      // Answers cached from the old engine are keyed by its serial (app.ts), so none is served again.
      this.engine = next;
      if (!this.inFlight.has(e)) await this.retire(e);
    } catch (err) {
      this.opts.log?.(`could not reopen the engine without ${[...want].join(', ')}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Replaces a faulted engine by a fresh one over the same version; the old one closes when its queries are done. */
  private async reopen(faulted: Engine): Promise<void> {
    if (this.reopening) return;
    this.reopening = true;
    try {
      const damaged = new Set(this.unavailable.keys());
      const next = await Engine.open(Object.assign({}, this.opts, { manifest: faulted.manifest, damaged }));
      this.openedDamaged.set(next, damaged);
      if (this.engine !== faulted) {
        await next.close();
        return;
      }
      this.engine = next;
      this.engineRestarts++;
      if (!this.inFlight.has(faulted)) await this.retire(faulted);
    } catch (e) {
      this.opts.log?.(`could not reopen the engine: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.reopening = false;
    }
  }

  /** Runs `prepare` over `e`, waiting at most prepareMaxMs for it. */
  private async prepare(e: Engine): Promise<void> {
    const { prepare, prepareMaxMs = 0 } = this.opts;
    if (!prepare || prepareMaxMs <= 0) return;
    this.warming.add(e);
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, prepareMaxMs);
      timer.unref();
    });
    const run = prepare(e).catch((err: unknown) => this.opts.log?.(`warm-up of version ${e.manifest.version} failed: ${(err as Error).message}`))
      .finally(() => this.warming.delete(e));
    await Promise.race([run, bound]);
    clearTimeout(timer);
  }

  /** Checks the manifest now and switches when a new version is published; returns true when it switched. */
  async poll(): Promise<boolean> {
    if (this.switching) return false;
    this.switching = true;
    try {
      const mtime = await this.manifestMtime();
      if (mtime === this.lastMtime) return false;
      this.lastMtime = mtime;
      const manifest = await readManifest(this.opts.dataDir);
      if (!manifest || manifest.version === this.engine.manifest.version) return false;
      if (await staleLayout(manifest, this.opts.dataDir)) return false; // published by another release: keep serving
      // Never switch to a damaged version: keep serving the whole one and say so in /health.
      const problems = await cheapCheck(this.opts.dataDir, manifest, this.opts.log);
      if (problems.length > 0) {
        this.refused = { version: manifest.version, datasets: [...new Set(problems.map((p) => p.dataset))] };
        return false;
      }
      // A lease of its own covers the new version from before it opens; the old version's lease is released only when
      // its last request has finished (retire), so retention never removes a folder a running export reads.
      if (!this.leases.has(manifest.version)) {
        const lease = await Lease.take(this.opts.dataDir, manifest.version).catch(() => undefined);
        if (lease) this.leases.set(manifest.version, lease);
      }
      const next = await Engine.open(Object.assign({}, this.opts, { manifest })).catch(async (e: unknown) => {
        await this.leases.get(manifest.version)?.release();
        this.leases.delete(manifest.version);
        throw e;
      });
      await this.prepare(next);
      const old = this.engine;
      this.engine = next;
      this.unavailable = new Map();
      this.refused = undefined;
      for (const [ds, why] of next.unavailable) this.noteUnavailable(ds, why);
      this.startScrub();
      if (!this.inFlight.has(old)) await this.retire(old);
      this.opts.onSwitch?.(manifest.version);
      return true;
    } catch {
      return false; // a half-visible publish or a transient read error: try again at the next tick
    } finally {
      this.switching = false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.scrubber?.stop();
    await this.engine.close();
    for (const lease of this.leases.values()) await lease.release();
    this.leases.clear();
  }

  /** Whether the served version is whole: its folder present, no dataset found damaged. */
  health(): LakeHealth {
    const reasons: string[] = [];
    if (!existsSync(versionDir(this.opts.dataDir, this.engine.manifest))) reasons.push(`the folder of version ${this.engine.manifest.version} is missing`);
    const unavailable = [...this.unavailable].map(([dataset, reason]) => ({ dataset, reason }));
    if (unavailable.length > 0) reasons.push(`damaged or missing files in: ${unavailable.map((u) => u.dataset).join(', ')}`);
    const warmUp = !this.opts.prepare || (this.opts.prepareMaxMs ?? 0) <= 0 ? 'off' : this.warming.has(this.engine) ? 'running' : 'done';
    const h: LakeHealth = { status: reasons.length > 0 ? 'degraded' : 'ok', unavailable, reasons, warmUp };
    if (this.refused) h.refused = this.refused;
    if (this.engineRestarts > 0) h.engineRestarts = this.engineRestarts;
    return h;
  }

  private noteUnavailable(dataset: string, detail: string): void {
    if (!this.unavailable.has(dataset)) {
      // The detail may hold a file path: it goes to the log only; /health shows a path-free reason.
      this.opts.log?.(`dataset ${dataset} unavailable in version ${this.engine.manifest.version}: ${detail}`);
      this.unavailable.set(dataset, 'a read failed: damaged or missing file');
    }
  }

  private async manifestMtime(): Promise<number> {
    try {
      return (await fs.stat(path.join(this.opts.dataDir, MANIFEST_FILE))).mtimeMs;
    } catch {
      return 0;
    }
  }
}

/** Footers, magic bytes and row counts of every file of a version (src/lake/verify.ts); problems are logged with their files. */
async function cheapCheck(dataDir: string, manifest: Manifest, log?: (m: string) => void): Promise<FileProblem[]> {
  const report = await verifyVersion(dataDir, manifest, { deep: false });
  for (const p of report.problems) log?.(`version ${manifest.version}: ${p.dataset}: ${p.file}: ${p.problem}`);
  return report.problems;
}
