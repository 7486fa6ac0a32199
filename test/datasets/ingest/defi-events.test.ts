/**
 * Issue 34: the ingester's dex_pool_events and lending_events equal an independent decode written here in plain SQL
 * over the lake's raw `logs` (hex words → HUGEINT → text, addresses compared as hex), with the shipped
 * datasets/reference/project_contracts.csv as the registry (checked equal to the code registry in
 * test/chain/defi-events.test.ts). The chain: rich fake-node copies (the jTRX `mint()` with its Mint log, and a SUN.io
 * USDD 2pool TokenExchange and a SunSwap V2 USDT/WTRX swap in each router call; the pair's legs are checked here only
 * against their Transfers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { base58ToHex } from '../../../src/chain/address.ts';
import { ingestedLake } from '../../helpers/ingested-lake.ts';
import { budget } from '../../helpers/budget.ts';
import { type LakeView, openLake } from './lake-read.ts';

const CSV = new URL('../../../datasets/reference/project_contracts.csv', import.meta.url).pathname;
// keccak256 of the declarations (ref §5.1, §3.1), written out here.
const MINT = '4c209b5fc8ad50758f13e2e1088ba56a560dff690a1c6fef26394f4c03821c4f'; // Mint(address,uint256,uint256)
const REDEEM = 'e5b754fb1abb7f01b499791d0b820ae3b6af3424ac1c59768edb53f4ec31a929'; // Redeem(address,uint256,uint256)
const TOKEN_EXCHANGE = '8b3e96f2b889fa771c53c981b40daf005f63f637f1869f707052d15a3dd97140'; // TokenExchange(address,int128,uint256,int128,uint256)

/** The uint of the data word at 0-based `i` as exact decimal text; NULL when it needs more than 128 bits. */
const uintWord = (i: number): string => {
  const w = `substr(data, ${i * 64 + 1}, 64)`;
  return `CASE WHEN substr(${w}, 1, 32) = repeat('0', 32) THEN (('0x' || substr(${w}, 33, 16))::UBIGINT::HUGEINT * 18446744073709551616::HUGEINT + ('0x' || substr(${w}, 49, 16))::UBIGINT::HUGEINT)::VARCHAR END`;
};
/** A small int word (a coin index). */
const smallWord = (i: number): string => `('0x' || substr(data, ${i * 64 + 49}, 16))::UBIGINT::BIGINT`;

const hex = (b58: string | null): string | null => (b58 === null ? null : base58ToHex(b58).toLowerCase());

let root: string;
let lake: LakeView;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-defi-'));
  lake = await openLake(await ingestedLake({ before: 2, after: 6, rich: true }, root));
  await lake.q(`CREATE TABLE reg AS SELECT * FROM read_csv('${CSV}', header = true, all_varchar = true)`);
  // successful transactions' logs at the registry's contracts, with the transaction's position and owner
  await lake.q(`CREATE TABLE reg_logs AS
    SELECT l.block_number, t.tx_index, l.log_index, l.contract_address, l.topic0, l.topic1, l.topic2, l.data, t.owner_address,
           r.project, r.venue, r.role, r.tokens
    FROM logs l JOIN transactions t USING (tx_hash) JOIN reg r ON r.contract_address = l.contract_address
    WHERE t.contract_ret = 'SUCCESS'`);
}, budget(60));
afterAll(() => {
  lake?.close();
  rmSync(root, { recursive: true, force: true });
});

const key = (r: Record<string, unknown>): string => JSON.stringify(Object.values(r), (_k, v) => (typeof v === 'bigint' ? Number(v) : v));
const sorted = (rows: Record<string, unknown>[]): string[] => rows.map(key).sort();

describe('ingested DeFi events = plain SQL over logs', () => {
  it('lending_events: the jTRX Mint rows (1 topic, 3 data words at a market)', async () => {
    const expected = await lake.q(`
      SELECT block_number, tx_index, log_index, project, contract_address AS market, tokens AS underlying,
             CASE topic0 WHEN '${MINT}' THEN 'Mint' ELSE 'Redeem' END AS event_name,
             CASE topic0 WHEN '${MINT}' THEN 'supply' ELSE 'redeem' END AS action,
             owner_address AS operator, '41' || substr(data, 25, 40) AS account_hex, ${uintWord(1)} AS amount_raw, ${uintWord(2)} AS jtoken_raw
      FROM reg_logs
      WHERE role = 'market' AND topic0 IN ('${MINT}', '${REDEEM}') AND topic1 IS NULL AND length(data) = 192`);
    const actual = (await lake.q(`
      SELECT block_number, tx_index, log_index, project, market_address, underlying_address, event_name, action, operator_address,
             account_address, amount_raw, jtoken_amount_raw, borrower_address, amount
      FROM lending_events`)).map((r) => ({
      block_number: r.block_number, tx_index: r.tx_index, log_index: r.log_index, project: r.project, market: r.market_address,
      underlying: r.underlying_address, event_name: r.event_name, action: r.action, operator: r.operator_address,
      account_hex: hex(r.account_address as string), amount_raw: r.amount_raw, jtoken_raw: r.jtoken_amount_raw,
      _borrower: r.borrower_address, _amountOk: r.amount === Number(r.amount_raw),
    }));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.every((r) => r.underlying === '_' && r.event_name === 'Mint')).toBe(true); // jTRX: TRX underlying
    expect(actual.every((r) => r._borrower === null && r._amountOk)).toBe(true);
    expect(sorted(actual.map(({ _borrower, _amountOk, ...r }) => r))).toEqual(sorted(expected));
  });

  it('dex_pool_events: the 2pool TokenExchange legs (sold coin in, bought coin out), exact beyond 2^53', async () => {
    const leg = (n: 0 | 1) => `
      SELECT block_number, tx_index, log_index, ${n} AS leg, project, venue, contract_address AS pool, 'TokenExchange' AS event_name, 'swap' AS action,
             owner_address AS operator, '41' || substr(topic1, 25, 40) AS account_hex,
             string_split(tokens, ',')[${smallWord(n === 0 ? 0 : 2)} + 1] AS token, '${n === 0 ? 'in' : 'out'}' AS direction,
             ${uintWord(n === 0 ? 1 : 3)} AS amount_raw
      FROM reg_logs
      WHERE venue = 'sun_stableswap' AND tokens IS NOT NULL AND topic0 = '${TOKEN_EXCHANGE}' AND topic1 IS NOT NULL AND topic2 IS NULL AND length(data) = 256`;
    const expected = await lake.q(`${leg(0)} UNION ALL ${leg(1)}`);
    const actual = (await lake.q(`
      SELECT block_number, tx_index, log_index, leg, project, venue, pool_address, event_name, action, operator_address, account_address,
             token_address, direction, amount_raw, fee_raw, amount FROM dex_pool_events WHERE venue = 'sun_stableswap'`)).map((r) => ({
      block_number: r.block_number, tx_index: r.tx_index, log_index: r.log_index, leg: r.leg, project: r.project, venue: r.venue,
      pool: r.pool_address, event_name: r.event_name, action: r.action, operator: r.operator_address, account_hex: hex(r.account_address as string | null),
      token: r.token_address, direction: r.direction, amount_raw: r.amount_raw, _fee: r.fee_raw, _amountOk: r.amount === Number(r.amount_raw),
    }));
    expect(expected.length).toBeGreaterThan(0);
    expect(actual.every((r) => r._fee === null && r._amountOk)).toBe(true);
    expect(sorted(actual.map(({ _fee, _amountOk, ...r }) => r))).toEqual(sorted(expected));
    // USDD-old legs carry 18 decimals: beyond 2^53, kept exact as text
    expect(expected.some((r) => BigInt(r.amount_raw as string) > 2n ** 53n)).toBe(true);
  });

  it("each exchange's legs (the 2pool's and the USDT/WTRX pair's) match the pool's two token Transfers of the same transaction", async () => {
    expect((await lake.q('SELECT count(*)::INTEGER AS n FROM dex_pool_events'))[0]!.n).toBeGreaterThan(0);
    const unmatched = await lake.q(`
      SELECT d.tx_hash, d.leg FROM dex_pool_events d
      WHERE d.action <> 'reserves' AND NOT EXISTS (
        SELECT 1 FROM token_transfers t
        WHERE t.tx_hash = d.tx_hash AND t.contract_address = d.token_address AND t.amount_raw = d.amount_raw
          AND ((d.direction = 'in' AND t.to_address = d.pool_address) OR (d.direction = 'out' AND t.from_address = d.pool_address)))`);
    expect(unmatched).toEqual([]);
  });
});
