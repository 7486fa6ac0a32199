/**
 * Manual runner for measuring the generator, e.g.
 * `npx tsx datasets/generate/main.ts --profile default --seed 1 --out data/default [--end-date 2026-11-01] [--threads 2] [--progress] [--batch-days N] [--max-batches N]`.
 * A batched profile run onto a lake holding its first batches (same profile, seed, end date) continues with the next;
 * `--max-batches 0` runs a batched build's opening pass only, leaving `<out>.build` ready for the next call.
 * `--days N` shortens the profile to N days with the same volume per day (how the bench rate was measured:
 * `--profile bench --days 6`). The project CLI (src/cli.ts) calls `generate()` directly; this script only adds
 * timing and row counts.
 */
import { parseArgs } from 'node:util';
import { generate, generateOpening } from './index.ts';
import { PROFILES, type Profile } from './profiles.ts';

const { values } = parseArgs({
  options: {
    profile: { type: 'string', default: 'tiny' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
    'end-date': { type: 'string' },
    threads: { type: 'string' },
    progress: { type: 'boolean', default: false },
    days: { type: 'string' },
    'batch-days': { type: 'string' },
    'max-batches': { type: 'string' },
  },
});
if (!values.out) throw new Error('--out is required');
const profile = values.profile as Profile;
if (values.days) {
  const full = PROFILES[profile];
  const days = Number(values.days);
  PROFILES[profile] = { ...full, days, targetTxs: Math.round((full.targetTxs * days) / full.days) };
}
const t0 = performance.now();
// the options of generateOpening and generate alike: one build, two ways to call it
const build = {
  profile,
  seed: Number(values.seed),
  out: values.out,
  endDate: values['end-date'],
  threads: values.threads ? Number(values.threads) : undefined,
  batchDays: values['batch-days'] ? Number(values['batch-days']) : undefined,
};
if (values['max-batches'] === '0') {
  // the opening pass alone: the build folder is left ready for the calls that publish the batches
  const r = await generateOpening(build);
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`opening pass of ${values.profile} seed ${values.seed} ${r.reused ? 'already ready' : 'done'} in ${secs} s: ${r.buildDir}`);
  process.exit(0);
}
const m = await generate({
  ...build,
  progress: values.progress,
  maxBatches: values['max-batches'] ? Number(values['max-batches']) : undefined,
});
const secs = ((performance.now() - t0) / 1000).toFixed(1);
console.log(`generated ${values.profile} seed ${values.seed} in ${secs} s: blocks ${m.first.number}..${m.head.number}, solid ${m.solidBlock}, fingerprint ${m.fingerprint}`);
for (const [name, t] of Object.entries(m.tables)) console.log(`  ${name.padEnd(28)} ${String(t.rows).padStart(12)}`);
