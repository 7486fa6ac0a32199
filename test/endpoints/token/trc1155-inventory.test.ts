import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

import { LEDGER_1155, ZERO } from './ledgers.ts';

interface Item { token_id: string; holders_count: number; latest_transfer_timestamp: number }

async function contract(): Promise<string> {
  const [r] = await sql(`SELECT contract_address AS c FROM raw_token_transfers WHERE token_standard = 'trc1155' GROUP BY 1 ORDER BY 1 LIMIT 1`);
  return String(r!.c);
}

describe('GET /api/trc1155/inventory', () => {
  it('defaults: one row per token id, ascending, with holders (positive quantities) and latest transfer time', async () => {
    const c = await contract();
    const want = await sql(`SELECT t.token_id, max(t.timestamp) AS ts,
        (SELECT count(*) FROM (${LEDGER_1155}) l WHERE l.contract_address = t.contract_address AND l.token_id = t.token_id AND l.bal > 0) AS holders
      FROM raw_token_transfers t WHERE t.contract_address = '${c}' GROUP BY t.contract_address, t.token_id ORDER BY length(t.token_id), t.token_id`);
    const { status, body } = await get(`/api/trc1155/inventory?contract=${c}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, rangeTotal: want.length, page_size: Math.min(20, want.length) });
    expect(body.data.map((x: Item) => [x.token_id, x.holders_count, x.latest_transfer_timestamp]))
      .toEqual(want.slice(0, 20).map((r) => [String(r.token_id), Number(r.holders), Number(r.ts)]));
  });

  // Paging, limits, the sum rule, a missing or malformed parameter: test/contract/endpoints.test.ts.
  it('sorts by tokenId numerically; filters by tokenId; an unknown contract is empty', async () => {
    const c = await contract();
    const desc = (await get(`/api/trc1155/inventory?contract=${c}&sort=-tokenId&limit=3`)).body.data.map((x: Item) => Number(x.token_id));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const one = await get(`/api/trc1155/inventory?contract=${c}&tokenId=${desc[0]}`);
    expect(one.body.rangeTotal).toBe(1);
    const empty = await get(`/api/trc1155/inventory?contract=${ZERO}`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
  });
});
