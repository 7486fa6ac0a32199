/**
 * The generator's resource_prices are the prices its receipts were burned at (src/chain/economics.ts): on the tiny
 * lake every burned energy unit (energy_usage_total - energy_usage - origin_energy_usage, tron-chain-data.md §1.5)
 * costs the energy price, and every burned bandwidth byte (size_bytes when net_fee > 0) the bandwidth price, apart
 * from the 0.1 TRX account-creation burn of AccountCreateContract (type 0), which receipts carry in net_fee. The energy
 * price changes once inside the window, with the approved getEnergyFee proposal (issue 13).
 */
import { describe, expect, it } from 'vitest';
import { sql } from '../helpers/lake.ts';
import { GENERATOR_BANDWIDTH_PRICE_SUN, GENERATOR_ENERGY_PRICE_SUN } from '../../src/chain/economics.ts';

describe('generated resource_prices', () => {
  it('holds the prices the receipts were burned at', async () => {
    const prices = await sql('SELECT resource, from_ts, price_sun FROM dim_resource_prices ORDER BY resource, from_ts');
    // The energy price changes once, at the maintenance that approves the window's getEnergyFee (#11) proposal: its
    // expiration, as the proposals snapshot lists it (issue 13).
    const energy = await sql(`SELECT expiration_time AS ts, CAST(json_extract(parameters_json, '$[0].value') AS BIGINT) AS v FROM snap_proposals
      WHERE state = 'APPROVED' AND CAST(json_extract(parameters_json, '$[0].key') AS INTEGER) = 11`);
    expect(energy.length).toBe(1);
    expect(Number(energy[0]!.v)).not.toBe(GENERATOR_ENERGY_PRICE_SUN);
    expect(prices.map((r) => [r.resource, Number(r.from_ts), Number(r.price_sun)])).toEqual([
      ['bandwidth', 0, GENERATOR_BANDWIDTH_PRICE_SUN],
      ['energy', 0, GENERATOR_ENERGY_PRICE_SUN],
      ['energy', Number(energy[0]!.ts), Number(energy[0]!.v)],
    ]);
    const [e] = await sql(`WITH ep AS (SELECT from_ts, price_sun FROM dim_resource_prices WHERE resource = 'energy')
      SELECT count(*) FILTER (WHERE energy_fee <> (energy_usage_total - energy_usage - origin_energy_usage) * ep.price_sun) AS bad,
             count(*) FILTER (WHERE ep.price_sun <> ${GENERATOR_ENERGY_PRICE_SUN}) AS after, count(*) AS n
      FROM raw_transactions t ASOF JOIN ep ON t."timestamp" >= ep.from_ts
      WHERE energy_fee > 0 AND contract_ret <> 'OUT_OF_ENERGY'`);
    expect(Number(e!.n)).toBeGreaterThan(0);
    expect(Number(e!.after)).toBeGreaterThan(0);
    expect(Number(e!.bad)).toBe(0);
    // A transaction creating an account (AccountCreate, or a transfer to a new address: it pays the 1 TRX creation fee
    // beside its resource and memo fees) burns the fixed 0.1 TRX instead of its bytes; every other one its bytes.
    const [b] = await sql(`WITH t AS (SELECT net_fee, size_bytes,
        contract_type = 0 OR fee - energy_fee - net_fee - CASE WHEN memo <> '' THEN 1000000 ELSE 0 END = 1000000 AS creates
        FROM raw_transactions WHERE net_fee > 0)
      SELECT count(*) FILTER (WHERE NOT creates AND net_fee <> size_bytes * ${GENERATOR_BANDWIDTH_PRICE_SUN}) AS bad,
             count(*) FILTER (WHERE creates AND net_fee <> 100000) AS bad_creating, count(*) FILTER (WHERE NOT creates) AS n
      FROM t`);
    expect(Number(b!.n)).toBeGreaterThan(0);
    expect(Number(b!.bad)).toBe(0);
    expect(Number(b!.bad_creating)).toBe(0);
    const pre = await sql('SELECT as_of_block, tx_count FROM dim_pre_window_totals');
    const [first] = await sql('SELECT min(block_number) AS b FROM raw_blocks');
    expect(pre.map((r) => Number(r.as_of_block))).toEqual([Number(first!.b) - 1]);
  });
});
