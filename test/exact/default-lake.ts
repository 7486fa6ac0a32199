/**
 * The issue 16 audit on a lake of your choice (the default lake for the closing note):
 *   npx tsx test/exact/default-lake.ts --data data/default [--out bench/results/exact-compare.md]
 * Serves the lake in process (no port), computes every expected value with plain SQL over its raw Parquet files and
 * writes the comparisons per endpoint and every mismatch. Exit 1 when a value differs.
 */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { Db } from '../../src/duckdb/duck.ts';
import { readManifest } from '../../src/lake/manifest.ts';
import { NOT_AUDITED, audit, rawViewStatements } from './checks.ts';
import { createStablecoinMoves } from '../helpers/stablecoin-moves.ts';
import { createRuleDayPrices } from '../helpers/chain-prices.ts';

const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' } } });
const dataDir = path.resolve(values.data ?? 'data/default');
const m = await readManifest(dataDir);
if (!m) throw new Error(`${dataDir}: no published version`);
const app = await buildApp({ dataDir, endpoints, cacheBytes: 0 });
const db = await Db.open({ threads: 2 });
for (const s of rawViewStatements(path.join(dataDir, 'versions', m.version), m.tables)) await db.run(s);
await createStablecoinMoves(db, (m.tables.logs?.rows ?? 0) > 0);
await createRuleDayPrices(db);
const started = Date.now();
const load = execSync('uptime').toString().trim();
const result = await audit({
  // with an API key, as the test app's get() sends one: the key-protected keyEvents is audited too
  get: async (url) => { const r = await app.inject({ method: 'GET', url, headers: { 'chain-pro-api-key': 'audit' } }); return { status: r.statusCode, text: r.body }; },
  sql: (q) => db.all(q),
  head: m.head.timestamp,
});
const total = Object.values(result.counts).reduce((a, b) => a + b, 0);
const lines = [
  '# Exact numbers: served endpoints vs plain SQL over the raw Parquet (issue 16)',
  '',
  `Lake: \`${path.relative(process.cwd(), dataDir)}\` version ${m.version} (head block ${m.head.number}, derived layout ${m.layout}). Command: \`npx tsx test/exact/default-lake.ts --data ${path.relative(process.cwd(), dataDir)}\`.`,
  `Run: ${new Date().toISOString()}, ${((Date.now() - started) / 1000).toFixed(1)} s; \`uptime\`: ${load}`,
  '',
  `**${total} comparisons, ${result.mismatches.length} mismatches.**`,
  '',
  '| endpoint | comparisons |',
  '|---|---|',
  ...Object.entries(result.counts).map(([e, n]) => `| \`${e}\` | ${n} |`),
  '',
  `${Object.keys(result.counts).length} endpoints audited. Served and not audited: ${Object.entries(NOT_AUDITED).map(([e, why]) => `\`${e}\` (${why})`).join('; ') || 'none'}.`,
  '',
  ...(result.mismatches.length ? ['| endpoint | key | answered | exact |', '|---|---|---|---|', ...result.mismatches.map((x) => `| \`${x.endpoint}\` | ${x.key} | ${x.got} | ${x.want} |`)] : ['No mismatch.']),
  '',
];
writeFileSync(values.out ?? 'bench/results/exact-compare.md', lines.join('\n'));
console.log(lines.join('\n'));
await app.close();
db.close();
process.exit(result.mismatches.length ? 1 : 0);
