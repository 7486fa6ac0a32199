/**
 * Node JSON → lake rows: one block with its transaction infos becomes rows of blocks, transactions (receipt
 * flattened), logs, token_transfers, token_approvals and internal_transactions, plus what the dimension tables
 * need (tokens and contracts seen, producers). Pure and synchronous: no I/O, so it is unit-tested on the real
 * fixtures and benchmarked alone.
 *
 * Default omission (reference §1.5): every absent number is 0, absent booleans false, absent strings ''.
 */
import { hexToBase58 } from '../../src/chain/address.ts';
import { contractTypeNumber } from '../../src/chain/contract-types.ts';
import {
  type NodeBlock,
  type NodeContract,
  type NodeLog,
  type NodeTransaction,
  type NodeTransactionInfo,
  int,
  int64,
} from '../../src/chain/node-json.ts';
import { abiWord, hexUtf8, uintArrayAt, uintDecimal } from '../../src/chain/abi.ts';
import {
  TOPIC_APPROVAL,
  TOPIC_APPROVAL_FOR_ALL,
  TOPIC_TRANSFER,
  TOPIC_TRANSFER_BATCH,
  TOPIC_TRANSFER_SINGLE,
} from '../../src/chain/topics.ts';
import { blockSerializedBytes, txBandwidthBytes, txSerializedBytes } from './protobuf.ts';
import { stablecoinEventFields } from '../../src/chain/stablecoin-events.ts';
import { decodeDexLog, decodeLendingLog, DEFI_CONTRACTS, defiRegistry, type DefiContract, type DefiLog } from '../../src/chain/defi-events.ts';
import { contractCodeRow } from './contract-code.ts';
import type { RawBuffers, TokenApprovalRow, TokenTransferRow, TxRow } from './rows.ts';

export type TokenStandard = 'trc20' | 'trc721' | 'trc1155';

/** A contract seen in a batch: called, created (with its creator and time) or emitting logs. */
export interface ContractSeen {
  creator: string | null;
  createdTs: number;
}

/** A TRC10 token issued inside the batch (AssetIssueContract): its metadata comes from the contract itself. */
export interface Trc10Issue {
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  issuer: string;
  totalSupply: string;
  createdTs: number;
  url: string;
}

/** What the dimension tables need from a batch. */
export class Seen {
  /** token contract → standard (from its Transfer / Approval / 1155 logs). */
  readonly tokens = new Map<string, TokenStandard>();
  readonly trc10 = new Set<string>();
  readonly trc10Issues = new Map<string, Trc10Issue>();
  readonly contracts = new Map<string, ContractSeen>();
  readonly producers = new Set<string>();

  contract(address: string, creator: string | null = null, createdTs = 0): void {
    const cur = this.contracts.get(address);
    if (!cur) this.contracts.set(address, { creator, createdTs });
    else if (creator && !cur.creator) this.contracts.set(address, { creator, createdTs });
  }

  token(address: string, standard: TokenStandard): void {
    const cur = this.tokens.get(address);
    // A contract that emits TRC1155 events is a TRC1155 token whatever else it emits; otherwise first seen wins.
    if (!cur || standard === 'trc1155') this.tokens.set(address, standard);
  }
}

/**
 * Hex → Base58 through src/chain/address.ts, memoised: base58check costs ~30 µs per address and mainnet addresses
 * repeat heavily (USDT, exchanges, spam senders). Bounded: cleared when it reaches `limit` entries.
 */
export class AddressBook {
  private map = new Map<string, string>();
  hits = 0;
  misses = 0;
  /** `limit` 0 disables the cache (the bench uses it to measure the cold path). */
  constructor(private readonly limit = 1_000_000) {}

  /** 20-byte key (40 hex) → Base58. */
  private of20(key: string): string {
    let b = this.map.get(key);
    if (b === undefined) {
      this.misses++;
      b = hexToBase58(key);
      if (this.limit === 0) return b;
      if (this.map.size >= this.limit) this.map.clear();
      this.map.set(key, b);
    } else this.hits++;
    return b;
  }

  /** 21-byte hex with the 41 prefix (node fields) → Base58; throws on anything else. */
  hex41(hex: string): string {
    if (hex.length !== 42 || !(hex.startsWith('41'))) return hexToBase58(hex);
    return this.of20(hex.slice(2).toLowerCase());
  }

  /** 20-byte EVM hex (log address) → Base58. */
  evm(hex: string): string {
    return this.of20(hex.slice(-40).toLowerCase());
  }

  /** The address in a 32-byte word (topic or ABI argument; last 20 bytes) → Base58. */
  word(word: string): string {
    return this.of20(word.slice(-40).toLowerCase());
  }

  clear(): void {
    this.map.clear();
  }
}

/** Types whose `resource` field is an enum defaulting to BANDWIDTH when omitted. */
const RESOURCE_TYPES = new Set([11, 12, 54, 55, 57, 58]);

/** Byte fields printed as hex in `visible=false` mode that hold text: decoded to UTF-8 in parameter_json. */
const TEXT_FIELDS: Record<number, string[]> = {
  5: ['url'],
  6: ['name', 'abbr', 'description', 'url'],
  8: ['update_url'],
  10: ['account_name'],
  15: ['description', 'url'],
  19: ['account_id'],
};

const HEX41 = /^41[0-9a-fA-F]{40}$/;

/** Rebuilds a parameter value for parameter_json: `*address` fields (also nested: votes, permission keys) → Base58. */
function jsonValue(book: AddressBook, key: string, v: unknown): unknown {
  if (typeof v === 'string') return key.endsWith('address') && HEX41.test(v) ? book.hex41(v) : v;
  if (Array.isArray(v)) return v.map((x) => jsonValue(book, key, x));
  if (v && typeof v === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k] = jsonValue(book, k, x);
    return o;
  }
  return v;
}

const hexAscii = (hex: unknown): string => (typeof hex === 'string' ? Buffer.from(hex, 'hex').toString('latin1') : '');
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

function takeField(v: Record<string, unknown>, used: string[], k: string): unknown {
  used.push(k);
  return v[k];
}

function takeAddress(v: Record<string, unknown>, used: string[], k: string, book: AddressBook): string | null {
  const x = str(takeField(v, used, k));
  return x ? book.hex41(x) : null;
}

export interface DecodeContext {
  book: AddressBook;
  seen: Seen;
  /** The standard the lake already records for a token contract (tokens dimension), if any. */
  standardOf?: (address: string) => TokenStandard | undefined;
}

/** Thrown when a block and its infos do not fit together (missing info, id mismatch, bad blockID). */
export class BlockDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockDataError';
  }
}

const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Decodes one block and its `gettransactioninfobyblocknum` array into `out`, returns the UTC day of the block.
 * Infos are joined by id (not by position); a transaction without an info is an error (the node must serve them).
 */
export function decodeBlock(block: NodeBlock, infos: NodeTransactionInfo[], out: RawBuffers, ctx: DecodeContext): string {
  const raw = block.block_header.raw_data;
  const number = int(raw.number);
  const timestamp = int(raw.timestamp);
  if (block.blockID.length !== 64 || parseInt(block.blockID.slice(0, 16), 16) !== number) {
    throw new BlockDataError(`block ${number}: blockID ${block.blockID} does not start with its number`);
  }
  const txs = block.transactions ?? [];
  const byId = new Map<string, NodeTransactionInfo>();
  for (const info of infos) byId.set(info.id, info);
  if (infos.length !== txs.length) {
    throw new BlockDataError(`block ${number}: ${txs.length} transactions but ${infos.length} transaction infos`);
  }
  const witness = raw.witness_address ? ctx.book.hex41(raw.witness_address) : '';
  if (witness) ctx.seen.producers.add(witness);

  let netUsage = 0;
  let energyUsage = 0;
  let fee = 0;
  const txBytes: number[] = new Array(txs.length);
  for (let i = 0; i < txs.length; i++) {
    const tx = txs[i]!;
    const info = byId.get(tx.txID);
    if (!info) throw new BlockDataError(`block ${number}: no transaction info for ${tx.txID}`);
    txBytes[i] = txSerializedBytes(tx);
    const row = decodeTransaction(tx, info, number, timestamp, i, out, ctx);
    netUsage += Number(row.net_usage) + Math.floor(Number(row.net_fee) / 1000);
    energyUsage += Number(row.energy_usage_total);
    fee += Number(row.fee);
  }
  out.blocks.push({
    block_number: number,
    block_hash: block.blockID,
    parent_hash: raw.parentHash ?? '',
    timestamp,
    witness_address: witness,
    tx_trie_root: raw.txTrieRoot ?? '',
    version: raw.version ?? 0,
    size_bytes: blockSerializedBytes(block, txBytes),
    tx_count: txs.length,
    net_usage: netUsage,
    energy_usage: energyUsage,
    fee,
  });
  return utcDay(timestamp);
}

/** Decodes one transaction (+ its info) into a transactions row and its logs / transfers / internal rows; returns the row. */
export function decodeTransaction(
  tx: NodeTransaction,
  info: NodeTransactionInfo,
  blockNumber: number,
  timestamp: number,
  txIndex: number,
  out: RawBuffers,
  ctx: DecodeContext,
): TxRow {
  const { book, seen } = ctx;
  const contract: NodeContract | undefined = tx.raw_data.contract[0];
  const type = contract ? (contractTypeNumber(contract.type) ?? -1) : -1;
  const v: Record<string, unknown> = contract?.parameter.value ?? {};
  // Fields that went into columns; parameter_json holds the others (no copy of `v`: this is the hot path).
  const used: string[] = ['owner_address'];
  const extra: Record<string, unknown> = {};
  const r = info.receipt ?? {};
  const contractRet = tx.ret?.[0]?.contractRet ?? r.result ?? (info.result === 'FAILED' ? 'FAILED' : 'SUCCESS');
  const owner = str(v.owner_address);
  const row: TxRow = {
    block_number: blockNumber,
    timestamp,
    tx_hash: tx.txID,
    tx_index: txIndex,
    contract_type: type,
    owner_address: owner ? book.hex41(owner) : '',
    to_address: null,
    amount: 0,
    token_id: null,
    contract_address: null,
    method_id: null,
    call_data: null,
    resource: null,
    parameter_json: null,
    memo: hexUtf8(tx.raw_data.data),
    fee_limit: int64(tx.raw_data.fee_limit),
    expiration: int64(tx.raw_data.expiration),
    contract_ret: contractRet,
    fee: int64(info.fee),
    net_usage: int64(r.net_usage),
    net_fee: int64(r.net_fee),
    energy_usage: int64(r.energy_usage),
    energy_fee: int64(r.energy_fee),
    origin_energy_usage: int64(r.origin_energy_usage),
    energy_usage_total: int64(r.energy_usage_total),
    energy_penalty_total: int64(r.energy_penalty_total),
    size_bytes: txBandwidthBytes(tx),
    res_message: info.resMessage ? hexUtf8(info.resMessage) : null,
    withdraw_amount: info.withdraw_amount !== undefined ? int64(info.withdraw_amount) : info.withdraw_expire_amount !== undefined ? int64(info.withdraw_expire_amount) : null,
    unfreeze_amount: info.unfreeze_amount !== undefined ? int64(info.unfreeze_amount) : null,
    log_count: info.log?.length ?? 0,
    internal_count: info.internal_transactions?.length ?? 0,
  };
  if (RESOURCE_TYPES.has(type)) row.resource = str(takeField(v, used, 'resource')) ?? 'BANDWIDTH';

  switch (type) {
    case 0: // AccountCreateContract
      row.to_address = takeAddress(v, used, 'account_address', book);
      break;
    case 1: // TransferContract
      row.to_address = takeAddress(v, used, 'to_address', book);
      row.amount = int64(takeField(v, used, 'amount') as number);
      break;
    case 2: // TransferAssetContract: asset_name is the hex of the ASCII token id
    case 9: // ParticipateAssetIssueContract: amount = sun paid
      row.to_address = takeAddress(v, used, 'to_address', book);
      row.amount = int64(takeField(v, used, 'amount') as number);
      row.token_id = hexAscii(takeField(v, used, 'asset_name'));
      seen.trc10.add(row.token_id);
      break;
    case 4: {
      // VoteWitnessContract: to = the first voted SR; the full list stays in parameter_json.
      const votes = v.votes as { vote_address?: string }[] | undefined;
      const first = votes?.[0]?.vote_address;
      row.to_address = first ? book.hex41(first) : null;
      break;
    }
    case 6: {
      // AssetIssueContract: the token id is assigned by the chain (info.assetIssueID).
      const id = info.assetIssueID ?? str(v.id);
      if (id) {
        row.token_id = id;
        seen.trc10.add(id);
        seen.trc10Issues.set(id, {
          id,
          name: hexUtf8(str(v.name)),
          symbol: hexUtf8(str(v.abbr)),
          decimals: int(v.precision as number | undefined),
          issuer: row.owner_address,
          totalSupply: String(v.total_supply ?? '0'),
          createdTs: timestamp,
          url: hexUtf8(str(v.url)),
        });
      }
      break;
    }
    case 11: // FreezeBalanceContract (Stake 1.0)
      row.amount = int64(takeField(v, used, 'frozen_balance') as number);
      row.to_address = takeAddress(v, used, 'receiver_address', book);
      break;
    case 12: // UnfreezeBalanceContract: the amount comes from the info
      row.to_address = takeAddress(v, used, 'receiver_address', book);
      row.amount = int64(info.unfreeze_amount);
      row.unfreeze_amount = int64(info.unfreeze_amount);
      break;
    case 13: // WithdrawBalanceContract: rewards withdrawn
      row.amount = int64(info.withdraw_amount);
      row.withdraw_amount = int64(info.withdraw_amount);
      break;
    case 30: {
      // CreateSmartContract: the node adds the new address at top level (and in the info).
      const nc = (v.new_contract ?? {}) as Record<string, unknown>;
      const created = str(tx.contract_address) ?? str(info.contract_address) ?? str(nc.contract_address);
      row.contract_address = created ? book.hex41(created) : null;
      row.to_address = row.contract_address;
      row.amount = int64(nc.call_value as number | undefined);
      const tokenValue = int64(takeField(v, used, 'call_token_value') as number | undefined);
      const tokenId = takeField(v, used, 'token_id');
      if (tokenValue && row.amount === 0) {
        row.amount = tokenValue;
        row.token_id = String(tokenId ?? '');
      }
      if (row.contract_address) seen.contract(row.contract_address, row.owner_address || null, contractRet === 'SUCCESS' ? timestamp : 0);
      // bytecode and ABI are large and not what parameter_json is for; the ABI goes to contract_code (contract-code.ts).
      const { bytecode: _b, abi: _a, ...rest } = nc;
      extra.new_contract = rest;
      if (row.contract_address && contractRet === 'SUCCESS') out.contractCode.push(contractCodeRow(row.contract_address, blockNumber, nc.abi));
      row.fee_limit = int64(tx.raw_data.fee_limit);
      break;
    }
    case 31: {
      // TriggerSmartContract
      row.contract_address = takeAddress(v, used, 'contract_address', book);
      row.to_address = row.contract_address;
      const data = str(takeField(v, used, 'data')) ?? '';
      row.call_data = data;
      row.method_id = data.length >= 8 ? data.slice(0, 8) : null;
      row.amount = int64(takeField(v, used, 'call_value') as number | undefined);
      const tokenValue = int64(takeField(v, used, 'call_token_value') as number | undefined);
      const tokenId = takeField(v, used, 'token_id');
      if (tokenValue) {
        if (row.amount === 0) {
          row.amount = tokenValue;
          row.token_id = String(tokenId ?? '');
          seen.trc10.add(row.token_id);
        } else {
          // Both TRX and a TRC10 value: amount keeps the TRX, the TRC10 part stays in parameter_json.
          extra.call_token_value = tokenValue;
          extra.token_id = tokenId;
        }
      }
      if (row.contract_address) seen.contract(row.contract_address);
      break;
    }
    case 33: // UpdateSettingContract
    case 45: // UpdateEnergyLimitContract
    case 48: // ClearABIContract
      row.contract_address = takeAddress(v, used, 'contract_address', book);
      row.to_address = row.contract_address;
      break;
    case 54: // FreezeBalanceV2Contract
      row.amount = int64(takeField(v, used, 'frozen_balance') as number);
      break;
    case 55: // UnfreezeBalanceV2Contract (withdraw_amount = matured amount withdrawn on the way, if any)
      row.amount = int64(takeField(v, used, 'unfreeze_balance') as number);
      break;
    case 56: // WithdrawExpireUnfreezeContract
      row.amount = int64(info.withdraw_expire_amount);
      row.withdraw_amount = int64(info.withdraw_expire_amount);
      break;
    case 57: // DelegateResourceContract
    case 58: // UnDelegateResourceContract
      row.amount = int64(takeField(v, used, 'balance') as number);
      row.to_address = takeAddress(v, used, 'receiver_address', book);
      break;
    case 59: {
      // CancelAllUnfreezeV2Contract: the cancelled amounts per resource (a map printed as [{key, value}]).
      const cancelled: Record<string, unknown> = {};
      for (const e of info.cancel_unfreezeV2_amount ?? []) cancelled[e.key] = int64(e.value);
      if (Object.keys(cancelled).length) extra.cancel_unfreezeV2_amount = cancelled;
      break;
    }
    default:
      break;
  }
  row.parameter_json = parameterJson(v, used, extra, type, contract?.type, book);
  out.transactions.push(row);

  if (info.log) decodeLogs(info.log, row, contractRet === 'SUCCESS', out, ctx);
  if (info.internal_transactions) {
    const list = info.internal_transactions;
    for (let k = 0; k < list.length; k++) {
      const it = list[k]!;
      const cv = it.callValueInfo?.[0] ?? {};
      const note = hexAscii(it.note);
      const caller = it.caller_address ? book.hex41(it.caller_address) : '';
      const to = it.transferTo_address ? book.hex41(it.transferTo_address) : '';
      out.internalTransactions.push({
        block_number: blockNumber,
        timestamp,
        tx_hash: tx.txID,
        internal_index: k,
        internal_hash: it.hash ?? '',
        caller_address: caller,
        to_address: to,
        token_id: cv.tokenId ? String(cv.tokenId) : '_',
        call_value: int64(cv.callValue),
        note,
        rejected: it.rejected === true,
      });
      if (cv.tokenId) seen.trc10.add(String(cv.tokenId));
      if (note === 'create' && !it.rejected && to) seen.contract(to, caller || null, timestamp);
    }
  }
  return row;
}

/** The contract parameters not stored in their own column, as JSON with Base58 addresses and decoded text; null when none. */
function parameterJson(v: Record<string, unknown>, used: string[], extra: Record<string, unknown>, type: number, typeName: string | undefined, book: AddressBook): string | null {
  let rest: Record<string, unknown> | null = null;
  for (const k in v) {
    if (used.includes(k)) continue;
    rest ??= {};
    rest[k] = v[k];
  }
  for (const k in extra) {
    rest ??= {};
    rest[k] = extra[k];
  }
  if (!rest) return null;
  if (type === -1 && typeName) rest.type = typeName;
  for (const k of TEXT_FIELDS[type] ?? []) if (typeof rest[k] === 'string') rest[k] = hexUtf8(rest[k] as string);
  return JSON.stringify(jsonValue(book, '', rest), (_k, x) => (typeof x === 'bigint' ? x.toString() : x));
}

const isHex = (s: string): boolean => /^[0-9a-fA-F]*$/.test(s);

/** Logs of one transaction: every log into `logs`; token events into token_transfers / token_approvals when it succeeded. */
function decodeLogs(list: NodeLog[], tx: TxRow, success: boolean, out: RawBuffers, ctx: DecodeContext): void {
  const { book, seen } = ctx;
  for (let j = 0; j < list.length; j++) {
    const log = list[j]!;
    const topics = log.topics ?? [];
    const data = log.data ?? '';
    const address = log.address && log.address.length >= 40 ? book.evm(log.address) : (tx.contract_address ?? '');
    out.logs.push({
      block_number: tx.block_number,
      timestamp: tx.timestamp,
      tx_hash: tx.tx_hash,
      log_index: j,
      contract_address: address,
      topic0: topics[0] ?? null,
      topic1: topics[1] ?? null,
      topic2: topics[2] ?? null,
      topic3: topics[3] ?? null,
      data,
    });
    if (!address) continue;
    seen.contract(address);
    if (!success || topics.length === 0) continue;
    if (!isHex(data) || !topics.every((t) => t.length === 64 && isHex(t))) continue;
    decodeTokenEvent(topics, data, address, j, tx, out, ctx);
    // the registry decodes from the emitter's hex (the same words the generator's logs hold)
    const sc = log.address && log.address.length >= 40 ? stablecoinEventFields({ address: log.address, topics, data }) : null;
    if (sc) {
      out.stablecoinEvents.push({
        block_number: tx.block_number, timestamp: tx.timestamp, tx_hash: tx.tx_hash, tx_index: tx.tx_index, log_index: j,
        operator_address: tx.owner_address, ...sc,
      });
    }
    // DeFi pool and market events (issue 34): only the registry's contracts (one Map lookup for any other emitter)
    const defi = log.address && log.address.length >= 40 ? DEFI.get(log.address) : undefined;
    if (defi) decodeDefiLog(defi, { contract_address: log.address!, topics, data }, j, tx, out);
  }
}

/** The DeFi registry the ingester decodes with: the shipped real contracts (no discovery from factories yet). */
const DEFI = defiRegistry(DEFI_CONTRACTS);

function decodeDefiLog(c: DefiContract, log: DefiLog, logIndex: number, tx: TxRow, out: RawBuffers): void {
  const who = { owner: tx.owner_address, callData: tx.call_data };
  const at = { block_number: tx.block_number, timestamp: tx.timestamp, tx_hash: tx.tx_hash, tx_index: tx.tx_index, log_index: logIndex };
  if (c.role === 'market') {
    const row = decodeLendingLog(log, c, who);
    if (row) out.lendingEvents.push({ ...at, ...row });
    return;
  }
  for (const leg of decodeDexLog(log, c, who)) out.dexPoolEvents.push({ ...at, ...leg });
}

function transferRow(tx: TxRow, logIndex: number, batchIndex: number, standard: TokenStandard, eventType: TokenTransferRow['event_type'], contract: string, from: string, to: string, operator: string | null, tokenId: string | null, amountRaw: string): TokenTransferRow {
  return {
    block_number: tx.block_number, timestamp: tx.timestamp, tx_hash: tx.tx_hash, tx_index: tx.tx_index, log_index: logIndex,
    batch_index: batchIndex,
    token_standard: standard, event_type: eventType, contract_address: contract, from_address: from, to_address: to,
    operator_address: operator, token_id: tokenId, amount_raw: amountRaw, amount: Number(amountRaw),
  };
}

function approvalRow(tx: TxRow, logIndex: number, standard: TokenStandard, eventType: TokenApprovalRow['event_type'], contract: string, owner: string, spender: string, tokenId: string | null, amountRaw: string): TokenApprovalRow {
  return {
    block_number: tx.block_number, timestamp: tx.timestamp, tx_hash: tx.tx_hash, tx_index: tx.tx_index, log_index: logIndex,
    token_standard: standard,
    event_type: eventType, contract_address: contract, owner_address: owner, spender_address: spender, token_id: tokenId,
    amount_raw: amountRaw, amount: Number(amountRaw),
  };
}

function decodeTokenEvent(topics: string[], data: string, contract: string, logIndex: number, tx: TxRow, out: RawBuffers, ctx: DecodeContext): void {
  const { book, seen } = ctx;
  const t0 = topics[0]!.toLowerCase();
  if (t0 === TOPIC_TRANSFER) {
    if (topics.length === 3) {
      // TRC20: value in data word 0.
      const w = abiWord(data, 0);
      const amount = w === null ? null : uintDecimal(w);
      if (amount === null) return;
      out.tokenTransfers.push(transferRow(tx, logIndex, 0, 'trc20', 'Transfer', contract, book.word(topics[1]!), book.word(topics[2]!), null, null, amount));
      seen.token(contract, 'trc20');
    } else if (topics.length === 4) {
      // TRC721: tokenId indexed, no data.
      out.tokenTransfers.push(transferRow(tx, logIndex, 0, 'trc721', 'Transfer', contract, book.word(topics[1]!), book.word(topics[2]!), null, uintDecimal(topics[3]!), '1'));
      seen.token(contract, 'trc721');
    } else if (topics.length === 1 && data.length >= 192) {
      // Non-indexed Transfer (some early tokens): from, to, value all in data.
      const amount = uintDecimal(abiWord(data, 2)!);
      if (amount === null) return;
      out.tokenTransfers.push(transferRow(tx, logIndex, 0, 'trc20', 'Transfer', contract, book.word(abiWord(data, 0)!), book.word(abiWord(data, 1)!), null, null, amount));
      seen.token(contract, 'trc20');
    }
  } else if (t0 === TOPIC_TRANSFER_SINGLE && topics.length === 4) {
    const id = abiWord(data, 0);
    const value = abiWord(data, 1);
    if (id === null || value === null) return;
    out.tokenTransfers.push(transferRow(tx, logIndex, 0, 'trc1155', 'TransferSingle', contract, book.word(topics[2]!), book.word(topics[3]!), book.word(topics[1]!), uintDecimal(id), uintDecimal(value)!));
    seen.token(contract, 'trc1155');
  } else if (t0 === TOPIC_TRANSFER_BATCH && topics.length === 4) {
    const ids = uintArrayAt(data, 0);
    const values = uintArrayAt(data, 1);
    if (!ids || !values || ids.length !== values.length) return;
    const operator = book.word(topics[1]!);
    const from = book.word(topics[2]!);
    const to = book.word(topics[3]!);
    for (let k = 0; k < ids.length; k++) {
      out.tokenTransfers.push(transferRow(tx, logIndex, k, 'trc1155', 'TransferBatch', contract, from, to, operator, ids[k]!, values[k]!));
    }
    seen.token(contract, 'trc1155');
  } else if (t0 === TOPIC_APPROVAL && (topics.length === 3 || topics.length === 4)) {
    const owner = book.word(topics[1]!);
    const spender = book.word(topics[2]!);
    if (topics.length === 3) {
      const w = abiWord(data, 0);
      const amount = w === null ? null : uintDecimal(w);
      if (amount === null) return;
      out.tokenApprovals.push(approvalRow(tx, logIndex, 'trc20', 'Approval', contract, owner, spender, null, amount));
      seen.token(contract, 'trc20');
    } else {
      out.tokenApprovals.push(approvalRow(tx, logIndex, 'trc721', 'Approval', contract, owner, spender, uintDecimal(topics[3]!), '1'));
      seen.token(contract, 'trc721');
    }
  } else if (t0 === TOPIC_APPROVAL_FOR_ALL && topics.length === 3) {
    const w = abiWord(data, 0);
    if (w === null) return;
    const approved = uintDecimal(w) === '0' ? '0' : '1';
    // The event is shared by TRC721 and TRC1155: a contract known to emit 1155 events is 1155, else 721.
    const standard: TokenStandard = (ctx.standardOf?.(contract) ?? seen.tokens.get(contract)) === 'trc1155' || seen.tokens.get(contract) === 'trc1155' ? 'trc1155' : 'trc721';
    out.tokenApprovals.push(approvalRow(tx, logIndex, standard, 'ApprovalForAll', contract, book.word(topics[1]!), book.word(topics[2]!), null, approved));
    seen.token(contract, standard);
  }
}
