/**
 * A peer behind a bare Fastify route, one process per peer like our server: our endpoints' paths and parameters
 * (the peer set only), each answered by one statement (queries.ts) and returned as `{ data: rows }`, no envelope,
 * no lookups, no totals. `/health` for the runner's reachability probe.
 *
 *   npx tsx bench/peers/server.ts --kind duckdb --lake DIR --port N
 *   npx tsx bench/peers/server.ts --kind postgres --socket DIR --pgport N --port N
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { Db } from '../../src/duckdb/duck.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';
import { BadRequest, duckStatement, parseRequest, pgStatement, type PeerRequest, type Statement } from './queries.ts';
import { PgConnection } from './pg-wire.ts';

export type Answer = Record<string, unknown>[];

/** A peer: its statement for a request, and how it runs one. */
export interface Peer {
  name: string;
  statement(r: PeerRequest): Statement;
  run(s: Statement): Promise<Answer>;
  close(): Promise<void>;
}

/** JSON has no bigint: exact integers as decimal strings. */
function plain(rows: Record<string, unknown>[]): Answer {
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v])));
}

/** DuckDB by hand over the lake's current version (one connection, DuckDB's default threads unless given). */
export async function duckdbPeer(lake: string, threads?: number): Promise<Peer> {
  const m = await readManifest(lake);
  if (!m) throw new Error(`no lake in ${lake}`);
  const dir = versionDir(lake, m);
  const db = await Db.open(threads ? { threads } : {});
  const [h] = await db.all(`SELECT max("timestamp") AS head FROM read_parquet('${dir}/raw/blocks/*/*.parquet')`);
  const head = Number(h?.head);
  return {
    name: 'duckdb',
    statement: (r) => duckStatement(r, head, dir),
    // Whole numbers bind as BIGINT (a JS number would bind as DOUBLE and compare as one).
    run: async (s) => plain(await db.all(s.sql, s.params.map((v) => (typeof v === 'number' ? BigInt(v) : v)) as never)),
    close: async () => db.close(),
  };
}

/** PostgreSQL over the temporary cluster's socket (one connection: the runner measures one at a time). */
export async function postgresPeer(socketDir: string, port: number, user: string): Promise<Peer> {
  const c = await PgConnection.connect(socketDir, port, user);
  const [h] = await c.query('SELECT max("timestamp") AS head FROM blocks');
  const head = Number(h?.head);
  return {
    name: 'postgres',
    statement: (r) => pgStatement(r, head),
    run: async (s) => c.query(s.sql, s.params),
    close: async () => c.close(),
  };
}

/** The Fastify app of a peer: every path of the peer set, a 400 naming the parameter for anything it cannot take. */
export function peerApp(peer: Peer): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ status: 'ok', peer: peer.name }));
  app.get('/api/*', async (req, reply) => {
    const [path, search] = req.url.split('?') as [string, string | undefined];
    let r: PeerRequest;
    try {
      r = parseRequest(path, new URLSearchParams(search ?? ''));
    } catch (e) {
      if (e instanceof BadRequest) return reply.code(400).send({ error: e.message });
      throw e;
    }
    return { data: await peer.run(peer.statement(r)) };
  });
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseFlags } = await import('../../src/cli-flags.ts');
  const f = parseFlags(process.argv.slice(2));
  const peer = f.kind === 'postgres'
    ? await postgresPeer(f.socket!, Number(f.pgport), f.user ?? 'postgres')
    : await duckdbPeer(f.lake!, f.threads ? Number(f.threads) : undefined);
  const app = peerApp(peer);
  await app.listen({ port: Number(f.port ?? 0), host: '127.0.0.1' });
  console.log(`peer ${peer.name} listening on ${String(app.server.address() && (app.server.address() as { port: number }).port)}`);
  const stop = async () => {
    await app.close();
    await peer.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
