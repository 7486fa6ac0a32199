/**
 * Issue 33: the USDT/WTRX SunSwap V2 swaps of the test lake, decoded by the tests' one swap decoder
 * (test/helpers/chain-prices.ts), independently of dex_prices and of the project's decoders: the pair's Swap logs (topic0 d78ad95f…, data = amount0In, amount1In, amount0Out, amount1Out as
 * four 32-byte words, defi-stablecoin-events.md §2.1) read as hex with BigInt, WTRX being token0 (the lower address of
 * the two, §2.1's sort rule), both 6 decimals. Prices are floor()ed to 18 places from the integer amounts; a day's (or
 * hour's) open and close are its first and last trade in chain order (block, transaction index, log index).
 */
import { sql } from '../../helpers/lake.ts';
import { chainTrades, SWAP_TOPIC, text18, USD_POOL } from '../../helpers/chain-prices.ts';

export const USDT_WTRX_PAIR = USD_POOL;
export { SWAP_TOPIC, text18 };
const E18 = 10n ** 18n;

export interface Trade {
  block: number;
  txIndex: number;
  logIndex: number;
  ts: number;
  /** WTRX moved, sun; USDT moved, smallest unit */
  wtrx: bigint;
  usdt: bigint;
}

/** The USDT/WTRX pair's trades in chain order (`usdt` = the USDT moved). */
export const usdtWtrxTrades = (): Promise<Trade[]> => poolTrades(USDT_WTRX_PAIR, true);

/**
 * A token/WTRX pool's trades in chain order, its words read in the pool's token order (`wtrxFirst`: WTRX is token0);
 * `usdt` holds the token moved, whatever the token.
 */
export async function poolTrades(pool: string, wtrxFirst: boolean): Promise<Trade[]> {
  // The one decoder of the tests' swaps (test/helpers/chain-prices.ts), read in the pool's token order.
  const trades = await chainTrades(sql, { logs: 'raw_logs', transactions: 'raw_transactions' }, [{ pool, token: '', tokenDecimals: 0, wtrxFirst, usdQuote: false }]);
  return trades.map((t) => ({ block: t.block, txIndex: t.txIndex, logIndex: t.logIndex, ts: t.ts, wtrx: t.sun, usdt: t.tokenRaw }));
}

export interface Candle {
  time: number;
  /** TRX in USD (USDT per TRX) */
  open: string;
  high: string;
  low: string;
  close: string;
  vwap: string;
  /** USDT moved, as USD text */
  volume: string;
  /** USDT's price in TRX */
  usdtClose: string;
  trades: number;
}

/** Candles of TRX in USD per period ('day' or 'hour'), oldest first. */
export function candles(trades: readonly Trade[], period: 'day' | 'hour'): Candle[] {
  const size = period === 'day' ? 86_400_000 : 3_600_000;
  const groups = new Map<number, Trade[]>();
  for (const t of trades) {
    const start = t.ts - (t.ts % size);
    groups.set(start, [...(groups.get(start) ?? []), t]);
  }
  return [...groups].sort(([a], [b]) => a - b).map(([time, ts]) => {
    const prices = ts.map((t) => (t.usdt * E18) / t.wtrx);
    const usdt = ts.reduce((a, t) => a + t.usdt, 0n);
    const wtrx = ts.reduce((a, t) => a + t.wtrx, 0n);
    const last = ts.at(-1)!;
    return {
      time,
      open: text18(prices[0]!),
      high: text18(prices.reduce((a, b) => (b > a ? b : a))),
      low: text18(prices.reduce((a, b) => (b < a ? b : a))),
      close: text18(prices.at(-1)!),
      vwap: text18((usdt * E18) / wtrx),
      volume: text18(usdt * 10n ** 12n),
      usdtClose: text18((last.wtrx * E18) / last.usdt),
      trades: ts.length,
    };
  });
}
