import { readFileSync, writeFileSync } from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { compareReports, judge, median, readReport, renderComparison } from '../../src/bench/compare.ts';
import { REPORT_FORMAT, type BenchReport, type LabelResult, type TargetResult } from '../../src/bench/report.ts';
import { runBench } from '../../src/bench/runner.ts';
import { benchCli } from '../../src/bench/cli.ts';
import { Samples } from '../../src/bench/stats.ts';
import { parseWorkload } from '../../src/bench/workload.ts';
import { testRunOptions } from './run-options.ts';
import { scratchDir } from '../helpers/scratch.ts';

/** A label measured in rounds with the given p50s (ms). */
function label(name: string, p50s: number[]): LabelResult {
  const s = new Samples();
  for (const x of p50s) s.record(200, x, 100, 50, undefined, '/x');
  s.seconds = p50s.length;
  return { label: name, distinct: 1, total: s.summary(), rounds: p50s.map((p) => ({ requests: 10, rps: 1000 / p, p50: p, p90: p, p99: p })) };
}

function target(name: string, labels: LabelResult[], fingerprint = 'f1'): TargetResult {
  const rounds = labels[0]!.rounds;
  return { name, url: 'http://x', health: { fingerprint }, overall: { ...labels[0]!, label: 'overall', rounds }, labels, errors: 0, timeouts: 0 };
}

function report(targets: TargetResult[]): BenchReport {
  return {
    format: REPORT_FORMAT,
    tool: 'tronlake test',
    started: '',
    finished: '',
    command: 'test',
    settings: { mode: 'mix', connections: 4, duration: 5, repeat: 3, warmup: 0, timeoutS: 10 },
    workload: { file: 'w', sha256: 'abc', requests: 1, labels: 1, comments: [] },
    machine: { cpus: 2, model: 'cpu', memoryGiB: 1, node: 'v20', os: 'linux', loadBefore: [1, 1, 1], loadAfter: [1, 1, 1] },
    floor: null,
    targets,
  };
}

describe('compare verdicts', () => {
  it('calls a change only beyond the run-to-run spread', () => {
    expect(judge([10, 11, 12], [20, 21, 22]).verdict).toBe('slower');
    expect(judge([20, 21, 22], [10, 11, 12]).verdict).toBe('faster');
    expect(judge([20, 21, 22], [10, 11, 12]).spread).toBe(2);
    // Overlapping rounds: within the spread, however far apart the medians.
    expect(judge([10, 11, 12], [11.5, 12.5, 13.5]).verdict).toBe('within spread');
    expect(judge([10, 30, 31], [32, 33, 34]).verdict).toBe('within spread');
    // Apart, but the medians differ by less than the spread of one side (a noisy side).
    expect(judge([10, 10.1, 10.2], [10.3, 12, 14]).verdict).toBe('within spread');
    // Fewer than two (answered) rounds on a side: no spread measured, so no verdict.
    expect(judge([10], [20]).verdict).toBe('no verdict (under 2 rounds)');
    expect(judge([10, 11], [20]).verdict).toBe('no verdict (under 2 rounds)');
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('pairs two reports label by label, with ratios, and notes a different dataset and labels on one side only', () => {
    const a = report([target('A', [label('same', [10, 11, 12]), label('worse', [10, 11, 12]), label('gone', [5, 5])])]);
    const b = report([target('B', [label('same', [10.5, 11.5, 12.5]), label('worse', [30, 31, 33]), label('new', [5, 6])], 'f2')]);
    const [c] = compareReports([
      { file: 'a.json', report: a },
      { file: 'b.json', report: b },
    ]);
    const row = (l: string) => c!.rows.find((r) => r.label === l)!;
    expect(row('same').verdict).toBe('within spread');
    expect(row('worse').verdict).toBe('slower');
    expect(row('worse').ratio).toBeCloseTo(31 / 11, 5);
    expect(row('gone').verdict).toBe('only in A');
    expect(row('new').verdict).toBe('only in B');
    expect(row('overall').rpsVerdict).toBeDefined();
    expect(c!.notes.join(' ')).toContain('The datasets differ: fingerprint f1 (A) vs f2 (B)');
    const md = renderComparison([c!]);
    expect(md).toContain('| worse | 11.0 (10.0–12.0) | 31.0 (30.0–33.0) | 2.82 | 3.0 | slower |');
  });

  it('says when two separate runs differ in workload or load, and points to an interleaved run', () => {
    const a = report([target('A', [label('x', [10, 11])])]);
    const b = report([target('B', [label('x', [10, 11])])]);
    b.workload.sha256 = 'def';
    b.settings.connections = 64;
    const [c] = compareReports([
      { file: 'a.json', report: a },
      { file: 'b.json', report: b },
    ]);
    const notes = c!.notes.join(' ');
    expect(notes).toContain('The workloads differ');
    expect(notes).toContain('The load differs: A mix, 4 connections; B mix, 64 connections');
    expect(notes).toContain('--url A --url B --repeat N');
    expect(() => compareReports([{ file: 'a.json', report: a }])).toThrow('a.json: one target only');
  });

  it('refuses a file that is not a report, naming it', async () => {
    const dir = scratchDir('tronlake-compare-');
    const f = path.join(dir, 'x.json');
    writeFileSync(f, '{"hello":1}');
    await expect(readReport(f)).rejects.toThrow(`${f}: not a tronlake bench report`);
    await expect(readReport(path.join(dir, 'missing.json'))).rejects.toThrow(`${path.join(dir, 'missing.json')}: cannot read a bench report`);
  });
});

describe('compare over a real interleaved run', () => {
  const servers: FastifyInstance[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  async function serverWithDelay(ms: number): Promise<string> {
    const s = Fastify({ logger: false });
    s.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, ms));
      return { ok: true };
    });
    await s.listen({ port: 0, host: '127.0.0.1' });
    servers.push(s);
    return `http://127.0.0.1:${(s.server.address() as net.AddressInfo).port}`;
  }

  it('finds an 80 ms slower target slower, from one run with both URLs, and writes the comparison', async () => {
    const fast = await serverWithDelay(0);
    const slow = await serverWithDelay(80);
    const r = await runBench(testRunOptions({
      targets: [
        { name: 'fast', url: fast },
        { name: 'slow', url: slow },
      ],
      workload: parseWorkload('{"path":"/slow","label":"slow route"}', 'w.jsonl'),
      workloadFile: 'w.jsonl',
      mode: 'mix',
      connections: 2,
      requests: 20,
      repeat: 3,
      warmup: 1,
    }));
    const dir = scratchDir('tronlake-compare-');
    const file = path.join(dir, 'report.json');
    writeFileSync(file, JSON.stringify(r));
    const [c] = compareReports([{ file, report: await readReport(file) }]);
    expect(c!.rows.find((x) => x.label === 'slow route')!.verdict).toBe('slower');
    expect(c!.notes[0]).toContain('One run, targets interleaved over 3 rounds');
    const out = path.join(dir, 'compare.md');
    await benchCli(['compare', file, '--out', out]);
    expect(readFileSync(out, 'utf8')).toMatch(/\| slow route \|.*\| slower \|/);
  });
});
