/**
 * The generator's DeFi activity (issue 34, docs/generator.md "DeFi kinds"): dex_pool_events and
 * lending_events against an independent decode of their raw logs in plain SQL (hex words → UHUGEINT), the pools' and
 * markets' balances moved by exactly the decoded legs, LP and debt figures consistent with the transfers, and no
 * DeFi ledger below zero. Never with the generator's SQL nor the decoders of src/chain/defi-events.ts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generate } from '../../datasets/generate/index.ts';
import { Db, type Row } from '../../src/duckdb/duck.ts';
import { createInputViews } from '../helpers/input-views.ts';
import { base58ToHex, ZERO_ADDRESS } from '../../src/chain/address.ts';
import { TEST_SEED } from '../global-setup.ts';
import { budget } from '../helpers/budget.ts';

// topic0 of the events, copied from defi-stablecoin-events.md (§2.1, §3.1, §4.1, §5.1, §6)
const T = {
  transfer: 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  v2Swap: 'd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822',
  v2Sync: '1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1',
  mint3: '4c209b5fc8ad50758f13e2e1088ba56a560dff690a1c6fef26394f4c03821c4f', // V2 Mint (2 topics) and jToken Mint (1 topic)
  v2Burn: 'dccd412f0b1252819cb1fd330b93224ca42612892bb3f4f789976e6d81936496',
  exchange: '8b3e96f2b889fa771c53c981b40daf005f63f637f1869f707052d15a3dd97140',
  add2: '26f55a85081d24974e85c6c00045d0f0453991e95873f52bff0d21af4079a768',
  add3: '423f6495a08fc652425cf4ed0d1f9e37e571d9b9529b1c1c23cce780b2e7df0d',
  remove2: '7c363854ccf79623411f8995b362bce5eddff18c927edc6f5dbbb5e05819a82c',
  remove3: 'a49d4cf02656aebf8c771f5a8585638a2a15ee6c97cf7205d4208ed7c1df252d',
  sellGem: 'ef75f5a47cc9a929968796ceb84f19e7541617b4577f2c228ea95200e1572081',
  buyGem: '085d06ecf4c34b237767a31c0888e121d89546a77f186f1987c6b8715e1a8caa',
  redeem: 'e5b754fb1abb7f01b499791d0b820ae3b6af3424ac1c59768edb53f4ec31a929',
  borrow: '2dd79f4fccfd18c360ce7f9132f3621bf05eee18f995224badb32d17f172df73',
  repay: '6fadbf7329d21f278e724fa0d4511001a158f2a97ee35c5bc4cf8b64417399ef',
  liquidate: '298637f684da70674f26509b10f07ec2fbc77a335ab1e7d6215a4b2484d8bb52',
};

let root: string;
let db: Db;
const q = (sql: string): Promise<Row[]> => db.all(sql);
const num = (v: unknown): number => Number(v);

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-gen-defi-'));
  const shared = process.env.TRONLAKE_TEST_LAKE ?? inject('lakeDir');
  let lake = shared;
  if (!lake || !existsSync(path.join(lake, 'manifest.json'))) {
    lake = path.join(root, 'a');
    await generate({ profile: 'tiny', seed: TEST_SEED, out: lake });
  }
  db = await Db.open({ threads: 2 });
  await createInputViews(db, lake);
  // word k (from 0) of a data string as an unsigned integer: every amount the generator writes fits 128 bits (checked below)
  // (DuckDB casts hex text to 64 bits at most: two halves)
  await db.run(`CREATE MACRO w(d, k) AS CAST('0x' || substr(d, 64 * k + 33, 16) AS UBIGINT)::UHUGEINT * 18446744073709551616::UHUGEINT
    + CAST('0x' || substr(d, 64 * k + 49, 16) AS UBIGINT)::UHUGEINT`);
  await db.run(`CREATE MACRO whi(d, k) AS substr(d, 64 * k + 1, 32)`);
  await db.run(`CREATE MACRO wa(d, k) AS substr(d, 64 * k + 25, 40)`);
  // Base58 ↔ 20-byte hex of every address the DeFi rows and the registry name (src/chain/address.ts, the project's encoder)
  const names = await q(`SELECT DISTINCT a FROM (
      SELECT unnest([account_address, token_address, pool_address]) AS a FROM dex_pool_events
      UNION ALL SELECT unnest([account_address, borrower_address, collateral_market, market_address]) FROM lending_events
      UNION ALL SELECT contract_address FROM project_contracts) WHERE a IS NOT NULL AND a <> '_'`);
  await db.run('CREATE TABLE addr (b58 VARCHAR, hex VARCHAR)');
  const rows = names.map((r) => `('${String(r.a)}', '${base58ToHex(String(r.a)).slice(2).toLowerCase()}')`);
  for (let i = 0; i < rows.length; i += 500) await db.run(`INSERT INTO addr VALUES ${rows.slice(i, i + 500).join(', ')}`);
  // the registry's pools / PSMs / markets with their tokens as a list
  await db.run(`CREATE TABLE reg AS SELECT contract_address, venue, role, string_split(tokens, ',') AS tk, token_decimals FROM project_contracts WHERE tokens IS NOT NULL`);
}, budget(40));

afterAll(() => {
  db?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('DeFi kinds of the generator', () => {
  it('every kind of event occurs, and every amount word fits 128 bits', async () => {
    const dex = await q(`SELECT venue || ':' || event_name AS k, count(*) AS n FROM dex_pool_events GROUP BY ALL`);
    const d = new Map(dex.map((r) => [String(r.k), num(r.n)]));
    for (const k of ['sunswap_v2:Swap', 'sunswap_v2:Sync', 'sunswap_v2:Mint', 'sunswap_v2:Burn', 'sun_stableswap:TokenExchange',
      'sun_stableswap:AddLiquidity', 'sun_stableswap:RemoveLiquidity', 'usdd_psm:SellGem', 'usdd_psm:BuyGem']) {
      expect(d.get(k) ?? 0, k).toBeGreaterThan(0);
    }
    const lend = await q(`SELECT market_address || ':' || event_name AS k, count(*) AS n FROM lending_events GROUP BY ALL`);
    const l = new Map(lend.map((r) => [String(r.k), num(r.n)]));
    const jTRX = 'TE2RzoSV3wFK99w6J9UnnZ4vLfXYoxvRwP';
    const jUSDT = 'TXJgMdjVX5dKiQaUi9QobwNxtSQaFqccvd';
    for (const m of [jTRX, jUSDT]) for (const e of ['Mint', 'Redeem', 'Borrow', 'RepayBorrow']) expect(l.get(`${m}:${e}`) ?? 0, `${m}:${e}`).toBeGreaterThan(0);
    expect(l.get(`${jUSDT}:LiquidateBorrow`) ?? 0).toBeGreaterThan(0);
    // 2 stable pools, the PSM and its join, 2 markets and the comptroller, the router and factory, the V2 pairs
    const roles = await q(`SELECT role, count(*) AS n FROM project_contracts GROUP BY ALL`);
    expect(Object.fromEntries(roles.map((r) => [String(r.role), num(r.n)]))).toMatchObject({ psm: 1, gem_join: 1, market: 2, comptroller: 1, router: 1, factory: 1 });
    const high = await q(`SELECT count(*) AS n FROM logs l JOIN reg r ON r.contract_address = l.contract_address
      WHERE l.data <> '' AND list_bool_or(list_transform(range(length(l.data) // 64), lambda k: whi(l.data, k) <> repeat('0', 32)
                        -- address words: a jToken event's first two words, LiquidateBorrow's fourth
            AND NOT (r.role = 'market' AND (k <= 1 OR (l.topic0 = '${T.liquidate}' AND k = 3)))))`);
    expect(num(high[0]!.n)).toBe(0);
  });

  it('each dex_pool_events row equals a decode of its log in plain SQL', async () => {
    const expected = `
      WITH l AS (
        SELECT l.tx_hash, l.log_index, l.topic0, l.topic1, l.topic2, l.topic3, l.data, r.venue, r.tk, len(r.tk) AS n,
               ac.b58 AS acct
        FROM logs l JOIN reg r ON r.contract_address = l.contract_address AND r.role IN ('pool', 'psm')
        LEFT JOIN addr ac ON ac.hex = right(l.topic1, 40)
      ), legs AS (
        -- V2 Swap: the non-zero of amount0In, amount1In, amount0Out, amount1Out; Mint / Burn: both tokens; Sync: reserves
        SELECT tx_hash, log_index, 'Swap' AS ev, acct, list_filter([{'t': tk[1], 'd': 'in', 'a': w(data, 0), 'f': NULL::UHUGEINT},
               {'t': tk[2], 'd': 'in', 'a': w(data, 1), 'f': NULL}, {'t': tk[1], 'd': 'out', 'a': w(data, 2), 'f': NULL},
               {'t': tk[2], 'd': 'out', 'a': w(data, 3), 'f': NULL}], lambda x: x.a > 0) AS lg
        FROM l WHERE venue = 'sunswap_v2' AND topic0 = '${T.v2Swap}' AND topic2 IS NOT NULL
        UNION ALL
        SELECT tx_hash, log_index, 'Mint', acct, [{'t': tk[1], 'd': 'in', 'a': w(data, 0), 'f': NULL::UHUGEINT}, {'t': tk[2], 'd': 'in', 'a': w(data, 1), 'f': NULL}]
        FROM l WHERE venue = 'sunswap_v2' AND topic0 = '${T.mint3}' AND topic1 IS NOT NULL AND topic2 IS NULL
        UNION ALL
        SELECT tx_hash, log_index, 'Burn', acct, [{'t': tk[1], 'd': 'out', 'a': w(data, 0), 'f': NULL::UHUGEINT}, {'t': tk[2], 'd': 'out', 'a': w(data, 1), 'f': NULL}]
        FROM l WHERE venue = 'sunswap_v2' AND topic0 = '${T.v2Burn}' AND topic2 IS NOT NULL
        UNION ALL
        SELECT tx_hash, log_index, 'Sync', NULL, [{'t': tk[1], 'd': 'reserve', 'a': w(data, 0), 'f': NULL::UHUGEINT}, {'t': tk[2], 'd': 'reserve', 'a': w(data, 1), 'f': NULL}]
        FROM l WHERE venue = 'sunswap_v2' AND topic0 = '${T.v2Sync}' AND topic1 IS NULL
        UNION ALL
        -- stable pools: TokenExchange(buyer, sold_id, tokens_sold, bought_id, tokens_bought)
        SELECT tx_hash, log_index, 'TokenExchange', acct,
               [{'t': tk[w(data, 0)::INTEGER + 1], 'd': 'in', 'a': w(data, 1), 'f': NULL::UHUGEINT}, {'t': tk[w(data, 2)::INTEGER + 1], 'd': 'out', 'a': w(data, 3), 'f': NULL}]
        FROM l WHERE venue = 'sun_stableswap' AND topic0 = '${T.exchange}'
        UNION ALL
        -- AddLiquidity / RemoveLiquidity(provider, amounts[N], fees[N], …): coin i, amount word i, fee word N + i
        SELECT tx_hash, log_index, CASE WHEN topic0 IN ('${T.add2}', '${T.add3}') THEN 'AddLiquidity' ELSE 'RemoveLiquidity' END, acct,
               list_transform(range(n), lambda i: {'t': tk[i + 1], 'd': CASE WHEN topic0 IN ('${T.add2}', '${T.add3}') THEN 'in' ELSE 'out' END,
                                                   'a': w(data, i), 'f': w(data, n + i)})
        FROM l WHERE venue = 'sun_stableswap'
          AND ((n = 2 AND topic0 IN ('${T.add2}', '${T.remove2}')) OR (n = 3 AND topic0 IN ('${T.add3}', '${T.remove3}')))
        UNION ALL
        -- PSM (gem 6 decimals, USDD 18): SellGem gem in, USDD out = value * 1e12 - fee; BuyGem gem out, USDD in = value * 1e12 + fee
        SELECT tx_hash, log_index, CASE WHEN topic0 = '${T.sellGem}' THEN 'SellGem' ELSE 'BuyGem' END, acct,
               [{'t': tk[1], 'd': CASE WHEN topic0 = '${T.sellGem}' THEN 'in' ELSE 'out' END, 'a': w(data, 0), 'f': NULL::UHUGEINT},
                {'t': tk[2], 'd': CASE WHEN topic0 = '${T.sellGem}' THEN 'out' ELSE 'in' END,
                 'a': CASE WHEN topic0 = '${T.sellGem}' THEN w(data, 0) * 1000000000000 - w(data, 1) ELSE w(data, 0) * 1000000000000 + w(data, 1) END,
                 'f': w(data, 1)}]
        FROM l WHERE venue = 'usdd_psm' AND topic0 IN ('${T.sellGem}', '${T.buyGem}')
      )
      SELECT tx_hash, log_index, (i - 1)::INTEGER AS leg, ev AS event_name, acct AS account_address, lg[i].t AS token_address,
             lg[i].d AS direction, lg[i].a::VARCHAR AS amount_raw, lg[i].f::VARCHAR AS fee_raw
      FROM (SELECT *, unnest(range(1, len(lg) + 1)) AS i FROM legs)`;
    const staged = `SELECT tx_hash, log_index, leg, event_name, account_address, token_address, direction, amount_raw, fee_raw FROM dex_pool_events`;
    const [counts] = await q(`SELECT (SELECT count(*) FROM (${expected})) AS e, (SELECT count(*) FROM dex_pool_events) AS s,
      (SELECT count(*) FROM ((${expected}) EXCEPT ALL (${staged}))) AS missing, (SELECT count(*) FROM ((${staged}) EXCEPT ALL (${expected}))) AS extra`);
    expect(num(counts!.e)).toBeGreaterThan(1000);
    expect({ missing: num(counts!.missing), extra: num(counts!.extra) }).toEqual({ missing: 0, extra: 0 });
    expect(num(counts!.s)).toBe(num(counts!.e));
    // the pool and the operator (the transaction's owner) of each row
    const [who] = await q(`SELECT count(*) AS n FROM dex_pool_events e
      LEFT JOIN logs l ON l.tx_hash = e.tx_hash AND l.log_index = e.log_index LEFT JOIN transactions t ON t.tx_hash = e.tx_hash
      WHERE l.contract_address IS DISTINCT FROM e.pool_address OR t.owner_address IS DISTINCT FROM e.operator_address
         OR t.tx_index IS DISTINCT FROM e.tx_index OR t.block_number IS DISTINCT FROM e.block_number`);
    expect(num(who!.n)).toBe(0);
  });

  it('each lending_events row equals a decode of its log in plain SQL', async () => {
    const expected = `
      WITH l AS (
        SELECT l.tx_hash, l.log_index, l.topic0, l.data, r.contract_address AS market, r.tk[1] AS und,
               a0.b58 AS w0, a1.b58 AS w1, a3.b58 AS w3
        FROM logs l JOIN reg r ON r.contract_address = l.contract_address AND r.role = 'market'
        LEFT JOIN addr a0 ON a0.hex = wa(l.data, 0) LEFT JOIN addr a1 ON a1.hex = wa(l.data, 1) LEFT JOIN addr a3 ON a3.hex = wa(l.data, 3)
        WHERE l.topic1 IS NULL
      )
      SELECT tx_hash, log_index, market AS market_address, und AS underlying_address,
             CASE topic0 WHEN '${T.mint3}' THEN 'Mint' WHEN '${T.redeem}' THEN 'Redeem' WHEN '${T.borrow}' THEN 'Borrow'
                         WHEN '${T.repay}' THEN 'RepayBorrow' ELSE 'LiquidateBorrow' END AS event_name,
             w0 AS account_address,
             CASE WHEN topic0 = '${T.borrow}' THEN w0 WHEN topic0 IN ('${T.repay}', '${T.liquidate}') THEN w1 END AS borrower_address,
             (CASE WHEN topic0 IN ('${T.mint3}', '${T.redeem}', '${T.borrow}') THEN w(data, 1) ELSE w(data, 2) END)::VARCHAR AS amount_raw,
             (CASE WHEN topic0 IN ('${T.mint3}', '${T.redeem}') THEN w(data, 2) WHEN topic0 = '${T.liquidate}' THEN w(data, 4) END)::VARCHAR AS jtoken_amount_raw,
             CASE WHEN topic0 = '${T.liquidate}' THEN w3 END AS collateral_market,
             (CASE topic0 WHEN '${T.borrow}' THEN w(data, 2) WHEN '${T.repay}' THEN w(data, 3) END)::VARCHAR AS account_borrows_raw,
             (CASE topic0 WHEN '${T.borrow}' THEN w(data, 3) WHEN '${T.repay}' THEN w(data, 4) END)::VARCHAR AS total_borrows_raw
      FROM l WHERE topic0 IN ('${T.mint3}', '${T.redeem}', '${T.borrow}', '${T.repay}', '${T.liquidate}')`;
    const staged = `SELECT tx_hash, log_index, market_address, underlying_address, event_name, account_address, borrower_address, amount_raw,
      jtoken_amount_raw, collateral_market, account_borrows_raw, total_borrows_raw FROM lending_events`;
    const [counts] = await q(`SELECT (SELECT count(*) FROM (${expected})) AS e,
      (SELECT count(*) FROM ((${expected}) EXCEPT ALL (${staged}))) AS missing, (SELECT count(*) FROM ((${staged}) EXCEPT ALL (${expected}))) AS extra`);
    expect(num(counts!.e)).toBeGreaterThan(50);
    expect({ missing: num(counts!.missing), extra: num(counts!.extra) }).toEqual({ missing: 0, extra: 0 });
  });

  it("a transaction's token transfers move the pool's (PSM: the PSM, its join and the supply's) balance by exactly its legs", async () => {
    // the "pool side" of a venue: the pool itself; a PSM with its GemJoin and the zero address (USDD minted / burnt)
    const side = `SELECT r.contract_address AS pool, r.contract_address AS member FROM reg r WHERE r.role = 'pool'
      UNION ALL SELECT p.contract_address, unnest([p.contract_address, j.contract_address, '${ZERO_ADDRESS}']) FROM reg p, reg j
      WHERE p.role = 'psm' AND j.role = 'gem_join' AND j.tk[1] = p.tk[1]`;
    const rows = await q(`
      WITH s AS (${side}),
      legs AS (
        SELECT e.tx_hash, e.pool_address AS pool, e.token_address AS token,
               sum(CASE e.direction WHEN 'in' THEN 1 ELSE -1 END * CAST(e.amount_raw AS HUGEINT)) AS net
        FROM dex_pool_events e WHERE e.direction <> 'reserve' GROUP BY ALL
      ), moved AS (
        SELECT x.tx_hash, x.pool, x.token, sum(x.d) AS net FROM (
          SELECT t.tx_hash, s.pool, t.contract_address AS token, CAST(t.amount_raw AS HUGEINT) AS d
          FROM token_transfers t JOIN s ON s.member = t.to_address JOIN (SELECT DISTINCT tx_hash, pool FROM legs) k ON k.tx_hash = t.tx_hash AND k.pool = s.pool
          WHERE t.from_address NOT IN (SELECT member FROM s s2 WHERE s2.pool = s.pool)
          UNION ALL
          SELECT t.tx_hash, s.pool, t.contract_address, -CAST(t.amount_raw AS HUGEINT)
          FROM token_transfers t JOIN s ON s.member = t.from_address JOIN (SELECT DISTINCT tx_hash, pool FROM legs) k ON k.tx_hash = t.tx_hash AND k.pool = s.pool
          WHERE t.to_address NOT IN (SELECT member FROM s s2 WHERE s2.pool = s.pool)
        ) x WHERE x.token <> x.pool GROUP BY ALL
      )
      SELECT coalesce(l.tx_hash, m.tx_hash) AS tx, coalesce(l.token, m.token) AS token, l.net AS legs, m.net AS moved
      FROM legs l FULL JOIN moved m ON m.tx_hash = l.tx_hash AND m.pool = l.pool AND m.token = l.token
      WHERE coalesce(l.net, 0) <> coalesce(m.net, 0)`);
    expect(rows).toEqual([]);
    const [n] = await q(`SELECT count(DISTINCT tx_hash) AS n FROM dex_pool_events WHERE direction <> 'reserve'`);
    expect(num(n!.n)).toBeGreaterThan(1000);
  });

  it("a market's underlying and jToken balances move by exactly its events", async () => {
    // underlying into the market: Mint and RepayBorrow (a liquidation's repayment is its RepayBorrow); out: Redeem, Borrow.
    // jTRX's underlying is TRX: the call value paid to it, internal transactions from it.
    const und = await q(`
      WITH ev AS (
        SELECT tx_hash, market_address AS m, underlying_address AS u,
               sum(CASE WHEN event_name IN ('Mint', 'RepayBorrow') THEN 1 WHEN event_name IN ('Redeem', 'Borrow') THEN -1 ELSE 0 END
                   * CAST(amount_raw AS HUGEINT)) AS net
        FROM lending_events GROUP BY ALL
      ), moved AS (
        SELECT e.tx_hash, e.m,
               CASE WHEN e.u = '_'
                    THEN coalesce((SELECT sum(CASE WHEN t.to_address = e.m AND t.contract_ret = 'SUCCESS' THEN t.amount ELSE 0 END) FROM transactions t WHERE t.tx_hash = e.tx_hash), 0)
                         - coalesce((SELECT sum(i.call_value) FROM internal_transactions i WHERE i.tx_hash = e.tx_hash AND i.caller_address = e.m AND NOT i.rejected), 0)
                    ELSE coalesce((SELECT sum(CASE WHEN t.to_address = e.m THEN CAST(t.amount_raw AS HUGEINT) ELSE -CAST(t.amount_raw AS HUGEINT) END)
                                   FROM token_transfers t WHERE t.tx_hash = e.tx_hash AND t.contract_address = e.u AND (t.to_address = e.m OR t.from_address = e.m)), 0)
               END AS net
        FROM (SELECT DISTINCT tx_hash, m, u FROM ev) e
      )
      SELECT ev.tx_hash, ev.m, ev.net AS events, moved.net AS moved FROM ev JOIN moved USING (tx_hash, m) WHERE ev.net <> moved.net`);
    expect(und).toEqual([]);
    // jTokens: Mint's mintTokens from the market to the minter, Redeem's redeemTokens back; a liquidation's seizeTokens
    // move from the borrower to the liquidator in the collateral market
    const jt = await q(`
      SELECT e.tx_hash, e.log_index FROM lending_events e
      WHERE NOT EXISTS (SELECT 1 FROM token_transfers t WHERE t.tx_hash = e.tx_hash AND t.contract_address = coalesce(e.collateral_market, e.market_address)
        AND t.amount_raw = e.jtoken_amount_raw
        AND CASE e.event_name WHEN 'Mint' THEN t.from_address = e.market_address AND t.to_address = e.account_address
                              WHEN 'Redeem' THEN t.from_address = e.account_address AND t.to_address = e.market_address
                              ELSE t.from_address = e.borrower_address AND t.to_address = e.account_address END)
        AND e.event_name IN ('Mint', 'Redeem', 'LiquidateBorrow')`);
    expect(jt).toEqual([]);
  });

  it('a stable pool states its LP supply as the opening holdings plus the LP minted minus burnt so far', async () => {
    const rows = await q(`
      WITH lp AS (SELECT p.contract_address AS pool, p.lp_token FROM project_contracts p WHERE p.venue = 'sun_stableswap' AND p.lp_token IS NOT NULL),
      opening AS (SELECT lp.pool, sum(CAST(s.balance_raw AS HUGEINT)) AS supply FROM lp JOIN trc20_snapshots s ON s.contract_address = lp.lp_token
                  WHERE s.as_of_block = (SELECT min(as_of_block) FROM trc20_snapshots) GROUP BY ALL),
      moves AS (SELECT lp.pool, t.block_number, t.tx_index,
                       CASE WHEN t.from_address = '${ZERO_ADDRESS}' THEN 1 ELSE -1 END * CAST(t.amount_raw AS HUGEINT) AS d
                FROM lp JOIN token_transfers t ON t.contract_address = lp.lp_token
                WHERE t.from_address = '${ZERO_ADDRESS}' OR t.to_address = '${ZERO_ADDRESS}'),
      ev AS (SELECT l.contract_address AS pool, l.block_number, t.tx_index, l.log_index,
                    w(l.data, (length(l.data) // 64) - 1) AS stated
             FROM logs l JOIN lp ON lp.pool = l.contract_address JOIN transactions t ON t.tx_hash = l.tx_hash
             WHERE l.topic0 IN ('${T.add2}', '${T.add3}', '${T.remove2}', '${T.remove3}'))
      SELECT ev.*, o.supply + coalesce((SELECT sum(m.d) FROM moves m WHERE m.pool = ev.pool
               AND m.block_number * 100000 + m.tx_index <= ev.block_number * 100000 + ev.tx_index), 0) AS expected
      FROM ev JOIN opening o ON o.pool = ev.pool`);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((r) => String(r.stated) !== String(r.expected))).toEqual([]);
  });

  it('every LP token and jToken is a TRC-20 of the tokens dimension whose supply is its opening holdings plus its mints minus burns', async () => {
    const rows = await q(`
      WITH t AS (SELECT DISTINCT lp_token AS token FROM project_contracts WHERE lp_token IS NOT NULL),
      opening AS (SELECT s.contract_address AS token, sum(CAST(s.balance_raw AS HUGEINT)) AS b FROM trc20_snapshots s JOIN t ON t.token = s.contract_address
                  WHERE s.as_of_block = (SELECT min(as_of_block) FROM trc20_snapshots) GROUP BY ALL),
      minted AS (SELECT x.contract_address AS token, sum(CASE WHEN x.from_address = '${ZERO_ADDRESS}' THEN 1 ELSE -1 END * CAST(x.amount_raw AS HUGEINT)) AS m
                 FROM token_transfers x JOIN t ON t.token = x.contract_address
                 WHERE (x.from_address = '${ZERO_ADDRESS}') <> (x.to_address = '${ZERO_ADDRESS}') GROUP BY ALL)
      SELECT t.token, k.token_standard, k.total_supply_raw, coalesce(o.b, 0) + coalesce(m.m, 0) AS expected
      FROM t LEFT JOIN tokens k ON k.token_id = t.token LEFT JOIN opening o ON o.token = t.token LEFT JOIN minted m ON m.token = t.token`);
    expect(rows.length).toBe(12); // 8 V2 pairs, 2 stable LP tokens, jTRX, jUSDT
    expect(rows.filter((r) => r.token_standard !== 'trc20' || String(r.total_supply_raw) !== String(r.expected))).toEqual([]);
  });

  it("JustLend: each Borrow / RepayBorrow moves the borrower's debt and the market's total by its amount, never below zero", async () => {
    const rows = await q(`
      WITH e AS (
        SELECT market_address AS m, borrower_address AS b, block_number, tx_index, log_index,
               CASE event_name WHEN 'Borrow' THEN 1 ELSE -1 END * CAST(amount_raw AS HUGEINT) AS d,
               CAST(account_borrows_raw AS HUGEINT) AS acct, CAST(total_borrows_raw AS HUGEINT) AS total
        FROM lending_events WHERE event_name IN ('Borrow', 'RepayBorrow')
      )
      SELECT m, b, d, acct, total,
             acct - lag(acct) OVER (PARTITION BY m, b ORDER BY block_number, tx_index, log_index) AS acct_step,
             total - lag(total) OVER (PARTITION BY m ORDER BY block_number, tx_index, log_index) AS total_step,
             row_number() OVER (PARTITION BY m, b ORDER BY block_number, tx_index, log_index) AS k
      FROM e`);
    expect(rows.length).toBeGreaterThan(40);
    const bad = rows.filter((r) => (r.acct_step !== null && String(r.acct_step) !== String(r.d))
      || (r.total_step !== null && String(r.total_step) !== String(r.d)) || BigInt(String(r.acct)) < 0n
      // a first event: the debt after is at least what it borrowed (an opening debt can only add to it)
      || (num(r.k) === 1 && BigInt(String(r.acct)) < BigInt(String(r.d))));
    expect(bad).toEqual([]);
  });

  it("a borrower holds collateral when it borrows: the other market's jTokens worth its debt at a 75 % factor", async () => {
    // jTokens are worth 0.02 underlying, TRX 0.29 USD, USDT 1 USD (docs/generator.md "DeFi kinds")
    const jTRX = 'TE2RzoSV3wFK99w6J9UnnZ4vLfXYoxvRwP';
    const jUSDT = 'TXJgMdjVX5dKiQaUi9QobwNxtSQaFqccvd';
    const rows = await q(`
      WITH b AS (
        SELECT e.borrower_address AS who, e.block_number, e.tx_index, CASE WHEN e.market_address = '${jUSDT}' THEN '${jTRX}' ELSE '${jUSDT}' END AS coll,
               CASE WHEN e.market_address = '${jUSDT}' THEN CAST(e.account_borrows_raw AS HUGEINT) * 50 / 0.29 / 0.75
                    ELSE CAST(e.account_borrows_raw AS HUGEINT) * 0.29 * 50 / 0.75 END AS need
        FROM lending_events e WHERE e.event_name = 'Borrow'
      )
      SELECT b.who, b.coll, b.need,
             coalesce((SELECT CAST(s.balance_raw AS HUGEINT) FROM trc20_snapshots s WHERE s.contract_address = b.coll AND s.holder_address = b.who
                       AND s.as_of_block = (SELECT min(as_of_block) FROM trc20_snapshots)), 0)
             + coalesce((SELECT sum(CASE WHEN t.to_address = b.who THEN 1 ELSE -1 END * CAST(t.amount_raw AS HUGEINT)) FROM token_transfers t
                         WHERE t.contract_address = b.coll AND (t.to_address = b.who OR t.from_address = b.who)
                           AND t.block_number * 100000 + t.tx_index < b.block_number * 100000 + b.tx_index), 0) AS held
      FROM b`);
    expect(rows.length).toBeGreaterThan(20);
    // the rule in whole jToken units (the generator floors: allow one raw unit per 10^4 of rounding)
    expect(rows.filter((r) => Number(r.held) < Number(r.need) * 0.9999)).toEqual([]);
  });

  it("no DeFi contract's or participant's token balance goes below zero (opening snapshot + transfers in order)", async () => {
    const rows = await q(`
      WITH c AS (
        SELECT contract_address AS a FROM project_contracts
        UNION SELECT account_address FROM dex_pool_events WHERE account_address IS NOT NULL
        UNION SELECT account_address FROM lending_events UNION SELECT borrower_address FROM lending_events WHERE borrower_address IS NOT NULL
      ), m AS (
        SELECT t.contract_address AS token, t.to_address AS holder, t.block_number, t.tx_index, t.log_index, CAST(t.amount_raw AS HUGEINT) AS d
        FROM token_transfers t WHERE t.token_standard = 'trc20' AND t.to_address IN (SELECT a FROM c)
        UNION ALL
        SELECT t.contract_address, t.from_address, t.block_number, t.tx_index, t.log_index, -CAST(t.amount_raw AS HUGEINT)
        FROM token_transfers t WHERE t.token_standard = 'trc20' AND t.from_address IN (SELECT a FROM c)
      ), o AS (
        SELECT contract_address AS token, holder_address AS holder, CAST(balance_raw AS HUGEINT) AS b FROM trc20_snapshots
        WHERE as_of_block = (SELECT min(as_of_block) FROM trc20_snapshots)
      ), r AS (
        SELECT m.token, m.holder, coalesce(o.b, 0) + sum(m.d) OVER (PARTITION BY m.token, m.holder ORDER BY m.block_number, m.tx_index, m.log_index, m.d
               ROWS UNBOUNDED PRECEDING) AS run
        FROM m LEFT JOIN o ON o.token = m.token AND o.holder = m.holder
      )
      SELECT token, holder, min(run) AS low FROM r WHERE holder <> '${ZERO_ADDRESS}' GROUP BY ALL HAVING min(run) < 0`);
    expect(rows).toEqual([]);
  });
});
