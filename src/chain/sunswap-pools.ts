/**
 * Issue 33: the SunSwap V2 pools the lake prices from (`dex_prices`, source `sunswap`), and the V2 Swap / Sync events.
 * Facts from the team's DeFi research notes (defi-stablecoin-events.md §2, not part of the repository; cited per
 * entry): what they mark UNCONFIRMED is `confirmed: false` here and listed in docs/compat.md "## Prices (issue 33)".
 *
 * How a lake knows its pools: this registry, rendered as the SQL table macro `sunswap_v2_pools()`
 * (sql/macros/sunswap_v2_pools.sql, checked equal to it by test/chain/sunswap-pools.test.ts), which alone names TRX's
 * USD pool, and the lake's `dex_pools` reference (an operator's file of token/WTRX pools it vouches for; the generator
 * lists its synthetic pairs there). An unlisted pair (anyone can create one through the factory, with any reserves)
 * never sets a price; discovering pairs from the factory's PairCreated logs is not done (the test lakes hold none).
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** topic0 of an event signature: keccak256, 64 lowercase hex. */
const topicOf = (signature: string): string => bytesToHex(keccak_256(utf8ToBytes(signature)));

/** V2 pair `Swap(address indexed sender, uint amount0In, uint amount1In, uint amount0Out, uint amount1Out, address indexed to)`: data = the four amounts (ref §2.1). */
export const SWAP_V2_SIGNATURE = 'Swap(address,uint256,uint256,uint256,uint256,address)';
export const SWAP_V2_TOPIC = 'd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822';
/** V2 pair `Sync(uint112 reserve0, uint112 reserve1)`: the reserves after every swap (ref §2.1); not read for prices. */
export const SYNC_V2_SIGNATURE = 'Sync(uint112,uint112)';
export const SYNC_V2_TOPIC = '1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1';
export const topicsCheck = (): boolean => topicOf(SWAP_V2_SIGNATURE) === SWAP_V2_TOPIC && topicOf(SYNC_V2_SIGNATURE) === SYNC_V2_TOPIC;

/** SunSwap V2 factory (ref §2.0, S7 and S11: confirmed). */
export const SUNSWAP_V2_FACTORY = 'TKWJdrQkqHisa1X8HUdHEfREvTzw4pMAaY';
/** WTRX (ref §1.7 side note: 6 decimals, 1 WTRX = 1 TRX): every priced pool pairs a token with it. */
export const WTRX = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR';
export const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export interface SunswapPool {
  /** The pair contract, Base58 (the Swap log's emitter). */
  readonly pool: string;
  /** token0 < token1 by address (ref §2.1, PairCreated): the order of the Swap words. */
  readonly token0: string;
  readonly token1: string;
  readonly token0Decimals: number;
  readonly token1Decimals: number;
  /** The pool TRX's USD price comes from (the token side read as 1 USD). */
  readonly usdQuote: boolean;
  /** false where the reference marks the pool address UNCONFIRMED. */
  readonly confirmed: boolean;
  readonly source: string;
}

export const SUNSWAP_V2_POOLS: readonly SunswapPool[] = [
  {
    // WTRX 41891c… < USDT 41a614… so token0 is WTRX (the sort rule of §2.1); the pair address is the getPair result
    // a third-party doc quotes: UNCONFIRMED (ref §2.0).
    pool: 'TFGDbUyP8xez44C76fin3bn3Ss6jugoUwJ',
    token0: WTRX,
    token1: USDT,
    token0Decimals: 6,
    token1Decimals: 6,
    usdQuote: true,
    confirmed: false,
    source: 'ref §2.0 (3p getPair result, UNCONFIRMED); token order by §2.1 token0 < token1',
  },
];
