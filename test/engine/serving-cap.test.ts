/**
 * Serving tables past the cap (src/lake/views.ts `createServingTables`): the bench lake's account state passes
 * SERVING_ROW_CAP and is served as views of the files, a path the test lakes never took at the default cap. Here the
 * cap is lowered so that every serving table with rows becomes a view, and each view must hold the rows the in-memory
 * table holds; a whole copy of a dataset (`@rows-of`) known from the manifest to pass the cap is never copied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.ts';
import { parseTemplate } from '../../src/lake/sql-files.ts';
import { createServingTables } from '../../src/lake/views.ts';
import { lakeDir, testManifest } from '../helpers/lake.ts';

let inMemory: Engine;
let pastCap: Engine;
beforeAll(async () => {
  const base = { dataDir: lakeDir(), manifest: await testManifest(), poolSize: 1, threads: 1, memoryLimit: '1GB', timeoutMs: 30_000 };
  inMemory = await Engine.open(base);
  pastCap = await Engine.open({ ...base, servingRowCap: 0 });
});
afterAll(async () => {
  await inMemory?.close();
  await pastCap?.close();
});

const rowsOf = async (engine: Engine, name: string) =>
  (await engine.query(parseTemplate(`test/serving-${name}`, `SELECT * FROM ${name} ORDER BY ALL`), {})).rows;

describe('serving tables past the cap', () => {
  it('every serving table with rows is a view past the cap and holds the same rows as in memory', async () => {
    const held = inMemory.serving.filter((t) => (t.rows ?? 0) > 0);
    // The test lake fills the account serving tables: the ones the bench lake serves as views.
    expect(held.map((t) => t.name)).toEqual(expect.arrayContaining(['account_details_served', 'account_resources_served', 'votes_by_voter_served']));
    for (const t of held) {
      expect(pastCap.serving.find((s) => s.name === t.name)?.rows, t.name).toBeNull();
      const a = await rowsOf(inMemory, t.name);
      expect(a.length, t.name).toBe(t.rows);
      expect(await rowsOf(pastCap, t.name), t.name).toEqual(a);
    }
  });

  it('a whole copy of a dataset the manifest counts past the cap is made a view without copying it', async () => {
    const statements: string[] = [];
    const tables = await createServingTables(
      { run: async (sql) => void statements.push(sql), count: async () => 1 },
      { rowsOf: (name) => (name === 'account_details' ? 11 : undefined), cap: 10 },
    );
    expect(tables.find((t) => t.name === 'account_details_served')?.rows).toBeNull();
    const about = statements.filter((s) => s.includes('account_details_served'));
    expect(about.some((s) => s.startsWith('CREATE OR REPLACE TABLE'))).toBe(false);
    expect(about.some((s) => s.startsWith('CREATE OR REPLACE VIEW account_details_served AS SELECT * FROM account_details'))).toBe(true);
    // Under the cap (or not counted), it is copied as before.
    expect(tables.find((t) => t.name === 'account_resources_served')?.rows).toBe(1);
  });
});
