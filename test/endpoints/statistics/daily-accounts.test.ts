import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { DAY_MS, lakeDays } from './expected.ts';
import { EXPECTED_ACCOUNTS_SQL } from '../account/expected-accounts.ts';

describe('GET /api/overview/dailyaccounts', () => {
  it('accounts created per lake day, as plain SQL over the newest snapshots counts them', async () => {
    const { firstMs, lastMs, first, last } = await lakeDays();
    const span = Math.round((lastMs - firstMs) / DAY_MS) + 1;
    const want = await sql(`SELECT strftime(epoch_ms(create_time), '%Y-%m-%d') AS day, count(*) AS n FROM (${EXPECTED_ACCOUNTS_SQL})
      WHERE create_time >= ${firstMs} AND create_time < ${lastMs + DAY_MS} GROUP BY 1 ORDER BY 1`);
    const r = await get(`/api/overview/dailyaccounts?days=${span}`);
    expect(r.status).toBe(200);
    expect(r.body.data[0].dateDayStr).toBe(first);
    expect(r.body.data.at(-1).dateDayStr).toBe(last);
    const got = r.body.data.filter((d: { newAddressSeen: number }) => d.newAddressSeen > 0).map((d: { dateDayStr: string; newAddressSeen: number }) => [d.dateDayStr, d.newAddressSeen]);
    expect(got).toEqual(want.map((w) => [w.day, Number(w.n)]));
    for (const d of r.body.data) expect(d.date).toBe(Date.parse(`${d.dateDayStr}T00:00:00Z`));
  });

  it('the accounts created per day are those the lake\'s creating transactions create (AccountCreate, first transfer to an unseen address, contract deployment)', async () => {
    const { firstMs, lastMs } = await lakeDays();
    const span = Math.round((lastMs - firstMs) / DAY_MS) + 1;
    // An address is created in the lake's window by its first transaction when that is an AccountCreate naming it, a
    // CreateSmartContract deploying it, or a TRX / TRC10 transfer to it while it is in no snapshot taken before the
    // window's first block (the opening state). A lake with no such opening snapshot (the ingested one) says nothing
    // about which transfer receivers are unseen: there only AccountCreate and deployments are counted.
    const [open] = await sql(`SELECT count(*) AS n FROM snap_account_snapshots
      WHERE as_of_block < (SELECT min(block_number) FROM raw_blocks)`);
    const transfersCount = Number(open!.n) > 0;
    const created = await sql(`
      WITH firsts AS (
        SELECT address, arg_min(ct, pos) AS ct, arg_min(ts, pos) AS ts FROM (
          SELECT owner_address AS address, contract_type AS ct, block_number * 100000 + tx_index AS pos, "timestamp" AS ts, false AS made FROM raw_transactions
          UNION ALL SELECT to_address, contract_type, block_number * 100000 + tx_index, "timestamp", contract_type IN (0, 1, 2) AND contract_ret = 'SUCCESS'
            FROM raw_transactions WHERE to_address IS NOT NULL
          UNION ALL SELECT contract_address, contract_type, block_number * 100000 + tx_index, "timestamp", contract_type = 30 AND contract_ret = 'SUCCESS'
            FROM raw_transactions WHERE contract_address IS NOT NULL)
        GROUP BY address HAVING arg_min(made, pos))
      SELECT strftime(epoch_ms(ts), '%Y-%m-%d') AS day, count(*) AS n FROM firsts
      WHERE ct IN (0, 30)
         OR (${transfersCount} AND address NOT IN (SELECT address FROM snap_account_snapshots WHERE as_of_block < (SELECT min(block_number) FROM raw_blocks)))
      GROUP BY 1 ORDER BY 1`);
    const r = await get(`/api/overview/dailyaccounts?days=${span}`);
    const got = r.body.data.filter((d: { newAddressSeen: number }) => d.newAddressSeen > 0).map((d: { dateDayStr: string; newAddressSeen: number }) => [d.dateDayStr, d.newAddressSeen]);
    expect(got).toEqual(created.map((w) => [w.day, Number(w.n)]));
    if (transfersCount) {
      // the generated lake creates accounts on every day of its window
      expect(got.length).toBe(span);
    }
  });

  it('defaults to the last 15 days; days over 2000 is a 400 naming it', async () => {
    const { body } = await get('/api/overview/dailyaccounts');
    expect(body.data.length).toBeLessThanOrEqual(15);
    expect((await get('/api/overview/dailyaccounts?days=2001')).body.param).toBe('days');
  });
});
