import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { LEDGER_1155 } from './ledgers.ts';

interface Owner { owner_address: string; holder_count: string }

describe('GET /api/trc1155/token/inventory', () => {
  it('owners of one token id with their quantity (a decimal string), largest first', async () => {
    const [t] = await sql(`SELECT contract_address AS c, token_id AS id FROM (${LEDGER_1155}) WHERE bal > 0 GROUP BY 1, 2 ORDER BY count(*) DESC, 1, 2 LIMIT 1`);
    const want = await sql(`SELECT holder, CAST(bal AS VARCHAR) AS b FROM (${LEDGER_1155}) WHERE contract_address = '${t!.c}' AND token_id = '${t!.id}' AND bal > 0 ORDER BY bal DESC, holder`);
    const { status, body } = await get(`/api/trc1155/token/inventory?contract=${t!.c}&tokenId=${t!.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, rangeTotal: want.length, page_size: Math.min(20, want.length) });
    expect(body.data.map((x: Owner) => [x.owner_address, x.holder_count])).toEqual(want.slice(0, 20).map((r) => [r.holder, r.b]));
    expect(typeof body.data[0].holder_count).toBe('string');
  });

  it('consistency: every TRC1155 balance equals its transfers in minus out', async () => {
    const [t] = await sql(`SELECT contract_address AS c, token_id AS id, to_address AS h FROM raw_token_transfers WHERE token_standard = 'trc1155'
      AND to_address <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' ORDER BY block_number DESC LIMIT 1`);
    const [f] = await sql(`SELECT CAST(coalesce(sum(CAST(amount_raw AS HUGEINT)) FILTER (WHERE to_address = '${t!.h}'), 0)
        - coalesce(sum(CAST(amount_raw AS HUGEINT)) FILTER (WHERE from_address = '${t!.h}'), 0) AS VARCHAR) AS b
      FROM raw_token_transfers WHERE contract_address = '${t!.c}' AND token_id = '${t!.id}'`);
    const all: Owner[] = [];
    for (let s = 0; s < 10000; s += 50) {
      const page = (await get(`/api/trc1155/token/inventory?contract=${t!.c}&tokenId=${t!.id}&limit=50&start=${s}`)).body.data as Owner[];
      all.push(...page);
      if (page.length < 50) break;
    }
    const row = all.find((x) => x.owner_address === t!.h);
    if (BigInt(String(f!.b)) > 0n) expect(row?.holder_count).toBe(String(f!.b));
    else expect(row).toBeUndefined();
  });

  // Required parameters, limits and the sum rule: test/contract/endpoints.test.ts.
  it('an unknown token id is 200 empty', async () => {
    const [t] = await sql(`SELECT contract_address AS c FROM raw_token_transfers WHERE token_standard = 'trc1155' LIMIT 1`);
    const empty = await get(`/api/trc1155/token/inventory?contract=${t!.c}&tokenId=987654321`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ total: 0, rangeTotal: 0, data: [] });
  });
});
