import { DuckDBInstance } from '@duckdb/node-api';
const v = process.argv[2]!;
const inst = await DuckDBInstance.create(':memory:', { threads: '2', memory_limit: '4GB', temp_directory: '/tmp/il/spill' });
const c = await inst.connect();
const f = `${v}/derived/address_transactions/part-0.parquet`;
let t = performance.now();
await c.run(`CREATE TEMP TABLE s AS SELECT ((ascii(address[-1]) * 58 + ascii(address[-2])) % 32)::INTEGER AS bucket, * FROM read_parquet('${f}') ORDER BY bucket, address, timestamp, tx_index`);
console.log('sort ms', performance.now() - t);
t = performance.now();
for (let k = 0; k < 32; k++) {
  await c.run(`COPY (SELECT * EXCLUDE (bucket) FROM s WHERE bucket = ${k}) TO '/tmp/il/b3/bucket=${k}/data_0.parquet' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 16384)`);
}
console.log('write ms', performance.now() - t);
