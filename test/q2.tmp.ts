import { Db } from '../src/engine/duck.ts';
const db = await Db.open({ threads: 2 });
const v = process.argv[2]!;
await db.run(`SET parquet_metadata_cache = true`);
await db.run(`CREATE VIEW atx AS SELECT * FROM read_parquet('${v}/derived/address_transactions/*.parquet')`);
for (const q of process.argv.slice(3)) {
  for (let i = 0; i < 3; i++) { const t = performance.now(); const r = await db.all(q); console.log((performance.now() - t).toFixed(1), 'ms', JSON.stringify(r.slice(0, 3), (_, x) => typeof x === 'bigint' ? String(x) : x).slice(0, 200)); }
}
db.close();
