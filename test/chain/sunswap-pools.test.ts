/**
 * Issue 33: the SunSwap V2 pool registry (src/chain/sunswap-pools.ts) and its SQL form (sql/macros/sunswap_v2_pools.sql)
 * list the same pools; token0 is the lower address (ref §2.1); the Swap / Sync topics are keccak256 of their signatures.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Db } from '../../src/duckdb/duck.ts';
import { base58ToHex } from '../../src/chain/address.ts';
import { SUNSWAP_V2_POOLS, topicsCheck, WTRX } from '../../src/chain/sunswap-pools.ts';

describe('SunSwap V2 pool registry', () => {
  it('the SQL macro lists the registry', async () => {
    const db = await Db.open({ threads: 1 });
    await db.run(readFileSync(path.join(import.meta.dirname, '../../sql/macros/sunswap_v2_pools.sql'), 'utf8'));
    const rows = await db.all('SELECT * FROM sunswap_v2_pools() ORDER BY pool');
    expect(rows.map((r) => [r.pool, r.token0, r.token1, Number(r.token0_decimals), Number(r.token1_decimals), r.usd_quote])).toEqual(
      [...SUNSWAP_V2_POOLS].sort((a, b) => (a.pool < b.pool ? -1 : 1)).map((p) => [p.pool, p.token0, p.token1, p.token0Decimals, p.token1Decimals, p.usdQuote]),
    );
    await db.close();
  });

  it('token0 is the lower address, one side is WTRX, and the topics match their signatures', () => {
    for (const p of SUNSWAP_V2_POOLS) {
      expect(base58ToHex(p.token0).toLowerCase() < base58ToHex(p.token1).toLowerCase(), p.pool).toBe(true);
      expect([p.token0, p.token1]).toContain(WTRX);
    }
    expect(SUNSWAP_V2_POOLS.filter((p) => p.usdQuote)).toHaveLength(1);
    expect(topicsCheck()).toBe(true);
  });
});
