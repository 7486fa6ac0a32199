/**
 * How V8 (this Node) treats objects built by a spread, in isolation: each way of building `{ a, b, x }` from `{ a, b }`
 * run millions of times in a child node under `--trace-gc-nvp`, with the scavenges it causes (count, mean pause, bytes
 * surviving each) and whether consecutive results share a hidden class (`%HaveSameMap`). The rule of
 * test/contract/spread-first.test.ts rests on these figures (bench/results/map-churn.md).
 *
 *   npx tsx bench/spread-maps.ts [--objects 20000000] [--out FILE]
 */
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { parseFlags } from '../src/cli-flags.ts';

const f = parseFlags(process.argv.slice(2));
const objects = Number(f.objects ?? 20_000_000);

/** Each way, as the body of `(o) => …` over `o = { a: 'x', b: i }`. */
const WAYS: [string, string][] = [
  ['`{ ...o, x: 1 }`', '({ ...o, x: 1 })'],
  ['`{ ...o, ...extra }`', '({ ...o, ...extra })'],
  ['`{ ...o }` then `r.x = 1`', '{ const r = { ...o }; r.x = 1; return r; }'],
  ['`{ ...o }`', '({ ...o })'],
  ['`{ ...o, a: "y" }` (a key o has)', '({ ...o, a: "y" })'],
  ['`{ x: 1, ...o }`', '({ x: 1, ...o })'],
  ['`Object.assign({}, o, { x: 1 })`', 'Object.assign({}, o, { x: 1 })'],
  ['`{ a: o.a, b: o.b, x: 1 }`', '({ a: o.a, b: o.b, x: 1 })'],
];

const program = (body: string) => `
const extra = { x: 1 };
const make = (o) => ${body};
let kept = 0, same = 0, prev = make({ a: 'x', b: -1 });
for (let i = 0; i < ${objects}; i++) {
  const r = make({ a: 'x', b: i });
  if (i < 100000) { if (%HaveSameMap(r, prev)) same++; prev = r; }
  if (r.a) kept++;
}
console.log('SAME ' + same);
`;

const rows: string[] = [];
for (const [name, body] of WAYS) {
  const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--trace-gc-nvp', '-e', program(body)], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`${name}: ${run.stderr}`);
  const scavenges = run.stdout.split('\n').filter((l) => l.includes('gc=s '));
  const field = (l: string, k: string) => Number(new RegExp(`\\b${k}=([\\d.]+)`).exec(l)?.[1] ?? 0);
  const pause = scavenges.reduce((a, l) => a + field(l, 'pause'), 0);
  const survived = scavenges.reduce((a, l) => a + field(l, 'new_space_survived'), 0);
  const same = Number(/SAME (\d+)/.exec(run.stdout)?.[1]);
  const n = scavenges.length || 1;
  rows.push(`| ${name} | ${scavenges.length} | ${(pause / n).toFixed(2)} | ${(survived / n / 1024).toFixed(0)} | ${same.toLocaleString('en')} of 100,000 |`);
  console.error(`${name}: ${scavenges.length} scavenges`);
}
const out = [
  `Node ${process.version} (V8 ${process.versions.v8}), ${objects.toLocaleString('en')} objects each, one child node per way; ${new Date().toISOString()}.`,
  '',
  '| built as | scavenges | mean pause (ms) | KB surviving a scavenge | consecutive results sharing a map |',
  '|---|---:|---:|---:|---:|',
  ...rows,
  '',
].join('\n');
if (f.out) await fs.writeFile(f.out, out);
else console.log(out);
