/**
 * The dimension tables the ingester maintains: tokens, contracts and witnesses. They are small, so the ingester
 * keeps them in memory (loaded from the published version, merged with what each batch saw) and rewrites the
 * staged tables before each publish.
 *
 * Merges are order-independent (a known value always wins over an unknown one), so a resumed run and an
 * uninterrupted run end with the same rows.
 */
import { base58ToHex, hexToBase58 } from '../../src/chain/address.ts';
import { decodeAbiString, hexUtf8, uintDecimal } from '../../src/chain/abi.ts';
import { int, intString } from '../../src/chain/node-json.ts';
import type { Cell, Db } from '../../src/duckdb/duck.ts';
import { contracts as contractsDs, tokens as tokensDs, witnesses as witnessesDs, type Dataset } from '../../src/lake/datasets/index.ts';
import type { AddressBook, Seen, TokenStandard } from './decode.ts';
import type { NodeClient } from './node-client.ts';
import { pool } from './pool.ts';
import { abiJson, stageGetcontractAbis } from './contract-code.ts';

export interface TokenRow {
  token_id: string;
  token_standard: string;
  name: string;
  symbol: string;
  decimals: number;
  issuer_address: string;
  logo_url: string;
  level: number;
  vip: boolean;
  can_show: number;
  total_supply_raw: string;
  created_ts: number;
}

export interface ContractRow {
  address: string;
  name: string;
  creator_address: string | null;
  created_ts: number;
  is_token: boolean;
  tag: string;
}

export interface WitnessRow {
  address: string;
  name: string;
  url: string;
  rank: number;
  witness_type: number;
  votes: number | bigint;
  brokerage: number;
  created_ts: number;
}

/** Values of a token whose contract does not answer the metadata calls (explicit, never a crash). */
export const UNKNOWN = 'unknown';

/** Default SR commission (percent) when the node is not asked: the chain default. */
const DEFAULT_BROKERAGE = 20;

const num = (c: Cell | undefined): number => (c === null || c === undefined ? 0 : Number(c));
const text = (c: Cell | undefined): string => (c === null || c === undefined ? '' : String(c));

export class Dimensions {
  readonly tokens = new Map<string, TokenRow>();
  readonly contracts = new Map<string, ContractRow>();
  readonly witnesses = new Map<string, WitnessRow>();
  private dirty = true;
  metadataCalls = 0;

  /** Loads the dimension tables already staged in `db` (copied from the published version). */
  async load(db: Db): Promise<void> {
    for (const r of await db.all('SELECT * FROM tokens')) {
      this.tokens.set(`${r.token_standard}:${r.token_id}`, {
        token_id: text(r.token_id), token_standard: text(r.token_standard), name: text(r.name), symbol: text(r.symbol),
        decimals: num(r.decimals), issuer_address: text(r.issuer_address), logo_url: text(r.logo_url), level: num(r.level),
        vip: r.vip === true, can_show: num(r.can_show), total_supply_raw: text(r.total_supply_raw), created_ts: num(r.created_ts),
      });
    }
    for (const r of await db.all('SELECT * FROM contracts')) {
      this.contracts.set(text(r.address), {
        address: text(r.address), name: text(r.name), creator_address: r.creator_address === null ? null : text(r.creator_address),
        created_ts: num(r.created_ts), is_token: r.is_token === true, tag: text(r.tag),
      });
    }
    for (const r of await db.all('SELECT * FROM witnesses')) {
      this.witnesses.set(text(r.address), {
        address: text(r.address), name: text(r.name), url: text(r.url), rank: num(r.rank), witness_type: num(r.witness_type),
        votes: typeof r.votes === 'bigint' ? r.votes : num(r.votes), brokerage: num(r.brokerage), created_ts: num(r.created_ts),
      });
    }
    this.dirty = false;
  }

  /** Token contracts recorded as TRC1155 (the decoder's rule for ApprovalForAll). */
  known1155(): string[] {
    return [...this.tokens.values()].filter((t) => t.token_standard === 'trc1155').map((t) => t.token_id);
  }

  /** The standard already recorded for a token contract, if any. */
  standardOf(address: string): TokenStandard | undefined {
    for (const s of ['trc1155', 'trc721', 'trc20'] as const) if (this.tokens.has(`${s}:${address}`)) return s;
    return undefined;
  }

  /**
   * Merges what a batch saw; reads metadata of new tokens from the node (constant calls, cached in the tokens table:
   * a token is asked once, ever). `client` null skips the node calls (metadata left unknown).
   */
  async merge(seen: Seen, client: NodeClient | null, book: AddressBook, concurrency = 4): Promise<void> {
    for (const [address, s] of seen.contracts) {
      const cur = this.contracts.get(address);
      if (!cur) {
        this.contracts.set(address, { address, name: '', creator_address: s.creator, created_ts: s.createdTs, is_token: false, tag: '' });
        this.dirty = true;
      } else if (s.creator && (!cur.creator_address || (s.createdTs && (!cur.created_ts || s.createdTs < cur.created_ts)))) {
        cur.creator_address = s.creator;
        cur.created_ts = s.createdTs || cur.created_ts;
        this.dirty = true;
      }
    }
    // New smart-contract tokens.
    const newTokens: [string, TokenStandard][] = [];
    for (const [address, standard] of seen.tokens) {
      const known = this.standardOf(address);
      if (known === standard || (known && standard !== 'trc1155')) continue;
      if (known) this.tokens.delete(`${known}:${address}`);
      newTokens.push([address, standard]);
    }
    await pool(newTokens, concurrency, async ([address, standard]) => {
      const row = await this.tokenMetadata(address, standard, client);
      this.tokens.set(`${standard}:${address}`, row);
    });
    // New TRC10 tokens: issued in the batch (metadata in the contract) or asked from the node.
    const newTrc10 = [...seen.trc10].filter((id) => id && !this.tokens.has(`trc10:${id}`));
    await pool(newTrc10, concurrency, async (id) => {
      const issued = seen.trc10Issues.get(id);
      const row: TokenRow = issued
        ? baseToken(id, 'trc10', { name: issued.name || UNKNOWN, symbol: issued.symbol || UNKNOWN, decimals: issued.decimals, issuer_address: issued.issuer, total_supply_raw: issued.totalSupply, created_ts: issued.createdTs })
        : await this.trc10Metadata(id, client, book);
      this.tokens.set(`trc10:${id}`, row);
    });
    if (newTokens.length || newTrc10.length) this.dirty = true;
    for (const [address] of seen.tokens) {
      const c = this.contracts.get(address);
      if (c && !c.is_token) {
        c.is_token = true;
        this.dirty = true;
      }
    }
    for (const p of seen.producers) {
      if (!this.witnesses.has(p)) {
        this.witnesses.set(p, { address: p, name: '', url: '', rank: 0, witness_type: 3, votes: 0, brokerage: DEFAULT_BROKERAGE, created_ts: 0 });
        this.dirty = true;
      }
    }
    // Creation times known from contracts flow to their tokens.
    for (const t of this.tokens.values()) {
      if (t.token_standard === 'trc10' || t.created_ts) continue;
      const c = this.contracts.get(t.token_id);
      if (c?.created_ts) {
        t.created_ts = c.created_ts;
        if (!t.issuer_address && c.creator_address) t.issuer_address = c.creator_address;
        this.dirty = true;
      }
    }
  }

  private async tokenMetadata(address: string, standard: TokenStandard, client: NodeClient | null): Promise<TokenRow> {
    const c = this.contracts.get(address);
    const row = baseToken(address, standard, { issuer_address: c?.creator_address ?? '', created_ts: c?.created_ts ?? 0 });
    if (!client) return row;
    const hex = base58ToHex(address);
    this.metadataCalls += 5;
    const [name, symbol, decimals, supply, info] = await Promise.all([
      client.constantCall(hex, 'name()'),
      client.constantCall(hex, 'symbol()'),
      client.constantCall(hex, 'decimals()'),
      client.constantCall(hex, 'totalSupply()'),
      client.contractInfo(hex),
    ]);
    row.name = (name.ok && decodeAbiString(name.hex)) || UNKNOWN;
    row.symbol = (symbol.ok && decodeAbiString(symbol.hex)) || UNKNOWN;
    const d = decimals.ok && decimals.hex.length >= 64 ? uintDecimal(decimals.hex.slice(0, 64)) : null;
    row.decimals = d !== null && d.length <= 3 && Number(d) <= 255 ? Number(d) : 0;
    row.total_supply_raw = (supply.ok && supply.hex.length >= 64 && uintDecimal(supply.hex.slice(0, 64))) || '0';
    if (info.origin_address && !row.issuer_address) {
      try {
        row.issuer_address = hexToBase58(info.origin_address); // 41-prefixed hex in visible=false mode
      } catch {
        /* keep '' */
      }
    }
    const cur = this.contracts.get(address);
    if (cur && !cur.name && info.name) cur.name = info.name;
    // The token's ABI from the same getcontract answer, kept in contract_code at the next write (contract-code.ts).
    if (info.abi !== undefined) this.abis.set(address, abiJson(info.abi));
    return row;
  }

  private async trc10Metadata(id: string, client: NodeClient | null, book: AddressBook): Promise<TokenRow> {
    const row = baseToken(id, 'trc10', {});
    if (!client) return row;
    this.metadataCalls++;
    const a = await client.assetIssue(id);
    if (!a.name && !a.owner_address) return row;
    row.name = hexUtf8(a.name) || UNKNOWN;
    row.symbol = hexUtf8(a.abbr) || UNKNOWN;
    row.decimals = a.precision ?? 0;
    row.total_supply_raw = intString(a.total_supply);
    row.issuer_address = a.owner_address ? book.hex41(a.owner_address) : '';
    row.created_ts = int(a.start_time);
    return row;
  }

  /** Replaces the node's witness list (rank by votes), as `/wallet/listwitnesses` prints it (hex addresses and URLs). */
  setWitnessList(list: { address?: string; voteCount?: number | string; url?: string }[], book: AddressBook): void {
    this.setWitnessVotes(
      list.filter((w) => w.address).map((w) => ({
        address: book.hex41(w.address!),
        url: w.url && /^([0-9a-f]{2})+$/i.test(w.url) ? hexUtf8(w.url) : (w.url ?? ''),
        votes: typeof w.voteCount === 'string' ? BigInt(w.voteCount) : (w.voteCount ?? 0),
      })),
    );
  }

  /**
   * Sets each listed witness's votes (the node's last maintenance tally) and URL, keeping its name, commission and
   * creation time; ranks follow at `write`. E.g. from the witness_snapshots rows the node lists were read into.
   */
  setWitnessVotes(list: { address: string; url: string; votes: number | bigint }[]): void {
    for (const { address, url, votes } of list) {
      const cur = this.witnesses.get(address);
      this.witnesses.set(address, {
        address, name: cur?.name ?? '', url, rank: 0, witness_type: 3, votes,
        brokerage: cur?.brokerage ?? DEFAULT_BROKERAGE, created_ts: cur?.created_ts ?? 0,
      });
    }
    this.dirty = true;
  }

  /** ABIs read from getcontract since the last write (contract → abi_json): contract_code rows at the next write. */
  private readonly abis = new Map<string, string>();

  /** Rewrites the staged dimension tables from memory (when something changed). */
  async write(db: Db): Promise<void> {
    await stageGetcontractAbis(db, this.abis);
    if (!this.dirty) return;
    // Rank: votes descending, then address (stable, deterministic); type from rank (1-27 SR, 28-127 partner).
    const ws = [...this.witnesses.values()].sort((a, b) => (BigInt(b.votes) > BigInt(a.votes) ? 1 : BigInt(b.votes) < BigInt(a.votes) ? -1 : a.address < b.address ? -1 : 1));
    ws.forEach((w, i) => {
      w.rank = i + 1;
      w.witness_type = w.rank <= 27 ? 1 : w.rank <= 127 ? 2 : 3;
    });
    await replaceTable(db, tokensDs, [...this.tokens.values()]);
    await replaceTable(db, contractsDs, [...this.contracts.values()]);
    await replaceTable(db, witnessesDs, ws);
    this.dirty = false;
  }
}

function baseToken(tokenId: string, standard: string, over: Partial<TokenRow>): TokenRow {
  return {
    token_id: tokenId, token_standard: standard, name: UNKNOWN, symbol: UNKNOWN, decimals: 0, issuer_address: '', logo_url: '',
    level: 0, vip: false, can_show: 1, total_supply_raw: '0', created_ts: 0, ...over,
  };
}


async function replaceTable(db: Db, ds: Dataset, rows: object[]): Promise<void> {
  await db.run(`DELETE FROM ${ds.name}`);
  if (!rows.length) return;
  const names = ds.columns.map((c) => c.name);
  const cols = names.map((n) => rows.map((r) => (r as Record<string, string | number | bigint | boolean | null>)[n] ?? null));
  await db.appendColumns(ds.name, cols);
}
