/**
 * What an address's page would cost if the by-address key files held references into the by-block rows instead of
 * the rows themselves (the layout a 100M-transaction lake needs: bench/results/keys-only.md). Over a lake's key files,
 * in process, no HTTP: for sampled addresses, the newest `--page` transactions of each are read
 *   rows:  from address_transactions' key files, as the server reads them now;
 *   refs:  by reference, each row found again from its (block_number, tx_index) in transactions_by_block's key files
 *          (the block's span, then the row at its index), as a reference index would have to.
 *   packed: by reference into a prototype store of the same by-block rows, each row readable alone (bench/row-codec.ts:
 *          one pread of ~150 bytes, no inflate), built by this script in a temporary file from the key files.
 * The paths interleaved address by address (order rotating), two passes (the second finds the first's blocks in the
 * readers' caches where they fit); p50 / p99 µs per page. Every referenced row is checked to be the same transaction.
 *
 *   npx tsx bench/ref-rows.ts --data DIR [--addresses 500] [--page 20] [--out FILE]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';
import { Db } from '../src/duckdb/duck.ts';
import { KeyStore } from '../src/engine/key-store.ts';
import { KeyFile } from '../src/lake/key-files.ts';
import { readManifest, versionDir } from '../src/lake/manifest.ts';
import { keyFileName } from '../src/lake/views.ts';
import { RowStore } from './row-codec.ts';
import { isDeepStrictEqual } from 'node:util';

const f = parseFlags(process.argv.slice(2));
if (!f.data) throw new Error('--data DIR is required (a published lake)');
const addresses = Number(f.addresses ?? 500);
const pageRows = Number(f.page ?? 20);
const m = await readManifest(f.data);
if (!m) throw new Error(`no lake in ${f.data}`);
const dir = versionDir(f.data, m);

// Addresses as traffic meets them: the senders of uniformly sampled transactions (busy ones more often).
const db = await Db.open({ threads: 2 });
const sample = (await db.all(`SELECT owner_address AS a FROM read_parquet('${path.join(dir, 'raw', 'transactions', '*', '*.parquet')}') USING SAMPLE reservoir(${addresses} ROWS) REPEATABLE (7)`)).map((r) => String(r.a));
db.close();

const store = KeyStore.open(dir, m, new Set());
const byAddress = store.dataset('address_transactions');
const byBlock = store.dataset('transactions_by_block');
if (!byAddress || !byBlock) throw new Error('the lake has no key files for address_transactions and transactions_by_block');
const newest = { from: null, to: null, desc: true, offset: 0 };

const tmp = mkdtempSync(path.join(os.tmpdir(), 'ref-rows-'));
const runs = [...m.tables.transactions_by_block!.runs!].sort((a, b) => a.fromBlock - b.fromBlock).map((r) => KeyFile.open(path.join(dir, 'derived', 'transactions_by_block', keyFileName(r.id))));
const built = process.hrtime.bigint();
const packed = RowStore.build(runs, path.join(tmp, 'transactions_by_block.rows'));
const buildS = Number(process.hrtime.bigint() - built) / 1e9;
const keyFileRows = runs.reduce((a, f) => a + f.rowCount, 0);
for (const f of runs) f.close();

const timed = <T>(fn: () => T): [T, number] => {
  const t0 = process.hrtime.bigint();
  const v = fn();
  return [v, Number(process.hrtime.bigint() - t0) / 1e3];
};

// Every packed row is the key file's row, cell for cell (before the timed passes, in another process's worth of
// order: by address in reverse, so the first pass does not find these blocks at the front of the readers' caches).
for (const a of [...sample].reverse()) {
  for (const r of byAddress.page(a, { ...newest, limit: pageRows }).rows) {
    const got = packed.row(Number(r.block_number), Number(r.tx_index));
    const want = byBlock.page(r.block_number!, { from: null, to: null, desc: false, offset: Number(r.tx_index), limit: 1 }).rows[0];
    if (!isDeepStrictEqual(got, want)) throw new Error(`packed row of block ${String(r.block_number)} index ${String(r.tx_index)} differs from the key file's`);
  }
}
const passes: { rows: number[]; refs: number[]; packed: number[] }[] = [];
let checked = 0;
const paths = ['rows', 'refs', 'packed'] as const;
for (let pass = 0; pass < 2; pass++) {
  const t = { rows: [] as number[], refs: [] as number[], packed: [] as number[] };
  for (const [i, a] of sample.entries()) {
    // The references a reference index would hold: each row's block and index in it (read outside the timing).
    const refs = byAddress.page(a, { ...newest, limit: pageRows }).rows.map((r) => ({ block: r.block_number!, index: Number(r.tx_index), hash: r.tx_hash }));
    const viaRows = (): unknown[] => byAddress.page(a, { ...newest, limit: pageRows }).rows;
    const viaRefs = (): unknown[] => refs.map((x) => {
      const got = byBlock.page(x.block, { from: null, to: null, desc: false, offset: x.index, limit: 1 }).rows[0];
      if (!got || got.tx_hash !== x.hash) throw new Error(`block ${String(x.block)} index ${x.index}: not ${String(x.hash)} (tx_index is not the row's place in its block)`);
      return got;
    });
    const viaPacked = (): unknown[] => refs.map((x) => packed.row(Number(x.block), x.index));
    const order = [0, 1, 2].map((j) => paths[(i + pass + j) % 3]!);
    for (const k of order) {
      const [out, us] = timed(k === 'rows' ? viaRows : k === 'refs' ? viaRefs : viaPacked);
      if (out.length !== refs.length) throw new Error(`${a}: ${k} gave ${out.length} rows, ${refs.length} expected`);
      t[k].push(us);
    }
    checked += refs.length;
  }
  passes.push(t);
}
store.close();
packed.close();
rmSync(tmp, { recursive: true, force: true });

const q = (xs: number[], p: number): number => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const fmt = (x: number): string => x.toFixed(0);
const keysBytes = (name: string): number => (m.files ? Object.entries(m.files).filter(([k]) => k.startsWith(`derived/${name}/`) && k.endsWith('.keys')).reduce((s, [, h]) => s + h.bytes, 0) : Number.NaN);
const rowsOf = m.tables.address_transactions!.rows;
const lines = [
  '# By-address pages from the rows or from references into the by-block rows',
  '',
  `\`npx tsx bench/ref-rows.ts ${process.argv.slice(2).join(' ')}\`, ${new Date().toISOString()}; lake version ${m.version}, ${m.tables.transactions!.rows.toLocaleString('en-US')} transactions; ${sample.length} addresses (senders of sampled transactions), the newest ${pageRows} of each; ${checked.toLocaleString('en-US')} references checked; load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}.`,
  '',
  '| pass | rows p50 µs | rows p99 µs | refs p50 µs | refs p99 µs | packed refs p50 µs | packed refs p99 µs | refs / rows p50 | packed / rows p50 |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...passes.map((t, i) => `| ${i + 1} | ${fmt(q(t.rows, 0.5))} | ${fmt(q(t.rows, 0.99))} | ${fmt(q(t.refs, 0.5))} | ${fmt(q(t.refs, 0.99))} | ${fmt(q(t.packed, 0.5))} | ${fmt(q(t.packed, 0.99))} | ${(q(t.refs, 0.5) / q(t.rows, 0.5)).toFixed(2)} | ${(q(t.packed, 0.5) / q(t.rows, 0.5)).toFixed(2)} |`),
  '',
  `The packed store (bench/row-codec.ts) of transactions_by_block's ${keyFileRows.toLocaleString('en-US')} rows, built in ${buildS.toFixed(0)} s: rows ${(packed.bytes.rows / 1e6).toFixed(1)} MB (${(packed.bytes.rows / keyFileRows).toFixed(1)} B a row), offsets ${(packed.bytes.offsets / 1e6).toFixed(1)} MB, key entries ${(packed.bytes.keys / 1e6).toFixed(1)} MB; its key files: ${(keysBytes('transactions_by_block') / 1e6).toFixed(1)} MB (${(keysBytes('transactions_by_block') / keyFileRows).toFixed(1)} B a row, key entries and times included).`,
  '',
  `address_transactions' key files: ${(keysBytes('address_transactions') / 1e6).toFixed(1)} MB for ${rowsOf.toLocaleString('en-US')} rows; a reference index of the same rows at 18 bytes a row (time 8, block 8, index 2) beside the same key entries would hold ~${((rowsOf * 18) / 1e6).toFixed(1)} MB of rows and times.`,
  '',
];
const text = lines.join('\n');
if (f.out) writeFileSync(f.out, text);
process.stdout.write(text);
