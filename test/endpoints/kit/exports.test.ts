/**
 * Downloads of the lists declared without `defineList` (src/endpoints/kit/exports.ts; issue 28, docs/compat.md
 * "Exports"): `/api/vote`, `/api/account/list`, `/api/pagewitness`, `/api/proposal`, `/api/account/tokens`,
 * `/api/account/resource`, `/api/account/resourcev2`. Without `limit` a CSV download holds every row of the filtered,
 * sorted result (from `start`), counted and ordered here with plain SQL over the raw and snapshot tables (never the
 * endpoints' templates or derived tables), and its `X-Row-Count` trailer counts them; with `limit` it is exactly the
 * JSON page. Runs on the generated and the ingested lake.
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { csv, whole } from '../../helpers/csv.ts';
import { EXPECTED_ACCOUNTS_SQL } from '../account/expected-accounts.ts';
import { expectedProposals, witnessDim } from '../witness/expected.ts';
import { POSITIONS } from '../token/ledgers.ts';

/** The CSV text of a JSON item's field, as the service writes it (a missing field is empty, a nested one its JSON). */
function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** With `limit`, the download is the JSON page: same items, same order, every field as the JSON writes it. */
async function samePage(url: string, key = 'data'): Promise<void> {
  const json = await get(url);
  expect(json.status, url).toBe(200);
  const items = json.body[key] as Record<string, unknown>[];
  const d = await whole(`${url}&format=csv`);
  expect(d.rows.length, url).toBe(items.length);
  d.rows.forEach((row, i) => {
    for (const h of d.header) {
      const want = items[i]![h];
      // A number is compared as a number (the JSON of a double and the CSV text may differ in digits, not in value).
      expect(typeof want === 'number' && row[h] !== '' ? Number(row[h]) : row[h], `${url} row ${i} ${h}`).toEqual(typeof want === 'number' ? want : cell(want));
    }
    // Every field of the item is a column.
    for (const k of Object.keys(items[i]!)) expect(d.header, `${url}: column ${k}`).toContain(k);
  });
}

const NEWEST = `SELECT * FROM snap_account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1`;

describe('/api/vote downloads', () => {
  /** Every current vote (voter, candidate, votes) of the newest snapshots, largest first, ties by voter then candidate. */
  const VOTES = `
    SELECT voter, v.address AS candidate, v.count AS votes FROM (
      SELECT address AS voter, unnest(from_json(votes_json, '[{"address":"VARCHAR","count":"BIGINT"}]')) AS v FROM (${NEWEST})
    ) WHERE v.count > 0`;
  const triple = (r: Record<string, unknown>) => `${r.voter ?? r.voterAddress}|${r.candidate ?? r.candidateAddress}|${r.votes}`;

  it('without limit: every current vote in the order of plain SQL, whatever its count; with a filter, start or an ascending sort too', async () => {
    const all = await sql(`${VOTES} ORDER BY votes DESC, voter, candidate`);
    const d = await whole('/api/vote?format=csv');
    expect(d.header).toEqual(['timestamp', 'voterAddress', 'candidateAddress', 'votes', 'candidateName', 'candidateUrl', 'candidateTotalVotes', 'voterAvailableVotes']);
    expect(d.rows.map(triple)).toEqual(all.map(triple));
    // More than the largest JSON page (50) and than the 10,000 window where the lake has them.
    if ((await testManifest()).source.kind === 'generate') expect(all.length).toBeGreaterThan(50);
    expect((await get('/api/vote?limit=1')).body.total).toBe(all.length);
    // From start, without limit.
    expect((await whole('/api/vote?format=csv&start=7')).rows.map(triple)).toEqual(all.slice(7).map(triple));
    // The candidate with the most voters, ascending (ties still by voter, then candidate, ascending); one of its voters.
    const count = new Map<string, number>();
    for (const r of all) count.set(String(r.candidate), (count.get(String(r.candidate)) ?? 0) + 1);
    const top = [...count].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
    if (top) {
      const mine = all.filter((r) => r.candidate === top);
      const asc = [...mine].sort((a, b) => Number(a.votes) - Number(b.votes) || (String(a.voter) < String(b.voter) ? -1 : String(a.voter) > String(b.voter) ? 1 : 0));
      expect((await whole(`/api/vote?candidate=${top}&sort=votes&format=csv`)).rows.map(triple)).toEqual(asc.map(triple));
      const voter = String(mine[0]!.voter);
      expect((await whole(`/api/vote?voter=${voter}&format=csv`)).rows.map(triple)).toEqual(all.filter((r) => r.voter === voter).map(triple));
    }
  });

  it('with limit: exactly the JSON page (default, filtered, sorted by time)', async () => {
    await samePage('/api/vote?limit=20&start=3');
    await samePage('/api/vote?limit=15&sort=-timestamp');
    const [first] = (await get('/api/vote?limit=1')).body.data;
    if (first) await samePage(`/api/vote?candidate=${first.candidateAddress}&limit=50`);
  });
});

// Lists whose pages need no sample from the lake: with limit, the download is exactly the JSON page.
describe.each([
  '/api/account/list?limit=30&start=4',
  '/api/account/list?limit=10&sort=totalTransactionCount',
  '/api/pagewitness?limit=5&start=1',
  '/api/pagewitness?limit=20&sortField=producedTotal&sort=1',
])('%s&format=csv', (url) => {
  it('is exactly the JSON page', () => samePage(url));
});

describe('/api/account/list downloads', () => {
  it('without limit: every account ranked as plain SQL over the newest snapshots ranks them, both ways, from start', async () => {
    const desc = await sql(`SELECT address, CAST(balance AS VARCHAR) AS b FROM (${EXPECTED_ACCOUNTS_SQL}) ORDER BY balance DESC, address ASC`);
    expect(desc.length).toBeGreaterThan(0);
    const d = await whole('/api/account/list?format=csv');
    expect(d.header).toEqual(['address', 'addressTagLogo', 'balance', 'power', 'totalTransactionCount', 'latestOperationTime', 'updateTime']);
    expect(d.rows.map((r) => `${r.address}|${r.balance}`)).toEqual(desc.map((r) => `${r.address}|${r.b}`));
    // Past the largest JSON page (50): the whole ranking.
    if ((await testManifest()).source.kind === 'generate') expect(desc.length).toBeGreaterThan(50);
    const asc = await sql(`SELECT address FROM (${EXPECTED_ACCOUNTS_SQL}) ORDER BY power ASC, address DESC`);
    expect((await whole('/api/account/list?sort=power&start=5&format=csv')).rows.map((r) => r.address)).toEqual(asc.slice(5).map((r) => r.address));
    const one = String(desc[0]!.address);
    expect((await whole(`/api/account/list?address=${one}&format=csv`)).rows.map((r) => r.address)).toEqual([one]);
    expect((await whole(`/api/account/list?address=${one}&start=1&format=csv`)).rows).toEqual([]);
  });
});

describe('/api/pagewitness downloads', () => {
  it('without limit: every witness of the type, in rank order or by a field, from start', async () => {
    const dim = await witnessDim();
    expect(dim.length).toBeGreaterThan(0);
    const d = await whole('/api/pagewitness?format=csv');
    expect(d.header.slice(0, 3)).toEqual(['address', 'name', 'url']);
    expect(d.rows.map((r) => [r.address, r.ranking])).toEqual(dim.map((w) => [w.address, String(w.rank)]));
    const candidates = dim.filter((w) => w.rank > 127);
    expect((await whole('/api/pagewitness?witnesstype=3&start=2&format=csv')).rows.map((r) => r.address)).toEqual(candidates.slice(2).map((w) => w.address));
    const byBrokerage = [...dim].sort((a, b) => b.brokerage - a.brokerage || a.rank - b.rank);
    expect((await whole('/api/pagewitness?sortField=brokerage&sort=1&format=csv')).rows.map((r) => [r.address, r.brokerage])).toEqual(
      byBrokerage.map((w) => [w.address, String(w.brokerage)]),
    );
  });
});

describe('/api/proposal downloads', () => {
  it('without limit: every proposal of the state, newest first, from start; id: that proposal as one row', async () => {
    const want = await expectedProposals();
    const d = await whole('/api/proposal?format=csv');
    expect(d.header[0]).toBe('proposalId');
    expect(d.rows.map((r) => Number(r.proposalId))).toEqual(want.map((w) => w.id));
    expect(d.rows.map((r) => (JSON.parse(r.proposer!) as { address: string }).address)).toEqual(want.map((w) => w.proposer));
    expect(d.rows.map((r) => (JSON.parse(r.approvals!) as { address: string }[]).map((a) => a.address))).toEqual(want.map((w) => w.approvals));
    expect((await whole('/api/proposal?start=1&format=csv')).rows.map((r) => Number(r.proposalId))).toEqual(want.slice(1).map((w) => w.id));
    for (const state of ['APPROVED', 'PENDING']) {
      expect((await whole(`/api/proposal?state=${state}&format=csv`)).rows.map((r) => Number(r.proposalId))).toEqual(want.filter((w) => w.state === state).map((w) => w.id));
    }
    if (want[0]) expect((await whole(`/api/proposal?id=${want[0].id}&format=csv`)).rows.map((r) => Number(r.proposalId))).toEqual([want[0].id]);
    expect((await whole('/api/proposal?id=999999999&format=csv')).rows).toEqual([]);
  });

  it('with limit: exactly the JSON page, limit bounds kept (20-200)', async () => {
    await samePage('/api/proposal?limit=20&start=1');
    expect((await csv('/api/proposal?limit=5&format=csv')).status).toBe(400);
  });
});

describe('/api/account/tokens downloads', () => {
  it('without limit: the TRX row, then every positive position of the independent ledgers', async () => {
    const [r] = await sql(`SELECT h FROM (${POSITIONS}) GROUP BY h ORDER BY count(*) DESC, h LIMIT 1`);
    const a = String(r!.h);
    const want = await sql(`SELECT id, CAST(bal AS VARCHAR) AS b FROM (${POSITIONS}) WHERE h = '${a}' ORDER BY id`);
    const d = await whole(`/api/account/tokens?address=${a}&show=3&hidden=1&format=csv`);
    expect(d.rows[0]!.tokenId).toBe('_');
    expect(d.rows.slice(1).map((x) => `${x.tokenId}|${x.balance}`).sort()).toEqual(want.map((w) => `${w.id}|${w.b}`).sort());
    // From start, without limit: the same order as the whole download.
    expect((await whole(`/api/account/tokens?address=${a}&show=3&hidden=1&start=1&format=csv`)).rows).toEqual(d.rows.slice(1));
    await samePage(`/api/account/tokens?address=${a}&show=3&hidden=1&limit=3&start=1`);
    await samePage(`/api/account/tokens?address=${a}&show=3&hidden=1&sortBy=3&sortType=1&limit=200`);
  });
});

describe('/api/account/resource and /api/account/resourcev2 downloads', () => {
  /** Each Stake 1.0 / 2.0 delegation pair's newest row with a balance. */
  const PAIRS = (version: number) => `SELECT * FROM snap_resource_delegations WHERE version = ${version}
    QUALIFY row_number() OVER (PARTITION BY from_address, to_address, resource ORDER BY as_of_block DESC) = 1`;

  it('/api/account/resource without limit: own Stake 1.0 positions and delegations both ways, in the statement order', async () => {
    // Every Stake 1.0 row per account: own (newest snapshot), given (type 2) and received (type 3).
    const ROWS = `
      SELECT address, 1 AS type, address AS owner, address AS receiver, 'BANDWIDTH' AS resource, frozen_v1_bandwidth AS balance FROM (${NEWEST}) WHERE frozen_v1_bandwidth > 0
      UNION ALL SELECT address, 1, address, address, 'ENERGY', frozen_v1_energy FROM (${NEWEST}) WHERE frozen_v1_energy > 0
      UNION ALL SELECT from_address, 2, from_address, to_address, resource, balance FROM (${PAIRS(1)}) WHERE balance > 0
      UNION ALL SELECT to_address, 3, from_address, to_address, resource, balance FROM (${PAIRS(1)}) WHERE balance > 0`;
    const [top] = await sql(`SELECT address FROM (${ROWS}) GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    if (!top) return; // no Stake 1.0 state in this lake: nothing to download
    const want = await sql(`SELECT * FROM (${ROWS}) WHERE address = '${top.address}' ORDER BY type, resource, receiver, owner`);
    const d = await whole(`/api/account/resource?address=${top.address}&format=csv`);
    expect(d.rows.map((r) => `${r.ownerAddress}|${r.receiverAddress}|${r.resource}|${r.frozenBalance}`)).toEqual(
      want.map((w) => `${w.owner}|${w.receiver}|${w.resource}|${w.balance}`),
    );
    expect((await whole(`/api/account/resource?address=${top.address}&start=1&format=csv`)).rows).toEqual(d.rows.slice(1));
    await samePage(`/api/account/resource?address=${top.address}&limit=1&start=0`);
  });

  it('/api/account/resourcev2 without limit: every delegation given, sorted by balance both ways (ties by receiver)', async () => {
    const [top] = await sql(`SELECT from_address AS a FROM (${PAIRS(2)}) WHERE balance > 0 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    if (!top) return; // no Stake 2.0 delegation in this lake
    const res = `CASE resource WHEN 'ENERGY' THEN 1 WHEN 'TRON_POWER' THEN 2 ELSE 0 END`;
    for (const dir of ['desc', 'asc']) {
      const want = await sql(`SELECT to_address, ${res} AS r, balance FROM (${PAIRS(2)}) WHERE from_address = '${top.a}' AND balance > 0
        ORDER BY balance ${dir}, to_address, from_address, r`);
      const d = await whole(`/api/account/resourcev2?address=${top.a}&type=2&sort=balance&order=${dir}&format=csv`);
      expect(d.header).toEqual(['ownerAddress', 'receiverAddress', 'balance', 'resource', 'resourceValue', 'lockBalance', 'lockResourceValue', 'expireTime', 'operationTime']);
      expect(d.rows.map((r) => `${r.receiverAddress}|${r.resource}|${r.balance}`), dir).toEqual(want.map((w) => `${w.to_address}|${w.r}|${w.balance}`));
    }
    const all = await whole(`/api/account/resourcev2?address=${top.a}&type=2&format=csv`);
    expect((await whole(`/api/account/resourcev2?address=${top.a}&type=2&start=1&format=csv`)).rows).toEqual(all.rows.slice(1));
    await samePage(`/api/account/resourcev2?address=${top.a}&type=2&limit=2&start=1`);
    await samePage(`/api/account/resourcev2?address=${top.a}&type=2&sort=usage&limit=20`);
  });
});

/**
 * A time-ordered download without `limit` is read one UTC day at a time (kit/time-window.ts `dayWindows`, CsvPlan
 * `windows`), so DuckDB sorts one day's rows before the first row goes, not the whole range's (issue 30). The days
 * together are the range: every transaction of the lake once, newest first, and `start` skips across day edges.
 */
describe('a time-ordered download walks its range day by day', () => {
  const DAY = 86_400_000;
  const dayOf = (ms: number) => Math.floor(ms / DAY) * DAY;

  it('cuts the lake into its UTC days, NULL bounds only at the lake ends, newest first when descending', async () => {
    const { dayWindows } = await import('../../../src/endpoints/kit/time-window.ts');
    const m = await testManifest();
    const days = (dayOf(m.head.timestamp) - dayOf(m.first.timestamp)) / DAY + 1;
    const desc = dayWindows(0, Number.MAX_SAFE_INTEGER, true, m);
    expect(desc).toHaveLength(days);
    expect(desc[0]!.end_ts).toBeNull();
    expect(desc.at(-1)!.start_ts).toBeNull();
    expect(desc.at(-1)!.end_day).toBe(new Date(m.first.timestamp).toISOString().slice(0, 10));
    expect(dayWindows(0, Number.MAX_SAFE_INTEGER, false, m)).toEqual([...desc].reverse());
    // Each bound alone: a start inside a day keeps it as the first window's start; an end inside a day, the last's end.
    const from = dayOf(m.head.timestamp) - DAY + 1234;
    const asc = dayWindows(from, Number.MAX_SAFE_INTEGER, false, m);
    expect(asc.map((w) => [w.start_ts, w.end_ts])).toEqual([[from, dayOf(m.head.timestamp) - 1], [dayOf(m.head.timestamp), null]]);
    const to = dayOf(m.first.timestamp) + DAY + 99;
    expect(dayWindows(0, to, false, m).map((w) => [w.start_ts, w.end_ts])).toEqual([[null, dayOf(m.first.timestamp) + DAY - 1], [dayOf(m.first.timestamp) + DAY, to]]);
  });

  it('/api/transaction?format=csv holds every transaction once, newest first, and start skips across day edges', async () => {
    const d = await whole('/api/transaction?format=csv');
    const [{ n }] = (await sql('SELECT count(*)::INTEGER AS n FROM raw_transactions')) as [{ n: number }];
    expect(d.rows.length).toBe(n);
    expect(new Set(d.rows.map((r) => r.tx_hash)).size).toBe(n);
    const ts = d.rows.map((r) => Number(r.timestamp));
    expect(ts.every((t, i) => i === 0 || t <= ts[i - 1]!)).toBe(true);
    // The newest day's rows, counted over the raw table, plus 3: the skipped part ends inside the day before.
    const [{ k }] = (await sql(`SELECT count(*)::INTEGER + 3 AS k FROM raw_transactions WHERE timestamp >= ${dayOf(Math.max(...ts))}`)) as [{ k: number }];
    const later = await whole(`/api/transaction?format=csv&start=${k}`);
    expect(later.rows.map((r) => r.tx_hash)).toEqual(d.rows.slice(k).map((r) => r.tx_hash));
  });
});
