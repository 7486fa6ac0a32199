/**
 * Ingest's progress, shown through the shared display (src/progress.ts): a bar with blocks/s and tx/s on a terminal,
 * a line every TRONLAKE_PROGRESS_MS off one (blocks done, transactions, elapsed, estimate). Lines of their own
 * (publishes, snapshots) go above the bar, or through the log function without one, with the running rates.
 */
import { Progress as Display } from '../../src/progress.ts';

export class Progress {
  private readonly display: Display;
  private blocks = 0;
  private txs = 0;
  private t0 = performance.now();

  /** `mode`: true forces the bar, false shows only the log lines, 'auto' a bar on a terminal and lines otherwise. */
  constructor(
    mode: boolean | 'auto',
    private readonly logFn: (line: string) => void,
  ) {
    this.display = new Display({ label: 'ingest', unit: 'blocks', rowsUnit: 'transactions', mode: mode === 'auto' ? 'auto' : mode ? 'bar' : 'off' });
  }

  /** Starts the display; `total` undefined in follow mode (the total grows with the chain). */
  start(total: number | undefined): void {
    this.t0 = performance.now();
    this.display.start(total, 'fetching');
  }

  tick(blocks: number, txs: number, lastBlock: number): void {
    this.blocks += blocks;
    this.txs += txs;
    const s = Math.max(1e-3, (performance.now() - this.t0) / 1000);
    this.display.update(this.blocks, { rows: this.txs, step: `block ${lastBlock}, ${(this.blocks / s).toFixed(1)} blocks/s, ${Math.round(this.txs / s)} tx/s` });
  }

  /** A line above the bar (or on its own without one), with the running rates. */
  log(line: string): void {
    const s = (performance.now() - this.t0) / 1000;
    const rates = s > 0 ? ` | ${this.blocks} blocks, ${this.txs} tx, ${(this.blocks / s).toFixed(1)} blocks/s, ${Math.round(this.txs / s)} tx/s` : '';
    if (this.display.kind === 'bar') this.display.log(line + rates);
    else this.logFn(line + rates);
  }

  stop(): void {
    this.display.stop();
  }
}
