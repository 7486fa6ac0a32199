/**
 * The published version a server answers from. Opens an Engine over the manifest's version and, when watching,
 * polls the manifest: a newly published version gets a fresh Engine, requests switch to it at once, and the old
 * one is closed after its in-flight queries finished (a request always sees one version).
 */
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { DataUnavailableError, Engine, type EngineOptions } from './engine.ts';
import { MANIFEST_FILE, readManifest, versionDir, type Manifest } from '../lake/manifest.ts';
import { staleLayout } from '../lake/derive/layout.ts';
import { verifyVersion, type FileProblem } from '../lake/verify.ts';
import { Lease } from '../lake/leases.ts';

/** DuckDB errors after which its database is invalidated (every later query fails until it is reopened). */
const ENGINE_FAULT = /^(INTERNAL|FATAL) Error|database has been invalidated/;

/** A query hit a DuckDB internal error; the engine is being reopened. Answered 503 ENGINE_FAULT. */
export class EngineFaultError extends Error {}

export type PublishedOptions = Omit<EngineOptions, 'manifest' | 'damaged'> & {
  watchMs: number;
  onSwitch?: (version: string) => void;
  /** Where damaged files are reported (with their paths: the log, never an HTTP body). */
  log?: (message: string) => void;
};

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
}

export class PublishedLake {
  private inFlight = new Map<Engine, number>();
  private timer: NodeJS.Timeout | undefined;
  private lastMtime = 0;
  private switching = false;

  private lease: Lease | undefined;
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
    const engine = await Engine.open({ ...opts, manifest, damaged: new Set(problems.map((p) => p.dataset)) });
    const lake = new PublishedLake(engine, opts);
    lake.lease = lease;
    for (const p of problems) lake.unavailable.set(p.dataset, p.problem);
    for (const [ds, why] of engine.unavailable) lake.noteUnavailable(ds, why);
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
      if (n === 0 && e !== this.engine) await e.close();
    }
  }

  /** Replaces a faulted engine by a fresh one over the same version; the old one closes when its queries are done. */
  private async reopen(faulted: Engine): Promise<void> {
    if (this.reopening) return;
    this.reopening = true;
    try {
      const next = await Engine.open({ ...this.opts, manifest: faulted.manifest, damaged: new Set(this.unavailable.keys()) });
      if (this.engine !== faulted) {
        await next.close();
        return;
      }
      this.engine = next;
      this.engineRestarts++;
      if (!this.inFlight.has(faulted)) await faulted.close();
    } catch (e) {
      this.opts.log?.(`could not reopen the engine: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.reopening = false;
    }
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
      // A second lease covers the new version while it opens; the old one moves once the switch is done.
      const next = await Engine.open({ ...this.opts, manifest });
      const old = this.engine;
      this.engine = next;
      this.unavailable = new Map();
      this.refused = undefined;
      for (const [ds, why] of next.unavailable) this.noteUnavailable(ds, why);
      await this.lease?.move(manifest.version);
      if (!this.inFlight.has(old)) await old.close();
      this.opts.onSwitch?.(manifest.version);
      return true;
    } catch {
      return false; // a half-visible publish or a transient read error: try again at the next tick
    } finally {
      this.switching = false;
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.engine.close();
    await this.lease?.release();
  }

  /** Whether the served version is whole: its folder present, no dataset found damaged. */
  health(): LakeHealth {
    const reasons: string[] = [];
    if (!existsSync(versionDir(this.opts.dataDir, this.engine.manifest))) reasons.push(`the folder of version ${this.engine.manifest.version} is missing`);
    const unavailable = [...this.unavailable].map(([dataset, reason]) => ({ dataset, reason }));
    if (unavailable.length > 0) reasons.push(`damaged or missing files in: ${unavailable.map((u) => u.dataset).join(', ')}`);
    const h: LakeHealth = { status: reasons.length > 0 ? 'degraded' : 'ok', unavailable, reasons };
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
