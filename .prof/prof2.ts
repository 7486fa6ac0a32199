import { Db } from '../src/duckdb/duck.ts';
import { readManifest, versionDir } from '../src/lake/manifest.ts';
import { createLakeViews } from '../src/lake/views.ts';
const dir = 'data/default';
const m = (await readManifest(dir))!;
const db = await Db.open({ threads: 2 });
await createLakeViews(db, versionDir(dir, m), m.tables, { solidBlock: m.solidBlock, headBlock: m.head.number, headTs: m.head.timestamp } as never);
const [q, ...ps] = process.argv.slice(2);
const params = JSON.parse(ps[0] ?? '{}');
for (let i = 0; i < 4; i++) {
  const t = performance.now();
  const rows = await db.all(q!, params);
  console.log(`${(performance.now() - t).toFixed(1)} ms, ${rows.length} rows`);
}
if (process.env.EXPLAIN) { const r = await db.all('EXPLAIN ANALYZE ' + q, params); console.log(String(r[0]!.explain_value)); }
db.close();
