/**
 * Issue 33: the USDT/WTRX SunSwap V2 swaps of the test lake decoded here, independently of dex_prices and of the
 * project's decoders: the pair's Swap logs (topic0 d78ad95f…, data = amount0In, amount1In, amount0Out, amount1Out as
 * four 32-byte words, defi-stablecoin-events.md §2.1) read as hex with BigInt, WTRX being token0 (the lower address of
 * the two, §2.1's sort rule), both 6 decimals. Prices are floor()ed to 18 places from the integer amounts; a day's (or
 * hour's) open and close are its first and last trade in chain order (block, transaction index, log index).
 */
import { sql } from '../../helpers/lake.ts';

export const USDT_WTRX_PAIR = 'TFGDbUyP8xez44C76fin3bn3Ss6jugoUwJ';
export const SWAP_TOPIC = 'd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822';
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

/** '0.290000000000000000' from 290000000000000000n (units of 10^-18). */
export const text18 = (v: bigint): string => `${v / E18}.${(v % E18).toString().padStart(18, '0')}`;

/** The USDT/WTRX pair's trades in chain order (`usdt` = the USDT moved). */
export const usdtWtrxTrades = (): Promise<Trade[]> => poolTrades(USDT_WTRX_PAIR, true);

/**
 * A token/WTRX pool's trades in chain order, its words read in the pool's token order (`wtrxFirst`: WTRX is token0);
 * `usdt` holds the token moved, whatever the token.
 */
export async function poolTrades(pool: string, wtrxFirst: boolean): Promise<Trade[]> {
  const rows = await sql(`
    SELECT l.block_number, l."timestamp", l.log_index, l.data, t.tx_index
    FROM raw_logs l JOIN raw_transactions t ON t.tx_hash = l.tx_hash AND t.block_number = l.block_number
    WHERE l.contract_address = '${pool}' AND l.topic0 = '${SWAP_TOPIC}'`);
  const trades: Trade[] = [];
  for (const r of rows) {
    const data = String(r.data);
    if (data.length !== 256) continue;
    const [in0, in1, out0, out1] = [0, 1, 2, 3].map((i) => BigInt(`0x${data.slice(64 * i, 64 * i + 64)}`)) as [bigint, bigint, bigint, bigint];
    const wtrx = wtrxFirst ? in0 - out0 : in1 - out1;
    const usdt = wtrxFirst ? in1 - out1 : in0 - out0;
    if (wtrx === 0n || usdt === 0n || wtrx > 0n === usdt > 0n) continue;
    trades.push({
      block: Number(r.block_number), txIndex: Number(r.tx_index), logIndex: Number(r.log_index), ts: Number(r.timestamp),
      wtrx: wtrx < 0n ? -wtrx : wtrx, usdt: usdt < 0n ? -usdt : usdt,
    });
  }
  return trades.sort((a, b) => a.block - b.block || a.txIndex - b.txIndex || a.logIndex - b.logIndex);
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
