import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { EXPECTED_ACCOUNTS_SQL, num, numOrNull } from './expected-accounts.ts';

const KEYS = { balance: 'balance', power: 'power', totaltransactioncount: 'tx_total' } as const;
const FIELD = { balance: 'balance', power: 'power', totaltransactioncount: 'totalTransactionCount' } as const;
// What each sort's field answers: the transaction count only where it is the account's whole life, else null.
const SHOWN = { balance: 'balance', power: 'power', totaltransactioncount: 'lt_total' } as const;

describe('GET /api/account/list', () => {
  it('each sort key, both ways, pages the accounts exactly as a plain SQL ranking of the newest snapshots (ties by address)', async () => {
    for (const [key, col] of Object.entries(KEYS) as [keyof typeof KEYS, string][]) {
      for (const desc of [true, false]) {
        const want = await sql(`SELECT * FROM (${EXPECTED_ACCOUNTS_SQL}) ORDER BY ${col} ${desc ? 'DESC' : 'ASC'}, address ${desc ? 'ASC' : 'DESC'} LIMIT 30`);
        for (const [start, limit] of [[0, 20], [15, 15]] as const) {
          const r = await get(`/api/account/list?sort=${desc ? '-' : ''}${key}&start=${start}&limit=${limit}`);
          expect(r.status).toBe(200);
          const slice = want.slice(start, start + limit);
          expect(r.body.data.map((d: { address: string }) => d.address)).toEqual(slice.map((w) => w.address));
          expect(r.body.data.map((d: Record<string, number>) => d[FIELD[key]])).toEqual(slice.map((w) => numOrNull(w[SHOWN[key]])));
          const values = r.body.data.map((d: Record<string, number>) => d[FIELD[key]]).filter((v: number | null) => v !== null);
          expect(values).toEqual([...values].sort((a: number, b: number) => (desc ? b - a : a - b)));
        }
      }
    }
  });

  it('address= returns that account alone with its figures; an address with no account returns none', async () => {
    const picks = await sql(`SELECT * FROM (${EXPECTED_ACCOUNTS_SQL}) ORDER BY tx_total DESC, address LIMIT 3`);
    for (const w of picks) {
      const r = await get(`/api/account/list?address=${w.address}`);
      expect(r.body.rangeTotal).toBe(1);
      expect(r.body.data).toEqual([expect.objectContaining({
        address: w.address, balance: num(w.balance), power: num(w.power), totalTransactionCount: numOrNull(w.lt_total),
        latestOperationTime: num(w.latest_operation_time),
      })]);
    }
    const [none] = await sql(`SELECT a FROM (SELECT to_address AS a FROM raw_token_transfers UNION SELECT from_address FROM raw_token_transfers)
      WHERE a NOT IN (SELECT address FROM snap_account_snapshots) ORDER BY a LIMIT 1`);
    if (none) {
      const r = await get(`/api/account/list?address=${none.a}`);
      expect(r.body).toMatchObject({ total: 0, rangeTotal: 0, data: [] });
    }
  });

  it('envelope: every account counted, account_number from the anchor plus accounts created since the first block, 24 h creations', async () => {
    const m = await testManifest();
    const [w] = await sql(`SELECT count(*) AS n,
        count(*) FILTER (WHERE create_time > ${m.head.timestamp - 86_400_000}) AS day,
        count(*) FILTER (WHERE create_time >= ${m.first.timestamp}) AS since_first
      FROM (${EXPECTED_ACCOUNTS_SQL})`);
    const anchors = await sql(`SELECT value_raw FROM ref_chain_anchors WHERE name = 'account_count'`).catch(() => []);
    const r = await get('/api/account/list');
    expect(r.body.rangeTotal).toBe(num(w!.n));
    expect(r.body.total).toBe(Math.min(num(w!.n), 10_000));
    expect(r.body.last_24h_account_change).toBe(num(w!.day));
    // Whole network (docs/compat.md "Whole-chain figures"): the anchor + the lake's creations, null without an anchor.
    const from = m.first.number === 0 ? 0 : anchors[0] ? num(anchors[0].value_raw) : null;
    expect(r.body.account_number).toBe(from === null ? null : from + num(w!.since_first));
    if (m.source.kind === 'generate') expect(r.body.account_number).not.toBeNull();
    expect(r.body.data).toHaveLength(Math.min(10, num(w!.n)));
  });

  it('bad input is a 400 naming the parameter; limit is cut to 50', async () => {
    for (const [q, name] of [['address=abc', 'address'], ['start=10001', 'start'], ['limit=-1', 'limit']]) {
      const r = await get(`/api/account/list?${q}`);
      expect(r.status).toBe(400);
      expect(r.text).toMatch(name!);
    }
    expect((await get('/api/account/list?limit=500')).body.data.length).toBeLessThanOrEqual(50);
  });
});
