import { DuckDBInstance, VARCHAR } from '@duckdb/node-api';
const v = process.argv[2]!;
const inst = await DuckDBInstance.create(':memory:', { threads: '2' });
const c = await inst.connect();
await c.run(`SET parquet_metadata_cache = true`);
await c.run(`create view old as select * from read_parquet('${v}/derived/address_transactions/*.parquet')`);
await c.run(`create view b as select * from read_parquet('/tmp/il/bucketed/*/*.parquet', hive_partitioning=true, hive_types={'bucket': INTEGER})`);
await c.run(`create macro address_bucket(a) as ((ascii(a[-1]) * 58 + ascii(a[-2])) % 32)::INTEGER`);
const time = async (label: string, f: () => Promise<unknown>) => { const ts=[]; for (let i = 0; i < 5; i++) { const t = performance.now(); await f(); ts.push((performance.now() - t).toFixed(1)); } console.log(label.padEnd(30), ts.join(' ')); };
const cols = 'tx_hash, block_number, timestamp, owner_address, to_address, amount, token_id, contract_ret, contract_type';
for (const A of ['TJqJmoWaQY5qFfNu3brcWWsfH1M4sFA2v3', 'TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ax', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t']) {
  console.log(A);
  const po = await c.prepare(`select ${cols} from old where address = $a and contract_type in (1,2) order by timestamp desc, block_number desc, tx_index desc limit 10`);
  await time('old rows', async () => { po.bind({ a: A }, { a: VARCHAR }); await po.runAndReadAll(); });
  const pb = await c.prepare(`select ${cols} from b where bucket = address_bucket($a) and address = $a and contract_type in (1,2) order by timestamp desc, block_number desc, tx_index desc limit 10`);
  await time('bucket rows', async () => { pb.bind({ a: A }, { a: VARCHAR }); await pb.runAndReadAll(); });
  const pbs = await c.prepare(`select * from b where bucket = address_bucket($a) and address = $a and contract_type in (1,2) order by timestamp desc, block_number desc, tx_index desc limit 10`);
  await time('bucket rows star', async () => { pbs.bind({ a: A }, { a: VARCHAR }); await pbs.runAndReadAll(); });
  const co = await c.prepare(`select count(*) from old where address = $a and contract_type in (1,2)`);
  await time('old count', async () => { co.bind({ a: A }, { a: VARCHAR }); await co.runAndReadAll(); });
  const cb = await c.prepare(`select count(*) from b where bucket = address_bucket($a) and address = $a and contract_type in (1,2)`);
  await time('bucket count', async () => { cb.bind({ a: A }, { a: VARCHAR }); await cb.runAndReadAll(); });
}
