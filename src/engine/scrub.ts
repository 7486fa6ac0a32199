/**
 * The background scrub of a served version (issue 30): reads every file the manifest records a content hash for
 * (src/lake/content-hash.ts) at a paced rate on a thread of its own, compares size and sha256, and reports a file that
 * differs or is gone.
 * Passes repeat, each starting at least `passIntervalMs` after the previous one started, as storage systems scrub:
 * damage that happens after start-up (a bad sector, a stray write) is found within one pass and one interval.
 */
import { Worker } from 'node:worker_threads';
import type { FileHash } from '../lake/manifest.ts';

export interface ScrubOptions {
  /** Read rate (bytes per second) of the scrub. */
  bytesPerSecond: number;
  /** Least time from the start of one pass to the start of the next (ms). */
  passIntervalMs: number;
  /** A file found damaged or missing, relative to the version folder (reported once per file). */
  onDamaged: (file: string, problem: string) => void;
  /** A pass ended (diagnostics, tests): its files, bytes and wall time. */
  onPass?: (pass: ScrubPass) => void;
  /** The scrub stopped by itself (its thread failed): why, without a path. */
  onFault?: (message: string) => void;
}

export interface ScrubPass {
  files: number;
  bytes: number;
  ms: number;
}

/** One file's result from the scrub thread, or the end of a pass. */
type ThreadMessage =
  | { rel: string; bytes: number; sha256: string }
  | { rel: string; code: string }
  | { end: true; stopped: boolean; files: number; bytes: number; ms: number };

/**
 * The scrub thread's program (CommonJS, run by `new Worker(…, { eval: true })`: no loader, so it is JavaScript, and kept
 * this small). It hashes the files of one pass in turn with 1 MiB synchronous reads, paced to the rate over the whole
 * pass, and posts one message per file and one at the end. `stop[0] = 1` (with Atomics.notify) ends a pass at once,
 * also in the middle of a pause. On the serving thread the scrub cost 3.3 ms of CPU per MiB (64 KiB promise reads and
 * a timer each, so as not to hold requests up) where sha256 alone is 0.6: here it is the hash and the reads only.
 * The thread runs at the lowest CPU priority (nice 19), so on a busy machine its 1 MiB bursts (~0.7 ms) wait for the
 * serving threads instead of taking a core from them; a pass then stretches under full load. On Linux a nice value is
 * a thread's own (setpriority on the calling thread): the rest of the process keeps its priority. Where it cannot be
 * set, the thread runs as it is.
 */
const THREAD_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { createHash } = require('node:crypto');
try { require('node:os').setPriority(19); } catch {}
const stop = new Int32Array(workerData.stop);
const buf = Buffer.allocUnsafe(1 << 20);
parentPort.on('message', ({ dir, files, bytesPerSecond }) => {
  const t0 = performance.now();
  let done = 0, total = 0;
  for (const rel of files) {
    if (Atomics.load(stop, 0) === 1) break;
    let fd = -1, bytes = 0;
    const h = createHash('sha256');
    try {
      fd = fs.openSync(path.join(dir, rel), 'r');
      for (;;) {
        const n = fs.readSync(fd, buf, 0, buf.length, bytes);
        if (n === 0) break;
        h.update(n === buf.length ? buf : buf.subarray(0, n));
        bytes += n;
        total += n;
        const due = (total / bytesPerSecond) * 1000 - (performance.now() - t0);
        if (due > 1) Atomics.wait(stop, 0, 0, due);
        if (Atomics.load(stop, 0) === 1) break;
      }
    } catch (e) {
      parentPort.postMessage({ rel, code: (e && e.code) || 'error' });
      continue;
    } finally {
      if (fd >= 0) fs.closeSync(fd);
    }
    if (Atomics.load(stop, 0) === 1) break;
    done++;
    parentPort.postMessage({ rel, bytes, sha256: h.digest('hex') });
  }
  parentPort.postMessage({ end: true, stopped: Atomics.load(stop, 0) === 1, files: done, bytes: total, ms: performance.now() - t0 });
});
`;

export class Scrubber {
  private stopped = false;
  private wake: (() => void) | undefined;
  private readonly damaged = new Set<string>();
  private readonly stopFlag = new Int32Array(new SharedArrayBuffer(4));
  private thread: Worker | undefined;
  private onMessage: ((m: ThreadMessage) => void) | undefined;
  /** The last finished pass, if any. */
  lastPass: ScrubPass | undefined;
  passes = 0;

  constructor(
    private readonly dir: string,
    private readonly files: Readonly<Record<string, FileHash>>,
    private readonly opts: ScrubOptions,
  ) {}

  start(): void {
    const thread = new Worker(THREAD_PROGRAM, { eval: true, workerData: { stop: this.stopFlag.buffer } });
    // The scrub never keeps a process alive, nor takes it down: a thread that fails ends the scrub, said once.
    thread.unref();
    thread.on('message', (m: ThreadMessage) => this.onMessage?.(m));
    thread.on('error', (e) => this.fault(`scrub thread failed: ${e.message.split('\n')[0]}`));
    thread.on('exit', () => this.fault('scrub thread exited'));
    this.thread = thread;
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    Atomics.store(this.stopFlag, 0, 1);
    Atomics.notify(this.stopFlag, 0);
    this.wake?.();
    this.onMessage?.({ end: true, stopped: true, files: 0, bytes: 0, ms: 0 });
    const thread = this.thread;
    this.thread = undefined;
    void thread?.terminate();
  }

  private fault(message: string): void {
    if (this.stopped) return;
    this.stop();
    this.opts.onFault?.(message);
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

  /** One pass over every recorded file not found damaged before; null when stopped part way. */
  private pass(): Promise<ScrubPass | null> {
    return new Promise((resolve) => {
      this.onMessage = (m) => {
        if ('end' in m) {
          this.onMessage = undefined;
          resolve(m.stopped ? null : { files: m.files, bytes: m.bytes, ms: m.ms });
        } else this.check(m);
      };
      const files = Object.keys(this.files).filter((rel) => !this.damaged.has(rel));
      this.thread?.postMessage({ dir: this.dir, files, bytesPerSecond: this.opts.bytesPerSecond });
    });
  }

  private check(m: Exclude<ThreadMessage, { end: true }>): void {
    if (this.stopped || !Object.hasOwn(this.files, m.rel)) return;
    const want = this.files[m.rel]!;
    if ('code' in m) this.report(m.rel, m.code === 'ENOENT' ? 'missing' : `unreadable (${m.code})`);
    else if (m.bytes !== want.bytes) this.report(m.rel, `${m.bytes} bytes, ${want.bytes} recorded at publish`);
    else if (m.sha256 !== want.sha256) this.report(m.rel, 'content differs from the sha256 recorded at publish');
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
