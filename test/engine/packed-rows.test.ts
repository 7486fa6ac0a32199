/**
 * Rows read packed (src/engine/engine.ts `packedRowSql`, the path of Engine.query): the text-kind columns of a row come
 * back from one JSON array that DuckDB writes, the others cell by cell. The reference is node-api's own reading of the
 * same statement cell by cell through toCell (Db.all), written without packing: the same keys in the same order and the
 * same values, for every kind of value (integers beyond ±2^53 of every width, DECIMALs, booleans, NULL in each kind,
 * quotes, backslashes, control characters, line and paragraph separators, non-ASCII) and for the columns only
 * TypeScript reads (doubles, lists, dates) between them; row order kept under ORDER BY … LIMIT; a name twice declines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db, textKindOf, type Row } from '../../src/duckdb/duck.ts';
import { packedRowSql } from '../../src/engine/engine.ts';

describe('packedRowSql', () => {
  let db: Db;
  beforeAll(async () => {
    db = await Db.open();
    const texts = ['plain', '', 'say "hi"', 'back\\slash', 'line\nbreak', `tab\tcr\r`, 'ünï cödé ✓ 𝄞', '\u2028\u2029', '\u0001\u001f\u007f', '[1,2]', 'null', 'true', '{"a":1}', "it's"];
    const rows = texts.map((t, i) => `(${i}, '${t.replace(/'/g, "''")}')`).join(', ');
    await db.run(`CREATE TABLE cells AS SELECT
        i, t,
        CASE WHEN i % 5 = 0 THEN NULL ELSE t END AS maybe,
        CASE WHEN i % 3 = 0 THEN NULL ELSE (i - 7) * 9007199254740993 END::HUGEINT AS big,
        (i - 7) * 1152921504606846976 AS bigint_col,
        9007199254740991 + i AS edge,
        (i - 7)::TINYINT AS tiny,
        18446744073709551615::UBIGINT - i AS ubig,
        CASE WHEN i % 4 = 0 THEN NULL ELSE i % 2 = 0 END AS flag,
        CASE WHEN i % 6 = 0 THEN NULL ELSE ((i - 7) * 1.25)::DECIMAL(20, 6) END AS dec,
        (i - 7)::DECIMAL(38, 0) * 1000000000000000000000 AS whole,
        CASE WHEN i % 2 = 0 THEN NULL ELSE i / 3 END::DOUBLE AS ratio,
        [i, i + 1] AS pair,
        DATE '2026-01-01' + i AS day
      FROM (VALUES ${rows}) v(i, t)`);
  });
  afterAll(() => db?.close());

  /** The statement's rows read packed: the probe's kinds, the wrapper, each chunk through `read`. */
  async function packedRows(statement: string): Promise<{ rows: Row[]; kinds: (string | null)[] }> {
    const probe = await db.conn.runAndReadAll(`SELECT * FROM (${statement}) q LIMIT 0`);
    const columns = probe.columnNames().map((name, i) => ({ name, kind: textKindOf(probe.columnTypeId(i)) }));
    const packed = packedRowSql(columns);
    expect(packed).toBeDefined();
    const result = await db.conn.run(`SELECT ${packed!.select} FROM (${statement}) q`);
    const rows: Row[] = [];
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      packed!.read(chunk, rows);
    }
    return { rows, kinds: columns.map((c) => c.kind) };
  }

  it('gives the rows toCell gives, key by key and value by value, for every kind of value', async () => {
    const statement = 'SELECT * FROM cells ORDER BY i';
    const { rows, kinds } = await packedRows(statement);
    const want = await db.all(statement);
    expect(want.length).toBe(14);
    expect(kinds).toEqual(['integer', 'text', 'text', 'integer', 'integer', 'integer', 'integer', 'integer', 'boolean', 'text', 'text', null, null, null]);
    expect(rows.map((r) => Object.keys(r))).toEqual(want.map((r) => Object.keys(r)));
    for (let i = 0; i < want.length; i++) {
      for (const k of Object.keys(want[i]!)) expect([i, k, rows[i]![k]]).toEqual([i, k, want[i]![k]]);
    }
    // The values are really exercised: exact beyond 2^53 both ways, a number at the edge, NULL in each kind.
    expect(want.some((r) => typeof r.big === 'bigint' && r.big < 0n)).toBe(true);
    expect(want[0]!.edge).toBe(Number.MAX_SAFE_INTEGER);
    expect(want[1]!.edge).toBe(9007199254740992n);
    expect(want[0]!.ubig).toBe(18446744073709551615n);
    expect(['maybe', 'big', 'flag', 'dec', 'ratio'].every((k) => want.some((r) => r[k] === null))).toBe(true);
    expect(want.map((r) => r.t)).toContain('\u2028\u2029');
  });

  it('keeps the order of ORDER BY … LIMIT, across chunks', async () => {
    await db.run('CREATE TABLE many AS SELECT i, md5(i::VARCHAR) AS h, i % 2 = 0 AS even FROM range(5000) r(i)');
    const statement = 'SELECT h, i, even FROM many ORDER BY h DESC LIMIT 4500';
    const { rows } = await packedRows(statement);
    expect(rows).toEqual(await db.all(statement));
    expect(rows.length).toBe(4500);
  });

  it('declines a name twice, and a result with fewer than two text-kind columns', () => {
    expect(packedRowSql([{ name: 'a', kind: 'integer' }, { name: 'a', kind: 'text' }])).toBeUndefined();
    expect(packedRowSql([{ name: 'a', kind: 'integer' }, { name: 'b', kind: null }])).toBeUndefined();
    expect(packedRowSql([])).toBeUndefined();
    expect(packedRowSql([{ name: 'a', kind: 'integer' }, { name: 'b"c', kind: 'text' }])!.select).toBe(`to_json([CAST(q."a" AS VARCHAR), CAST(q."b""c" AS VARCHAR)])`);
  });
});
