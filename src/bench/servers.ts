/**
 * The servers a bench run starts itself, each in its own process on loopback: tronlake over a lake (through the
 * same `tronlake start` path as `npm start`, so a missing default lake is generated the same way), tronlake from
 * any checkout of the code with its own serve flags (`--serve`: two commits, two lakes or two settings side by
 * side), and the bare Fastify route that is the floor of the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/tronlake.js', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-server.ts', import.meta.url));

export interface Started {
  url: string;
  stop(): Promise<void>;
}

/** A port free on loopback right now, e.g. `await freePort()` = `41235`. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface TronlakeServerOptions {
  dataDir: string;
  /** Response cache on (the server's default budget); off by default so every request runs its SQL. */
  cache: boolean;
  /** Let the server write to our stderr (generation progress on a first run); otherwise keep its last lines for errors. */
  forwardLogs: boolean;
  /** How long to wait for /health, generation of a missing default lake included. */
  startTimeoutMs: number;
}

/** Starts `tronlake start` on a free loopback port and waits until `/health` answers. */
export async function startTronlake(o: TronlakeServerOptions): Promise<Started> {
  const port = await freePort();
  const args = [BIN, 'start', '--data', o.dataDir, '--port', String(port), '--host', '127.0.0.1', '--quiet', '--watch-ms', '0'];
  if (!o.cache) args.push('--cache-bytes', '0');
  // Forwarded logs go straight to our stderr, so a first run's generation progress bar renders on the terminal.
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', o.forwardLogs ? 'inherit' : 'pipe'] });
  return ready(child, `http://127.0.0.1:${port}`, '/health', o.startTimeoutMs, `tronlake on ${o.dataDir}`, warmedUp());
}

/** A tronlake the run starts from a checkout: `--serve NAME=CHECKOUT [serve flags…]`. */
export interface ServeSpec {
  name: string;
  /** Root of a checkout of tronlake (its own node_modules are used). */
  root: string;
  dataDir: string;
  cache: boolean;
  /** More `tronlake serve` flags, e.g. `['--max-queue', '-1']`; they win over the bench's own. */
  args: string[];
}

/**
 * Parses one `--serve` value: a name (anything before the first `=`), `=`, a checkout folder (default `.`) and serve flags, split on spaces,
 * e.g. `parseServeSpec('unbounded=. --max-queue -1', 'data/default', false)` →
 * `{ name: 'unbounded', root: '<abs .>', dataDir: 'data/default', cache: false, args: ['--max-queue', '-1'] }`.
 */
export function parseServeSpec(value: string, dataDir: string | undefined, cache: boolean): ServeSpec {
  const m = /^([^=]*[^=\s])\s*=(.*)$/.exec(value);
  if (!m) throw new Error(`--serve ${value}: expected NAME=CHECKOUT [serve flags], e.g. --serve base=/tmp/base or --serve 'unbounded=. --max-queue -1'`);
  const words = m[2]!.trim().split(/\s+/).filter(Boolean);
  const root = path.resolve(words[0] && !words[0].startsWith('--') ? words.shift()! : '.');
  if (!existsSync(path.join(root, 'src', 'cli.ts'))) throw new Error(`--serve ${value}: ${root} is not a tronlake checkout (no src/cli.ts)`);
  const i = words.indexOf('--data');
  const data = i >= 0 ? words[i + 1] : dataDir;
  if (!data) throw new Error(`--serve ${value}: which lake? give --data DIR (for every --serve) or --data in this --serve`);
  return { name: m[1]!, root, dataDir: path.resolve(data), cache, args: i >= 0 ? words.filter((_, j) => j !== i && j !== i + 1) : words };
}

/** Starts `tronlake serve` from a checkout (`node --import tsx CHECKOUT/src/cli.ts serve …`) on a free loopback port. */
export async function startServed(spec: ServeSpec, startTimeoutMs: number): Promise<Started> {
  const port = await freePort();
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const args = ['--import', tsx, path.join(spec.root, 'src', 'cli.ts'), 'serve', '--data', spec.dataDir, '--port', String(port), '--host', '127.0.0.1', '--quiet', '--watch-ms', '0'];
  if (!spec.cache) args.push('--cache-bytes', '0');
  const child = spawn(process.execPath, [...args, ...spec.args], { cwd: spec.root, stdio: ['ignore', 'ignore', 'pipe'] });
  return ready(child, `http://127.0.0.1:${port}`, '/health', startTimeoutMs, `tronlake ${spec.name} (${spec.root} on ${spec.dataDir})`, warmedUp());
}

/** Starts the bare Fastify route (the floor) on a free loopback port. */
export async function startBareServer(): Promise<Started> {
  const port = await freePort();
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsx, BARE, String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  return ready(child, `http://127.0.0.1:${port}`, '/bare', 60_000, 'the bare Fastify route');
}

/**
 * A tronlake is measured once its warm-up is over: at start it runs beside serving (/health `warmUp: running`), and
 * its builds held the first seconds' answers (src/bench/README.md). With several serving processes (/health
 * `worker: { index, of }`), once every one of them has said so: each probe is a new connection, which the port's
 * round robin hands to the next process. A checkout from before the field counts as ready when it answers.
 */
function warmedUp(): (health: string) => boolean {
  const done = new Set<number>();
  return (health) => {
    let h: { warmUp?: unknown; worker?: { index?: unknown; of?: unknown } };
    try {
      h = JSON.parse(health) as typeof h;
    } catch {
      return true;
    }
    if (h.warmUp === 'running') return false;
    if (typeof h.worker?.index !== 'number' || typeof h.worker.of !== 'number') return true;
    done.add(h.worker.index);
    return done.size >= h.worker.of;
  };
}

/** GET `url` on a connection of its own (closed after), e.g. `await probe('http://127.0.0.1:3000/health')`. */
function probe(url: string): Promise<{ ok: boolean; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { connection: 'close' }, timeout: 2_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ ok: res.statusCode === 200, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

async function ready(
  child: ChildProcess, url: string, probePath: string, timeoutMs: number, what: string, settled: (body: string) => boolean = () => true,
): Promise<Started> {
  const tail: string[] = [];
  child.stderr?.on('data', (b: Buffer) => {
    tail.push(...b.toString().split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 5));
  });
  let exited: number | null | undefined;
  // A bench that ends by process.exit (its signal handler, an error) takes its servers with it: they outlived it before.
  const orphaned = (): void => void child.kill('SIGKILL');
  process.once('exit', orphaned);
  const exit = new Promise<void>((r) => child.once('exit', (code) => ((exited = code), process.off('exit', orphaned), r())));
  const stop = async () => {
    if (exited !== undefined) return;
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exit;
    clearTimeout(t);
  };
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (exited !== undefined) throw new Error(`${what} exited (code ${exited}) before answering${tail.length ? `: ${tail.join(' | ')}` : ''}`);
    try {
      const r = await probe(url + probePath);
      if (r.ok && settled(r.body)) return { url, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`${what} did not answer ${probePath} (its warm-up over) within ${Math.round(timeoutMs / 1000)} s${tail.length ? `: ${tail.join(' | ')}` : ''}`);
}
