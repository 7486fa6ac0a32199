/**
 * The background scrub of a served version (issue 30): reads every file the manifest records a content hash for
 * (src/lake/content-hash.ts) at a paced rate, compares size and sha256, and reports a file that differs or is gone.
 * Passes repeat, each starting at least `passIntervalMs` after the previous one started, as storage systems scrub:
 * damage that happens after start-up (a bad sector, a stray write) is found within one pass and one interval.
 */
import path from 'node:path';
import type { FileHash } from '../lake/manifest.ts';
import { hashFile } from '../lake/content-hash.ts';

export interface ScrubOptions {
  /** Read rate (bytes per second) of the scrub. */
  bytesPerSecond: number;
  /** Least time from the start of one pass to the start of the next (ms). */
  passIntervalMs: number;
  /** A file found damaged or missing, relative to the version folder (reported once per file). */
  onDamaged: (file: string, problem: string) => void;
  /** A pass ended (diagnostics, tests): its files, bytes and wall time. */
  onPass?: (pass: ScrubPass) => void;
}

export interface ScrubPass {
  files: number;
  bytes: number;
  ms: number;
}

export class Scrubber {
  private stopped = false;
  private wake: (() => void) | undefined;
  private readonly damaged = new Set<string>();
  /** The last finished pass, if any. */
  lastPass: ScrubPass | undefined;
  passes = 0;

  constructor(
    private readonly dir: string,
    private readonly files: Readonly<Record<string, FileHash>>,
    private readonly opts: ScrubOptions,
  ) {}

  start(): void {
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const t0 = performance.now();
      const pass = await this.pass();
      if (this.stopped || !pass) return;
      this.lastPass = pass;
      this.passes++;
      this.opts.onPass?.(pass);
      await this.sleep(this.opts.passIntervalMs - (performance.now() - t0));
    }
  }

  /** One pass over every recorded file; null when stopped part way. */
  private async pass(): Promise<ScrubPass | null> {
    const t0 = performance.now();
    let bytes = 0;
    let files = 0;
    const pace = { bytesPerSecond: this.opts.bytesPerSecond, stopped: () => this.stopped };
    for (const [rel, want] of Object.entries(this.files)) {
      if (this.stopped) return null;
      if (this.damaged.has(rel)) continue;
      let got: FileHash | null;
      try {
        got = await hashFile(path.join(this.dir, rel), pace);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? 'error';
        this.report(rel, code === 'ENOENT' ? 'missing' : `unreadable (${code})`);
        continue;
      }
      if (!got) return null;
      files++;
      bytes += got.bytes;
      if (got.bytes !== want.bytes) this.report(rel, `${got.bytes} bytes, ${want.bytes} recorded at publish`);
      else if (got.sha256 !== want.sha256) this.report(rel, 'content differs from the sha256 recorded at publish');
    }
    return { files, bytes, ms: performance.now() - t0 };
  }

  private report(rel: string, problem: string): void {
    this.damaged.add(rel);
    this.opts.onDamaged(rel, problem);
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
