/**
 * The bucketed by-address copies (src/lake/datasets/index.ts, Dataset.bucketBy): every row sits in the folder of its
 * address's bucket, each file is sorted by its sort key, and the copy holds each side of every movement once.
 * The bucket formula is written here again in TypeScript (last two characters), independently of the SQL macro.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Db } from '../../src/duckdb/duck.ts';
import { derivedDatasets } from '../../src/lake/datasets/index.ts';
import { createDatasetView } from '../../src/lake/views.ts';
import { lakeDir, sql, testManifest } from '../helpers/lake.ts';

const bucketOf = (a: string): number => (a.charCodeAt(a.length - 1) * 58 + a.charCodeAt(a.length - 2)) % 32;

async function readCopy(name: string, key: string): Promise<{ file: string; folder: number; address: string; ts: bigint; k: bigint }[]> {
  const m = await testManifest();
  const glob = path.join(lakeDir(), 'versions', m.version, 'derived', name, '*', '*.parquet');
  const db = await Db.open({ threads: 1 });
  try {
    const rows = await db.all(`SELECT filename AS file, address, "timestamp" AS ts, ${key} AS k, file_row_number AS rn
                               FROM read_parquet('${glob}', filename = true, file_row_number = true) ORDER BY filename, file_row_number`);
    return rows.map((r) => ({ file: String(r.file), folder: Number(/bucket=(\d+)/.exec(String(r.file))![1]), address: String(r.address), ts: BigInt(r.ts as bigint), k: BigInt(r.k as bigint) }));
  } finally {
    db.close();
  }
}

describe('bucketed by-address copies', () => {
  for (const [name, key, source, sides] of [
    ['address_transactions', 'tx_index', 'raw_transactions', ['owner_address', 'coalesce(to_address, contract_address)']],
    // Inside one block: chain order, transaction index then log index.
    ['address_token_transfers', 'tx_index::BIGINT * 1000000 + log_index', 'raw_token_transfers', ['from_address', 'to_address']],
    // Sorted by address, time, block, hash, index: the check covers the (address, time, block) prefix.
    ['address_internal_transactions', 'block_number', 'raw_internal_transactions', ['caller_address', 'to_address']],
  ] as const) {
    it(`${name}: rows in their address's bucket folder, sorted by address, time, ${key}; one row per side`, async () => {
      const rows = await readCopy(name, key);
      expect(rows.length).toBeGreaterThan(500);
      expect(new Set(rows.map((r) => r.folder)).size).toBe(32);
      expect(rows.filter((r) => bucketOf(r.address) !== r.folder)).toEqual([]);
      let unsorted = 0;
      for (let i = 1; i < rows.length; i++) {
        const a = rows[i - 1]!;
        const b = rows[i]!;
        if (a.file !== b.file) continue;
        const cmp = a.address < b.address ? -1 : a.address > b.address ? 1 : a.ts !== b.ts ? (a.ts < b.ts ? -1 : 1) : a.k <= b.k ? -1 : 1;
        if (cmp > 0) unsorted++;
      }
      expect(unsorted).toBe(0);
      const [a, b] = sides;
      const [want] = await sql(`select count(*) + count(*) filter (where ${b} is not null and ${b} <> ${a}) as n from ${source}`);
      expect(rows.length).toBe(Number(want!.n));
    });
  }

  // The side equal to the row's address is stored as '' (growth `sameAsAddress`) and the view restores it: the view's
  // (address, direction, id, sender, receiver) equal the same sides filed again here from the raw rows.
  for (const [name, id, source, from, to, receiver] of [
    ['address_transactions', 'tx_hash', 'raw_transactions', 'owner_address', 'to_address', 'coalesce(to_address, contract_address)'],
    ['address_token_transfers', "tx_hash || ':' || log_index || ':' || batch_index", 'raw_token_transfers', 'from_address', 'to_address', 'to_address'],
  ] as const) {
    it(`${name}: stores the side equal to the address as '' and its view gives every side back`, async () => {
      const m = await testManifest();
      const dir = path.join(lakeDir(), 'versions', m.version);
      const db = await Db.open({ threads: 1 });
      try {
        const ds = derivedDatasets.find((d) => d.name === name)!;
        await createDatasetView(db, dir, ds, m.tables[name]!.rows);
        const digest = `count(*) AS n, sum(hash(address, direction, ${id}, ${from}, ${to})::HUGEINT)::VARCHAR AS h`;
        const [view] = await db.all(`SELECT ${digest} FROM ${name}`);
        const [want] = await sql(`SELECT ${digest} FROM (
          SELECT ${from} AS address, CASE WHEN ${receiver} = ${from} THEN 'self' ELSE 'out' END AS direction, * FROM ${source}
          UNION ALL
          SELECT ${receiver}, 'in', * FROM ${source} WHERE ${receiver} IS NOT NULL AND ${receiver} <> ${from})`);
        expect(view).toEqual(want);
        // The files hold '' for the sender of every outgoing row: the bytes are saved, not only restored.
        const [stored] = await db.all(`SELECT count(*) FILTER (WHERE direction <> 'in' AND ${from} = '') AS blank,
                                              count(*) FILTER (WHERE direction <> 'in') AS outgoing
                                       FROM read_parquet('${dir}/derived/${name}/*/*.parquet', hive_partitioning = false)`);
        expect(Number(stored!.outgoing)).toBeGreaterThan(100);
        expect(stored!.blank).toBe(stored!.outgoing);
      } finally {
        db.close();
      }
    });
  }
});
