/**
 * Accounts created inside the window (issue 27 point 8; docs/generator.md "New accounts"): the constants the SQL macros of
 * 00-macros.sql use. The pool indices from BORN_FROM on that are not multiples of 3 are the accounts the window may
 * create ("born" indices); every other pool index (the busiest 60, then every third) existed before the first block.
 * The k-th creating transaction of the window creates the born index `bornIndex(k)`, a fixed permutation of the born
 * indices (k → j = (a·k + b) mod n, a bijection since gcd(a, n) = 1), so creation order is spread over the pool's
 * activity levels and the same in every batch.
 */
import { KINDS } from './reference.ts';

/** Pool indices below this (exchanges, hot wallets, the delegation platforms 30-49) always exist. A multiple of 3. */
export const BORN_FROM = 60;
/** Share of the born indices the window's creating transactions are sized to use up. */
const BORN_USED = 0.7;
/** The share of TRX / TRC10 transfers that go to a new address is capped (a shortened profile would ask for more). */
const MAX_TRANSFER_SHARE = 0.15;
/** AccountCreate (0) transactions that account-kinds.sql leaves as AccountCreate (the rest become type 46). */
export const ACCOUNT_CREATE_KEPT = 0.85;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function modInverse(a: number, n: number): number {
  let [r0, r1] = [BigInt(n), BigInt(a)];
  let [t0, t1] = [0n, 1n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  return Number(((t0 % BigInt(n)) + BigInt(n)) % BigInt(n));
}

/** How many born indices a pool has: pool indices i >= BORN_FROM with i % 3 != 0. */
export function bornCount(pool: number): number {
  const m = Math.max(0, pool - BORN_FROM);
  return 2 * Math.floor(m / 3) + Math.max(0, (m % 3) - 1);
}

/**
 * SQL constants of the creation model for a pool, a seed and a profile's volume: the permutation (born_n, born_a,
 * born_a_inv, born_b), the size of the always-existing part of the pool (n_settled) and p_new, the share of TRX and
 * TRC10 transfers that create their receiver, chosen so that the window's creating transactions (those, the
 * AccountCreate that stay, BORN_USED of the born indices in all) are expected to use up BORN_USED of the born indices.
 */
export function newAccountVars(seed: number, pool: number, targetTxs: number): Record<string, number> {
  const n = Math.max(1, bornCount(pool));
  let a = Math.max(1, Math.round(n * 0.6180339887));
  while (gcd(a, n) !== 1) a++;
  a %= n;
  if (a === 0) a = 1;
  const b = Number(((BigInt(seed) * 2654435761n) % BigInt(n) + BigInt(n)) % BigInt(n));
  const pct = (kids: number[]): number => KINDS.filter((k) => kids.includes(k.kid)).reduce((s, k) => s + k.percent, 0) / 100;
  const transfers = targetTxs * pct([1, 2, 3]);
  const creates = targetTxs * pct([11]) * ACCOUNT_CREATE_KEPT;
  const share = transfers > 0 ? (BORN_USED * n - creates) / transfers : 0;
  const nSettled = Math.min(pool, BORN_FROM) + Math.max(0, Math.ceil((pool - BORN_FROM) / 3));
  return {
    born_from: BORN_FROM,
    born_n: n,
    born_a: a,
    born_a_inv: modInverse(a, n),
    born_b: b,
    n_settled: nSettled,
    p_new: Math.round(Math.min(MAX_TRANSFER_SHARE, Math.max(0, share)) * 1e6) / 1e6,
  };
}
