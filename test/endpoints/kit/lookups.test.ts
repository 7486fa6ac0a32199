/**
 * The lookups (src/endpoints/kit/lookups.ts): a small dimension is read whole once per served version and looked up
 * in memory, answering what the per-response SQL lookup answers (same rows, the dimension's order); a dimension
 * over DIMENSION_MAP_ROWS, or no version, is asked per response. The runner of the first tests is a fake over fixed
 * rows, which filters as `WHERE key IN (…)` does (the dimension's order, every matching row); the last runs both paths
 * over a test lake beside plain SQL.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../src/duckdb/duck.ts';
import { createLookups, DIMENSION_MAP_ROWS, LOOKUP_QUERIES } from '../../../src/endpoints/kit/lookups.ts';
import { Engine } from '../../../src/engine/engine.ts';
import { loadTemplate } from '../../../src/lake/sql-files.ts';
import { lakeDir, sql, testManifest } from '../../helpers/lake.ts';

const contracts: Row[] = [
  { address: 'Tc', name: 'Gamma', tag: null, is_token: false },
  { address: 'Ta', name: 'Alpha', tag: 'Exchange', is_token: true },
  { address: 'Tb', name: null, tag: null, is_token: false },
];
const tokens: Row[] = [
  { token_id: '1002000', token_standard: 'trc10', name: 'BitTorrent', symbol: 'BTT', decimals: 6, issuer_address: 'Ti', logo_url: 'l', level: 2, vip: true, can_show: 1 },
  { token_id: 'Tt', token_standard: 'trc20', name: 'Tether', symbol: 'USDT', decimals: 6, issuer_address: null, logo_url: null, level: null, vip: false, can_show: null },
];

/** A version's row counts by dataset name (an unnamed one is unknown: asked per response). */
const sized = (rows: Record<string, number>) => (table: string): number | undefined => rows[table];

/** A runner over the rows above, counting the statements it is asked. */
function fakeRunner() {
  const calls: string[] = [];
  const run = async (id: string, binds: Record<string, readonly string[]>): Promise<Row[]> => {
    calls.push(id);
    if (id === 'common/contracts_all') return contracts;
    if (id === 'common/tokens_all') return tokens;
    if (id === 'common/contract_map') return contracts.filter((r) => binds.addresses!.includes(String(r.address)));
    if (id === 'common/token_info') return tokens.filter((r) => binds.ids!.includes(String(r.token_id)));
    throw new Error(`unexpected ${id}`);
  };
  return { run, calls };
}

describe('lookups', () => {
  const asked = ['Tb', 'Tx', 'Ta', '', 'Tb'];

  it('answer from the per-version map exactly what the per-response SQL answers', async () => {
    const sql = fakeRunner();
    const mem = fakeRunner();
    const version = { key: {}, rowsOf: sized({ tokens: tokens.length, contracts: contracts.length }) };
    const bySql = createLookups(sql.run);
    const byMap = createLookups(mem.run, version);
    const [a, b] = [await bySql.contractMap(asked), await byMap.contractMap(asked)];
    expect(b).toEqual(a);
    // Key order is part of the JSON body: the map keeps the asked order, info the dimension's order.
    expect(Object.keys(b.map)).toEqual(['Tb', 'Tx', 'Ta']);
    expect(Object.keys(b.info)).toEqual(['Ta', 'Tb']);
    expect(b.map).toEqual({ Tb: true, Tx: false, Ta: true });
    expect(b.info.Ta).toMatchObject({ tag1: 'Exchange', name: 'Alpha', isToken: true });
    const ids = ['Tt', '_', '1002000', 'nope'];
    expect([...(await byMap.tokenInfo(ids)).entries()]).toEqual([...(await bySql.tokenInfo(ids)).entries()]);
    expect((await byMap.tokenInfo(ids)).get('Tt')).toMatchObject({ tokenAbbr: 'USDT', tokenLevel: '0', tokenCanShow: 1, issuerAddr: '' });
  });

  it('read each dimension once per version, again for another version', async () => {
    const f = fakeRunner();
    const v1 = { key: {}, rowsOf: sized({ tokens: 2, contracts: 3 }) };
    for (let i = 0; i < 3; i++) {
      const l = createLookups(f.run, v1); // one per response, as the app builds them
      await l.contractMap(['Ta']);
      await l.tokenInfo(['Tt']);
    }
    expect(f.calls).toEqual(['common/contracts_all', 'common/tokens_all']);
    await createLookups(f.run, { ...v1, key: {} }).contractMap(['Ta']);
    expect(f.calls.filter((c) => c === 'common/contracts_all')).toHaveLength(2);
  });

  it('ask per response when a dimension is over the cap or no version is given', async () => {
    const f = fakeRunner();
    const big = createLookups(f.run, { key: {}, rowsOf: sized({ tokens: 2, contracts: DIMENSION_MAP_ROWS + 1 }) });
    await big.contractMap(['Ta']);
    await big.contractMap(['Tb']);
    await createLookups(f.run).tokenInfo(['Tt']);
    expect(f.calls).toEqual(['common/contract_map', 'common/contract_map', 'common/token_info']);
  });

  it('do not keep a failed read: the next response asks again', async () => {
    let fail = true;
    const calls: string[] = [];
    const run = async (id: string): Promise<Row[]> => {
      calls.push(id);
      if (fail) throw new Error('damaged');
      return contracts;
    };
    const v = { key: {}, rowsOf: sized({ tokens: 0, contracts: 3 }) };
    await expect(createLookups(run, v).contractMap(['Ta'])).rejects.toThrow('damaged');
    fail = false;
    expect((await createLookups(run, v).contractMap(['Ta'])).map).toEqual({ Ta: true });
    expect(calls).toEqual(['common/contracts_all', 'common/contracts_all']);
  });
});

describe('lookups over a test lake', () => {
  it('the per-version maps and the per-response statements answer the same as plain SQL over the dimensions and references', async () => {
    const engine = await Engine.open({ dataDir: lakeDir(), manifest: await testManifest(), poolSize: 1, threads: 1, memoryLimit: '1GB', timeoutMs: 30_000 });
    try {
      const templates = new Map<string, Awaited<ReturnType<typeof loadTemplate>>>(await Promise.all(LOOKUP_QUERIES.map(async (id) => [id, await loadTemplate(id)] as const)));
      const run = async (id: string, binds: Record<string, readonly string[]>) => (await engine.query(templates.get(id)!, binds)).rows;
      const byMap = createLookups(run, { key: {}, rowsOf: (t) => engine.manifest.tables[t]?.rows ?? 0 });
      const bySql = createLookups(run);
      const first = async (q: string) => (await sql(q)).map((r) => String(r.a));
      const labelled = await first('SELECT address AS a FROM ref_address_labels ORDER BY address DESC LIMIT 3');
      const listed = await first('SELECT address AS a FROM ref_risk_addresses ORDER BY address LIMIT 3');
      const registered = await first('SELECT contract_address AS a FROM ref_project_contracts ORDER BY contract_address LIMIT 3');
      const witnesses = await first('SELECT address AS a FROM dim_witnesses ORDER BY address LIMIT 2');
      const contracts = await first('SELECT address AS a FROM dim_contracts ORDER BY address LIMIT 2');
      const asked = [...labelled, ...listed, ...registered, ...witnesses, ...contracts, 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', ''];
      const inList = `(${asked.map((a) => `'${a}'`).join(', ')})`;
      const sorted = <K, V>(m: Map<K, V> | Set<K>) => [...m.entries()].sort((x, y) => String(x[0]).localeCompare(String(y[0])));
      for (const l of [byMap, bySql]) {
        const tags = await sql(`SELECT address, public_tag FROM ref_address_labels WHERE address IN ${inList}`);
        expect(sorted(await l.addressTags(asked))).toEqual(sorted(new Map(tags.map((r) => [String(r.address), String(r.public_tag ?? '')]))));
        const risky = await sql(`SELECT address FROM ref_risk_addresses WHERE address IN ${inList}`);
        expect(sorted(await l.riskListed(asked))).toEqual(sorted(new Set(risky.map((r) => String(r.address)))));
        const projects = await sql(`SELECT pc.contract_address, p.project, p.name, p.url FROM ref_project_contracts pc
          JOIN ref_projects p ON p.project = pc.project WHERE pc.contract_address IN ${inList}`);
        expect(sorted(await l.projectsOf(asked))).toEqual(sorted(new Map(projects.map((r) => [String(r.contract_address),
          { project: String(r.project), name: r.name === null ? null : String(r.name), url: r.url === null ? null : String(r.url) }]))));
        const ws = await sql(`SELECT address, url FROM dim_witnesses WHERE address IN ${inList}`);
        expect(sorted(new Map([...(await l.witnessInfo(asked))].map(([a, w]) => [a, w.url])))).toEqual(sorted(new Map(ws.map((r) => [String(r.address), r.url === null ? null : String(r.url)]))));
        const cs = await sql(`SELECT address FROM dim_contracts WHERE address IN ${inList}`);
        expect(Object.entries((await l.contractMap(asked)).map).filter(([, c]) => c).map(([a]) => a).sort()).toEqual(cs.map((r) => String(r.address)).sort());
      }
      // Each reference had rows to find (the lookups are exercised, not only their misses).
      expect([labelled.length, registered.length, witnesses.length, contracts.length].every((n) => n > 0)).toBe(true);
    } finally {
      await engine.close();
    }
  });
});
