/**
 * Progress display: a cli-progress bar on stderr with blocks/s and transactions/s when stderr is a terminal,
 * otherwise (logs, CI, tests) one line per publish through the log function.
 */
import cliProgress from 'cli-progress';

export class Progress {
  private bar: cliProgress.SingleBar | null = null;
  private blocks = 0;
  private txs = 0;
  private lastBlock = 0;
  private t0 = performance.now();

  constructor(
    mode: boolean | 'auto',
    private readonly logFn: (line: string) => void,
  ) {
    const on = mode === 'auto' ? process.stderr.isTTY === true : mode;
    if (on) {
      this.bar = new cliProgress.SingleBar(
        {
          format: 'ingest [{bar}] {value}/{total} blocks | {bps} blocks/s | {tps} tx/s | block {block} | ETA {eta_formatted}',
          stream: process.stderr,
          hideCursor: true,
          etaBuffer: 50,
        },
        cliProgress.Presets.shades_classic,
      );
    }
  }

  /** Starts the bar; `total` undefined in follow mode (the total grows with the chain). */
  start(total: number | undefined): void {
    this.t0 = performance.now();
    this.bar?.start(total ?? 0, 0, this.payload(0));
  }

  tick(blocks: number, txs: number, lastBlock: number): void {
    this.blocks += blocks;
    this.txs += txs;
    this.lastBlock = lastBlock;
    if (!this.bar) return;
    if (this.bar.getTotal() < this.blocks) this.bar.setTotal(this.blocks);
    this.bar.update(this.blocks, this.payload(lastBlock));
  }

  /** A line above the bar (or on its own without one), with the running rates. */
  log(line: string): void {
    const s = (performance.now() - this.t0) / 1000;
    const rates = s > 0 ? ` | ${this.blocks} blocks, ${this.txs} tx, ${(this.blocks / s).toFixed(1)} blocks/s, ${Math.round(this.txs / s)} tx/s` : '';
    if (this.bar) this.bar.stop();
    this.logFn(line + rates);
    if (this.bar) this.bar.start(this.bar.getTotal(), this.blocks, this.payload(this.lastBlock));
  }

  stop(): void {
    this.bar?.stop();
    this.bar = null;
  }

  private payload(block: number): Record<string, string | number> {
    const s = Math.max(1e-3, (performance.now() - this.t0) / 1000);
    return { bps: (this.blocks / s).toFixed(1), tps: Math.round(this.txs / s), block };
  }
}
