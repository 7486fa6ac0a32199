/**
 * Expected counterparty figures for /api/deep/account/relatedAccount and /api/deep/account/transferAmount, from plain
 * SQL over the raw tables (token_transfers, transactions, internal_transactions) and token_prices, never from
 * address_counterparty_daily or the endpoints' template.
 */
import { sql, testManifest } from '../../helpers/lake.ts';
import { exactOf } from '../../helpers/exact-double.ts';

export const DAY = 86_400_000;

/** Every counted movement: TRC20 Transfers, successful TRX / TRC10 transfers, TRX internal transactions of successful transactions. */
export const MOVES = `(
  SELECT "timestamp", from_address AS sender, to_address AS receiver, contract_address AS token, amount_raw AS amount
  FROM raw_token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  SELECT "timestamp", owner_address, to_address, '_', CAST(amount AS VARCHAR) FROM raw_transactions
  WHERE contract_type = 1 AND contract_ret = 'SUCCESS' AND to_address IS NOT NULL
  UNION ALL
  SELECT "timestamp", owner_address, to_address, token_id, CAST(amount AS VARCHAR) FROM raw_transactions
  WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND to_address IS NOT NULL AND token_id IS NOT NULL
  UNION ALL
  SELECT i."timestamp", i.caller_address, i.to_address, '_', CAST(i.call_value AS VARCHAR) FROM raw_internal_transactions i
  JOIN raw_transactions t ON t.tx_hash = i.tx_hash AND t.contract_ret = 'SUCCESS'
  WHERE i.token_id = '_' AND i.call_value > 0 AND NOT i.rejected
)`;

export interface Expected {
  address: string;
  timesIn: number;
  timesOut: number;
  /** Exact USD as num / 10^scale, from the legs token_prices prices; `unpriced` counts the legs it has no price for. */
  usdIn: { num: bigint; scale: number };
  usdOut: { num: bigint; scale: number };
  unpriced: number;
}


const SCALE = 80;
const add = (a: { num: bigint; scale: number }, raw: bigint, dec: number, price: number) => {
  const p = exactOf(price);
  return { num: a.num + raw * p.digits * 10n ** BigInt(SCALE - dec - p.scale), scale: SCALE };
};

/** num / 10^scale rounded half up to 6 places, as a number. */
export function round6(v: { num: bigint; scale: number }): number {
  if (v.scale <= 6) return Number(v.num * 10n ** BigInt(6 - v.scale)) / 1e6;
  const unit = 10n ** BigInt(v.scale - 6);
  const q = (v.num * 2n + unit) / (unit * 2n);
  return Number(`${q / 1_000_000n}.${(q % 1_000_000n).toString().padStart(6, '0')}`);
}

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Per counterparty of `address` in [s, e] ms (token / related: one asset / one counterparty). */
export async function expectedCounterparties(address: string, s: number, e: number, token?: string, related?: string): Promise<Map<string, Expected>> {
  const rows = await sql(`WITH m AS (SELECT * FROM ${MOVES}),
    sides AS (
      SELECT receiver AS cp, 'out' AS dir, token, amount, "timestamp" FROM m WHERE sender = ${q(address)}
      UNION ALL
      SELECT sender, 'in', token, amount, "timestamp" FROM m WHERE receiver = ${q(address)}
    ),
    dated AS (SELECT *, strftime(epoch_ms("timestamp"), '%Y-%m-%d') AS day FROM sides)
    SELECT x.cp, x.dir, x.token, x.day, count(*) AS n,
           CAST(sum(CAST(x.amount AS HUGEINT)) AS VARCHAR) AS amount,
           CASE WHEN x.token = '_' THEN 6 ELSE any_value(d.decimals) END AS decimals, any_value(p.price_usd) AS price
    FROM dated x
    LEFT JOIN dim_tokens d ON d.token_id = x.token
    LEFT JOIN dim_token_prices p ON p.token_id = x.token AND p.day = x.day
    WHERE x.cp IS NOT NULL AND x."timestamp" BETWEEN ${s} AND ${e}
      ${token ? `AND x.token = ${q(token)}` : ''} ${related ? `AND x.cp = ${q(related)}` : ''}
    GROUP BY x.cp, x.dir, x.token, x.day`);
  const out = new Map<string, Expected>();
  for (const r of rows) {
    const cp = String(r.cp);
    const x = out.get(cp) ?? { address: cp, timesIn: 0, timesOut: 0, usdIn: { num: 0n, scale: SCALE }, usdOut: { num: 0n, scale: SCALE }, unpriced: 0 };
    const priced = r.price !== null && r.decimals !== null;
    if (r.dir === 'in') {
      x.timesIn += Number(r.n);
      if (priced) x.usdIn = add(x.usdIn, BigInt(String(r.amount)), Number(r.decimals), Number(r.price));
    } else {
      x.timesOut += Number(r.n);
      if (priced) x.usdOut = add(x.usdOut, BigInt(String(r.amount)), Number(r.decimals), Number(r.price));
    }
    if (!priced) x.unpriced += 1;
    out.set(cp, x);
  }
  return out;
}

/** The busiest address that both sends and receives (a sample picked with SQL). */
export async function busyAddress(): Promise<string> {
  const [r] = await sql(`WITH m AS (SELECT * FROM ${MOVES}),
    a AS (SELECT sender AS a, 1 AS o, 0 AS i FROM m UNION ALL SELECT receiver, 0, 1 FROM m)
    SELECT a, sum(o) AS o, sum(i) AS i FROM a WHERE a IS NOT NULL AND a <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
    GROUP BY a HAVING sum(o) > 0 AND sum(i) > 0 ORDER BY sum(o) + sum(i) DESC, a LIMIT 1`);
  return String(r!.a);
}

/** The token (or '_') this address moved most that token_prices prices on every day it moved; undefined when none. */
export async function pricedToken(address: string): Promise<string | undefined> {
  const rows = await sql(`WITH m AS (SELECT * FROM ${MOVES} WHERE sender = ${q(address)} OR receiver = ${q(address)})
    SELECT m.token, count(*) AS n, count(*) FILTER (WHERE p.price_usd IS NULL) AS unpriced
    FROM m LEFT JOIN dim_token_prices p ON p.token_id = m.token AND p.day = strftime(epoch_ms(m."timestamp"), '%Y-%m-%d')
    GROUP BY 1 HAVING count(*) FILTER (WHERE p.price_usd IS NULL) = 0 ORDER BY n DESC, m.token LIMIT 1`);
  return rows[0] ? String(rows[0].token) : undefined;
}

/** The busy address's counterparties over both endpoints' default window (the 90 days ending at the head). */
export async function busyDefaultWindow(): Promise<{ head: number; address: string; all: Expected[] }> {
  const head = (await testManifest()).head.timestamp;
  const address = await busyAddress();
  return { head, address, all: [...(await expectedCounterparties(address, head - 90 * DAY, head)).values()] };
}
