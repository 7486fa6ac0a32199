/**
 * Chain economics the API reports (reference tron-chain-data.md §4.1): rewards per produced block.
 * `getWitnessPayPerBlock` (#5) = 8 TRX to the producer, `getWitness127PayPerBlock` (#31) = 128 TRX split over
 * the 127 SRs and partners. TronScan's older samples show 16 / 160; we report the current parameters (docs/compat.md).
 */
export const BLOCK_REWARD_TRX = 8;
export const VOTE_REWARD_TRX = 128;
export const SUN_PER_TRX = 1_000_000;
