/**
 * Expected stablecoin supply per contract and UTC day, computed here from the events decoded in the test from raw
 * `logs` (stablecoin-expected.ts: named mint / burn events, USDD 2.0's Transfers from / to the zero address), the raw
 * `trc20_snapshots` and raw `token_transfers`, never through daily_stablecoin_supply or the endpoints' templates:
 *
 * - a contract with a totalSupply() row (snapshot holder = the zero address): supply at the end of day D = the newest
 *   such row + the net flows of blocks after it up to D - the net flows after D up to it;
 * - otherwise the forward walk: the opening supply (Σ opening balances: rows before the lake's first block) + issued
 *   - redeemed - destroyed through D; and, apart, the ledger now (`ledgerNow`: Σ holder balances from raw transfers
 *   after each holder's snapshot, plus the balance moves no Transfer shows) that the newest day must equal.
 */
import { sql } from '../../helpers/lake.ts';
import { CONTRACT, expectedEvents, type ExpectedEvent } from './stablecoin-expected.ts';

const ZERO = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
export const COINS = ['USDT', 'USDC', 'USDD', 'USDJ', 'TUSD'] as const;
/** The coin of each registry contract, and the contract a coin's row is named by (USDD: 2.0; USDC: Circle's). */
export const COIN_OF: Record<string, string> = {
  [CONTRACT.USDT]: 'USDT', [CONTRACT.USDC]: 'USDC', [CONTRACT.USDD]: 'USDD', [CONTRACT.USDD_OLD]: 'USDD', [CONTRACT.USDJ]: 'USDJ', [CONTRACT.TUSD]: 'TUSD',
};
export const COIN_ADDRESS: Record<string, string> = { USDT: CONTRACT.USDT, USDC: CONTRACT.USDC, USDD: CONTRACT.USDD, USDJ: CONTRACT.USDJ, TUSD: CONTRACT.TUSD };

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const daySec = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;

export interface Day {
  minted: bigint;
  burned: bigint;
  mints: number;
  burns: number;
}

export interface SupplyFacts {
  firstDay: string;
  headDay: string;
  /** Contracts the lake holds a supply for (a totalSupply() row, or a TRC20 token of the tokens dimension). */
  contracts: string[];
  /** Per contract, per day with a mint or burn. */
  days: Map<string, Map<string, Day>>;
  /** Supply at the end of `day` (a lake day). */
  supplyAt(contract: string, day: string): bigint;
  /** The ledger's supply now, for a contract without a totalSupply() row (undefined with one). */
  ledgerNow: Map<string, bigint>;
  /** Whether the contract's figures are anchored on a totalSupply() row. */
  snapshotted: Set<string>;
  events: ExpectedEvent[];
}

let cache: Promise<SupplyFacts> | undefined;
export function supplyFacts(): Promise<SupplyFacts> {
  cache ??= load();
  return cache;
}

const net = (e: ExpectedEvent): bigint => (e.supply_effect === 'mint' ? 1n : e.supply_effect === 'burn' ? -1n : 0n) * BigInt(e.amount_raw ?? '0');

async function load(): Promise<SupplyFacts> {
  const list = Object.keys(COIN_OF).map((a) => `'${a}'`).join(', ');
  const [b] = await sql(`SELECT min(block_number) AS b0, min("timestamp") AS t0, max("timestamp") AS t1 FROM raw_blocks`);
  const firstBlock = Number(b!.b0);
  const firstDay = dayOf(Number(b!.t0));
  const headDay = dayOf(Number(b!.t1));
  const snaps = await sql(`SELECT contract_address, holder_address, as_of_block, balance_raw FROM snap_trc20_snapshots WHERE contract_address IN (${list})`);
  const tokens = await sql(`SELECT token_id FROM dim_tokens WHERE token_standard = 'trc20' AND token_id IN (${list})`);
  const transfers = await sql(`SELECT contract_address, from_address, to_address, amount_raw, block_number FROM raw_token_transfers WHERE contract_address IN (${list})`);
  const events = (await expectedEvents()).filter((e) => e.amount_raw !== null);

  const contracts = Object.keys(COIN_OF).filter((c) => snaps.some((s) => s.contract_address === c) || tokens.some((t) => t.token_id === c));
  const days = new Map<string, Map<string, Day>>();
  for (const e of events) {
    if (e.supply_effect === 'none') continue;
    const m = days.get(e.contract_address) ?? new Map<string, Day>();
    days.set(e.contract_address, m);
    const d = m.get(dayOf(e.timestamp)) ?? { minted: 0n, burned: 0n, mints: 0, burns: 0 };
    m.set(dayOf(e.timestamp), d);
    if (e.supply_effect === 'mint') { d.minted += BigInt(e.amount_raw!); d.mints++; } else { d.burned += BigInt(e.amount_raw!); d.burns++; }
  }

  const snapshotted = new Set<string>();
  const total = new Map<string, { block: number; value: bigint }>();
  const opening = new Map<string, bigint>();
  const holderAnchor = new Map<string, { block: number; value: bigint }>(); // contract|holder → newest balanceOf
  for (const s of snaps) {
    const c = String(s.contract_address);
    const blk = Number(s.as_of_block);
    const v = BigInt(String(s.balance_raw));
    if (s.holder_address === ZERO) {
      snapshotted.add(c);
      if (!total.has(c) || total.get(c)!.block < blk) total.set(c, { block: blk, value: v });
      continue;
    }
    if (blk < firstBlock) opening.set(c, (opening.get(c) ?? 0n) + v);
    const k = `${c}|${s.holder_address}`;
    if (!holderAnchor.has(k) || holderAnchor.get(k)!.block < blk) holderAnchor.set(k, { block: blk, value: v });
  }

  // The ledger now: each holder's newest balanceOf plus the transfers after it, plus the balance moves no Transfer shows.
  const ledgerNow = new Map<string, bigint>();
  for (const c of contracts) {
    if (snapshotted.has(c)) continue;
    let sum = 0n;
    for (const [k, a] of holderAnchor) if (k.startsWith(`${c}|`)) sum += a.value;
    for (const t of transfers) {
      if (t.contract_address !== c) continue;
      const amt = BigInt(String(t.amount_raw));
      for (const [holder, sign] of [[t.to_address, 1n], [t.from_address, -1n]] as const) {
        if (holder === ZERO) continue;
        const a = holderAnchor.get(`${c}|${holder}`);
        if (!a || Number(t.block_number) > a.block) sum += sign * amt;
      }
    }
    for (const e of events) {
      if (e.contract_address !== c || e.balance_effect === null) continue;
      const a = holderAnchor.get(`${c}|${e.target_address}`);
      if (!a || e.block_number > a.block) sum += (e.balance_effect === 'credit' ? 1n : -1n) * BigInt(e.amount_raw!);
    }
    ledgerNow.set(c, sum);
  }

  function supplyAt(contract: string, day: string): bigint {
    const own = events.filter((e) => e.contract_address === contract);
    const t = total.get(contract);
    if (t) {
      let v = t.value;
      for (const e of own) {
        const d = dayOf(e.timestamp);
        if (e.block_number > t.block && d <= day) v += net(e);
        if (e.block_number <= t.block && d > day) v -= net(e);
      }
      return v;
    }
    // opening + issued - redeemed - destroyed through the day
    let v = opening.get(contract) ?? 0n;
    for (const e of own) if (dayOf(e.timestamp) <= day) v += net(e);
    return v;
  }

  return { firstDay, headDay, contracts, days, supplyAt, ledgerNow, snapshotted, events };
}

/** Every UTC day from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(dayOf(t));
  return out;
}

/** A response text parsed with every integer of 16 digits or more kept as a string (exact past 2^53). */
export function parseExact(text: string): any {
  return JSON.parse(text.replace(/([:[,])(-?\d{16,})(?=[,\]}])/g, '$1"$2"'));
}
