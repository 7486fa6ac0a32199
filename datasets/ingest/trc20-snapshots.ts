/**
 * TRC20 balances as of the published solid head, for a configurable set of tracked tokens (issue 14: "TRC20 balances
 * (`balanceOf`) and `totalSupply` for a configurable set of tracked tokens, anchoring the TRC20 ledgers"). At each
 * publish that reaches the node's solid head (the same moment as the account snapshots, snapshots.ts), every holder
 * of a tracked token that the final blocks since the last snapshot touched (a sender or receiver of its `Transfer`
 * events, or the target of a stablecoin event that moves a balance without one; the zero address left out) is asked `balanceOf(holder)`, and each tracked token touched is asked
 * `totalSupply()`, through `/walletsolidity/triggerconstantcontract` (the solid state; `/wallet/…` for a node
 * without the solidity API, whose head counts as solid). Rows go to `trc20_snapshots` as of that block:
 * `(contract, holder, as_of_block, balance_raw)`, and `totalSupply()` under the zero address as holder (no ledger
 * counts it as one; src/lake/datasets/). The ledger (sql/derive/balances/trc20_balances.sql) then starts each such position from
 * the node's balance instead of the lake's partial history.
 *
 * Same life cycle as the account reads: rows read while the head moved are kept (a holder no later block touched
 * has the same balance at the new head) and the new blocks put the holders they touched back into the pending set.
 * A tracked contract that does not answer (a revert, or no contract at that address on this chain) is left out for
 * the rest of the run with one warning: its ledger stays the lake's flows. A node that does not serve the API at all
 * stops the ingest (`SnapshotApiError`, like the other state reads).
 */
import type { AppendCell, Db } from '../../src/duckdb/duck.ts';
import { base58ToHex, base58ToWord, ZERO_ADDRESS } from '../../src/chain/address.ts';
import { trc20Snapshots } from '../../src/lake/datasets/index.ts';
import { NodeNotJsonError } from '../../src/chain/node-json.ts';
import { NodeApiError, type NodeClient } from './node-client.ts';
import { pool } from './pool.ts';

/**
 * The five USD stablecoins tracked by default (the issuers' published mainnet contracts): USDT,
 * USDC (Circle, native), USDD 2.0, TUSD, USDJ. `--trc20-tracked` replaces the list.
 */
export const DEFAULT_TRACKED_TRC20: readonly string[] = [
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', // USDT
  'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', // USDC
  'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz', // USDD 2.0
  'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4', // TUSD
  'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT', // USDJ
];

/** The holder under which a token's `totalSupply()` is stored (the zero address, never a ledger holder). */
export const SUPPLY_HOLDER = ZERO_ADDRESS;

/** One trc20_snapshots row, in catalog column order. */
export interface Trc20Row {
  contract_address: string;
  holder_address: string;
  as_of_block: number;
  balance_raw: string;
}

/** A uint256 answer (hex word) as an exact decimal string; null when it is not one. */
export function uint256(hex: string): string | null {
  const h = hex.slice(0, 64);
  return /^[0-9a-fA-F]{64}$/.test(h) ? BigInt(`0x${h}`).toString() : null;
}

/** What the TRC20 reader still has to read, and what it has read, across publishes (see the module doc). */
export class Trc20SnapshotTracker {
  private readonly tracked: Set<string>;
  private pending = new Map<string, Set<string>>();
  private held = new Map<string, Omit<Trc20Row, 'as_of_block'>>();
  private readonly silent = new Set<string>();
  /** Rows staged so far by this run. */
  rowsPublished = 0;

  constructor(tracked: readonly string[], private readonly warn: (msg: string) => void = () => undefined) {
    this.tracked = new Set(tracked);
  }

  get waiting(): number {
    let n = this.held.size;
    for (const s of this.pending.values()) n += s.size;
    return n;
  }

  /** Adds the holders of tracked tokens that final blocks `from..to` touched (read from the staged rows). */
  async collect(db: Db, from: number, to: number): Promise<void> {
    if (to < from || this.tracked.size === 0) return;
    const list = [...this.tracked].map((a) => `'${a.replace(/'/g, "''")}'`).join(', ');
    const rows = await db.all(`
      SELECT DISTINCT contract_address, holder FROM (
        SELECT contract_address, unnest([from_address, to_address]) AS holder FROM token_transfers
        WHERE token_standard = 'trc20' AND block_number BETWEEN ${from} AND ${to} AND contract_address IN (${list})
        UNION ALL
        -- stablecoin events that move a balance without a Transfer (USDJ Mint / Burn, USDT DestroyedBlackFunds)
        SELECT contract_address, target_address FROM stablecoin_events
        WHERE balance_effect IS NOT NULL AND block_number BETWEEN ${from} AND ${to} AND contract_address IN (${list})
      ) WHERE holder IS NOT NULL AND holder <> '' AND holder <> '${SUPPLY_HOLDER}'`);
    for (const r of rows) {
      const c = String(r.contract_address);
      if (this.silent.has(c)) continue;
      if (!this.pending.has(c)) this.pending.set(c, new Set());
      this.pending.get(c)!.add(String(r.holder));
    }
  }

  /**
   * Reads every pending balance and the touched tokens' supplies (`concurrency` requests in flight) into the held
   * rows; `solidPath` is '/walletsolidity/triggerconstantcontract' or '/wallet/…' (a node without the solidity API).
   */
  async read(client: NodeClient, concurrency: number, solidPath: string): Promise<number> {
    const pending = this.pending;
    this.pending = new Map();
    const calls: { contract: string; holder: string }[] = [];
    for (const [c, holders] of pending) {
      calls.push({ contract: c, holder: SUPPLY_HOLDER });
      for (const h of [...holders].sort()) calls.push({ contract: c, holder: h });
    }
    const answers = await pool(calls, concurrency, async ({ contract, holder }) => {
      if (this.silent.has(contract)) return null;
      const supply = holder === SUPPLY_HOLDER;
      let r;
      try {
        r = await client.constantCall(base58ToHex(contract), supply ? 'totalSupply()' : 'balanceOf(address)', {
          parameter: supply ? '' : base58ToWord(holder),
          path: solidPath,
          strict: true,
        });
      } catch (e) {
        if (e instanceof NodeApiError || e instanceof NodeNotJsonError) {
          throw new Trc20SnapshotApiError(solidPath, e.message.slice(0, 200));
        }
        throw e;
      }
      const value = r.ok ? uint256(r.hex) : null;
      if (value === null) {
        if (!this.silent.has(contract)) this.warn(`TRC20 snapshots: tracked token ${contract} did not answer ${supply ? 'totalSupply()' : 'balanceOf(address)'}; its balances are not read in this run (its ledger stays the lake's transfers)`);
        this.silent.add(contract);
        return null;
      }
      return { contract_address: contract, holder_address: holder, balance_raw: value };
    });
    let n = 0;
    for (const a of answers) {
      if (!a || this.silent.has(a.contract_address)) continue;
      this.held.set(`${a.contract_address} ${a.holder_address}`, a);
      n++;
    }
    for (const k of [...this.held.keys()]) if (this.silent.has(k.split(' ')[0]!)) this.held.delete(k);
    return n;
  }

  /** Stages every held row as of `asOf` into the staging database's trc20_snapshots; returns how many. */
  async stage(db: Db, asOf: number): Promise<number> {
    const rows: Trc20Row[] = [...this.held.values()].map((r) => ({ ...r, as_of_block: asOf }));
    if (rows.length) {
      const columns = trc20Snapshots.columns.map((c) => rows.map((r) => (r as unknown as Record<string, AppendCell>)[c.name] ?? null));
      await db.appendColumns(trc20Snapshots.name, columns);
    }
    this.rowsPublished += rows.length;
    this.held.clear();
    return rows.length;
  }
}

/** The node does not serve triggerconstantcontract on its solid state: the TRC20 snapshots cannot be read. */
export class Trc20SnapshotApiError extends Error {
  constructor(readonly api: string, why: string) {
    super(`the node cannot answer ${api} (${why}): TRC20 snapshots need it for balanceOf / totalSupply of the tracked tokens; ingest with --trc20-tracked '' to track none, or --no-snapshots`);
    this.name = 'Trc20SnapshotApiError';
  }
}
