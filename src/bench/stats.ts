/**
 * What a run records per label: every answered request's latency (kept, so percentiles are exact and rounds can be
 * merged), per status code, plus counts of requests sent, failed checks and bytes.
 */

/** Latency summary in milliseconds (nearest-rank percentiles, rounded to 0.01 ms). */
export interface LatencyStats {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** One label (or the overall mix) over one phase, or over several merged. */
export interface LabelStats {
  /** Answered requests (a response arrived, whatever its status). */
  requests: number;
  /** Requests written to a connection; sent − requests were cut off at the end of a timed phase or lost to errors. */
  sent: number;
  /** Seconds the label was under load. */
  seconds: number;
  /** Answered requests per second. */
  rps: number;
  latency: LatencyStats;
  /** Status code → responses. */
  statuses: Record<string, number>;
  /** Status code → latency of the responses with that status (admitted 200s apart from rejected 503s). */
  byStatus: Record<string, LatencyStats>;
  /** Responses that failed a check of their workload line (`expect`). */
  checksFailed: number;
  /** Up to three failed checks, as `path: reason`. */
  checkExamples: string[];
  /** Response bytes on the wire (headers and body). */
  bytes: number;
  /** Mean body size in bytes. */
  bodyBytesMean: number;
  /** Answers that carried `Retry-After` (a 503 OVERLOADED, a 429). */
  retryAfter: number;
  /** Seconds clients waited in total because of `Retry-After` (0 unless the run honours it). */
  retryWaitS: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The nearest-rank `p`th percentile (0-100] of ascending `sorted` (not empty), e.g. `nearestRank([1, 2, 3, 4], 50)` = 2. */
export function nearestRank(sorted: ArrayLike<number>, p: number): number {
  return sorted[Math.max(0, Math.ceil((p * sorted.length) / 100) - 1)]!;
}

/** Latency summary of raw samples, e.g. `latencyStats([1, 2, 3, 4]).p50` = `2`. */
export function latencyStats(xs: readonly number[]): LatencyStats {
  if (xs.length === 0) return { count: 0, p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
  const s = Float64Array.from(xs).sort();
  const rank = (p: number) => nearestRank(s, p);
  let sum = 0;
  for (const x of s) sum += x;
  return { count: s.length, p50: round2(rank(50)), p90: round2(rank(90)), p99: round2(rank(99)), max: round2(s[s.length - 1]!), mean: round2(sum / s.length) };
}

/** Raw samples of one label in one phase; merge them across labels (overall) or rounds (totals). */
export class Samples {
  latencies: number[] = [];
  byStatus = new Map<number, number[]>();
  sent = 0;
  checksFailed = 0;
  checkExamples: string[] = [];
  bytes = 0;
  bodyBytes = 0;
  seconds = 0;
  retryAfter = 0;
  retryWaitMs = 0;

  record(status: number, latencyMs: number, wireBytes: number, bodyBytes: number, failed: string | undefined, path: string): void {
    this.latencies.push(latencyMs);
    let l = this.byStatus.get(status);
    if (!l) this.byStatus.set(status, (l = []));
    l.push(latencyMs);
    this.bytes += wireBytes;
    this.bodyBytes += bodyBytes;
    if (failed !== undefined) {
      this.checksFailed++;
      if (this.checkExamples.length < 3) this.checkExamples.push(`${path}: ${failed}`);
    }
  }

  /** Adds another set of samples; `seconds` adds too (phases one after another) unless `sameTime` (labels of one mix). */
  merge(o: Samples, sameTime = false): this {
    for (const x of o.latencies) this.latencies.push(x);
    for (const [st, xs] of o.byStatus) {
      let l = this.byStatus.get(st);
      if (!l) this.byStatus.set(st, (l = []));
      for (const x of xs) l.push(x);
    }
    this.sent += o.sent;
    this.checksFailed += o.checksFailed;
    for (const e of o.checkExamples) if (this.checkExamples.length < 3) this.checkExamples.push(e);
    this.bytes += o.bytes;
    this.bodyBytes += o.bodyBytes;
    this.retryAfter += o.retryAfter;
    this.retryWaitMs += o.retryWaitMs;
    this.seconds = sameTime ? Math.max(this.seconds, o.seconds) : this.seconds + o.seconds;
    return this;
  }

  summary(): LabelStats {
    const n = this.latencies.length;
    const statuses: Record<string, number> = {};
    const byStatus: Record<string, LatencyStats> = {};
    for (const [st, xs] of [...this.byStatus].sort((a, b) => a[0] - b[0])) {
      statuses[String(st)] = xs.length;
      byStatus[String(st)] = latencyStats(xs);
    }
    return {
      requests: n,
      sent: this.sent,
      seconds: round2(this.seconds),
      rps: this.seconds > 0 ? Math.round((n / this.seconds) * 10) / 10 : 0,
      latency: latencyStats(this.latencies),
      statuses,
      byStatus,
      checksFailed: this.checksFailed,
      checkExamples: [...this.checkExamples],
      bytes: this.bytes,
      bodyBytesMean: n > 0 ? Math.round(this.bodyBytes / n) : 0,
      retryAfter: this.retryAfter,
      retryWaitS: round2(this.retryWaitMs / 1000),
    };
  }
}
