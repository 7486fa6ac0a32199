/**
 * What `/health` says of the process beside the lake, so a benchmark report records what it measured: the release (the
 * package version and the git commit of the checkout, read once per process when the first app is built, never at
 * request time; `TRONLAKE_COMMIT` names the commit where the code has no git checkout, an image built from an
 * archive), the CPU time and the garbage-collection pauses so far.
 */
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** e.g. `{ version: '0.1.0', commit: '927e345…', modified: false }`; `commit` is null when unknown. */
export interface Release {
  /** package.json `version`. */
  version: string;
  /** Full commit id of the checkout the server runs from, or null when it is not known. */
  commit: string | null;
  /** True when tracked files differed from `commit` at start (uncommitted work); absent when that is not known. */
  modified?: boolean;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function git(args: string[], cwd: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, timeout: 5_000, windowsHide: true }, (err, stdout) => resolve(err ? undefined : stdout.trim()));
  });
}

/** Reads the release of the code under `root` (the package root by default); `env.TRONLAKE_COMMIT` wins over git. */
export async function readRelease(root: string = ROOT, env: NodeJS.ProcessEnv = process.env): Promise<Release> {
  const pkg = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8')) as { version?: unknown };
  const version = typeof pkg.version === 'string' ? pkg.version : 'unknown';
  const given = env.TRONLAKE_COMMIT?.trim();
  if (given) return { version, commit: given };
  // Only a checkout of this package itself: a folder inside another repository must not report that one's commit.
  const top = await git(['rev-parse', '--show-toplevel'], root);
  if (!top || path.resolve(top) !== path.resolve(root)) return { version, commit: null };
  const commit = await git(['rev-parse', 'HEAD'], root);
  if (!commit || !/^[0-9a-f]{40,64}$/.test(commit)) return { version, commit: null };
  const status = await git(['status', '--porcelain', '--untracked-files=no'], root);
  return status === undefined ? { version, commit } : { version, commit, modified: status !== '' };
}

let current: Promise<Release> | undefined;

/** The release of this process's code, read on the first call and kept. */
export function serverRelease(): Promise<Release> {
  current ??= readRelease();
  return current;
}

/** The process's CPU time since it started (user + system, every thread: DuckDB's too), ms, e.g. 12530.4. */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return Math.round((u.user + u.system) / 100) / 10;
}

/** Pauses of one kind of collection since the process started: how many, and their total wall time (ms). */
export interface GcKind {
  count: number;
  ms: number;
}

/**
 * The serving process's garbage-collection pauses since it started (issue 32), as /health reports them, e.g.
 * `{ minor: { count: 310, ms: 1052.4 }, major: { count: 15, ms: 210.9 } }`. A pause stops every answer in flight, so a
 * latency tail is read beside them: a bench takes /health before and after its rounds (src/bench/runner.ts). minor:
 * scavenges of the young generation; major: mark-compacts, with their incremental marking steps and weak callbacks.
 */
export interface GcPauses {
  minor: GcKind;
  major: GcKind;
}

let pauses: GcPauses | undefined;

/** This process's GC pauses so far; the first call starts counting (one performance entry per collection). */
export function gcPauses(): GcPauses {
  if (!pauses) {
    const p: GcPauses = { minor: { count: 0, ms: 0 }, major: { count: 0, ms: 0 } };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR ? p.minor : p.major;
        kind.count++;
        kind.ms += e.duration;
      }
    }).observe({ entryTypes: ['gc'] });
    pauses = p;
  }
  const round = (k: GcKind): GcKind => ({ count: k.count, ms: Math.round(k.ms * 100) / 100 });
  return { minor: round(pauses.minor), major: round(pauses.major) };
}
