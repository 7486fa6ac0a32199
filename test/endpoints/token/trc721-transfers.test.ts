import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

describe('GET /api/trc721/transfers', () => {
  it('the transfers of one NFT, newest first, with tokenInfo and token_id_info', async () => {
    const [t] = await sql(`SELECT contract_address AS c, token_id AS id, count(*) AS n FROM raw_token_transfers
      WHERE token_standard = 'trc721' GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT 1`);
    // Newest first in chain order: the transaction's position in its block comes from transactions.
    const rows = await sql(`SELECT t.tx_hash, t.block_number FROM raw_token_transfers t JOIN raw_transactions x ON x.tx_hash = t.tx_hash
      WHERE t.contract_address = '${t!.c}' AND t.token_id = '${t!.id}' ORDER BY t.block_number DESC, x.tx_index DESC, t.log_index DESC`);
    const { status, body } = await get(`/api/trc721/transfers?contract=${t!.c}&tokenId=${t!.id}`);
    expect(status).toBe(200);
    expect(body.rangeTotal).toBe(Number(t!.n));
    expect(body.token_transfers.map((x: { transaction_id: string }) => x.transaction_id)).toEqual(rows.slice(0, 20).map((r) => r.tx_hash));
    const x = body.token_transfers[0];
    expect(x).toMatchObject({ contract_address: t!.c, token_id: String(t!.id), event_type: 'Transfer', contractRet: 'SUCCESS' });
    expect(typeof x.block).toBe('number');
    expect(typeof x.confirmed).toBe('boolean');
    expect(x.tokenInfo.tokenType).toBe('trc721');
    expect(body.token_id_info.tokenIdName).toContain(`#${t!.id}`);
  });

  it('paging and limits; both parameters required; unknown NFT 200 empty', async () => {
    // The NFT with the most transfers (an ingested lake may only mint each once: the second page is then empty).
    const [t] = await sql(`SELECT contract_address AS c, token_id AS id, count(*) AS n FROM raw_token_transfers
      WHERE token_standard = 'trc721' GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT 1`);
    const a = (await get(`/api/trc721/transfers?contract=${t!.c}&tokenId=${t!.id}&limit=1`)).body.token_transfers;
    const b = (await get(`/api/trc721/transfers?contract=${t!.c}&tokenId=${t!.id}&limit=1&start=1`)).body.token_transfers;
    expect(a).toHaveLength(1);
    if (Number(t!.n) >= 2) expect(a[0]).not.toEqual(b[0]);
    else expect(b).toEqual([]);
    expect((await get(`/api/trc721/transfers?contract=${t!.c}&tokenId=${t!.id}&start=10000`)).body.param).toBe('start');
    expect((await get(`/api/trc721/transfers?contract=${t!.c}`)).body.param).toBe('tokenId');
    expect((await get('/api/trc721/transfers?tokenId=1')).body.param).toBe('contract');
    const empty = await get(`/api/trc721/transfers?contract=${t!.c}&tokenId=999999999`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ total: 0, rangeTotal: 0, token_transfers: [] });
  });
});
