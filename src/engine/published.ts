/**
 * The published version a server answers from. Opens an Engine over the manifest's version and, when watching,
 * polls the manifest: a newly published version gets a fresh Engine, requests switch to it at once, and the old
 * one is closed after its in-flight queries finished (a request always sees one version).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Engine, type EngineOptions } from './engine.ts';
import { MANIFEST_FILE, readManifest } from '../lake/manifest.ts';
import { staleLayout } from '../lake/layout.ts';

export type PublishedOptions = Omit<EngineOptions, 'manifest'> & { watchMs: number; onSwitch?: (version: string) => void };

export class PublishedLake {
  private inFlight = new Map<Engine, number>();
  private timer: NodeJS.Timeout | undefined;
  private lastMtime = 0;
  private switching = false;

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
    const lake = new PublishedLake(await Engine.open({ ...opts, manifest }), opts);
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

  /** Runs `fn` against one engine (version) and keeps that engine open until it returns. */
  async use<T>(fn: (engine: Engine) => Promise<T>): Promise<T> {
    const e = this.engine;
    this.inFlight.set(e, (this.inFlight.get(e) ?? 0) + 1);
    try {
      return await fn(e);
    } finally {
      const n = (this.inFlight.get(e) ?? 1) - 1;
      if (n === 0) this.inFlight.delete(e);
      else this.inFlight.set(e, n);
      if (n === 0 && e !== this.engine) await e.close();
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

      const next = await Engine.open({ ...this.opts, manifest });
      const old = this.engine;
      this.engine = next;
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
  }

  private async manifestMtime(): Promise<number> {
    try {
      return (await fs.stat(path.join(this.opts.dataDir, MANIFEST_FILE))).mtimeMs;
    } catch {
      return 0;
    }
  }
}
