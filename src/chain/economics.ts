/**
 * Chain economics the API reports (reference tron-chain-data.md §4.1): rewards per produced block.
 * `getWitnessPayPerBlock` (#5) = 8 TRX to the producer, `getWitness127PayPerBlock` (#31) = 128 TRX split over
 * the 127 SRs and partners. TronScan's older samples show 16 / 160; we report the current parameters (docs/compat.md).
 */
export const BLOCK_REWARD_TRX = 8;
export const VOTE_REWARD_TRX = 128;
export const SUN_PER_TRX = 1_000_000;

/**
 * The resource prices the generator burns fees at (datasets/generate/sql/04-transactions.sql: energy_fee =
 * burned energy × 100, net_fee = bytes × 1000): the energy price in force since 2025-08-08 and the bandwidth price
 * since 2021-07-14 (tron-chain-data.md §4.2). It writes them to `resource_prices` as in force from genesis, then the
 * price of its approved energy proposal from that proposal's maintenance on: the schedule it actually prices with; test/datasets/resource-prices.test.ts checks the receipts against them.
 */
export const GENERATOR_ENERGY_PRICE_SUN = 100;
/**
 * The energy price the generator's one energy proposal (getEnergyFee, #11) sets, in force from that proposal's
 * maintenance to the end of the window (datasets/generate/sql/governance-schedule.sql). It divides the 0.1 TRX steps
 * of an out-of-energy fee limit, so every burn stays a whole number of energy units.
 */
export const GENERATOR_ENERGY_PRICE_AFTER_PROPOSAL_SUN = 125;
export const GENERATOR_BANDWIDTH_PRICE_SUN = 1000;

/**
 * Synthetic pre-window totals of a generated lake (it starts at a height far above genesis): mainnet had 8.19 B
 * transactions by block 60,505,000 (tron-chain-data.md §4.6), ~135 per block; a transaction serializes to ~280 bytes
 * and a block header with its signature to ~200.
 */
export const GENERATOR_PRE_WINDOW = { txPerBlock: 135, bytesPerTx: 280, bytesPerBlock: 200 };

/**
 * The generator's synthetic reward history (TRX issued per block, producer + voters), by the first block of each era:
 * mainnet paid 32 TRX to the producer plus a 16 TRX/block standby allowance from genesis, 16 + 160 from the end of 2019
 * (proposals on the on-chain voter reward), and 8 + 128 since a later proposal (tron-chain-data.md §4.1, the current
 * parameters). The era heights are plausible, not mainnet's exact activation blocks. Block 0 (genesis) pays nothing.
 */
export const GENERATOR_REWARD_ERAS: readonly { fromBlock: number; perBlockTrx: number }[] = [
  { fromBlock: 1, perBlockTrx: 48 },
  { fromBlock: 14_000_000, perBlockTrx: 176 },
  { fromBlock: 59_000_000, perBlockTrx: BLOCK_REWARD_TRX + VOTE_REWARD_TRX },
];
/** TRX created at genesis (TRON's 100 B initial issue, tron-chain-data.md §4.5). */
export const GENESIS_SUPPLY_TRX = 100_000_000_000n;
/**
 * The TRX supply of a generated chain as of the block before its window: the circulating supply its price candles'
 * market cap uses (datasets/generate/sql/08-reference-synthetic.sql), so issued − burned agree with it.
 */
export const GENERATOR_SUPPLY_TRX = 94_700_000_000n;

/**
 * The generator's whole-chain totals as of block `first - 1` (the block before its window), one figure each, exact:
 * transactions and bytes of blocks 0..first-1 (GENERATOR_PRE_WINDOW), TRX issued as rewards by blocks 1..first-1
 * (GENERATOR_REWARD_ERAS), TRX burned = genesis + issued − the supply (GENERATOR_SUPPLY_TRX). E.g. first 86,571,460:
 * 11,687,147,100 transactions, 12,341,718,512 TRX issued, 17,641,718,512 TRX burned.
 */
export function generatorPreWindow(first: number): { txCount: bigint; bytes: bigint; issuedSun: bigint; burnedSun: bigint } {
  const p = GENERATOR_PRE_WINDOW;
  const txCount = BigInt(first) * BigInt(p.txPerBlock);
  const bytes = txCount * BigInt(p.bytesPerTx) + BigInt(first) * BigInt(p.bytesPerBlock);
  let issuedTrx = 0n;
  GENERATOR_REWARD_ERAS.forEach((era, i) => {
    const end = Math.min(first - 1, (GENERATOR_REWARD_ERAS[i + 1]?.fromBlock ?? Infinity) - 1);
    if (end >= era.fromBlock) issuedTrx += BigInt(end - era.fromBlock + 1) * BigInt(era.perBlockTrx);
  });
  const sun = BigInt(SUN_PER_TRX);
  return { txCount, bytes, issuedSun: issuedTrx * sun, burnedSun: (GENESIS_SUPPLY_TRX + issuedTrx - GENERATOR_SUPPLY_TRX) * sun };
}
