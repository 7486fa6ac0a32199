/**
 * What an address's page would cost if the by-address key files held references into the by-block rows instead of
 * the rows themselves (the layout a 100M-transaction lake needs: bench/results/keys-only.md). Over a lake's key files,
 * in process, no HTTP: for sampled addresses, the newest `--page` transactions of each are read
 *   rows:  from address_transactions' key files, as the server reads them now;
 *   refs:  by reference, each row found again from its (block_number, tx_index) in transactions_by_block's key files
 *          (the block's span, then the row at its index), as a reference index would have to.
 * Both paths interleaved address by address (order alternating), two passes (the second finds the first's blocks in the
 * readers' caches where they fit); p50 / p99 µs per page. Every referenced row is checked to be the same transaction.
 *
 *   npx tsx bench/ref-rows.ts --data DIR [--addresses 500] [--page 20] [--out FILE]
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';
import { Db } from '../src/duckdb/duck.ts';
import { KeyStore } from '../src/engine/key-store.ts';
import { readManifest, versionDir } from '../src/lake/manifest.ts';

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

const timed = <T>(fn: () => T): [T, number] => {
  const t0 = process.hrtime.bigint();
  const v = fn();
  return [v, Number(process.hrtime.bigint() - t0) / 1e3];
};

const passes: { rows: number[]; refs: number[] }[] = [];
let checked = 0;
for (let pass = 0; pass < 2; pass++) {
  const t = { rows: [] as number[], refs: [] as number[] };
  for (const [i, a] of sample.entries()) {
    // The references a reference index would hold: each row's block and index in it (read outside the timing).
    const refs = byAddress.page(a, { ...newest, limit: pageRows }).rows.map((r) => ({ block: r.block_number!, index: Number(r.tx_index), hash: r.tx_hash }));
    const viaRows = (): unknown[] => byAddress.page(a, { ...newest, limit: pageRows }).rows;
    const viaRefs = (): unknown[] => refs.map((x) => {
      const got = byBlock.page(x.block, { from: null, to: null, desc: false, offset: x.index, limit: 1 }).rows[0];
      if (!got || got.tx_hash !== x.hash) throw new Error(`block ${String(x.block)} index ${x.index}: not ${String(x.hash)} (tx_index is not the row's place in its block)`);
      return got;
    });
    const order = (i + pass) % 2 === 0 ? (['rows', 'refs'] as const) : (['refs', 'rows'] as const);
    for (const k of order) {
      const [out, us] = timed(k === 'rows' ? viaRows : viaRefs);
      if (out.length !== refs.length) throw new Error(`${a}: ${k} gave ${out.length} rows, ${refs.length} expected`);
      t[k].push(us);
    }
    checked += refs.length;
  }
  passes.push(t);
}
store.close();

const q = (xs: number[], p: number): number => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const fmt = (x: number): string => x.toFixed(0);
const keysBytes = (name: string): number => (m.files ? Object.entries(m.files).filter(([k]) => k.startsWith(`derived/${name}/`) && k.endsWith('.keys')).reduce((s, [, h]) => s + h.bytes, 0) : Number.NaN);
const rowsOf = m.tables.address_transactions!.rows;
const lines = [
  '# By-address pages from the rows or from references into the by-block rows',
  '',
  `\`npx tsx bench/ref-rows.ts ${process.argv.slice(2).join(' ')}\`, ${new Date().toISOString()}; lake version ${m.version}, ${m.tables.transactions!.rows.toLocaleString('en-US')} transactions; ${sample.length} addresses (senders of sampled transactions), the newest ${pageRows} of each; ${checked.toLocaleString('en-US')} references checked; load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}.`,
  '',
  '| pass | rows p50 µs | rows p99 µs | refs p50 µs | refs p99 µs | refs / rows p50 |',
  '|---|---:|---:|---:|---:|---:|',
  ...passes.map((t, i) => `| ${i + 1} | ${fmt(q(t.rows, 0.5))} | ${fmt(q(t.rows, 0.99))} | ${fmt(q(t.refs, 0.5))} | ${fmt(q(t.refs, 0.99))} | ${(q(t.refs, 0.5) / q(t.rows, 0.5)).toFixed(2)} |`),
  '',
  `address_transactions' key files: ${(keysBytes('address_transactions') / 1e6).toFixed(1)} MB for ${rowsOf.toLocaleString('en-US')} rows; a reference index of the same rows at 18 bytes a row (time 8, block 8, index 2) beside the same key entries would hold ~${((rowsOf * 18) / 1e6).toFixed(1)} MB of rows and times.`,
  '',
];
const text = lines.join('\n');
if (f.out) writeFileSync(f.out, text);
process.stdout.write(text);
