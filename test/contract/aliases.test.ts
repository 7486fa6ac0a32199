/**
 * Parameter aliases existing TronScan clients send (issue 9, docs/compat.md "Aliases"): `hash` on /api/block (the
 * block with that id), `token` for `tokenId` on /api/tokens/position-distribution.
 */
import { describe, expect, it } from 'vitest';
import { get, sql } from '../helpers/lake.ts';

describe('aliases', () => {
  it('/api/block?hash= answers the block with that id, whatever the time window', async () => {
    const [b] = await sql('SELECT block_number, block_hash FROM raw_blocks ORDER BY block_number LIMIT 1 OFFSET 7');
    const { status, body } = await get(`/api/block?hash=${String(b!.block_hash).toUpperCase()}&start_timestamp=0&end_timestamp=1`);
    expect(status).toBe(200);
    expect(body.data.map((x: { number: number }) => Number(x.number))).toEqual([Number(b!.block_number)]);
    expect(body.rangeTotal).toBe(1);
    expect((await get(`/api/block?hash=${'0'.repeat(64)}`)).body.data).toEqual([]);
    const bad = await get('/api/block?hash=xyz');
    expect(bad.status).toBe(400);
    expect(bad.body.param).toBe('hash');
  });

  it('/api/tokens/position-distribution?token= is tokenId', async () => {
    const [t] = await sql(`SELECT contract_address FROM raw_token_transfers WHERE token_standard = 'trc20' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
    const id = String(t!.contract_address);
    const byId = await get(`/api/tokens/position-distribution?tokenId=${id}`);
    const byAlias = await get(`/api/tokens/position-distribution?token=${id}`);
    expect(byAlias.status).toBe(200);
    expect(Object.keys(byId.body).length).toBeGreaterThan(0);
    expect(byAlias.body).toEqual(byId.body);
    expect((await get('/api/tokens/position-distribution?token=not-a-token')).body.param).toBe('token');
  });
});
