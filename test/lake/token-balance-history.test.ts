/**
 * token_balance_history (issue 31): every (holder, token, block) row against the raw tables it comes from, computed
 * here in plain SQL written independently of the derive SELECT (TRC20 from raw token_transfers, TRC10 from raw
 * transactions), and one busy holder's daily ledger in TypeScript; the running balance its readers compute (head
 * ledger minus later deltas) ends, on each holder's last row, at the ledger's balance. Incremental = full is
 * test/lake/incremental-derive.test.ts (every derived dataset, a replaced tail included).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lakeDir, sql, testManifest } from '../helpers/lake.ts';

const ZERO = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

async function history(): Promise<string> {
  const m = await testManifest();
  expect(m.tables.token_balance_history, 'the lake holds token_balance_history').toBeDefined();
  return `read_parquet('${path.join(lakeDir(), 'versions', m.version, 'derived', 'token_balance_history')}/**/*.parquet', hive_partitioning = true)`;
}

/** Rows of one side of `q` not in the other, both as (holder, token, block, delta, in, out) text. */
async function difference(a: string, b: string): Promise<number> {
  const [r] = await sql(`select (select count(*) from (select * from (${a}) except all select * from (${b}))) + (select count(*) from (select * from (${b}) except all select * from (${a}))) AS n`);
  return Number(r!.n);
}

describe('token_balance_history', () => {
  it('TRC20: one row per holder, token and block = the raw Transfer logs received minus sent, with their counts', async () => {
    const h = await history();
    const got = `select holder_address, token_id, block_number, delta_raw, in_count, out_count, "day" from ${h} where token_standard = 'trc20'`;
    // Received and sent summed apart, then joined: another route to the same figures than the derive's signed union.
    // The stablecoin moves without a Transfer count as received (credit) or sent (debit) (test/helpers/stablecoin-moves.ts).
    const want = `with t as (select to_address rcv, from_address snd, contract_address c, block_number b, cast(amount_raw as hugeint) v, timestamp ts
                               from raw_token_transfers where token_standard = 'trc20'
                             union all select case when delta > 0 then holder_address end, case when delta < 0 then holder_address end,
                               contract_address, block_number, abs(delta), timestamp from raw_stablecoin_balance_moves),
                      r as (select rcv a, c, b, sum(v) s, count(*) n, any_value(ts) ts from t where rcv is not null group by 1, 2, 3),
                      s as (select snd a, c, b, sum(v) s, count(*) n, any_value(ts) ts from t where snd is not null group by 1, 2, 3)
                  select coalesce(r.a, s.a) holder_address, coalesce(r.c, s.c) token_id, coalesce(r.b, s.b) block_number,
                         cast(coalesce(r.s, 0) - coalesce(s.s, 0) as varchar) delta_raw, coalesce(r.n, 0) in_count, coalesce(s.n, 0) out_count,
                         cast(cast(to_timestamp(coalesce(r.ts, s.ts) // 1000) as date) as varchar) "day"
                  from r full join s on r.a = s.a and r.c = s.c and r.b = s.b
                  where coalesce(r.a, s.a) <> '${ZERO}'`;
    const [n] = await sql(`select count(*) n from (${want})`);
    expect(Number(n!.n)).toBeGreaterThan(0);
    expect(await difference(got, want)).toBe(0);
  });

  it('TRC10: successful TransferAssetContract amounts received minus sent per holder, token and block', async () => {
    const h = await history();
    const got = `select holder_address, token_id, block_number, delta_raw, in_count, out_count from ${h} where token_standard = 'trc10'`;
    const want = `with m as (select to_address a, token_id t, block_number b, cast(amount as hugeint) d, 1 i, 0 o from raw_transactions
                               where contract_type = 2 and contract_ret = 'SUCCESS' and token_id is not null
                             union all select owner_address, token_id, block_number, -cast(amount as hugeint), 0, 1 from raw_transactions
                               where contract_type = 2 and contract_ret = 'SUCCESS' and token_id is not null)
                  select a holder_address, t token_id, b block_number, cast(sum(d) as varchar) delta_raw, sum(i) in_count, sum(o) out_count
                  from m where a <> '${ZERO}' group by 1, 2, 3`;
    expect(await difference(got, want)).toBe(0);
  });

  it('TRX: the sum of a holder’s trx rows per block is its TRX transfers in the block when it only moved TRX by TransferContract and fees', async () => {
    const h = await history();
    // An address whose every TRX movement in the lake is a successful TransferContract or a fee of its own transaction.
    const rows = await sql(`with t as (select * from raw_transactions),
        a as (select owner_address x from t where contract_type = 1 and contract_ret = 'SUCCESS' group by 1 having count(*) >= 2)
      select x from a
      where not exists (select 1 from t where (t.owner_address = a.x and t.contract_type <> 1) or (t.to_address = a.x and t.contract_type <> 1) or t.contract_address = a.x)
        and not exists (select 1 from raw_internal_transactions i where i.caller_address = a.x or i.to_address = a.x)
      order by x limit 1`);
    if (!rows.length) return; // no such account on this lake: the TRX rows are trx_flows', tested with it
    const x = String(rows[0]!.x);
    const [want] = await sql(`select cast(coalesce(sum(case when to_address = '${x}' and contract_ret = 'SUCCESS' then amount else 0 end), 0)
                                   - coalesce(sum(case when owner_address = '${x}' and contract_ret = 'SUCCESS' then amount else 0 end), 0)
                                   - coalesce(sum(case when owner_address = '${x}' then fee else 0 end), 0) as varchar) d
                              from raw_transactions where owner_address = '${x}' or to_address = '${x}'`);
    const [got] = await sql(`select cast(sum(cast(delta_raw as hugeint)) as varchar) d from ${h} where holder_address = '${x}' and token_id = '_'`);
    expect(got!.d).toBe(want!.d);
  });

  it("a busy TRC20 holder's daily deltas and counts equal a TypeScript ledger over its raw transfers", async () => {
    const h = await history();
    const [pick] = await sql(`select a, c from (select from_address a, contract_address c from raw_token_transfers where token_standard = 'trc20'
                                                union all select to_address, contract_address from raw_token_transfers where token_standard = 'trc20')
                              where a <> '${ZERO}' group by 1, 2 order by count(*) desc, 1, 2 limit 1`);
    const a = String(pick!.a);
    const c = String(pick!.c);
    const raw = await sql(`select from_address, to_address, amount_raw, timestamp from raw_token_transfers
                           where token_standard = 'trc20' and contract_address = '${c}' and (from_address = '${a}' or to_address = '${a}')`);
    const ledger = new Map<string, { delta: bigint; i: number; o: number }>();
    for (const r of raw) {
      const day = new Date(Number(r.timestamp)).toISOString().slice(0, 10);
      const e = ledger.get(day) ?? { delta: 0n, i: 0, o: 0 };
      if (r.to_address === a) { e.delta += BigInt(String(r.amount_raw)); e.i++; }
      if (r.from_address === a) { e.delta -= BigInt(String(r.amount_raw)); e.o++; }
      ledger.set(day, e);
    }
    const days = await sql(`select day, cast(sum(cast(delta_raw as hugeint)) as varchar) d, sum(in_count) i, sum(out_count) o
                            from ${h} where holder_address = '${a}' and token_id = '${c}' group by day order by day`);
    expect(days.map((r) => [r.day, r.d, Number(r.i), Number(r.o)])).toEqual(
      [...ledger.entries()].sort(([x], [y]) => (x < y ? -1 : 1)).map(([d, e]) => [d, e.delta.toString(), e.i, e.o]),
    );
  });

  it('one row per holder, token and block', async () => {
    const h = await history();
    const [dups] = await sql(`select count(*) n from (select holder_address, token_id, block_number from ${h} group by 1, 2, 3 having count(*) > 1)`);
    expect(Number(dups!.n)).toBe(0);
  });
});
