/**
 * The request log's destination: lines are gathered and written to stdout together, not one write each. Pino's
 * default destination writes every line on its own (an fs.write through libuv's thread pool, which DuckDB's queries
 * also use); with one line per answer that was a tenth of a serving process's CPU (bench/results/request-log.md).
 *
 * An info line waits at most `maxDelayMs` (or until `maxBytes` are gathered); a warning or error goes out at once,
 * after the lines gathered before it, so the log keeps its order and a fault is never held back. `flush()` runs when
 * the app closes and when the process exits; a process killed outright (SIGKILL) loses at most `maxDelayMs` of
 * request lines, never a warning.
 */
export interface LogOut {
  write(chunk: string): unknown;
}

export class BatchedLog {
  private lines: string[] = [];
  private bytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly onExit = (): void => this.flush();

  constructor(
    private readonly out: LogOut = process.stdout,
    private readonly maxBytes = 64 * 1024,
    private readonly maxDelayMs = 200,
  ) {
    process.on('exit', this.onExit);
  }

  /** One pino line (JSON ending in a newline), e.g. `{"level":30,"time":…,"msg":"request completed"}\n`. */
  write(line: string): void {
    this.lines.push(line);
    this.bytes += line.length;
    if (this.bytes >= this.maxBytes || isWarningOrWorse(line)) return this.flush();
    if (this.timer === undefined) {
      this.timer = setTimeout(() => this.flush(), this.maxDelayMs);
      this.timer.unref();
    }
  }

  /** Writes what is gathered, in one write. */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.lines.length === 0) return;
    const chunk = this.lines.join('');
    this.lines = [];
    this.bytes = 0;
    this.out.write(chunk);
  }

  /** Flushes and stops listening for the process's exit (the app closed). */
  close(): void {
    this.flush();
    process.off('exit', this.onExit);
  }
}

/** Pino starts every line with its numeric level (`{"level":30,…`): 40 is warn, 50 error, 60 fatal. Anything else flushes. */
function isWarningOrWorse(line: string): boolean {
  if (!line.startsWith(LEVEL)) return true;
  const level = Number.parseInt(line.slice(LEVEL.length, LEVEL.length + 3), 10);
  return !(level < 40);
}

const LEVEL = '{"level":';
