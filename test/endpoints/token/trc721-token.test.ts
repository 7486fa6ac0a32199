import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

/** Independent owner: recipient of the last transfer (block, transaction position, log position). */
const OWNERS = `
  SELECT t.contract_address, t.token_id, arg_max(t.to_address, (t.block_number, x.tx_index, t.log_index)) AS owner
  FROM raw_token_transfers t JOIN raw_transactions x ON x.tx_hash = t.tx_hash
  WHERE t.token_standard = 'trc721' GROUP BY ALL`;

interface Nft { token_id: string; owner_address: string; latest_transfer_timestamp: number }

async function busiest(): Promise<string> {
  const [r] = await sql(`SELECT contract_address AS c FROM raw_token_transfers WHERE token_standard = 'trc721' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
  return String(r!.c);
}

describe('GET /api/trc721/token', () => {
  it('defaults: NFT inventory envelope, token ids ascending (numeric), 20 per page', async () => {
    const c = await busiest();
    const [n] = await sql(`SELECT count(*) AS n FROM (${OWNERS}) WHERE contract_address = '${c}'`);
    const { status, body } = await get(`/api/trc721/token?contract=${c}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, rangeTotal: Number(n!.n), total: Math.min(Number(n!.n), 10000), page_size: 20 });
    const ids = body.data.map((x: Nft) => BigInt(x.token_id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(typeof body.data[0].token_id).toBe('string');
    expect(typeof body.data[0].latest_transfer_timestamp).toBe('number');
  });

  it('consistency: every owner is the recipient of the last transfer of its token id', async () => {
    const c = await busiest();
    const want = new Map((await sql(`SELECT token_id, owner FROM (${OWNERS}) WHERE contract_address = '${c}'`)).map((r) => [String(r.token_id), String(r.owner)]));
    const got: Nft[] = [];
    for (let start = 0; start < want.size; start += 50) got.push(...(await get(`/api/trc721/token?contract=${c}&limit=50&start=${start}`)).body.data);
    expect(got).toHaveLength(want.size);
    for (const x of got) expect(x.owner_address, x.token_id).toBe(want.get(x.token_id));
  });

  it('sorts by tokenId both ways; filters by tokenId and ownerAddress', async () => {
    const c = await busiest();
    const [r] = await sql(`SELECT max(CAST(token_id AS HUGEINT)) AS hi, min(CAST(token_id AS HUGEINT)) AS lo FROM (${OWNERS}) WHERE contract_address = '${c}'`);
    expect((await get(`/api/trc721/token?contract=${c}&sort=-tokenId&limit=1`)).body.data[0].token_id).toBe(String(r!.hi));
    expect((await get(`/api/trc721/token?contract=${c}&sort=tokenId&limit=1`)).body.data[0].token_id).toBe(String(r!.lo));
    const one = await get(`/api/trc721/token?contract=${c}&tokenId=${r!.hi}`);
    expect(one.body.rangeTotal).toBe(1);
    const owner = one.body.data[0].owner_address;
    const [k] = await sql(`SELECT count(*) AS n FROM (${OWNERS}) WHERE contract_address = '${c}' AND owner = '${owner}'`);
    const byOwner = await get(`/api/trc721/token?contract=${c}&ownerAddress=${owner}&limit=50`);
    expect(byOwner.body.rangeTotal).toBe(Number(k!.n));
    expect(byOwner.body.data.every((x: Nft) => x.owner_address === owner)).toBe(true);
  });

  // Paging, limits, the sum rule, a missing or malformed parameter: test/contract/endpoints.test.ts.
  it('an unknown contract is 200 empty', async () => {
    const empty = await get('/api/trc721/token?contract=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ total: 0, rangeTotal: 0, data: [] });
  });
});
