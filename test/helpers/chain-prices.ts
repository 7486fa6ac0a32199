/**
 * The chain step of the price rule (docs/compat.md "## Prices (issue 33)"), computed here from the raw `logs` alone,
 * for the tests' USD expectations: never from dex_prices or any other derived output of the code under test.
 *
 * As the doc defines it:
 * - pools: TRX's USD pool, the USDT/WTRX SunSwap V2 pair TFGDb… (token0 WTRX, token1 USDT, both 6 decimals; the only
 *   pool that prices TRX in USD), and the lake's `dex_pools` reference rows that pair a token with WTRX (exactly one side
 *   WTRX; a reference row never prices TRX);
 * - a trade: a pool's `Swap` log (topic0 d78ad95f…, data = amount0In, amount1In, amount0Out, amount1Out, four 32-byte
 *   words, defi-stablecoin-events.md §2.1) whose WTRX and token net amounts (in − out) are non-zero with opposite signs;
 *   its price = WTRX / token in whole units, floor()ed once to 18 places from the integers;
 * - per UTC day, the close = the last trade in chain order (block, transaction index, log index);
 * - TRX ('_') in USD: the USD pool's close with USDT read as 1 USD; a token's USD close = its TRX close × TRX's USD close
 *   of the same day, floor()ed once more; none on a day without a USD-pool trade;
 * - of several pools of one asset and day: the one with the most trades that day, then by pool address (NOT in
 *   docs/compat.md: only sql/serving/token_day_prices.sql's comment states it; reported as a doc gap).
 * Decoded with BigInt from the hex words (no HUGEINT, no project decoder).
 */
import type { Db, Row } from '../../src/duckdb/duck.ts';

export const USD_POOL = 'TFGDbUyP8xez44C76fin3bn3Ss6jugoUwJ';
export const WTRX = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR';
export const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const SWAP_TOPIC = 'd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822';
const E18 = 10n ** 18n;
const DAY = 86_400_000;

/** '0.290000000000000000' from 290000000000000000n (units of 10^-18). */
export const text18 = (v: bigint): string => `${v / E18}.${(v % E18).toString().padStart(18, '0')}`;

export interface PricePool { pool: string; token: string; tokenDecimals: number; wtrxFirst: boolean; usdQuote: boolean }

/** One decoded trade: WTRX moved (sun) and the token moved (smallest unit), in chain order. */
export interface ChainTrade { pool: string; block: number; txIndex: number; logIndex: number; ts: number; day: string; sun: bigint; tokenRaw: bigint }

/** A day close of an asset by the chain step: USD and TRX prices (18-place text), its pool and trade count. */
export interface ChainClose { usd: string; trx: string; pool: string; trades: number }

/** Where the inputs are: table expressions for the raw logs and transactions, and the dex_pools reference (or none). */
export interface ChainInputs { logs: string; transactions: string; dexPools?: string }

/** The pools the chain step reads (see the module doc). */
export async function pricePools(query: (q: string) => Promise<Row[]>, inputs: ChainInputs): Promise<PricePool[]> {
  const pools: PricePool[] = [{ pool: USD_POOL, token: USDT, tokenDecimals: 6, wtrxFirst: true, usdQuote: true }];
  if (inputs.dexPools) {
    for (const r of await query(`SELECT pool, token0, token1, token0_decimals, token1_decimals FROM ${inputs.dexPools} ORDER BY pool`)) {
      const [t0, t1] = [String(r.token0), String(r.token1)];
      if (String(r.pool) === USD_POOL || (t0 === WTRX) === (t1 === WTRX)) continue;
      pools.push(t0 === WTRX
        ? { pool: String(r.pool), token: t1, tokenDecimals: Number(r.token1_decimals), wtrxFirst: true, usdQuote: false }
        : { pool: String(r.pool), token: t0, tokenDecimals: Number(r.token0_decimals), wtrxFirst: false, usdQuote: false });
    }
  }
  return pools;
}

/** The pools' trades decoded from the raw Swap logs, in chain order. */
export async function chainTrades(query: (q: string) => Promise<Row[]>, inputs: ChainInputs, pools: readonly PricePool[]): Promise<ChainTrade[]> {
  const byPool = new Map(pools.map((p) => [p.pool, p]));
  const list = pools.map((p) => `'${p.pool}'`).join(', ');
  const rows = await query(`SELECT l.contract_address AS pool, l.block_number, l."timestamp", l.log_index, l.data, t.tx_index
    FROM ${inputs.logs} l JOIN ${inputs.transactions} t ON t.tx_hash = l.tx_hash AND t.block_number = l.block_number
    WHERE l.topic0 = '${SWAP_TOPIC}' AND l.contract_address IN (${list})`);
  const trades: ChainTrade[] = [];
  for (const r of rows) {
    const p = byPool.get(String(r.pool))!;
    const data = String(r.data ?? '');
    if (!/^[0-9a-fA-F]{256}$/.test(data)) continue;
    const [in0, in1, out0, out1] = [0, 1, 2, 3].map((i) => BigInt(`0x${data.slice(64 * i, 64 * i + 64)}`)) as [bigint, bigint, bigint, bigint];
    const wtrx = p.wtrxFirst ? in0 - out0 : in1 - out1;
    const token = p.wtrxFirst ? in1 - out1 : in0 - out0;
    if (wtrx === 0n || token === 0n || (wtrx > 0n) === (token > 0n)) continue;
    const ts = Number(r.timestamp);
    trades.push({
      pool: p.pool, block: Number(r.block_number), txIndex: Number(r.tx_index), logIndex: Number(r.log_index), ts,
      day: new Date(ts - (ts % DAY)).toISOString().slice(0, 10),
      sun: wtrx < 0n ? -wtrx : wtrx, tokenRaw: token < 0n ? -token : token,
    });
  }
  return trades.sort((a, b) => a.block - b.block || a.txIndex - b.txIndex || a.logIndex - b.logIndex);
}

/** TRX per whole token of a trade, floor()ed to 18 places: (sun / 10^6) / (raw / 10^dec). */
const trxPer = (t: ChainTrade, dec: number): bigint => (t.sun * 10n ** BigInt(dec) * E18) / (t.tokenRaw * 1_000_000n);
/** USD per TRX of a USD-pool trade (USDT = 1 USD), floor()ed to 18 places. */
const usdPerTrx = (t: ChainTrade, dec: number): bigint => (t.tokenRaw * 1_000_000n * E18) / (t.sun * 10n ** BigInt(dec));

/**
 * The chain step's day closes: `${asset}|${day}` → close, asset '_' for TRX; only (asset, day) with a USD close.
 */
export async function chainDayCloses(query: (q: string) => Promise<Row[]>, inputs: ChainInputs): Promise<Map<string, ChainClose>> {
  const pools = await pricePools(query, inputs);
  const byPool = new Map(pools.map((p) => [p.pool, p]));
  const trades = await chainTrades(query, inputs, pools);
  // Per (pool, day): the last trade (chain order) and the trade count.
  const last = new Map<string, { t: ChainTrade; n: number }>();
  for (const t of trades) {
    const k = `${t.pool}|${t.day}`;
    last.set(k, { t, n: (last.get(k)?.n ?? 0) + 1 });
  }
  // TRX's USD close per day: the USD pool's.
  const trxUsd = new Map<string, bigint>();
  for (const { t } of last.values()) {
    const p = byPool.get(t.pool)!;
    if (p.usdQuote) trxUsd.set(t.day, usdPerTrx(t, p.tokenDecimals));
  }
  // Candidates per (asset, day), then the pool with the most trades, ties by pool.
  const best = new Map<string, ChainClose>();
  const offer = (key: string, c: ChainClose): void => {
    const b = best.get(key);
    if (!b || c.trades > b.trades || (c.trades === b.trades && c.pool < b.pool)) best.set(key, c);
  };
  for (const { t, n } of last.values()) {
    const p = byPool.get(t.pool)!;
    const usd = trxUsd.get(t.day);
    if (usd === undefined) continue;
    if (p.usdQuote) offer(`_|${t.day}`, { usd: text18(usd), trx: text18(E18), pool: t.pool, trades: n });
    const trx = trxPer(t, p.tokenDecimals);
    offer(`${p.token}|${t.day}`, { usd: text18((trx * usd) / E18), trx: text18(trx), pool: t.pool, trades: n });
  }
  return best;
}

/**
 * `rule_day_prices(token_id, day, day_ts, price_usd VARCHAR, priced_by)`: every token's USD price per UTC day by the
 * price rule (docs/compat.md "## Prices (issue 33)") in a DuckDB holding the prefixed input views (raw_logs, dim_token_prices,
 * ref_price_candles, ref_dex_pools…), from the inputs alone: token_prices' close (its shortest text),
 * else the first price_candles source by name (quote USD), else the chain's close decoded from the raw Swap logs in the
 * test (chainDayCloses above), never from dex_prices or token_day_prices.
 */
export async function createRuleDayPrices(raw: Db): Promise<void> {
  const chain = await chainDayCloses((q) => raw.all(q), { logs: 'raw_logs', transactions: 'raw_transactions', dexPools: 'ref_dex_pools' });
  await raw.run('CREATE TABLE chain_day_closes (token_id VARCHAR, day VARCHAR, price_usd VARCHAR, price_trx VARCHAR)');
  const values = [...chain].map(([k, c]) => {
    const [token, day] = k.split('|') as [string, string];
    return `('${token}', '${day}', '${c.usd}', '${c.trx}')`;
  });
  for (let i = 0; i < values.length; i += 1000) await raw.run(`INSERT INTO chain_day_closes VALUES ${values.slice(i, i + 1000).join(', ')}`);
  await raw.run(`CREATE TABLE rule_day_prices AS
    WITH t AS (SELECT token_id, day, CAST(price_usd AS VARCHAR) AS price FROM dim_token_prices WHERE price_usd IS NOT NULL),
    c AS (SELECT asset AS token_id, strftime(epoch_ms("time"), '%Y-%m-%d') AS day, arg_min(close, source) AS price
          FROM ref_price_candles WHERE quote = 'USD' GROUP BY 1, 2),
    x AS (SELECT token_id, day, price_usd AS price FROM chain_day_closes)
    SELECT token_id, day, epoch_ms(CAST(CAST(day AS DATE) AS TIMESTAMP)) AS day_ts, coalesce(t.price, c.price, x.price) AS price_usd,
           CASE WHEN t.price IS NOT NULL THEN 'token_prices' WHEN c.price IS NOT NULL THEN 'price_candles' ELSE 'sunswap' END AS priced_by
    FROM t FULL JOIN c USING (token_id, day) FULL JOIN x USING (token_id, day)`);
}
