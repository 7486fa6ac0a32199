/**
 * POST /api/contracts/smart-contract-triggers-batch against plain SQL over the raw transactions and logs, the
 * contract_code snapshot's ABIs and the test's own decoder (contract-detail-abi.ts, not src/chain/abi-decode.ts):
 * the calls chosen by hashList, by a block term and by a contract's newest calls, their logs decoded by the emitting
 * contract's ABI, an event-name term, `fields`, the limit's bounds, an empty body, and every 400 naming its field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, rmSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { linkedLakeCopy, sql, testApp, testManifest } from '../../helpers/lake.ts';
import { buildApp } from '../../../src/http/app.ts';
import { budget } from '../../helpers/budget.ts';
import { endpoints } from '../../../src/endpoints/index.ts';
import type { Row } from '../../../src/duckdb/duck.ts';
import { decodeArgs, decodeLog, entriesOf, hash, sig, type Entry } from './contract-detail-abi.ts';

const PATH = '/api/contracts/smart-contract-triggers-batch';
const post = async (body: unknown) => {
  const app = await testApp();
  const r = await app.inject({ method: 'POST', url: PATH, payload: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return { status: r.statusCode, body: JSON.parse(r.body), text: r.body };
};
const ok = async (body: unknown) => {
  const r = await post(body);
  expect(r.status, r.text).toBe(200);
  return r.body as { event_list: Row[]; list: Row[] };
};

let abis = new Map<string, Entry[]>();
let solid = 0;
const list = (xs: string[]): string => xs.map((a) => `'${a}'`).join(', ');

/** The expected answer for the calls `txs` (raw rows, newest first): their items and their logs decoded by the test. */
async function expected(txs: Row[], eventName: string | null = null) {
  const hashes = txs.map((t) => String(t.tx_hash));
  const logs = hashes.length ? await sql(`SELECT * FROM raw_logs WHERE tx_hash IN (${list(hashes)}) ORDER BY block_number, tx_hash, log_index`) : [];
  const callee = new Map(txs.map((t) => [String(t.tx_hash), String(t.contract_address)]));
  const events = [];
  for (const l of logs) {
    const e = (abis.get(String(l.contract_address)) ?? []).find((x) => String(x.type).toLowerCase() === 'event' && !x.anonymous && hash(sig(x)) === l.topic0);
    if (!e || (eventName !== null && e.name !== eventName)) continue;
    const d = decodeLog(e, [l.topic1, l.topic2, l.topic3].filter((t) => t !== null).map(String), String(l.data));
    events.push({
      block_number: Number(l.block_number), block_timestamp: Number(l.timestamp), caller_contract_address: callee.get(String(l.tx_hash)),
      contract_address: l.contract_address, event_index: Number(l.log_index), event_name: e.name, event: d.event, result: d.result,
      result_type: d.types, result_with_topic: { index: d.index, topic: l.topic0, dataInArr: d.dataInArr }, transaction_id: l.tx_hash,
    });
  }
  const emitted = new Set(events.map((e) => e.transaction_id));
  const items = txs.filter((t) => eventName === null || emitted.has(String(t.tx_hash))).map((t) => {
    const data = String(t.call_data ?? '');
    const fn = (abis.get(String(t.contract_address)) ?? []).find((x) => String(x.type).toLowerCase() === 'function' && hash(sig(x)).slice(0, 8) === data.slice(0, 8));
    const trc10 = t.token_id !== null && t.token_id !== '_';
    return {
      owner_address: t.owner_address, block: Number(t.block_number), hash: t.tx_hash, date_created: Number(t.timestamp), contract_address: t.contract_address,
      token_id: trc10 ? Number(t.token_id) : 0, token_value: trc10 ? Number(t.amount) : 0, call_value: trc10 ? 0 : Number(t.amount), data,
      confirmed: Number(t.block_number) <= solid,
      method: fn ? `${fn.name}(${(fn.inputs ?? []).map((i) => (i.name ? `${i.type} ${i.name}` : i.type)).join(',')})` : '',
      parameter: JSON.stringify(fn ? decodeArgs(fn, data) : {}), day: new Date(Number(t.timestamp)).toISOString().slice(0, 10),
    };
  });
  return { event_list: events, list: items };
}

const CALLS = `SELECT * FROM raw_transactions WHERE contract_type = 31 AND contract_address IS NOT NULL`;

beforeAll(async () => {
  const code = await sql(`SELECT contract_address, abi_json FROM snap_contract_code QUALIFY row_number() OVER (PARTITION BY contract_address ORDER BY as_of_block DESC) = 1`);
  abis = new Map(code.map((c) => [String(c.contract_address), entriesOf(String(c.abi_json))]));
  solid = (await testManifest()).solidBlock;
});

describe('POST /api/contracts/smart-contract-triggers-batch', () => {
  it('hashList: those calls, newest first, and their logs decoded by the emitting contract ABI', async () => {
    // Calls with the most logs, of the most distinct contracts (swaps, transfers, admin events, batches).
    const picked = await sql(`${CALLS} AND log_count > 0 QUALIFY row_number() OVER (PARTITION BY contract_address ORDER BY log_count DESC, tx_hash) = 1 ORDER BY log_count DESC, tx_hash LIMIT 12`);
    const txs = picked.sort((a, b) => Number(b.block_number) - Number(a.block_number) || Number(b.tx_index) - Number(a.tx_index));
    // Calls of several days: each day's file is read apart and the answers merged in order.
    if ((await testManifest()).source.kind === 'generate') expect(new Set(txs.map((t) => new Date(Number(t.timestamp)).toISOString().slice(0, 10))).size).toBeGreaterThan(1);
    const got = await ok({ hashList: txs.map((t) => t.tx_hash) });
    const want = await expected(txs);
    expect(got.list).toEqual(want.list);
    expect(got.event_list).toEqual(want.event_list);
    if (abis.size) expect(got.event_list.length).toBeGreaterThan(0);
  });

  it('hashList with contractAddress keeps the calls to it; unknown ids match nothing', async () => {
    const [busy] = await sql(`SELECT contract_address AS c FROM raw_transactions WHERE contract_type = 31 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const txs = await sql(`${CALLS} ORDER BY hash(tx_hash), tx_hash LIMIT 10`);
    const mine = txs.filter((t) => t.contract_address === busy!.c).sort((a, b) => Number(b.block_number) - Number(a.block_number) || Number(b.tx_index) - Number(a.tx_index));
    const got = await ok({ hashList: txs.map((t) => t.tx_hash), contractAddress: busy!.c });
    expect(got.list.map((i) => i.hash)).toEqual(mine.map((t) => t.tx_hash));
    expect(await ok({ hashList: ['ab'.repeat(32)] })).toEqual({ event_list: [], list: [] });
  });

  it('contractAddress alone: its newest calls, at most limit (default 20, at most 50)', async () => {
    const [busy] = await sql(`SELECT contract_address AS c FROM raw_transactions WHERE contract_type = 31 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const newest = await sql(`${CALLS} AND contract_address = '${busy!.c}' ORDER BY block_number DESC, tx_index DESC LIMIT 60`);
    const dflt = await ok({ contractAddress: busy!.c });
    expect(dflt.list.map((i) => i.hash)).toEqual(newest.slice(0, 20).map((t) => t.tx_hash));
    expect(dflt).toEqual(await expected(newest.slice(0, 20)));
    expect((await ok({ contractAddress: busy!.c, limit: 3 })).list.map((i) => i.hash)).toEqual(newest.slice(0, 3).map((t) => t.tx_hash));
    expect((await ok({ contractAddress: busy!.c, limit: 51 })).list.map((i) => i.hash)).toEqual(newest.slice(0, 50).map((t) => t.tx_hash));
    expect(await ok({ contractAddress: busy!.c, limit: 0 })).toEqual({ event_list: [], list: [] });
  });

  it('term: a block number gives that block calls; an event name keeps its events and the calls that emitted one', async () => {
    const [b] = await sql(`SELECT block_number AS b FROM raw_transactions WHERE contract_type = 31 AND contract_address IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const inBlock = await sql(`${CALLS} AND block_number = ${b!.b} ORDER BY tx_index DESC LIMIT 20`);
    expect(await ok({ term: String(b!.b) })).toEqual(await expected(inBlock));
    expect(await ok({ term: Number(b!.b) })).toEqual(await expected(inBlock));
    const [busy] = await sql(`SELECT contract_address AS c FROM raw_transactions WHERE contract_type = 31 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const newest = await sql(`${CALLS} AND contract_address = '${busy!.c}' ORDER BY block_number DESC, tx_index DESC LIMIT 20`);
    expect(await ok({ contractAddress: busy!.c, term: 'Transfer' })).toEqual(await expected(newest, 'Transfer'));
    expect(await ok({ contractAddress: busy!.c, term: 'NoSuchEvent' })).toEqual({ event_list: [], list: [] });
  });

  it('fields projects list items; an empty body names nothing to read', async () => {
    const [t] = await sql(`${CALLS} ORDER BY tx_hash LIMIT 1`);
    const got = await ok({ hashList: [t!.tx_hash], fields: 'hash, block,method' });
    expect(got.list).toEqual([{ hash: t!.tx_hash, block: Number(t!.block_number), method: (await expected([t!])).list[0]!.method }]);
    expect(await ok({})).toEqual({ event_list: [], list: [] });
  });

  it('a generated lake: every log of a contract with an ABI has its event there, with as many indexed inputs as topics', async () => {
    if ((await testManifest()).source.kind !== 'generate') return;
    const kinds = await sql(`SELECT contract_address AS c, topic0 AS t, (topic1 IS NOT NULL)::INT + (topic2 IS NOT NULL)::INT + (topic3 IS NOT NULL)::INT AS n
                             FROM raw_logs GROUP BY ALL ORDER BY ALL`);
    const misses = kinds.filter((k) => abis.has(String(k.c))).filter((k) => {
      const e = abis.get(String(k.c))!.find((x) => String(x.type).toLowerCase() === 'event' && hash(sig(x)) === k.t);
      return !e || (e.inputs ?? []).filter((i) => i.indexed).length !== Number(k.n);
    });
    expect(misses).toEqual([]);
    expect(kinds.filter((k) => abis.has(String(k.c))).length).toBeGreaterThan(10);
  });

  it('its response schema accepts an answer and rejects it with a key left out or retyped', async () => {
    const ep = endpoints.find((e) => e.path === PATH)!;
    const [busy] = await sql(`SELECT contract_address AS c FROM raw_transactions WHERE contract_type = 31 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const body = await ok({ contractAddress: busy!.c, limit: 5 });
    const accepts = (b: unknown) => ep.response!.safeParse(b).success;
    expect(accepts(body)).toBe(true);
    for (const k of ['event_list', 'list'] as const) {
      const { [k]: _gone, ...rest } = body;
      expect(accepts(rest), k).toBe(false);
      expect(accepts({ ...body, [k]: 12345 }), k).toBe(false);
    }
    const e = body.event_list[0];
    if (e) for (const f of Object.keys(e)) {
      const { [f]: _gone, ...rest } = e;
      expect(accepts({ ...body, event_list: [rest] }), f).toBe(false);
      expect(accepts({ ...body, event_list: [{ ...e, [f]: typeof e[f] === 'number' ? 'x' : 12345 }] }), f).toBe(false);
    }
  });

  it('reads key files (issue 32): no statement but the ABIs; a version without them answers with the statements, the same bytes', async () => {
    const [b] = await sql(`SELECT block_number AS b FROM raw_transactions WHERE contract_type = 31 AND log_count > 0 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const [busy] = await sql(`SELECT contract_address AS c FROM raw_transactions WHERE contract_type = 31 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    // Ids of many days (one statement per day on the statements' path), one sharing nothing, one twice.
    const ids = (await sql(`${CALLS} AND log_count > 0 ORDER BY hash(tx_hash), tx_hash LIMIT 15`)).map((t) => String(t.tx_hash));
    const bodies = [{ hashList: [...ids, ids[0], 'ab'.repeat(32)] }, { hashList: ids, contractAddress: busy!.c }, { term: String(b!.b) }, { term: Number(b!.b), contractAddress: busy!.c },
      { contractAddress: busy!.c, limit: 30 }, { hashList: ids, term: 'Transfer' }];
    const copy = linkedLakeCopy('tronlake-triggers-no-keys-');
    const m = await testManifest();
    for (const ds of ['transactions_by_block', 'logs_by_block']) {
      const dir = path.join(copy, 'versions', m.version, 'derived', ds);
      for (const f of readdirSync(dir).filter((x) => x.endsWith('.keys'))) unlinkSync(path.join(dir, f));
    }
    const [keyedApp, statementsApp] = [await testApp(), await buildApp({ dataDir: copy, endpoints, cacheBytes: 0 })];
    try {
      for (const body of bodies) {
        const ask = (app: typeof keyedApp) => app.inject({ method: 'POST', url: PATH, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        const [keyed, statements] = [await ask(keyedApp), await ask(statementsApp)];
        const what = JSON.stringify(body);
        expect(keyed.statusCode, what).toBe(200);
        const names = (h: Record<string, unknown>) => String(h['server-timing'] ?? '').split(', ').map((x) => x.split(';')[0]!).filter(Boolean);
        expect(names(keyed.headers).filter((x) => !x.startsWith('keys.') && x !== 'contract_triggers-code'), what).toEqual([]);
        expect(names(statements.headers).some((x) => /contract_triggers-(locate|transactions|logs)/.test(x)), what).toBe(true);
        expect(keyed.body, what).toBe(statements.body);
      }
    } finally {
      await statementsApp.close();
      rmSync(path.dirname(copy), { recursive: true, force: true });
    }
  }, budget(60));

  it('a bad body is a 400 naming the field', async () => {
    for (const [body, param] of [
      [{ hashList: 'abc' }, 'hashList'],
      [{ hashList: ['xyz'] }, 'hashList'],
      [{ hashList: Array.from({ length: 51 }, (_x, i) => i.toString(16).padStart(64, '0')) }, 'hashList'],
      [{ contractAddress: '0xdead' }, 'contractAddress'],
      [{ limit: -1 }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ term: { a: 1 } }, 'term'],
      [{ fields: 'hash,nope' }, 'fields'],
    ] as const) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.param, JSON.stringify(body)).toBe(param);
    }
    expect((await post('[1,2]')).status).toBe(400);
    expect((await post('{not json')).status).toBe(400);
  });
});
