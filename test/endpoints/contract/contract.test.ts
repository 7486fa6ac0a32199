/**
 * /api/contract against plain SQL over the contracts dimension, the raw transactions (the CreateSmartContract of a
 * contract deployed in the lake) and the account snapshots (contract-detail-expected.ts), independently of
 * contract_list and the endpoint's templates; the USD value of the balance at TRX's last price of the price rule
 * (rule_day_prices, the test helper's view), computed in DECIMAL arithmetic; methodMap from the contract_code
 * snapshot's ABI, hashed by the test (contract-detail-abi.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, rmSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { get, linkedLakeCopy, sql, testManifest } from '../../helpers/lake.ts';
import { buildApp } from '../../../src/http/app.ts';
import { endpoints } from '../../../src/endpoints/index.ts';
import { budget } from '../../helpers/budget.ts';
import type { Row } from '../../../src/duckdb/duck.ts';
import { expectedContracts, sortedBy } from './contract-detail-expected.ts';
import { entriesOf, hash, sig } from './contract-detail-abi.ts';

let all: Row[] = [];
const one = async (address: string) => {
  const r = await get(`/api/contract?contract=${address}`);
  expect(r.status, r.text).toBe(200);
  expect([r.body.type, r.body.count, r.body.status]).toEqual([null, 0, { code: 0, message: 'SUCCESS' }]);
  return r.body.data;
};

beforeAll(async () => {
  all = await expectedContracts();
});

describe('GET /api/contract', () => {
  it('the most called, the richest and a token contract: balance, calls, name, label, creation, creator', async () => {
    const picks = [sortedBy(all, 'trx_count', true)[0]!, sortedBy(all, 'balance', true)[0]!, ...all.filter((r) => r.is_token === true).slice(0, 1)];
    for (const w of picks) {
      const [g] = await one(String(w.address));
      expect([g.address, g.balance, g.trxCount, g.name, g.tag1, g.date_created, g.creator.address], String(w.address)).toEqual([
        w.address, Number(w.balance), Number(w.trx_count), String(w.name), String(w.tag), Number(w.created_ts), String(w.creator_address ?? ''),
      ]);
      expect([g.verify_status, g.is_proxy, g.license, g.auditReportUrl]).toEqual([0, false, '', '']);
      // methodMap: selector → canonical signature of each function of its newest contract_code ABI (hashed here)
      const [code] = await sql(`SELECT abi_json FROM snap_contract_code WHERE contract_address = '${w.address}' ORDER BY as_of_block DESC LIMIT 1`);
      const fns = code ? entriesOf(String(code.abi_json)).filter((e) => String(e.type).toLowerCase() === 'function') : [];
      expect(g.methodMap).toEqual(Object.fromEntries(fns.map((f) => [hash(sig(f)).slice(0, 8), sig(f)])));
      if (w.is_token === true) expect(g.tokenInfo.tokenId).toBe(w.address);
      else expect(g.tokenInfo).toEqual({});
      expect(Number(g.balanceWithTokens)).toBeGreaterThanOrEqual(Number(w.balance) / 1e6);
    }
  });

  it('balanceInUsd = the balance at TRX last price of the price rule', async () => {
    const rich = sortedBy(all, 'balance', true)[0]!;
    const [g] = await one(String(rich.address));
    const [p] = await sql(`SELECT price_usd FROM rule_day_prices WHERE token_id = '_' ORDER BY day DESC LIMIT 1`);
    if (!p) return expect(g.balanceInUsd).toBe(0);
    const [row] = await sql(`SELECT CAST(round(CAST(${rich.balance} AS DECIMAL(38,0)) / 1000000 * CAST('${p.price_usd}' AS DECIMAL(38,18)), 6) AS VARCHAR) AS usd`);
    expect(Number(g.balanceInUsd)).toBe(Number(row!.usd));
  });

  it('a contract deployed in the lake: its CreateSmartContract hash, value and parameters', async () => {
    const deploys = await sql(`
      SELECT contract_address, tx_hash, owner_address, amount, token_id,
             CAST(json_extract(parameter_json, '$.new_contract.consume_user_resource_percent') AS BIGINT) AS pct,
             CAST(json_extract(parameter_json, '$.new_contract.origin_energy_limit') AS BIGINT) AS lim
      FROM raw_transactions WHERE contract_type = 30 AND contract_address IN (SELECT address FROM dim_contracts)
      ORDER BY block_number, tx_index LIMIT 3`);
    // The generated lake deploys contracts inside it; the ingested one (mainnet fixtures) holds none.
    if ((await testManifest()).source.kind === 'generate') expect(deploys.length).toBeGreaterThan(0);
    for (const d of deploys) {
      const [g] = await one(String(d.contract_address));
      expect([g.creator.txHash, g.creator.consume_user_resource_percent, g.creator.energy_limit, g.call_value]).toEqual([
        d.tx_hash, Number(d.pct ?? 0), Number(d.lim ?? 0), d.token_id ? 0 : Number(d.amount),
      ]);
    }
  });

  it('reads the CreateSmartContract from the by-block key files; a version without them answers from the statement, the same bytes', async () => {
    // Contracts deployed inside the lake (the generated one has some) and contracts with a known creation time whose
    // CreateSmartContract the lake may not hold (the ingested one): both take the key files, then the statement.
    const deployed = await sql(`(SELECT contract_address AS a FROM raw_transactions WHERE contract_type = 30
        AND contract_address IN (SELECT address FROM dim_contracts) ORDER BY block_number DESC, tx_index LIMIT 3)
      UNION (SELECT address FROM dim_contracts WHERE created_ts > 0 ORDER BY address LIMIT 2)`);
    const m = await testManifest();
    if (deployed.length === 0) {
      // The ingested lake's contracts have no creation time (mainnet fixtures): no request takes either path there.
      expect(m.source.kind).not.toBe('generate');
      expect(Number((await sql('SELECT count(*) AS n FROM dim_contracts WHERE created_ts > 0'))[0]!.n)).toBe(0);
      return;
    }
    const urls = deployed.map((d) => `/api/contract?contract=${d.a}`);
    const keyed = await Promise.all(urls.map((u) => get(u)));
    for (const k of keyed) expect(String(k.headers['server-timing'])).not.toMatch(/contract_contract-deploy;/);
    // A hard-linked copy of the lake without the by-block copies' key files: the deploy day's statement answers.
    const copy = linkedLakeCopy('tronlake-no-keys-');
    for (const ds of ['blocks_by_number', 'transactions_by_block']) {
      const dir = path.join(copy, 'versions', m.version, 'derived', ds);
      for (const f of readdirSync(dir).filter((x) => x.endsWith('.keys'))) unlinkSync(path.join(dir, f));
    }
    const app = await buildApp({ dataDir: copy, endpoints, cacheBytes: 0 });
    try {
      for (const [i, url] of urls.entries()) {
        const statement = await app.inject({ method: 'GET', url });
        expect(statement.statusCode).toBe(200);
        expect(String(statement.headers['server-timing'])).toMatch(/contract_contract-deploy;/);
        expect(statement.body).toBe(keyed[i]!.text);
      }
    } finally {
      await app.close();
      rmSync(path.dirname(copy), { recursive: true, force: true });
    }
  }, budget(30));

  it('an address that is no known contract: data []', async () => {
    const [acct] = await sql(`SELECT address FROM snap_account_snapshots WHERE address NOT IN (SELECT address FROM dim_contracts) LIMIT 1`);
    expect(await one(String(acct!.address))).toEqual([]);
  });

  it('bad input is a 400 naming the parameter', async () => {
    for (const url of ['/api/contract', '/api/contract?contract=0xdead', '/api/contract?contract=T123']) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.param, url).toBe('contract');
    }
  });
});
