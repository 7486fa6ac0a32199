/**
 * /api/deep/account/holderToken/basicInfo/trc20/transfer: an account's received and sent Transfer logs of one TRC20
 * token, against plain SQL over raw token_transfers (never the by-address copy the endpoint reads).
 */
import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

const PATH = '/api/deep/account/holderToken/basicInfo/trc20/transfer';

/** Raw counts of `account`'s TRC20 transfers of `token`: received (to it) and sent (from it). */
async function rawCounts(account: string, token: string): Promise<{ transferIn: number; transferOut: number }> {
  const [r] = await sql(`select count(*) filter (where to_address = '${account}') i, count(*) filter (where from_address = '${account}') o
                         from raw_token_transfers where token_standard = 'trc20' and contract_address = '${token}'`);
  return { transferIn: Number(r!.i), transferOut: Number(r!.o) };
}

describe(`GET ${PATH}`, () => {
  it('counts every received and sent transfer of the pair, for the busiest two-way pairs of the lake', async () => {
    const pairs = await sql(`select a, c from (
        select from_address a, contract_address c, 'out' d from raw_token_transfers where token_standard = 'trc20'
        union all select to_address, contract_address, 'in' from raw_token_transfers where token_standard = 'trc20')
      group by a, c having count(distinct d) = 2 order by count(*) desc, a, c limit 3`);
    expect(pairs.length).toBeGreaterThan(0);
    for (const p of pairs) {
      const { status, body } = await get(`${PATH}?accountAddress=${p.a}&tokenAddress=${p.c}`);
      expect(status).toBe(200);
      const want = await rawCounts(String(p.a), String(p.c));
      expect(want.transferIn).toBeGreaterThan(0);
      expect(want.transferOut).toBeGreaterThan(0);
      expect(body).toEqual(want);
    }
  });

  it('a receive-only account counts no outgoing transfer; an unrelated token counts zero both ways', async () => {
    const [r] = await sql(`select to_address a, contract_address c from raw_token_transfers t where token_standard = 'trc20'
                             and not exists (select 1 from raw_token_transfers u where u.from_address = t.to_address and u.contract_address = t.contract_address)
                           group by 1, 2 order by count(*) desc, 1, 2 limit 1`);
    expect(r).toBeDefined();
    const { body } = await get(`${PATH}?accountAddress=${r!.a}&tokenAddress=${r!.c}`);
    expect(body).toEqual(await rawCounts(String(r!.a), String(r!.c)));
    expect(body.transferOut).toBe(0);
    // A valid address that is no token of the account: zeros, not an error.
    const none = await get(`${PATH}?accountAddress=${r!.a}&tokenAddress=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ transferIn: 0, transferOut: 0 });
  });

  it('a transfer to oneself is one in and one out', async () => {
    const [r] = await sql(`select from_address a, contract_address c from raw_token_transfers
                           where token_standard = 'trc20' and from_address = to_address limit 1`);
    if (!r) return; // the lake has no self-transfer: nothing to check (the counts above still hold)
    const { body } = await get(`${PATH}?accountAddress=${r.a}&tokenAddress=${r.c}`);
    expect(body).toEqual(await rawCounts(String(r.a), String(r.c)));
  });

  it('400 naming the parameter: missing or malformed account or token address', async () => {
    const [r] = await sql(`select to_address a, contract_address c from raw_token_transfers where token_standard = 'trc20' limit 1`);
    for (const [q, param] of [
      [`tokenAddress=${r!.c}`, 'accountAddress'],
      [`accountAddress=${r!.a}`, 'tokenAddress'],
      [`accountAddress=nope&tokenAddress=${r!.c}`, 'accountAddress'],
      [`accountAddress=${r!.a}&tokenAddress=T123`, 'tokenAddress'],
    ] as const) {
      const { status, body } = await get(`${PATH}?${q}`);
      expect(status, q).toBe(400);
      expect(body.param, q).toBe(param);
    }
  });
});
