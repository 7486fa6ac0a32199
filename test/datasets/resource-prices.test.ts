/**
 * The generator's resource_prices are the prices its receipts were burned at (src/chain/economics.ts): on the tiny
 * lake every burned energy unit (energy_usage_total - energy_usage - origin_energy_usage, tron-chain-data.md §1.5)
 * costs the energy price, and every burned bandwidth byte (size_bytes when net_fee > 0) the bandwidth price, apart
 * from the 0.1 TRX account-creation burn of AccountCreateContract (type 0), which receipts carry in net_fee.
 */
import { describe, expect, it } from 'vitest';
import { sql } from '../helpers/lake.ts';
import { GENERATOR_BANDWIDTH_PRICE_SUN, GENERATOR_ENERGY_PRICE_SUN } from '../../src/chain/economics.ts';

describe('generated resource_prices', () => {
  it('holds the prices the receipts were burned at', async () => {
    const prices = await sql('SELECT resource, from_ts, price_sun FROM dim_resource_prices ORDER BY resource');
    expect(prices.map((r) => [r.resource, Number(r.from_ts), Number(r.price_sun)])).toEqual([
      ['bandwidth', 0, GENERATOR_BANDWIDTH_PRICE_SUN],
      ['energy', 0, GENERATOR_ENERGY_PRICE_SUN],
    ]);
    const [e] = await sql(`SELECT count(*) FILTER (WHERE energy_fee <> (energy_usage_total - energy_usage - origin_energy_usage) * ${GENERATOR_ENERGY_PRICE_SUN}) AS bad,
      count(*) AS n FROM raw_transactions WHERE energy_fee > 0 AND contract_ret <> 'OUT_OF_ENERGY'`);
    expect(Number(e!.n)).toBeGreaterThan(0);
    expect(Number(e!.bad)).toBe(0);
    const [b] = await sql(`SELECT count(*) FILTER (WHERE net_fee <> size_bytes * ${GENERATOR_BANDWIDTH_PRICE_SUN}) AS bad, count(*) AS n
      FROM raw_transactions WHERE net_fee > 0 AND contract_type <> 0`);
    expect(Number(b!.n)).toBeGreaterThan(0);
    expect(Number(b!.bad)).toBe(0);
    const pre = await sql('SELECT as_of_block, tx_count FROM dim_pre_window_totals');
    const [first] = await sql('SELECT min(block_number) AS b FROM raw_blocks');
    expect(pre.map((r) => Number(r.as_of_block))).toEqual([Number(first!.b) - 1]);
  });
});
