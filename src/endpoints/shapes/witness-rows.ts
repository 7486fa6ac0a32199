/**
 * The witnesses of the lake as the witness endpoints show them (/api/pagewitness, /api/vote/witness,
 * /api/witness/general-info): one query (sql/witness/witnesses.sql), then the figures computed here once.
 * Definitions: docs/compat.md "Witnesses".
 */
import type { WitnessVoteLineRow, WitnessWitnessesRow } from '../kit/sql-types.generated.ts';
import { numOr0 as n, numOrNull as orNull, str } from './cells.ts';
import { BLOCK_REWARD_TRX, VOTE_REWARD_TRX } from '../../chain/economics.ts';

/** Blocks per day at one block per 3-second slot, less the 2 slots skipped at each of the 4 maintenances (tron-chain-data §4.1). */
export const NOMINAL_BLOCKS_PER_DAY = 28_792;
export const SR_COUNT = 27;
export const PAID_COUNT = 127;

export interface Witness {
  address: string;
  name: string;
  url: string;
  rank: number;
  witnessType: number;
  cycleVotes: number;
  realtimeVotes: number;
  brokerage: number;
  /** UpdateBrokerage transactions of the witness in the lake. */
  brokerageChanges: number;
  /** The lowest commission the lake knows in force: those its changes set and the current one. */
  lowestBrokerage: number;
  createdTs: number;
  /** Lifetime blocks produced / own slots missed / transactions in its blocks; null when the lake cannot know them
   * (no snapshot row and a life longer than the window: docs/compat.md "Whole-chain figures"). */
  produced: number | null;
  missed: number | null;
  producedTrx: number | null;
  lastBlock: number;
  lastBlockTs: number | null;
  /** Header version of its latest block in the lake; null without one. */
  version: number | null;
  /** Percent of its slots it filled, 0-100 (100 when it had no slot); null when its lifetime counts are unknown. */
  producePercentage: number | null;
  /** Voters' yearly reward per vote, percent, 6 decimals. */
  annualizedRate: string;
}

export function percentage(produced: number, missed: number): number {
  return produced + missed === 0 ? 100 : (produced * 100) / (produced + missed);
}

/**
 * The voters' annualized rate of a witness, percent: its yearly rewards at the nominal block rate (the vote reward
 * shared by the 127 by cycle votes, plus the block reward of an SR's share of the slots), less its brokerage,
 * per vote. Rank above 127 or no votes: 0.
 */
export function annualizedRate(w: { rank: number; cycleVotes: number; brokerage: number }, paidVotes: number): number {
  if (w.rank > PAID_COUNT || w.cycleVotes <= 0 || paidVotes <= 0) return 0;
  const blocks = NOMINAL_BLOCKS_PER_DAY * 365;
  const yearly = (VOTE_REWARD_TRX * blocks * w.cycleVotes) / paidVotes + (w.rank <= SR_COUNT ? (BLOCK_REWARD_TRX * blocks) / SR_COUNT : 0);
  return ((yearly * (100 - w.brokerage)) / 100 / w.cycleVotes) * 100;
}

export function toWitnesses(rows: readonly WitnessWitnessesRow[]): Witness[] {
  const base = rows.map((r) => ({
    address: String(r.address),
    name: str(r.name),
    url: str(r.url),
    rank: n(r.rank),
    witnessType: n(r.witness_type),
    cycleVotes: n(r.cycle_votes),
    realtimeVotes: n(r.realtime_votes),
    brokerage: n(r.brokerage),
    brokerageChanges: n(r.brokerage_changes),
    lowestBrokerage: n(r.lowest_brokerage),
    createdTs: n(r.created_ts),
    produced: orNull(r.produced),
    missed: orNull(r.missed),
    producedTrx: orNull(r.produced_trx),
    lastBlock: n(r.last_block),
    lastBlockTs: orNull(r.last_block_ts),
    version: orNull(r.last_block_version),
  }));
  const paidVotes = base.filter((w) => w.rank <= PAID_COUNT).reduce((a, w) => a + w.cycleVotes, 0);
  return base.map((w) => Object.assign({}, w, {
    producePercentage: w.produced === null || w.missed === null ? null : percentage(w.produced, w.missed),
    annualizedRate: annualizedRate(w, paidVotes).toFixed(6),
  }));
}

/**
 * Order of a sort by a figure that may be unknown (null): by the figure in the direction asked (1 ascending, -1
 * descending), unknown figures last in either direction, ties by rank. E.g. list.sort(byFigure((w) => w.produced, -1)).
 */
export function byFigure(key: (w: Witness) => number | null, dir: 1 | -1): (a: Witness, b: Witness) => number {
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0) || a.rank - b.rank;
    return dir * (x - y) || a.rank - b.rank;
  };
}

/** Share of `part` in `total`, percent (0 when the total is 0). */
export const share = (part: number, total: number): number => (total > 0 ? (part * 100) / total : 0);

/** Absolute slot number of a block time (3-second slots counted from time 0, the mainnet genesis timestamp). */
export const slotOf = (ts: number | null): number => (ts === null ? 0 : Math.floor(ts / 3000));

export const MAINTENANCE_MS = 21_600_000;
/**
 * realtimeVoteLine spans the maintenances of the last 7 days (28 points; the window of
 * sql/serving/witness_vote_line.sql): docs/compat.md "Witness and vote fields".
 */
export const VOTE_LINE_CYCLES = 28;

/**
 * The maintenances realtimeVoteLine shows: the head's last one and the ones before it, at most VOTE_LINE_CYCLES, none
 * before the lake's first block (a tally the lake did not compute). E.g. voteLineCycles(manifest.first.timestamp, now).
 */
export function voteLineCycles(firstTs: number, headTs: number): number[] {
  const last = Math.floor(headTs / MAINTENANCE_MS) * MAINTENANCE_MS;
  const out: number[] = [];
  for (let t = last; t > firstTs && out.length < VOTE_LINE_CYCLES; t -= MAINTENANCE_MS) out.unshift(t);
  return out;
}

/**
 * Per witness, its realtimeVoteLine over `cycles` from the rows of sql/witness/vote-line.sql (one per witness, `points`
 * a JSON text of [cycle_ts, votes] pairs; no pair at a maintenance: 0 votes).
 */
export function voteLines(rows: readonly WitnessVoteLineRow[], cycles: readonly number[]): (address: string) => { time: number; vote: number }[] {
  const by = new Map<string, Map<number, number>>();
  for (const r of rows) by.set(String(r.candidate_address), new Map(JSON.parse(String(r.points)) as [number, number][]));
  return (address) => cycles.map((t) => ({ time: t, vote: by.get(address)?.get(t) ?? 0 }));
}
