import { describe, expect, it } from 'vitest';
import { get, privateApp, sql, testManifest } from '../../helpers/lake.ts';
import { whole } from '../../helpers/csv.ts';

const n = (v: unknown) => Number(v);

describe('GET /api/block', () => {
  it('defaults: 10 newest blocks, totals over the whole chain', async () => {
    const [c] = await sql('select count(*) as n, max(block_number) as hi from raw_blocks');
    const { status, body } = await get('/api/block');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(10);
    expect(body.rangeTotal).toBe(n(c!.n));
    expect(body.total).toBe(Math.min(n(c!.n), 10000));
    expect(body.data[0].number).toBe(n(c!.hi));
    const numbers = body.data.map((b: { number: number }) => b.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it('a block by number has the fields, types and units of the reference', async () => {
    const [b] = await sql(`select b.*, w.name as wname, w.rank as wrank from raw_blocks b left join dim_witnesses w on w.address = b.witness_address
                           where b.tx_count > 0 order by b.block_number limit 1 offset 3`);
    const [t] = await sql(`select count(*) as n, sum(fee) as fee from raw_transactions where block_number = ${b!.block_number}`);
    const m = await testManifest();
    const { body } = await get(`/api/block?number=${b!.block_number}&start_timestamp=1&end_timestamp=2`);
    expect(body.rangeTotal).toBe(1);
    const x = body.data[0];
    expect(x).toMatchObject({
      number: n(b!.block_number),
      hash: b!.block_hash,
      parentHash: b!.parent_hash,
      timestamp: n(b!.timestamp),
      size: n(b!.size_bytes),
      nrOfTrx: n(t!.n),
      witnessAddress: b!.witness_address,
      witnessName: b!.wname ?? '',
      witnessId: b!.wrank === null ? 0 : n(b!.wrank),
      version: String(b!.version),
      fee: n(t!.fee) / 1e6,
      confirmed: n(b!.block_number) <= m.solidBlock,
      confirmations: m.head.number - n(b!.block_number),
      revert: false,
    });
    expect(typeof x.version).toBe('string');
    expect(x.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(x.hash.slice(0, 16)).toBe(n(b!.block_number).toString(16).padStart(16, '0'));
  });

  it("a page's witness names and ranks are the witnesses dimension's (per-version map, not a join: issue 32)", async () => {
    const rows = await sql(`select b.block_number, w.name, w.rank from raw_blocks b left join dim_witnesses w on w.address = b.witness_address
                            order by b.block_number desc limit 50`);
    const { body } = await get('/api/block?limit=50');
    expect(body.data.map((x: { number: number; witnessName: string; witnessId: number }) => [x.number, x.witnessName, x.witnessId])).toEqual(
      rows.map((r) => [n(r.block_number), r.name ?? '', r.rank === null ? 0 : n(r.rank)]),
    );
    // A producer that is no witness (if the lake has one) shows '' and 0, as the join's NULLs did.
    const [stranger] = await sql(`select b.block_number from raw_blocks b anti join dim_witnesses w on w.address = b.witness_address order by 1 limit 1`);
    if (stranger) expect((await get(`/api/block?number=${stranger.block_number}`)).body.data[0]).toMatchObject({ witnessName: '', witnessId: 0 });
  });

  it('filters by producer', async () => {
    const [w] = await sql('select witness_address as a, count(*) as n from raw_blocks group by 1 order by 1 limit 1');
    const { body } = await get(`/api/block?producer=${w!.a}&limit=50`);
    expect(body.rangeTotal).toBe(n(w!.n));
    expect(body.data.every((b: { witnessAddress: string }) => b.witnessAddress === w!.a)).toBe(true);
  });

  it("every producer's total is its raw blocks (stored per producer, issue 32); a time window counts its rows", async () => {
    const producers = await sql('select witness_address as a, count(*) as n, quantile_disc(timestamp, 0.5) as mid from raw_blocks group by 1 order by 1');
    expect(producers.length).toBeGreaterThan(0);
    for (const w of producers) {
      for (const q of ['limit=20', 'limit=0', 'start=40&limit=10', 'sort=number&limit=5']) {
        const { body } = await get(`/api/block?producer=${w.a}&${q}`);
        expect(body.rangeTotal, `${w.a} ${q}`).toBe(n(w.n));
        expect(body.total, `${w.a} ${q}`).toBe(Math.min(n(w.n), 10000));
      }
      for (const [sort, dir, start] of [['-number', 'desc', 0], ['-number', 'desc', 45], ['number', 'asc', 3]] as const) {
        const want = await sql(`select block_number b from raw_blocks where witness_address = '${w.a}' order by block_number ${dir} limit 20 offset ${start}`);
        const { body } = await get(`/api/block?producer=${w.a}&sort=${sort}&start=${start}&limit=20`);
        expect(body.data.map((x: { number: number }) => x.number), `${w.a} ${sort} ${start}`).toEqual(want.map((r) => n(r.b)));
      }
      const [c] = await sql(`select count(*) as n from raw_blocks where witness_address = '${w.a}' and timestamp >= ${n(w.mid)}`);
      expect((await get(`/api/block?producer=${w.a}&start_timestamp=${n(w.mid)}`)).body.rangeTotal, String(w.a)).toBe(n(c!.n));
    }
  });

  it('filters by time window (ms), bounds included', async () => {
    const [r] = await sql('select min(timestamp) as lo from raw_blocks');
    const from = n(r!.lo) + 86_400_000;
    const to = from + 3_600_000;
    const [c] = await sql(`select count(*) as n, max(block_number) as hi from raw_blocks where timestamp between ${from} and ${to}`);
    const { body } = await get(`/api/block?start_timestamp=${from}&end_timestamp=${to}`);
    expect(body.rangeTotal).toBe(n(c!.n));
    expect(body.data[0].number).toBe(n(c!.hi));
  });

  it('sorts by number both ways; unknown sort keys fall back to -number', async () => {
    const [r] = await sql('select min(block_number) as lo, max(block_number) as hi from raw_blocks');
    expect((await get('/api/block?sort=number&limit=1')).body.data[0].number).toBe(n(r!.lo));
    expect((await get('/api/block?sort=-number&limit=1')).body.data[0].number).toBe(n(r!.hi));
    expect((await get('/api/block?sort=size&limit=1')).body.data[0].number).toBe(n(r!.hi));
  });

  // Paging, limits, the sum rule and a 400 naming each malformed parameter: test/contract/endpoints.test.ts.
  it('an end before the start is a 400 on end_timestamp', async () => {
    const r = await get('/api/block?start_timestamp=2000&end_timestamp=1000');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'BAD_PARAMETER', param: 'end_timestamp' });
  });

  it('no match is 200 with an empty list', async () => {
    const r = await get('/api/block?producer=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 0, rangeTotal: 0, data: [] });
    expect((await get('/api/block?number=1')).body.data).toEqual([]);
  });

  it('a block by number is one key-file read and a hash one statement once the version is read: no count, day lookup or whole-chain count', async () => {
    const [ends] = await sql('select min(block_number) as lo, max(block_number) as hi from raw_blocks');
    const [first, last] = [Number(ends!.lo), Number(ends!.hi)];
    const [mid] = await sql(`select block_number, block_hash from raw_blocks order by block_number limit 1 offset 7`);
    const app = await privateApp();
    const ask = async (url: string) => {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      const timing = String(r.headers['server-timing'] ?? '').split(', ').map((t) => t.split(';')[0]!).filter(Boolean);
      return { body: JSON.parse(r.body), statements: timing.filter((t) => t.startsWith('block_') || t.startsWith('common_') || t.startsWith('keys.')) };
    };
    await ask(`/api/block?number=${first}`); // reads the version's days and whole-chain count once
    // Both ends of the lake and a block inside, by number and by hash: the block, a total of 1, one read.
    for (const url of [`/api/block?number=${first}`, `/api/block?number=${last}`, `/api/block?number=${mid!.block_number}`, `/api/block?hash=${mid!.block_hash}`]) {
      const r = await ask(url);
      expect(r.body.data.map((b: { number: number }) => b.number), url).toEqual([url.includes('hash=') ? Number(mid!.block_number) : Number(url.split('=')[1])]);
      expect([r.body.total, r.body.rangeTotal], url).toEqual([1, 1]);
      // A number reads the key file (issue 32: no statement), a hash (not a key of it) the page statement.
      expect(r.statements, url).toEqual([url.includes('hash=') ? 'block_block.page' : 'keys.blocks_by_number']);
    }
    // Just past each end: no day holds it, no block, a total of 0.
    for (const n of [first - 1, last + 1]) {
      const r = await ask(`/api/block?number=${n}`);
      expect([r.body.data, r.body.total, r.body.rangeTotal]).toEqual([[], 0, 0]);
    }
    // A later page of a lookup still counts: the block exists, the page is empty.
    const later = await ask(`/api/block?number=${mid!.block_number}&start=1`);
    expect([later.body.data, later.body.rangeTotal]).toEqual([[], 1]);
  });

  it('a download with limit is the page of plain SQL, also across a day boundary, both sorts (read a day at a time from the sorted end)', async () => {
    // A window of up to 30 blocks each side of the newest day's midnight; the pages start up to 20 rows before the
    // boundary, so they take rows of both days.
    const [m] = await sql('select max(timestamp) // 86400000 * 86400000 as midnight from raw_blocks');
    const midnight = n(m!.midnight);
    const [w] = await sql(`select (select min(timestamp) from (select timestamp from raw_blocks where timestamp < ${midnight} order by timestamp desc limit 30)) as lo,
                                  (select max(timestamp) from (select timestamp from raw_blocks where timestamp >= ${midnight} order by timestamp limit 30)) as hi`);
    const [from, to] = [n(w!.lo), n(w!.hi)];
    const inWindow = `from raw_blocks where timestamp between ${from} and ${to}`;
    const [c] = await sql(`select count(*) filter (where timestamp >= ${midnight}) as after, count(*) filter (where timestamp < ${midnight}) as before ${inWindow}`);
    const [after, before] = [n(c!.after), n(c!.before)];
    const cross = Math.min(20, after, before);
    expect(cross).toBeGreaterThan(0);
    const numbers = (d: { rows: Record<string, string>[] }) => d.rows.map((r) => Number(r.block_number));
    const expected = async (dir: string, start: number, limit: number) =>
      (await sql(`select block_number ${inWindow} order by block_number ${dir} limit ${limit} offset ${start}`)).map((r) => n(r.block_number));
    const win = `start_timestamp=${from}&end_timestamp=${to}`;
    for (const [sort, dir, start] of [['-number', 'desc', after - cross], ['number', 'asc', before - cross]] as const) {
      const page = await whole(`/api/block?${win}&sort=${sort}&start=${start}&limit=50&format=csv`);
      const want = await expected(dir, start, 50);
      expect(numbers(page), sort).toEqual(want);
      expect(want.length).toBe(Math.min(50, after + before - start));
    }
    // The page's bounds alone: the window's last rows (fewer than the limit), limit=1, and the default newest page.
    const tail = after + before - 7;
    const last = await whole(`/api/block?${win}&start=${tail}&limit=50&format=csv`);
    expect(numbers(last)).toEqual(await expected('desc', tail, 50));
    expect(last.rows).toHaveLength(7);
    expect(numbers(await whole(`/api/block?${win}&limit=1&format=csv`))).toEqual(await expected('desc', 0, 1));
    const newest = await sql('select block_number from raw_blocks order by block_number desc limit 10');
    expect(numbers(await whole('/api/block?limit=10&format=csv'))).toEqual(newest.map((r) => n(r.block_number)));
    // limit=0: the header alone.
    const none = await whole(`/api/block?${win}&limit=0&format=csv`);
    expect([none.rows, none.header[0]]).toEqual([[], 'block_number']);
  });

  it("a block's nrOfTrx equals the transactions /api/transaction?block= returns", async () => {
    const [b] = await sql('select block_number from raw_blocks where tx_count >= 2 order by tx_count desc, block_number limit 1');
    const blk = (await get(`/api/block?number=${b!.block_number}`)).body.data[0];
    const txs = await get(`/api/transaction?block=${b!.block_number}&limit=50`);
    expect(txs.body.rangeTotal).toBe(blk.nrOfTrx);
    expect(txs.body.data.every((t: { block: number }) => t.block === blk.number)).toBe(true);
  });
});
