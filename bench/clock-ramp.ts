/**
 * How fast this machine runs a fixed piece of CPU work right after it has idled, against the same work run back to
 * back (bench/results/warm-curve.md asked why every server answers slower after a gap). No server, no HTTP, no V8
 * state of ours: one process times a task (JSON.stringify of a fixed 200-row array and SHA-256 of the text, ~1 ms on
 * a steady core) in slices right after a sleep of each length, round after round, the gaps' order reversed each
 * round (as the runner alternates its targets), so no gap always follows the same one.
 *
 *   npx tsx bench/clock-ramp.ts [--gaps 0,1,5,20] [--rounds 4] [--slices 40] [--out bench/results/clock-ramp.md]
 *
 * A slice taking k times the steady median means the machine (host clock, host scheduling) ran at 1/k of its speed
 * then: the report gives, per gap and round, the median slice time and how many slices took over 1.5x steady.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import { latencyStats } from '../src/bench/stats.ts';
import { parseFlags } from '../src/cli-flags.ts';

const f = parseFlags(process.argv.slice(2));
const gaps = (f.gaps ?? '0,1,5,20').split(',').map(Number);
const rounds = Number(f.rounds ?? 4);
const slices = Number(f.slices ?? 40);
const out = f.out;

const rows = Array.from({ length: 200 }, (_, i) => ({ a: i, b: `row-${'x'.repeat(20)}-${i}`, c: [i, i * 2, String(i)] }));
function task(): string {
  const h = createHash('sha256');
  for (let k = 0; k < 20; k++) h.update(JSON.stringify(rows));
  return h.digest('hex');
}
const timeSlices = (n: number): number[] =>
  Array.from({ length: n }, () => {
    const t = process.hrtime.bigint();
    task();
    return Number(process.hrtime.bigint() - t) / 1e6;
  });
const median = (xs: number[]): number => latencyStats(xs).p50;

// Steady speed: the task back to back for a second first (the code is compiled and the clock up), then measured.
const until = Date.now() + 1000;
while (Date.now() < until) task();
const steady = median(timeSlices(200));

const seen = new Map<number, { medians: number[]; slow: number[] }>(gaps.map((g) => [g, { medians: [], slow: [] }]));
const lines: string[] = [];
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? gaps : [...gaps].reverse();
  for (const g of order) {
    await new Promise((res) => setTimeout(res, g * 1000));
    const t = timeSlices(slices);
    const s = seen.get(g)!;
    s.medians.push(median(t));
    s.slow.push(t.filter((x) => x > 1.5 * steady).length);
    lines.push(`round ${r + 1}, after ${g} s idle: ${t.map((x) => x.toFixed(2)).join(' ')}`);
    console.error(lines.at(-1));
  }
}

const report = [
  '# After an idle gap this machine runs slower (bench/clock-ramp.ts)',
  '',
  `Command: \`npx tsx bench/clock-ramp.ts --gaps ${gaps.join(',')} --rounds ${rounds} --slices ${slices}\`. ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} at the end.`,
  '',
  `One fixed task (JSON.stringify of a 200-row array and SHA-256 of the text, 20 times), steady median **${steady.toFixed(2)} ms** (200 slices back to back after 1 s of the same work). After each sleep, ${slices} slices back to back:`,
  '',
  `| idle before | median slice (ms), per round | median of those × steady | slices over 1.5 × steady (of ${slices}), per round |`,
  '|---:|---|---:|---|',
  ...gaps.map((g) => {
    const s = seen.get(g)!;
    return `| ${g} s | ${s.medians.map((x) => x.toFixed(2)).join(', ')} | ${(median(s.medians) / steady).toFixed(2)} | ${s.slow.join(', ')} |`;
  }),
  '',
  'Every slice (ms):',
  '',
  '```',
  ...lines,
  '```',
  '',
];
if (out) await fs.writeFile(out, report.join('\n'));
else console.log(report.join('\n'));
