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
