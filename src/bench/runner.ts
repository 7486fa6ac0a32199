/**
 * A bench run: probes every target, warms it, then measures the workload in rounds, targets interleaved (their
 * order alternates each round) and the bare-route floor measured in every round, and builds the report, with the
 * per-round ratios of every target to the first (paired: both measured in the same round, back to back).
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { SingleBar, Presets } from 'cli-progress';
import { Connection, errorName, recordAnswer, runClients, type Answer, type Prepared } from './clients.ts';
import type { InProcessTarget } from './in-process.ts';
import { median, pairedRatios } from './verdict.ts';
import { CostMeter, costOfProcesses, parseTarget, prepare, probe, runPhase, warmUp, type PhaseResult, type Target } from './load.ts';
import { REPORT_FORMAT, type BenchReport, type RunSettings, type LabelResult, type RoundFigures, type TargetResult } from './report.ts';
import { Samples } from './stats.ts';
import { labelsOf, serializeWorkload, type Workload, type WorkloadItem } from './workload.ts';
import { startBareServer } from './servers.ts';

export interface RunTarget extends Target {
  note?: string;
  /** Set for an in-process target (`--inject`, sequential mode only): requests go through it, not to `url`. */
  inProcess?: InProcessTarget;
}

export interface RunOptions extends RunSettings {
  targets: RunTarget[];
  workload: Workload;
  workloadFile: string;
  bailout: number;
  /** Measure the bare Fastify route in every round. */
  floor: boolean;
  progress: boolean;
  command: string;
  tool: string;
  /** Bound on the reachability probe and each warm-up request (a warm-up request also gets the per-request timeout when longer). */
  probeTimeoutMs?: number;
  /** A line per phase on stderr when there is no progress bar. */
  log?: (line: string) => void;
}

interface Accumulated {
  target: RunTarget;
  labels: Map<string, { total: Samples; rounds: RoundFigures[] }>;
  overall: { total: Samples; rounds: RoundFigures[] };
  errors: number;
  timeouts: number;
  aborted?: string;
}

function accumulate(target: RunTarget, labels: string[]): Accumulated {
  return {
    target,
    labels: new Map(labels.map((l) => [l, { total: new Samples(), rounds: [] }])),
    overall: { total: new Samples(), rounds: [] },
    errors: 0,
    timeouts: 0,
  };
}

function figures(s: Samples): RoundFigures {
  const x = s.summary();
  return { requests: x.requests, rps: x.rps, p50: x.latency.p50, p90: x.latency.p90, p99: x.latency.p99 };
}

/**
 * The first `n` warm-up requests: the items with labels taken in turn (a short warm-up touches every label), again
 * from the start when fewer than `n`, so a small workload (the peer set's 33 requests) still warms the servers'
 * compiled code before it is measured, as a long-running server is.
 */
function warmupRequests(items: readonly WorkloadItem[], n: number): WorkloadItem[] {
  const order = warmupOrder(items);
  return order.length === 0 ? [] : Array.from({ length: n }, (_, i) => order[i % order.length]!);
}

/** The items, labels taken in turn. */
function warmupOrder(items: readonly WorkloadItem[]): WorkloadItem[] {
  const by = new Map<string, WorkloadItem[]>();
  for (const it of items) {
    const l = by.get(it.label);
    if (l) l.push(it);
    else by.set(it.label, [it]);
  }
  const out: WorkloadItem[] = [];
  const queues = [...by.values()];
  for (let i = 0; out.length < items.length; i++) for (const q of queues) if (i < q.length) out.push(q[i]!);
  return out;
}

const FLOOR_ITEM: WorkloadItem = { method: 'GET', path: '/bare', weight: 1, label: 'bare Fastify route (floor)' };
/** Requests of the floor per round in sequential mode (one at a time: its spread is tiny). */
const SEQUENTIAL_FLOOR = 200;

/** Adds one phase's samples to a target's totals; `last` closes the target's round (its overall figures). */
function absorb(a: Accumulated, res: Map<string, Samples>, roundSamples: Map<Accumulated, Samples>, sameTime: boolean, last: boolean): void {
  const inRound = roundSamples.get(a) ?? new Samples();
  for (const [label, s] of res) {
    const l = a.labels.get(label)!;
    l.total.merge(s);
    l.rounds.push(figures(s));
    inRound.merge(s, sameTime);
  }
  roundSamples.set(a, inRound);
  if (last) {
    a.overall.total.merge(inRound);
    a.overall.rounds.push(figures(inRound));
    roundSamples.delete(a);
  }
}

/** A tronlake's serving processes on its port (/health `worker.of`), 1 for any other target. */
function servingProcesses(health: Record<string, unknown> | null | undefined): number {
  const of = (health?.worker as { of?: unknown } | undefined)?.of;
  return typeof of === 'number' && Number.isInteger(of) && of > 1 ? Math.min(of, 64) : 1;
}

/** Runs the benchmark and returns its report; throws a clear error when a target cannot be reached. */
export async function runBench(o: RunOptions): Promise<BenchReport> {
  if (o.targets.length === 0) throw new Error('no target');
  const probeMs = o.probeTimeoutMs ?? 10_000;
  const log = o.log ?? ((l: string) => process.stderr.write(l + '\n'));
  const labels = labelsOf(o.workload.items);
  const started = new Date();
  const loadBefore = os.loadavg();
  const connections = o.mode === 'sequential' ? 1 : o.connections;

  if (o.mode !== 'sequential' && o.targets.some((t) => t.inProcess)) {
    throw new Error('in-process targets (--inject) are measured one request at a time: use --mode sequential, or --serve for load');
  }
  const health = new Map<RunTarget, Record<string, unknown> | null>();
  for (const t of o.targets) health.set(t, t.inProcess ? await t.inProcess.health() : await probe(t, probeMs));
  const floorServer = o.floor ? await startBareServer() : undefined;
  try {
    const floorTarget: RunTarget | undefined = floorServer && { name: 'bare Fastify route (floor)', url: floorServer.url, note: 'started by the bench on loopback' };
    for (const t of o.targets) {
      // A warm-up request is an ordinary request (a slow peer's heavy answer takes seconds): bounded by --timeout too.
      const warm = warmupRequests(o.workload.items, o.warmup);
      if (!t.inProcess) await warmUp(t, warm, warm.length, Math.max(probeMs, o.timeoutS * 1000), servingProcesses(health.get(t)), (o.warmupSeconds ?? 0) * 1000);
      else for (const p of prepare(warm, '')) await t.inProcess.send(p);
    }
    if (floorTarget) await warmUp(floorTarget, [FLOOR_ITEM], 50, probeMs);
    // A tronlake's CPU time and GC pauses over its own phases (another API reports none): read before and after each,
    // outside the timed phase, since between them the server idles while the others are measured (its background work,
    // a scrub, would count as the answers' otherwise). One request at a time (sequential), over the whole run.
    const costOf = (t: RunTarget) => (t.inProcess || !health.get(t) ? Promise.resolve(null) : costOfProcesses(t, probeMs));
    const meters = new Map(o.targets.map((t) => [t, new CostMeter()]));
    const wholeRun = new Map<RunTarget, Awaited<ReturnType<typeof costOf>>>();
    if (o.mode === 'sequential') for (const t of o.targets) wholeRun.set(t, await costOf(t));

    const acc = o.targets.map((t) => accumulate(t, labels));
    const floorAcc = floorTarget && accumulate(floorTarget, [FLOOR_ITEM.label]);
    const roundSamples = new Map<Accumulated, Samples>();
    if (o.mode === 'sequential') await runSequential(o, acc, floorAcc, roundSamples, log);
    else {
      // The phases of the whole run, in order: every round measures the floor, then each target (each label of
      // each target in per-label mode), targets alternating order from round to round to cancel slow drift.
      const phases: { a: Accumulated; items: readonly WorkloadItem[]; round: number; last: boolean }[] = [];
      for (let r = 0; r < o.repeat; r++) {
        if (floorAcc) phases.push({ a: floorAcc, items: [FLOOR_ITEM], round: r, last: true });
        const order = r % 2 === 0 ? acc : [...acc].reverse();
        if (o.mode === 'mix') for (const a of order) phases.push({ a, items: o.workload.items, round: r, last: true });
        else {
          labels.forEach((l, li) => {
            const o2 = li % 2 === 0 ? order : [...order].reverse();
            const items = o.workload.items.filter((it) => it.label === l);
            for (const a of o2) phases.push({ a, items, round: r, last: li === labels.length - 1 });
          });
        }
      }

      let i = 0;
      for (const ph of phases) {
        i++;
        const a = ph.a;
        if (a.aborted) continue;
        const what = `round ${ph.round + 1}/${o.repeat} · ${a.target.name}${o.mode === 'per-label' && a !== floorAcc ? ` · ${ph.items[0]!.label}` : ''}`;
        const bar = o.progress ? progressBar(what, i, phases.length, o, a === floorAcc) : undefined;
        let res: PhaseResult;
        let ticks = 0;
        const costBefore = a === floorAcc ? null : await costOf(a.target);
        try {
          res = await runPhase(a.target, ph.items, {
            connections,
            // The floor needs no long phase: its spread is tiny and its rate is high.
            duration: a === floorAcc && o.duration !== undefined ? Math.min(o.duration, 5) : o.duration,
            requests: o.requests,
            timeoutS: o.timeoutS,
            bailout: o.bailout,
            honourRetryAfter: o.honourRetryAfter === true,
            onProgress: bar && ((n) => bar.update(o.requests !== undefined ? n : Math.min(bar.getTotal(), ++ticks), { n })),
          });
        } finally {
          bar?.stop();
        }
        if (costBefore) meters.get(a.target)!.add(costBefore, await costOf(a.target));
        a.errors += res.errors;
        a.timeouts += res.timeouts;
        if (res.aborted) a.aborted = res.aborted;
        absorb(a, res.labels, roundSamples, o.mode === 'mix', ph.last);
        if (!o.progress) {
          const f = figures([...res.labels.values()].reduce((m, s) => m.merge(s, true), new Samples()));
          log(`[${i}/${phases.length}] ${what}: ${f.requests} requests, ${f.rps} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms${res.errors ? `, ${res.errors} errors` : ''}`);
        }
        if (res.aborted) log(`${a.target.name}: ${res.aborted}`);
      }
    }

    if (o.mode === 'sequential') for (const t of o.targets) if (wholeRun.get(t)) meters.get(t)!.add(wholeRun.get(t)!, await costOf(t));
    const distinct = (l: string) => o.workload.items.filter((it) => it.label === l).length;
    const first = acc[0]!;
    const toResult = (a: Accumulated, count: (l: string) => number): TargetResult => {
      const paired = (label: string, mine: RoundFigures[]): LabelResult['paired'] => {
        if (a === floorAcc || a === first) return undefined;
        const theirs = label === 'overall' ? first.overall.rounds : first.labels.get(label)?.rounds;
        const ratios = theirs ? pairedRatios(theirs, mine) : [];
        return ratios.length > 0 ? { against: first.target.name, ratios, median: Math.round(median(ratios) * 1000) / 1000 } : undefined;
      };
      const withPaired = (r: LabelResult): LabelResult => {
        const p = paired(r.label, r.rounds);
        return p ? { ...r, paired: p } : r;
      };
      const labelResults: LabelResult[] = [...a.labels].map(([label, v]) => withPaired({ label, distinct: count(label), total: v.total.summary(), rounds: v.rounds }));
      const res: TargetResult = {
        name: a.target.name,
        url: a.target.url,
        ...(a.target.note ? { note: a.target.note } : {}),
        health: a === floorAcc ? null : (health.get(a.target) ?? null),
        overall: withPaired({ label: 'overall', distinct: labelResults.reduce((n, l) => n + l.distinct, 0), total: a.overall.total.summary(), rounds: a.overall.rounds }),
        labels: labelResults,
        errors: a.errors,
        timeouts: a.timeouts,
      };
      if (a.aborted) res.aborted = a.aborted;
      const server = a === floorAcc ? undefined : meters.get(a.target)?.total;
      if (server) res.server = server;
      return res;
    };
    const cpu = os.cpus();
    return {
      format: REPORT_FORMAT,
      tool: o.tool,
      started: started.toISOString(),
      finished: new Date().toISOString(),
      command: o.command,
      settings: {
        mode: o.mode,
        connections,
        ...(o.mode === 'sequential' ? {} : o.requests !== undefined ? { requests: o.requests } : { duration: o.duration ?? 10 }),
        repeat: o.repeat,
        warmup: o.workload.items.length === 0 ? 0 : o.warmup,
        ...(o.warmupSeconds ? { warmupSeconds: o.warmupSeconds } : {}),
        timeoutS: o.timeoutS,
        honourRetryAfter: o.honourRetryAfter === true,
      },
      workload: {
        file: o.workloadFile,
        sha256: createHash('sha256').update(serializeWorkload(o.workload)).digest('hex'),
        requests: o.workload.items.length,
        labels: labels.length,
        comments: o.workload.comments,
      },
      machine: {
        cpus: cpu.length,
        model: cpu[0]?.model.trim() ?? 'cpu',
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        os: `${os.platform()} ${os.release()}`,
        loadBefore: loadBefore.map((x) => Math.round(x * 100) / 100),
        loadAfter: os.loadavg().map((x) => Math.round(x * 100) / 100),
      },
      floor: floorAcc ? toResult(floorAcc, () => 1) : null,
      targets: acc.map((a) => toResult(a, distinct)),
    };
  } finally {
    await floorServer?.stop();
  }
}

/**
 * Sequential mode: per round, the floor one request at a time, then every distinct request of the workload once,
 * sent to each target back to back (which target goes first alternates from request to request and round to round),
 * one request at a time on one keep-alive connection per target. A label's seconds are the sum of its latencies, so
 * its req/s is one over its mean latency.
 */
async function runSequential(o: RunOptions, acc: Accumulated[], floorAcc: Accumulated | undefined, roundSamples: Map<Accumulated, Samples>, log: (l: string) => void): Promise<void> {
  const items = o.workload.items;
  const conns = new Map<Accumulated, { send: (p: Prepared) => Promise<Answer>; close: () => void; prepared: Prepared[] }>();
  for (const a of acc) {
    const inProcess = a.target.inProcess;
    if (inProcess) {
      conns.set(a, { send: (p) => inProcess.send(p), close: () => {}, prepared: prepare(items, '') });
      continue;
    }
    const base = parseTarget(a.target.url);
    const c = new Connection(base);
    conns.set(a, { send: (p) => c.send(p, o.timeoutS * 1000), close: () => c.close(), prepared: prepare(items, base.pathname === '/' ? '' : base.pathname) });
  }
  try {
    for (let r = 0; r < o.repeat; r++) {
      if (floorAcc && !floorAcc.aborted) {
        const base = parseTarget(floorAcc.target.url);
        const res = await runClients(base, prepare([FLOOR_ITEM], ''), () => 0, {
          connections: 1,
          requests: Math.min(SEQUENTIAL_FLOOR, Math.max(20, items.length)),
          timeoutS: o.timeoutS,
          bailout: o.bailout,
          honourRetryAfter: false,
        });
        for (const s of res.labels.values()) s.seconds = s.latencies.reduce((x, y) => x + y, 0) / 1000;
        floorAcc.errors += res.errors;
        floorAcc.timeouts += res.timeouts;
        absorb(floorAcc, res.labels, roundSamples, false, true);
      }
      const per = new Map(acc.map((a) => [a, new Map([...a.labels.keys()].map((l) => [l, new Samples()]))]));
      const bar = o.progress ? new SingleBar({ format: `round ${r + 1}/${o.repeat} · one request at a time |{bar}| {value}/{total} requests`, stream: process.stderr, hideCursor: true }, Presets.shades_classic) : undefined;
      bar?.start(items.length * acc.length, 0);
      try {
        for (let i = 0; i < items.length; i++) {
          const order = (r + i) % 2 === 0 ? acc : [...acc].reverse();
          for (const a of order) {
            bar?.increment();
            if (a.aborted) continue;
            const { send, prepared } = conns.get(a)!;
            const p = prepared[i]!;
            const s = per.get(a)!.get(p.label)!;
            s.sent++;
            try {
              const ans = await send(p);
              recordAnswer(s, p, ans);
              s.seconds += ans.ms / 1000;
            } catch (e) {
              a.errors++;
              if ((e as NodeJS.ErrnoException).code === 'TIMEOUT') a.timeouts++;
              if (a.errors >= o.bailout) a.aborted = `stopped after ${a.errors} connection errors or timeouts (last: ${errorName(e)})`;
            }
          }
        }
      } finally {
        bar?.stop();
      }
      for (const a of acc) {
        absorb(a, per.get(a)!, roundSamples, false, true);
        if (!o.progress) {
          const f = a.overall.rounds.at(-1)!;
          log(`round ${r + 1}/${o.repeat} · ${a.target.name}: ${f.requests} requests one at a time, p50 ${f.p50} ms, p99 ${f.p99} ms`);
        }
      }
    }
  } finally {
    for (const { close } of conns.values()) close();
  }
}

function progressBar(what: string, i: number, n: number, o: RunOptions, floor: boolean): SingleBar {
  const total = o.requests ?? (floor ? Math.min(o.duration ?? 10, 5) : (o.duration ?? 10));
  const bar = new SingleBar(
    {
      format: `[${i}/${n}] ${what} |{bar}| ${o.requests !== undefined ? '{value}/{total} requests' : '{value}/{total} s · {n} responses'}`,
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: false,
    },
    Presets.shades_classic,
  );
  bar.start(total, 0, { n: 0 });
  return bar;
}
