/**
 * CSV lines written by SQL (src/http/csv.ts `csvLineSql`, Engine.streamText), the path of large downloads: the same
 * bytes as `csvLines` over the cells toCell gives (the reference, written without SQL) for every kind of value it
 * takes (quotes, commas, CR / LF, formula guards, NULL, integers beyond 2^53, negative DECIMALs, booleans, non-ASCII);
 * declined for the types only TypeScript prints; and a real export template streamed both ways over the test lake.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBTypeId } from '@duckdb/node-api';
import { Db, textKindOf } from '../../src/duckdb/duck.ts';
import { csvLineSql, csvLines } from '../../src/http/csv.ts';
import { Engine } from '../../src/engine/engine.ts';
import { loadTemplates, planStatement } from '../../src/endpoints/kit/context.ts';
import block from '../../src/endpoints/block/block.ts';
import { lakeDir, sql, testManifest } from '../helpers/lake.ts';

describe('csvLineSql', () => {
  let db: Db;
  beforeAll(async () => {
    db = await Db.open();
    const texts = ['plain', '', 'a,b', 'say "hi"', 'line\nbreak', 'cr\rx', '=SUM(A1)', '+1', '-x', '@me', '\tTab', '\rCR', '=a,"b"', 'ünï,cödé ✓', "it's", 'x=1'];
    const rows = texts.map((t, i) => `(${i}, '${t.replace(/'/g, "''")}')`).join(', ');
    await db.run(`CREATE TABLE cells AS SELECT
        i, t,
        CASE WHEN i % 5 = 0 THEN NULL ELSE t END AS maybe,
        CASE WHEN i % 3 = 0 THEN NULL ELSE (i - 8) * 9007199254740993 END::HUGEINT AS big,
        (i - 8)::TINYINT AS tiny,
        CASE WHEN i % 4 = 0 THEN NULL ELSE i % 2 = 0 END AS flag,
        CASE WHEN i % 6 = 0 THEN NULL ELSE ((i - 8) * 1.25)::DECIMAL(20, 6) END AS dec,
        (i - 8)::DECIMAL(38, 0) * 1000000000000000000000 AS whole,
        18446744073709551615::UBIGINT AS ubig
      FROM (VALUES ${rows}) v(i, t)`);
  });
  afterAll(() => db?.close());

  it('writes the bytes csvLines writes over the same cells, row by row', async () => {
    const cols = ['i', 't', 'maybe', 'big', 'tiny', 'flag', 'dec', 'whole', 'ubig'];
    const described = await db.all(`SELECT column_name AS name, column_type AS type FROM (DESCRIBE SELECT * FROM cells)`);
    expect(described.map((k) => `${k.name} ${k.type}`)).toEqual(['i INTEGER', 't VARCHAR', 'maybe VARCHAR', 'big HUGEINT', 'tiny TINYINT', 'flag BOOLEAN', 'dec DECIMAL(20,6)', 'whole DECIMAL(38,0)', 'ubig UBIGINT']);
    const types = { i: 'integer', t: 'text', maybe: 'text', big: 'integer', tiny: 'integer', flag: 'boolean', dec: 'text', whole: 'text', ubig: 'integer' } as const;
    const expr = csvLineSql(cols.map((name) => ({ name, kind: types[name as keyof typeof types] })));
    expect(expr).toBeDefined();
    const lines = await db.all(`SELECT ${expr!} AS text FROM (SELECT * FROM cells ORDER BY i) q`);
    const cells = await db.all('SELECT * FROM cells ORDER BY i');
    expect(cells.length).toBe(16);
    const want = csvLines(cells.map((r) => cols.map((c) => r[c]!)));
    expect(`${lines.map((l) => l.text).join('\r\n')}\r\n`).toBe(want);
    // The rules are really exercised: a guarded cell, a quoted one, an empty NULL, a guarded negative decimal.
    expect(want).toContain(`"'=a,""b"""`);
    expect(want).toContain(`'@me`);
    expect(want).toContain(`,'-8.750000,`);
    expect(want).toContain('"line\nbreak"');
  });

  it('declines what only TypeScript prints: a double, a float, a list, a date, a timestamp, a name twice', async () => {
    const probe = await db.all(`SELECT typeof(x) AS t FROM (SELECT 1.5::DOUBLE AS x UNION ALL SELECT 1)`);
    expect(probe[0]!.t).toBe('DOUBLE');
    for (const id of [DuckDBTypeId.DOUBLE, DuckDBTypeId.FLOAT, DuckDBTypeId.LIST, DuckDBTypeId.DATE, DuckDBTypeId.TIMESTAMP, DuckDBTypeId.STRUCT, DuckDBTypeId.BLOB]) {
      expect(textKindOf(id), DuckDBTypeId[id]).toBeNull();
    }
    expect([DuckDBTypeId.VARCHAR, DuckDBTypeId.DECIMAL, DuckDBTypeId.HUGEINT, DuckDBTypeId.UBIGINT, DuckDBTypeId.BOOLEAN].map(textKindOf)).toEqual(['text', 'text', 'integer', 'integer', 'boolean']);
    expect(csvLineSql([{ name: 'a', kind: 'integer' }, { name: 'b', kind: textKindOf(DuckDBTypeId.DOUBLE) }])).toBeUndefined();
    expect(csvLineSql([{ name: 'a', kind: 'integer' }, { name: 'a', kind: 'text' }])).toBeUndefined();
    expect(csvLineSql([])).toBeUndefined();
  });
});

describe('Engine.streamText over an export template', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await Engine.open({ dataDir: lakeDir(), manifest: await testManifest(), poolSize: 1, threads: 1, memoryLimit: '1GB', timeoutMs: 30_000 });
  });
  afterAll(async () => engine?.close());

  it("/api/block's statement: the lines equal csvLines over its cells, in its order; a double column declines", async () => {
    const templates = await loadTemplates([block]);
    const [span] = await sql('SELECT max("timestamp") AS hi FROM raw_blocks');
    const binds = { block: null, producer: null, hash: null, start_ts: Number(span!.hi) - 86_400_000, end_ts: null, lim: 5_000, off: 0 };
    const t = planStatement(templates, { query: 'block/block', binds, orderBy: 'block_number DESC' });
    const cells: unknown[][] = [];
    await engine.stream(t, binds, async (_c, rows) => (cells.push(...rows), true), 'block_number DESC');
    const texts: string[] = [];
    const r = await engine.streamText(t, binds, csvLineSql, async (_c, lines) => (texts.push(...lines), true), 'block_number DESC');
    expect(r?.complete).toBe(true);
    expect(cells.length).toBeGreaterThan(1_000);
    expect(`${texts.join('\r\n')}\r\n`).toBe(csvLines(cells as never));
    // Independent of the engine: the newest blocks of the window, in order, from the raw table.
    const newest = await sql(`SELECT block_number FROM raw_blocks WHERE "timestamp" >= ${binds.start_ts} ORDER BY block_number DESC LIMIT 3`);
    expect(texts.slice(0, 3).map((l) => Number(l.split(',')[0]))).toEqual(newest.map((x) => Number(x.block_number)));
    // A wrapper that declines (as csvLineSql does for a DOUBLE column) runs nothing.
    let called = false;
    expect(await engine.streamText(t, binds, () => undefined, async () => (called = true))).toBeUndefined();
    expect(called).toBe(false);
  });
});
