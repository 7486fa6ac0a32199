/**
 * Progress of the long commands (generate, ingest, rederive, compact, verify), one module for all of them.
 *
 * On a terminal: a cli-progress bar. Off a terminal (a log file, CI, `nohup`): one line every `intervalMs` (default
 * 10 s, env TRONLAKE_PROGRESS_MS), so a log of a 35-minute build shows it is alive and how far it is. Both show the
 * same facts: the step, done/total, rows so far, elapsed time and an estimate of the time left, e.g.
 *   `[generate] 12/48 steps (25%) · batch 1/3 publish: write blocks · 1,234,567 rows · elapsed 1m02s · left ~3m06s`
 * The estimate is linear in `done / total` (steps of one command are of unequal length: it is an estimate, said so).
 */
import cliProgress from 'cli-progress';

/** Default interval between two lines off a terminal (ms). */
export const DEFAULT_PROGRESS_MS = 10_000;

export interface ProgressOptions {
  /** The command, printed first: `[generate] …`. */
  label: string;
  /** What `done` and `total` count, e.g. 'steps', 'blocks', 'datasets'. */
  unit: string;
  /** What `rows` counts, e.g. 'transactions published'; default 'rows'. */
  rowsUnit?: string;
  /** Where to write; default process.stderr. Its `isTTY` chooses the bar or the lines. */
  stream?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Off a terminal: ms between two lines; default env TRONLAKE_PROGRESS_MS, else 10 s. */
  intervalMs?: number;
  /** 'auto' (default): a bar on a terminal, lines otherwise; 'bar' / 'lines' force one; 'off' shows nothing. */
  mode?: 'auto' | 'bar' | 'lines' | 'off';
  /** Clock (ms), for tests. */
  now?: () => number;
}

/** The interval from the environment, e.g. `progressInterval({ TRONLAKE_PROGRESS_MS: '500' })` = 500. */
export function progressInterval(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.TRONLAKE_PROGRESS_MS;
  if (v === undefined || v === '') return DEFAULT_PROGRESS_MS;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`TRONLAKE_PROGRESS_MS: expected a whole number of ms ≥ 1, got '${v}'`);
  return n;
}

/** `65_000` → `'1m05s'`, `3_723_000` → `'1h02m03s'`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}m${String(sec).padStart(2, '0')}s`;
  if (m > 0) return `${m}m${String(sec).padStart(2, '0')}s`;
  return `${sec}s`;
}

export class Progress {
  private readonly stream: NodeJS.WritableStream & { isTTY?: boolean };
  private readonly now: () => number;
  private readonly label: string;
  private readonly unit: string;
  private readonly rowsUnit: string;
  /** The display chosen: a bar, lines at an interval, or nothing. */
  readonly kind: 'bar' | 'lines' | 'off';
  private readonly intervalMs: number;
  private bar: cliProgress.SingleBar | null = null;
  private timer: NodeJS.Timeout | null = null;
  private t0 = 0;
  private done = 0;
  private total: number | undefined;
  private step = '';
  private rows: number | undefined;

  constructor(o: ProgressOptions) {
    this.stream = o.stream ?? process.stderr;
    this.now = o.now ?? (() => performance.now());
    this.label = o.label;
    this.unit = o.unit;
    this.rowsUnit = o.rowsUnit ?? 'rows';
    const mode = o.mode ?? 'auto';
    this.kind = mode === 'auto' ? (this.stream.isTTY === true ? 'bar' : 'lines') : mode;
    this.intervalMs = o.intervalMs ?? progressInterval();
  }

  /** Starts the clock and the display; `total` undefined when unknown (ingest --follow). */
  start(total?: number, step = 'start'): this {
    this.t0 = this.now();
    this.total = total;
    this.step = step;
    if (this.kind === 'bar') {
      this.bar = new cliProgress.SingleBar(
        {
          format: `${this.label} |{bar}| {value}/{total} ${this.unit} · {step} · {rows} · elapsed {elapsed} · left {left}`,
          stream: this.stream as NodeJS.WriteStream,
          hideCursor: true,
        },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(total ?? 0, 0, this.payload());
    } else if (this.kind === 'lines') {
      this.schedule();
    }
    return this;
  }

  /** Moves to `done` (of total), optionally naming the step now running and the rows so far. */
  update(done: number, fields: { step?: string; rows?: number } = {}): void {
    this.done = done;
    if (fields.step !== undefined) this.step = fields.step;
    if (fields.rows !== undefined) this.rows = fields.rows;
    if (this.bar) {
      if (this.total !== undefined && this.total < done) this.setTotal(done);
      this.bar.update(done, this.payload());
    }
  }

  setTotal(total: number): void {
    this.total = total;
    this.bar?.setTotal(total);
  }

  /** A line of its own (above the bar on a terminal). */
  log(line: string): void {
    if (this.kind === 'off') return;
    if (this.bar) {
      this.bar.stop();
      this.stream.write(`${line}\n`);
      this.bar.start(this.total ?? 0, this.done, this.payload());
    } else this.stream.write(`${line}\n`);
  }

  /** Stops the display; off a terminal the last line says where it ended. */
  stop(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.writeLine();
    }
    if (this.bar) {
      this.bar.update(this.done, this.payload());
      this.bar.stop();
      this.bar = null;
    }
  }

  /** The facts shown, in both displays. */
  facts(): { done: number; total: number | undefined; step: string; rows: string; elapsed: string; left: string } {
    const elapsed = this.now() - this.t0;
    const left = this.total !== undefined && this.total > 0 && this.done > 0 ? (elapsed * (this.total - this.done)) / this.done : undefined;
    return {
      done: this.done,
      total: this.total,
      step: this.step,
      rows: `${this.rows === undefined ? '?' : this.rows.toLocaleString('en-US')} ${this.rowsUnit}`,
      elapsed: formatDuration(elapsed),
      left: left === undefined ? 'unknown' : `~${formatDuration(left)}`,
    };
  }

  /** The line written off a terminal, e.g. `[verify] 3/40 datasets (8%) · blocks · 120,000 rows · elapsed 12s · left ~2m28s`. */
  line(): string {
    const f = this.facts();
    const of = f.total === undefined ? `${f.done} ${this.unit}` : `${f.done}/${f.total} ${this.unit} (${f.total > 0 ? Math.floor((100 * f.done) / f.total) : 0}%)`;
    return `[${this.label}] ${of} · ${f.step} · ${f.rows} · elapsed ${f.elapsed} · left ${f.left}`;
  }

  /**
   * The next line one interval after the last one was written (not a setInterval: on a busy machine its late ticks
   * come in bursts, and a log then shows two lines a few ms apart and none for a while).
   */
  private schedule(): void {
    this.timer = setTimeout(() => {
      this.writeLine();
      this.schedule();
    }, this.intervalMs);
    // The display never keeps a process alive that has finished its work.
    this.timer.unref();
  }

  private writeLine(): void {
    this.stream.write(`${this.line()}\n`);
  }

  private payload(): Record<string, string> {
    const f = this.facts();
    return { step: f.step, rows: f.rows, elapsed: f.elapsed, left: f.left };
  }
}
