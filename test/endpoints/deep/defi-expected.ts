/**
 * Independent expectations for issue 34's pool and TVL endpoints, from plain SQL over the raw tables only (project
 * contracts, raw token transfers, the stablecoin moves decoded in the test, the snapshot anchors; TRX: the account
 * snapshots and the tests' raw TRX ledger, test/helpers/trx-moves.ts) and the price tables
 * of the price rule (token_prices, else price_candles, else the chain's day close decoded from the raw Swap logs by
 * test/helpers/chain-prices.ts), with exact rational arithmetic
 * written here (no helper of the code under test).
 *
 * The balance of a contract's token at the end of day D, anchored like the ledger: the newest snapshot row (if any)
 * plus the moves after its block up to D, minus the moves at or before its block after D.
 */
import { lakeDir, sql } from '../../helpers/lake.ts';
import { STABLECOIN_CONTRACTS } from '../../../src/chain/stablecoins.ts';
import { RAW_TRX_MOVES_SQL } from '../../helpers/trx-moves.ts';
import { chainDayCloses, type ChainClose } from '../../helpers/chain-prices.ts';

export const STABLE_ADDRESSES = new Set(STABLECOIN_CONTRACTS.map((c) => c.address));

export interface Holding { project: string; contract: string; token: string; decimals: number }

/** Every (project contract, token of its `tokens`: TRC20 or '_' TRX) pair of project_contracts. */
export async function holdings(): Promise<Holding[]> {
  const rows = await sql(`SELECT DISTINCT pc.project, pc.contract_address, trim(u.t) AS token, pc.tokens, pc.token_decimals
    FROM ref_project_contracts pc, unnest(string_split(pc.tokens, ',')) AS u(t)
    WHERE pc.tokens IS NOT NULL ORDER BY 2, 3`);
  return rows.map((r) => {
    const toks = String(r.tokens).split(',');
    const decs = String(r.token_decimals ?? '').split(',');
    return { project: String(r.project), contract: String(r.contract_address), token: String(r.token), decimals: Number(decs[toks.indexOf(String(r.token))] ?? 0) };
  });
}

/** Per (contract, token, day of a move): received and sent that day, raw (TRX: sun, from the tests' raw TRX ledger). */
export async function dailyMoves(): Promise<Map<string, { in: bigint; out: bigint }>> {
  const rows = await sql(`WITH held AS (
      SELECT DISTINCT pc.contract_address AS holder, trim(u.t) AS token
      FROM ref_project_contracts pc, unnest(string_split(pc.tokens, ',')) AS u(t) WHERE pc.tokens IS NOT NULL
    ), m AS (
      SELECT h.holder, h.token, strftime(epoch_ms(x."timestamp"), '%Y-%m-%d') AS day, CAST(x.amount_raw AS HUGEINT) AS i, 0::HUGEINT AS o
      FROM raw_token_transfers x JOIN held h ON h.holder = x.to_address AND h.token = x.contract_address WHERE x.token_standard = 'trc20'
      UNION ALL
      SELECT h.holder, h.token, strftime(epoch_ms(x."timestamp"), '%Y-%m-%d'), 0::HUGEINT, CAST(x.amount_raw AS HUGEINT)
      FROM raw_token_transfers x JOIN held h ON h.holder = x.from_address AND h.token = x.contract_address WHERE x.token_standard = 'trc20'
      UNION ALL
      SELECT h.holder, h.token, s.day, greatest(s.delta, 0), greatest(-s.delta, 0)
      FROM raw_stablecoin_balance_moves s JOIN held h ON h.holder = s.holder_address AND h.token = s.contract_address
      UNION ALL
      SELECT h.holder, h.token, strftime(epoch_ms(f."timestamp"), '%Y-%m-%d'), CAST(greatest(f.delta, 0) AS HUGEINT), CAST(greatest(-f.delta, 0) AS HUGEINT)
      FROM (${RAW_TRX_MOVES_SQL}) f JOIN held h ON h.holder = f.address AND h.token = '_'
    )
    SELECT holder, token, day, CAST(sum(i) AS VARCHAR) AS i, CAST(sum(o) AS VARCHAR) AS o FROM m GROUP BY ALL`);
  return new Map(rows.map((r) => [`${r.holder}|${r.token}|${r.day}`, { in: BigInt(String(r.i)), out: BigInt(String(r.o)) }]));
}

/** The balance of `contract`'s `token` at the end of `day`, raw. */
export async function balanceAt(contract: string, token: string, day: string): Promise<bigint> {
  if (token === '_') return trxBalanceAt(contract, day);
  const [r] = await sql(`WITH a AS (
      SELECT max(as_of_block) AS blk, arg_max(CAST(balance_raw AS HUGEINT), as_of_block) AS bal
      FROM snap_trc20_snapshots WHERE contract_address = '${token}' AND holder_address = '${contract}'
    ), f AS (
      SELECT block_number, "timestamp", CAST(amount_raw AS HUGEINT) AS d FROM raw_token_transfers
      WHERE token_standard = 'trc20' AND contract_address = '${token}' AND to_address = '${contract}'
      UNION ALL
      SELECT block_number, "timestamp", -CAST(amount_raw AS HUGEINT) FROM raw_token_transfers
      WHERE token_standard = 'trc20' AND contract_address = '${token}' AND from_address = '${contract}'
      UNION ALL
      SELECT block_number, "timestamp", delta FROM raw_stablecoin_balance_moves WHERE contract_address = '${token}' AND holder_address = '${contract}'
    )
    SELECT CAST(coalesce((SELECT bal FROM a), 0)
      + coalesce((SELECT sum(d) FROM f WHERE block_number > coalesce((SELECT blk FROM a), -1) AND strftime(epoch_ms("timestamp"), '%Y-%m-%d') <= '${day}'), 0)
      - coalesce((SELECT sum(d) FROM f WHERE block_number <= coalesce((SELECT blk FROM a), -1) AND strftime(epoch_ms("timestamp"), '%Y-%m-%d') > '${day}'), 0) AS VARCHAR) AS b`);
  return BigInt(String(r!.b));
}

/**
 * The TRX balance of `address` at the end of `day`, sun: its newest account snapshot at or before the head (none: 0)
 * plus its TRX moves after that snapshot's block up to the day, minus those at or before it after the day.
 */
async function trxBalanceAt(address: string, day: string): Promise<bigint> {
  const flows = `SELECT block_number, "timestamp", CAST(delta AS HUGEINT) AS d FROM (${RAW_TRX_MOVES_SQL}) WHERE address = '${address}'`;
  const [r] = await sql(`WITH a AS (
      SELECT max(as_of_block) AS blk, arg_max(CAST(balance AS HUGEINT), as_of_block) AS bal
      FROM snap_account_snapshots WHERE address = '${address}' AND as_of_block <= (SELECT max(block_number) FROM raw_blocks)
    ), f AS (${flows})
    SELECT CAST(coalesce((SELECT bal FROM a), 0)
      + coalesce((SELECT sum(d) FROM f WHERE block_number > coalesce((SELECT blk FROM a), -1) AND strftime(epoch_ms("timestamp"), '%Y-%m-%d') <= '${day}'), 0)
      - coalesce((SELECT sum(d) FROM f WHERE block_number <= coalesce((SELECT blk FROM a), -1) AND strftime(epoch_ms("timestamp"), '%Y-%m-%d') > '${day}'), 0) AS VARCHAR) AS b`);
  return BigInt(String(r!.b));
}

/** The chain step's day closes of the project's lake (test/helpers/chain-prices.ts: decoded from the raw Swap logs). */
const chainCloses = new Map<string, Promise<Map<string, ChainClose>>>();
export function lakeChainCloses(): Promise<Map<string, ChainClose>> {
  let p = chainCloses.get(lakeDir());
  if (!p) {
    p = chainDayCloses(sql, { logs: 'raw_logs', transactions: 'raw_transactions', dexPools: 'ref_dex_pools' });
    chainCloses.set(lakeDir(), p);
  }
  return p;
}

/**
 * The USD price text of `token` on `day` by the price rule, or undefined: token_prices' close (the generator's feed,
 * an input), else the first price_candles source by name (a loaded reference), else the chain's own close computed from
 * the raw Swap logs in the test (never dex_prices, an output of the code under test).
 */
export async function priceOn(token: string, day: string): Promise<string | undefined> {
  const [p] = await sql(`SELECT CAST(price_usd AS VARCHAR) AS p FROM dim_token_prices WHERE token_id = '${token}' AND day = '${day}' AND price_usd IS NOT NULL`);
  if (p) return String(p.p);
  const [c] = await sql(`SELECT CAST(arg_min(close, source) AS VARCHAR) AS p FROM ref_price_candles
    WHERE quote = 'USD' AND asset = '${token}' AND strftime(epoch_ms("time"), '%Y-%m-%d') = '${day}' HAVING count(*) > 0`);
  if (c) return String(c.p);
  return (await lakeChainCloses()).get(`${token}|${day}`)?.usd;
}

/** An exact non-negative fraction. */
export interface Frac { n: bigint; d: bigint }
/** A decimal text ('0.2893', '9.7e-07', '1') as a fraction. */
export function frac(text: string): Frac {
  const m = /^(\d+)(?:\.(\d+))?(?:e([-+]?\d+))?$/i.exec(text.trim());
  if (!m) throw new Error(`not a decimal: ${text}`);
  const f = m[2] ?? '';
  const e = Number(m[3] ?? 0) - f.length;
  const n = BigInt(m[1] + f);
  return e >= 0 ? { n: n * 10n ** BigInt(e), d: 1n } : { n, d: 10n ** BigInt(-e) };
}
export const add = (a: Frac, b: Frac): Frac => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
/** raw / 10^decimals × price. */
export const value = (raw: bigint, decimals: number, price: string): Frac => {
  const p = frac(price);
  return { n: raw * p.n, d: 10n ** BigInt(decimals) * p.d };
};
/** Rounded half up to 6 places, as text with 6 decimals. */
export function round6(x: Frac): string {
  const q = (2n * x.n * 1_000_000n + x.d) / (2n * x.d);
  return `${q / 1_000_000n}.${(q % 1_000_000n).toString().padStart(6, '0')}`;
}
/** Floored to 6 places, as a JSON number literal (no trailing zeros). */
export function floor6(x: Frac): string {
  const q = (x.n * 1_000_000n) / x.d;
  const frac6 = (q % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return frac6 ? `${q / 1_000_000n}.${frac6}` : `${q / 1_000_000n}`;
}

/** The head's UTC day (the newest block). */
export async function headDay(): Promise<string> {
  const [r] = await sql(`SELECT strftime(epoch_ms(max("timestamp")), '%Y-%m-%d') AS d FROM raw_blocks`);
  return String(r!.d);
}

/** The whitelisted pools (a pool of project_contracts with a stablecoin among its tokens), by address. */
export async function whitelist(): Promise<Map<string, { venue: string; tokens: string[]; decimals: number[] }>> {
  const rows = await sql(`SELECT contract_address, venue, tokens, token_decimals FROM ref_project_contracts WHERE role = 'pool' AND tokens IS NOT NULL ORDER BY 1`);
  const out = new Map<string, { venue: string; tokens: string[]; decimals: number[] }>();
  for (const r of rows) {
    const tokens = String(r.tokens).split(',');
    if (tokens.some((t) => STABLE_ADDRESSES.has(t))) out.set(String(r.contract_address), { venue: String(r.venue), tokens, decimals: String(r.token_decimals ?? '').split(',').map(Number) });
  }
  return out;
}

