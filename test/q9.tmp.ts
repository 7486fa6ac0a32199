import { DuckDBInstance } from '@duckdb/node-api';
const inst = await DuckDBInstance.create(':memory:', { threads: '2' });
const c = await inst.connect();
const g = process.argv[2]!;
const r = await c.runAndReadAll(`with t as (select filename, address, timestamp, tx_index, file_row_number rn from read_parquet('${g}', filename=true, file_row_number=true)),
 l as (select *, lag(address) over w la, lag(timestamp) over w lt, lag(tx_index) over w li from t window w as (partition by filename order by rn))
 select count(*) from l where address < la`);
console.log(r.getRows());
