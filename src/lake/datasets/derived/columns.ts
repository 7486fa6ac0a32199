/** Column pieces shared by the derived families (address buckets, address-range files). */
import { c } from '../types.ts';

/**
 * Rows of an address-range file of a bucketed run (growth.ts `rangeRows`, src/lake/derive/address-ranges.ts): 64 row groups
 * of 4,096 rows. A page reads the one range file of each run holding its address, so its cost is bounded by this, not
 * by the bucket (bench/results/address-ranges.md has the figures it was chosen from).
 */
export const RANGE_ROWS = 262_144;

/** The Hive partition column of the bucketed copies (a folder name, not stored in the files). */
export const bucket = c('bucket', 'INTEGER', 'address_bucket(address): 0-31, the `bucket=K` folder');
