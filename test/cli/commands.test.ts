/**
 * Every `tronlake` command and subcommand, through the real bin (`node bin/tronlake.js`) in an empty temp folder with
 * no tronlake variable in its environment: `--help` prints on stdout, exits 0 and creates nothing; a misspelt flag
 * exits 2 naming the flag meant; a bad or missing value exits 2 naming its flag; `--version` is package.json's.
 * The expected flag names are written here from the documented command line (README "CLI"), not read from the parser.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'tronlake.js');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The environment without any setting a command reads (a developer's DATA_DIR must not change what is tested). */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('TRONLAKE_') || ['DATA_DIR', 'PORT', 'HOST', 'TRON_PRO_API_KEY'].includes(k)) continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** What the command left in its working folder. */
  created: string[];
}

/** One run per command line: several tests read the same help. */
const runs = new Map<string, Promise<Run>>();

/** Runs `tronlake …args` in a new empty folder; a command that would start work is killed after 90 s (a failure). */
function tronlake(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const key = JSON.stringify([args, env]);
  if (!runs.has(key)) runs.set(key, spawnTronlake(args, env));
  return runs.get(key)!;
}

function spawnTronlake(args: string[], env: Record<string, string>): Promise<Run> {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'tronlake-cli-'));
  dirs.push(cwd);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, created: readdirSync(cwd) });
    });
  });
}

/** Every command and subcommand a user can type. */
const COMMANDS: string[][] = [
  [],
  ['generate'],
  ['ingest'],
  ['serve'],
  ['rederive'],
  ['compact'],
  ['verify'],
  ['start'],
  ['reference'],
  ['reference', 'load'],
  ['bench'],
  ['bench', 'run'],
  ['bench', 'sample-workload'],
  ['bench', 'compare'],
];

// A spawn costs ~0.7 s of CPU (tsx, commander): ~1 s each on a quiet machine, 5-30 s at a load of 28 on 2 cores.
// Concurrent tests (vitest's default of 5 at a time) and a timeout set from the load case, not the quiet one.
const T = 180_000;

describe('tronlake <command> --help', () => {
  it.concurrent.each(COMMANDS.map((c) => [c.join(' ') || '(top level)', c] as const))('%s --help: usage on stdout, exit 0, nothing done', async (_name, cmd) => {
    const r = await tronlake([...cmd, '--help']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: tronlake${cmd.length ? ` ${cmd.join(' ')}` : ''} `));
    expect(r.stdout).toContain('--help');
    expect(r.stderr).toBe('');
    expect(r.created).toEqual([]);
  }, T);

  it.concurrent('the top-level help names every command with a description; `help serve` is serve --help', async () => {
    const [top, helpServe] = await Promise.all([tronlake(['--help']), tronlake(['help', 'serve'])]);
    for (const c of ['generate', 'ingest', 'serve', 'rederive', 'compact', 'verify', 'start', 'reference', 'bench']) {
      expect(top.stdout).toMatch(new RegExp(`^  ${c}( \\[\\w+\\.*\\])? +\\S`, 'm'));
    }
    expect(helpServe.code).toBe(0);
    expect(helpServe.stdout).toMatch(/^Usage: tronlake serve /);
  }, T);

  it.concurrent('serve --help and start --help list every serve flag with its environment variable', async () => {
    const flags: [string, string][] = [
      ['--data', 'DATA_DIR'], ['--port', 'PORT'], ['--host', 'HOST'], ['--pool', 'TRONLAKE_POOL'], ['--threads', 'TRONLAKE_THREADS'],
      ['--memory', 'TRONLAKE_MEMORY_LIMIT'], ['--timeout', 'TRONLAKE_TIMEOUT_MS'], ['--cache-bytes', 'TRONLAKE_CACHE_BYTES'],
      ['--watch-ms', 'TRONLAKE_WATCH_MS'], ['--alt-prefix', 'TRONLAKE_ALT_PREFIX'], ['--alt-port', 'TRONLAKE_ALT_PORT'],
      ['--api-keys', 'TRONLAKE_API_KEYS'], ['--max-queue', 'TRONLAKE_MAX_QUEUE'], ['--csv-stall-ms', 'TRONLAKE_CSV_STALL_MS'],
      ['--max-url-bytes', 'TRONLAKE_MAX_URL_BYTES'], ['--body-limit', 'TRONLAKE_BODY_LIMIT'], ['--workers', 'TRONLAKE_WORKERS'],
    ];
    for (const r of await Promise.all([tronlake(['serve', '--help']), tronlake(['start', '--help'])])) {
      const text = r.stdout.replace(/\s+/g, ' ');
      for (const [flag, env] of flags) expect(text).toMatch(new RegExp(`${flag} <\\S+> .*?\\(env ${env}\\)`));
      expect(text).toContain('--quiet');
    }
  }, T);

  it.concurrent('--version prints package.json version on stdout', async () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await tronlake(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
    expect(r.created).toEqual([]);
  }, T);

  it.concurrent('no command: the help on stderr, exit 2', async () => {
    const r = await tronlake([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^Usage: tronlake /);
    expect(r.stdout).toBe('');
  }, T);
});

/** [command line with a misspelt flag, the flag meant]; the misspelt flag is the one of the line not valid for the command. */
const MISSPELT: [string[], string][] = [
  [['generate', '--profle', 'bench'], '--profile'],
  [['ingest', '--nod', 'http://127.0.0.1:1'], '--node'],
  [['serve', '--prot', '3001'], '--port'],
  [['rederive', '--data', 'x', '--memroy', '1GB'], '--memory'],
  [['compact', '--data', 'x', '--dataset', 'tx_by_hash'], '--datasets'],
  [['verify', '--data', 'x', '--verison', 'v1'], '--version'],
  [['start', '--prot', '3001'], '--port'],
  [['reference', 'load', '--data', 'x', '--dri', 'y'], '--dir'],
  [['bench', '--conections', '2'], '--connections'],
  [['bench', 'run', '--warmpu', '1'], '--warmup'],
  [['bench', 'sample-workload', '--dat', 'x'], '--data'],
  [['bench', 'compare', 'a.json', '--ot', 'c.md'], '--out'],
];

describe('an unknown flag is an error naming the nearest flag', () => {
  it.concurrent.each(MISSPELT.map(([args, meant]) => [args.join(' '), args, meant] as const))('%s', async (_name, args, meant) => {
    const r = await tronlake(args);
    expect(r.code, r.stderr).toBe(2);
    const wrong = args.find((a) => a.startsWith('--') && a !== '--data' && a !== meant)!;
    expect(r.stderr).toContain(`unknown flag ${wrong}`);
    expect(r.stderr).toContain(`did you mean ${meant}?`);
    expect(r.created).toEqual([]);
  }, T);

  it.concurrent('an unknown command names the nearest command', async () => {
    const r = await tronlake(['serv']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('did you mean serve?');
  }, T);
});

/** [command line with a bad or missing value, extra environment, text the error must hold (the flag named)]. */
const BAD: [string[], Record<string, string>, string][] = [
  [['generate', '--seed', 'x'], {}, "--seed: expected a whole number, got 'x'"],
  [['generate', '--end-date', '2026-02-30'], {}, "--end-date: expected a date yyyy-MM-dd, got '2026-02-30'"],
  [['ingest', '--node', 'http://127.0.0.1:1', '--out', 'lake', '--from', 'ten'], {}, '--from must be a non-negative integer, got "ten"'],
  [['serve', '--port', 'x'], {}, "--port: expected an integer, got 'x'"],
  [['serve'], { PORT: '70000' }, "PORT: must be ≤ 65535, got '70000'"],
  [['serve', '--workers', '0'], {}, "--workers: must be ≥ 1, got '0'"],
  [['serve'], { TRONLAKE_WORKERS: '65' }, "TRONLAKE_WORKERS: must be ≤ 64, got '65'"],
  [['rederive', '--data', 'x', '--memory', 'lots'], {}, "--memory: expected a size such as 512MB or 8GB, got 'lots'"],
  [['rederive'], {}, '--data <dir> is required'],
  [['compact', '--data', 'x', '--keep-free-gb', '-1'], {}, "--keep-free-gb: expected a number ≥ 0, got '-1'"],
  [['compact', '--data', 'x', '--datasets', 'blocks'], {}, "--datasets: 'blocks' is not a dataset with runs"],
  [['verify'], {}, '--data <dir> is required'],
  [['verify', '--data', 'x', '--version'], {}, '--version: a value <v> is required'],
  // start checks every setting before it would generate the default lake (nothing may be created)
  [['start', '--port', 'x'], {}, "--port: expected an integer, got 'x'"],
  [['reference', 'load', '--data', 'x'], {}, '--dir <dir> is required'],
  [['bench', '--connections', 'x'], {}, "--connections: expected a whole number, got 'x'"],
  [['bench', 'run', '--mode', 'fast'], {}, '--mode: Allowed choices are mix, per-label, sequential'],
  [['bench', '--requests', '1', '--connections', '4', '--url', 'http://127.0.0.1:1'], {}, '--requests (1) must be at least --connections (4)'],
  [['bench', 'sample-workload'], {}, '--data DIR is required'],
  [['bench', 'compare'], {}, "missing required argument 'report'"],
];

describe('a bad or missing value is an error naming its flag', () => {
  it.concurrent.each(BAD.map(([args, env, text]) => [`${Object.entries(env).map(([k, v]) => `${k}=${v} `).join('')}${args.join(' ')}`, args, env, text] as const))(
    '%s',
    async (_name, args, env, text) => {
      const r = await tronlake(args, env);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(text);
      // one line, no stack or JSON dump, and the help to read named
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/\(see tronlake( [\w-]+)* --help\)\n$/);
      expect(r.created).toEqual([]);
    },
    T,
  );
});
