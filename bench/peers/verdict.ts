/**
 * The latencies the peer report compares (bench/peers/run.ts): a system's p50 / p99 per request, or, for a peer that
 * answered nothing inside a timed window, the bound that window proves.
 */
import type { LabelStats } from '../../src/bench/stats.ts';

/** A label's latency when it answered at least once, else undefined (nothing measured). */
export function answeredLatency(t: LabelStats | undefined): { p50: number; p99: number } | undefined {
  return t && t.latency.count > 0 ? t.latency : undefined;
}

/** A peer's latency, or its lower bound: `beyond` (the requests sent) when none was answered inside its window. */
export interface PeerLatency {
  p50: number;
  p99: number;
  beyond?: number;
}

/**
 * A peer's latency for a label. In a timed phase the runner counts the answers that arrive inside the window and drops
 * the request still in flight at its end, so a peer slower than the window answers none: each request it was sent
 * took longer than the window, which is then its p50 and p99 as a lower bound (not 0).
 */
export function peerLatency(t: LabelStats | undefined, durationS: number | undefined, errors: number): PeerLatency | undefined {
  if (!t) return undefined;
  if (t.latency.count > 0) return t.latency;
  // A request lost to a connection error proves nothing about the peer's speed: no bound then.
  if (durationS === undefined || t.sent === 0 || errors > 0) return undefined;
  return { p50: durationS * 1000, p99: durationS * 1000, beyond: t.sent };
}
