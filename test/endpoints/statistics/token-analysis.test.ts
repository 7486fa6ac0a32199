import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { csvRows, DAY_MS, lakeDays, utcDay } from './expected.ts';
import { OPENING_20 } from '../token/ledgers.ts';

describe('GET /api/token/analysis', () => {
  it("answers one token's transfers, distinct senders and receivers and exact amount per day, from raw token transfers", async () => {
    const [tok] = await sql(`SELECT contract_address AS c FROM raw_token_transfers WHERE token_standard = 'trc20' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const { first, last } = await lakeDays();
    const expected = await sql(`
      SELECT CAST("date" AS VARCHAR) AS day, count(*) AS n, count(DISTINCT from_address) AS senders, count(DISTINCT to_address) AS receivers,
             CAST(sum(CAST(amount_raw AS HUGEINT)) AS VARCHAR) AS amount
      FROM raw_token_transfers WHERE contract_address = '${tok!.c}' GROUP BY 1 ORDER BY 1`);
    const { status, body } = await get(`/api/token/analysis?token=${tok!.c}&start_day=${first}&end_day=${last}`);
    expect(status).toBe(200);
    expect(body.data).toEqual(expected.map((r) => ({ day: r.day, from_count: Number(r.senders), to_count: Number(r.receivers), transfer_count: Number(r.n), amount: r.amount })));
    const avg = expected.reduce((a, r) => a + BigInt(String(r.amount)), 0n) / BigInt(expected.length);
    expect(body.avg_amount).toBe(avg.toString());
    expect(body.size).toBe(expected.length);
    expect(body.date).toEqual([]);
  });

  it('requires token, takes type 0/1, names bad parameters, answers CSV', async () => {
    expect((await get('/api/token/analysis')).body.param).toBe('token');
    const [tok] = await sql(`SELECT contract_address AS c FROM raw_token_transfers GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    expect((await get(`/api/token/analysis?token=${tok!.c}&type=2`)).body.param).toBe('type');
    expect((await get(`/api/token/analysis?token=${tok!.c}&start_day=2026-02-30`)).body.param).toBe('start_day');
    const csv = csvRows((await get(`/api/token/analysis?token=${tok!.c}&format=csv`)).text);
    expect(csv.header).toEqual(['day', 'from_count', 'to_count', 'transfer_count', 'amount']);
    const holdersCsv = csvRows((await get(`/api/token/analysis?token=${tok!.c}&type=1&format=csv`)).text);
    expect(holdersCsv.header).toEqual(['day', 'holder_count']);
  });

  it('type=1: holders at the end of each lake day = positive balances of an independent ledger (opening balances + raw transfers)', async () => {
    const { first, last, firstMs, lastMs } = await lakeDays();
    const hasOpenings = (await sql(`SELECT count(*) AS n FROM duckdb_views() WHERE view_name = 'snap_trc20_snapshots'`))[0]!.n !== 0;
    // Opening balances: trc20_snapshots rows as of a block before the lake's first one, or the opening a later
    // snapshot implies (ledgers.ts OPENING_20; none in a lake without snapshots).
    const openings = hasOpenings
      ? `SELECT contract_address AS c, holder_address AS h, '${first}' AS day, d AS v FROM (${OPENING_20})`
      : `SELECT NULL::VARCHAR AS c, NULL::VARCHAR AS h, NULL::VARCHAR AS day, NULL::HUGEINT AS v WHERE false`;
    // The busiest TRC20 contracts, and one holding opening balances when the lake has some.
    const tokens = (await sql(`
      SELECT c FROM (
        (SELECT contract_address AS c FROM raw_token_transfers WHERE token_standard = 'trc20' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 3)
        UNION (SELECT c FROM (${openings}) GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1)) ORDER BY c`)).map((r) => String(r.c));
    expect(tokens.length).toBeGreaterThanOrEqual(1);
    const days: string[] = [];
    for (let t = firstMs; t <= lastMs; t += DAY_MS) days.push(utcDay(t));
    const list = tokens.map((t) => `'${t}'`).join(', ');
    const expected = await sql(`
      WITH moves AS (
        SELECT contract_address AS c, to_address AS h, CAST("date" AS VARCHAR) AS day, CAST(amount_raw AS HUGEINT) AS v FROM raw_token_transfers WHERE token_standard = 'trc20'
        UNION ALL SELECT contract_address, from_address, CAST("date" AS VARCHAR), -CAST(amount_raw AS HUGEINT) FROM raw_token_transfers WHERE token_standard = 'trc20'
        UNION ALL SELECT contract_address, holder_address, day, delta FROM raw_stablecoin_balance_moves
        UNION ALL ${openings}
      ),
      cal AS (SELECT unnest([${days.map((d) => `'${d}'`).join(', ')}]) AS day),
      pos AS (SELECT DISTINCT c, h FROM moves WHERE c IN (${list}) AND h <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'),
      bal AS (
        SELECT cal.day, pos.c, pos.h, (SELECT coalesce(sum(m.v), 0) FROM moves m WHERE m.c = pos.c AND m.h = pos.h AND m.day <= cal.day) AS b
        FROM cal CROSS JOIN pos
      )
      SELECT c, day, count(*) FILTER (WHERE b > 0) AS holders FROM bal GROUP BY ALL ORDER BY c, day`);
    // Not a vacuous comparison: counts rise above zero, and a lake with openings has holders on its first day.
    expect(expected.some((r) => Number(r.holders) > 0)).toBe(true);
    if (hasOpenings) expect(expected.some((r) => r.day === first && Number(r.holders) > 0)).toBe(true);
    for (const tok of tokens) {
      const { status, body } = await get(`/api/token/analysis?token=${tok}&type=1&start_day=${first}&end_day=${last}`);
      expect(status).toBe(200);
      const want = expected.filter((r) => r.c === tok).map((r) => ({ day: r.day, holder_count: Number(r.holders) }));
      expect(want.length).toBe(days.length);
      expect(body.data, tok).toEqual(want);
      expect(body.size).toBe(days.length);
    }
    // A range reaching past the lake answers the lake's days only; a range inside it, its own days.
    const inner = await get(`/api/token/analysis?token=${tokens[0]}&type=1&start_day=${days.at(-1)}&end_day=2099-01-01`);
    expect(inner.body.data).toEqual(expected.filter((r) => r.c === tokens[0] && r.day === days.at(-1)).map((r) => ({ day: r.day, holder_count: Number(r.holders) })));
  });

  it('type=1 for a token the lake counts no holders of (not TRC20): its transfer days with holder_count null', async () => {
    const [nft] = await sql(`SELECT contract_address AS c FROM raw_token_transfers WHERE token_standard <> 'trc20' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    if (!nft) return expect(nft).toBeUndefined();
    const { first, last } = await lakeDays();
    const { body } = await get(`/api/token/analysis?token=${nft.c}&type=1&start_day=${first}&end_day=${last}`);
    const days = await sql(`SELECT DISTINCT CAST("date" AS VARCHAR) AS day FROM raw_token_transfers WHERE contract_address = '${nft.c}' ORDER BY 1`);
    expect(body.data).toEqual(days.map((r) => ({ day: r.day, holder_count: null })));
  });
});
