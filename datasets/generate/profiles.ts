/**
 * Generator profiles: how many days, how many transactions, how many user addresses.
 * Sizes were chosen by measurement on the 2-core dev machine (timings: bench/results/generator-builds.md).
 */
export type Profile = 'tiny' | 'default' | 'bench';

export interface ProfileConfig {
  /** Days of blocks ending at endDate (exclusive). */
  days: number;
  /** Target number of transactions (the real count is close to it; blocks are drawn per slot). */
  targetTxs: number;
  /** Size of the user address pool. */
  pool: number;
  /** DuckDB memory limit. */
  memoryLimit: string;
  /** Back the staging tables by a database file in the temp folder (spills instead of holding everything in RAM). */
  fileBacked: boolean;
  /**
   * Made and published this many days at a time (incremental publishes), so peak disk and RAM are bounded by a
   * batch; unset = all days in one publish.
   */
  batchDays?: number;
}

export const PROFILES: Record<Profile, ProfileConfig> = {
  tiny: { days: 36, targetTxs: 80_000, pool: 3_000, memoryLimit: '2GB', fileBacked: false },
  default: { days: 90, targetTxs: 3_100_000, pool: 300_000, memoryLimit: '8GB', fileBacked: false },
  bench: { days: 120, targetTxs: 104_000_000, pool: 5_000_000, memoryLimit: '8GB', fileBacked: true, batchDays: 6 },
};

export const DEFAULT_END_DATE = '2026-11-01';

/**
 * Head-height anchor: mainnet block 78,861,100 was produced on 2026-01-01 (tron-chain-data.md §4.6); the real
 * chain averages ~28,770 blocks a day (28,800 slots minus maintenance and missed slots). The first generated
 * block number is extrapolated from this anchor so any end date gets a plausible height.
 */
export const ANCHOR = { number: 78_861_100, ts: Date.UTC(2026, 0, 1), blocksPerDay: 28_770 } as const;
