/**
 * Serving processes (issue 32): with `--workers N` above 1 the command's process only supervises N serving processes
 * (node:cluster), which share the listening port and each build the whole app over the lake with their share of the
 * machine-wide limits (config.ts `forWorker`). One Node main thread serializes every answer, so a second process is
 * what turns a second core into answers (bench/results/throughput.md).
 *
 * The supervisor starts process 1 and waits until it serves before starting the others, so a setting or a lake that
 * cannot be served is reported once (by that process, on stderr) and the command exits 1. A process that ends later
 * is replaced under the same index (so it takes the same share), a second later, twice as late after each start
 * that did not serve (at most 32 s). SIGINT / SIGTERM stop
 * every process (each closes its app: leases released, exports cut detectably) and the supervisor exits 0 once all
 * have; a serving process whose supervisor is gone stops too (the IPC channel closes), so none keeps the port.
 */
import cluster, { type Worker } from 'node:cluster';

/** The environment variable that tells a serving process its index (0-based); set by the supervisor only. */
const INDEX_ENV = 'TRONLAKE_WORKER_INDEX';
const RESTART_DELAY_MS = 1_000;

/**
 * V8 settings of every serving process (bench/results/gc-flags-side-by-side.md). An answer allocates 20-160 KB and
 * keeps next to nothing. V8 starts the young generation at 1 MiB and grows it only when much survives, so a lookup mix
 * scavenged every ~40 answers; and allocation-site pretenuring put short-lived objects straight into old space, where,
 * dead, they kept the young objects they point to alive through every scavenge until a full GC. Without pretenuring
 * almost nothing survives, so a young generation fixed at 16 MiB makes scavenges rare as well as cheap (2.7 → 0.8 per
 * 100 answers at 0.75 ms each; 64 MiB made each one twice as long). Either setting alone was worse
 * (bench/results/map-churn.md, semi-space-side-by-side.md).
 */
export const SERVING_V8_FLAGS: readonly string[] = ['--min-semi-space-size=16', '--no-allocation-site-pretenuring'];

/** Which serving process this is, e.g. `{ index: 1, of: 2 }` for the second of two; `{ index: 0, of: 1 }` alone. */
export interface WorkerPlace {
  index: number;
  of: number;
}

/** True in the process that must supervise instead of serving: more than one worker asked, and not a worker itself. */
export function supervises(workers: number): boolean {
  return workers > 1 && cluster.isPrimary;
}

/** This process's place among `workers` serving processes. */
export function workerPlace(workers: number): WorkerPlace {
  return cluster.isWorker ? { index: Number(process.env[INDEX_ENV]), of: workers } : { index: 0, of: 1 };
}

/**
 * In a serving process under a supervisor: tells it this process serves (with its start line, printed once by the
 * supervisor), and stops with `stop` when the supervisor goes away. Alone, prints the line itself.
 */
export function announceServing(line: string, stop: () => void): void {
  if (!cluster.isWorker) {
    console.error(line);
    return;
  }
  process.send!({ serving: line });
  process.once('disconnect', stop);
}

/** Supervises `workers` serving processes (the same command and flags, run again by node:cluster) until a signal. */
export function superviseWorkers(workers: number): void {
  let stopping = false;
  let othersStarted = false;
  const live = new Map<number, Worker>();
  /** Consecutive ends of each index without serving in between: its restart waits 1, 2, 4 … 32 s. */
  const failures = new Map<number, number>();

  const stopAll = (): void => {
    stopping = true;
    for (const w of live.values()) w.process.kill('SIGTERM');
    if (live.size === 0) process.exit(process.exitCode ?? 0);
  };

  const start = (index: number): void => {
    let serving = false;
    const w = cluster.fork({ [INDEX_ENV]: String(index) });
    live.set(index, w);
    w.on('message', (m: { serving?: string }) => {
      if (typeof m?.serving !== 'string' || serving) return;
      serving = true;
      failures.delete(index);
      if (!othersStarted) {
        othersStarted = true;
        console.error(`${m.serving} (${workers} serving processes)`);
        for (let i = 1; i < workers; i++) start(i);
      }
    });
    w.on('exit', (code, signal) => {
      live.delete(index);
      if (stopping) {
        if (live.size === 0) process.exit(process.exitCode ?? 0);
        return;
      }
      if (!othersStarted) {
        // The first process never served: its own error is on stderr, and the others would meet the same.
        process.exitCode = code || 1;
        stopAll();
        return;
      }
      const n = serving ? 0 : (failures.get(index) ?? 0) + 1;
      failures.set(index, n);
      const delay = RESTART_DELAY_MS * 2 ** Math.min(n, 5);
      console.error(`tronlake: serving process ${index + 1} of ${workers} ended (${signal ?? `exit ${code}`}); another in ${delay / 1000} s`);
      setTimeout(() => {
        if (!stopping) start(index);
      }, delay);
    });
  };

  // The serving processes run this command again with the supervisor's own node settings (a loader, say) and the above.
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...SERVING_V8_FLAGS] });
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
  start(0);
}
