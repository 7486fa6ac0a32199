/**
 * How the supply endpoints name a coin (docs/compat.md "Stablecoin supply"): one row per coin, in the registry's
 * order, named and addressed by the coin's first contract in the registry (USDD: USDD 2.0; USDC: Circle's), with
 * that contract's decimals (USDD's two contracts both have 18, so their sum is in one unit).
 */
import { STABLECOIN_CONTRACTS, type StablecoinContract, type StablecoinKey } from '../../chain/stablecoins.ts';
import type { Cell } from '../../duckdb/duck.ts';

/** The contract a coin's row is named by, e.g. `coinContract('USDD').address` = 'TXDk8mb…'. */
export function coinContract(coin: string): StablecoinContract | undefined {
  return STABLECOIN_CONTRACTS.find((c) => c.coin === coin);
}

/** The registry's coins in order: USDT, USDC, USDD, USDJ, TUSD. */
export const COINS: StablecoinKey[] = [...new Set(STABLECOIN_CONTRACTS.map((c) => c.coin))];

const rank = (coin: string): number => {
  const i = COINS.indexOf(coin as StablecoinKey);
  return i < 0 ? COINS.length : i;
};

/** Coin rows `{ coin, supply_raw }` as the answer's rows, in registry order (a coin the registry lacks is dropped). */
export function coinRows(rows: readonly { coin: Cell; supply_raw: Cell }[]): { tokenName: string; address: string; totalSupply: string; tokenDecimal: number }[] {
  const out = [];
  for (const r of [...rows].sort((a, b) => rank(String(a.coin)) - rank(String(b.coin)))) {
    const c = coinContract(String(r.coin));
    if (!c || r.supply_raw === null) continue;
    out.push({ tokenName: c.name, address: c.address, totalSupply: String(r.supply_raw), tokenDecimal: c.decimals });
  }
  return out;
}

/** Coin order for sorting rows of several coins. */
export const coinRank = rank;
