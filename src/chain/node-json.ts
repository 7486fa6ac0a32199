/**
 * java-tron HTTP JSON (hex mode, `visible=false`): the shapes the ingester reads, and a big-int-safe parser.
 *
 * The node prints protobuf JSON with default values omitted (reference tron-chain-data.md §1.5, §1.8): every
 * numeric field may be absent (⇒ 0), booleans absent ⇒ false, strings absent ⇒ ''. int64 fields are printed as
 * bare JSON numbers and can exceed 2^53 (sun amounts, total supplies), so `parseNodeJson` turns every integer
 * literal of 16 or more digits into a string before `JSON.parse`; `int64()` reads either form back exactly.
 * Hand-written rather than a package: one regex pass that skips JSON strings, run only when a quick test finds
 * a long literal (block JSON almost never has one, so the common path is plain `JSON.parse`).
 */

/** An int64 field as the parser returns it: a number when it has ≤ 15 digits, the exact decimal string otherwise. */
export type JsonInt = number | string;

export interface NodeContract {
  type: string;
  parameter: { value: Record<string, unknown>; type_url?: string };
  Permission_id?: number;
}

export interface NodeTransaction {
  txID: string;
  raw_data: {
    contract: NodeContract[];
    ref_block_bytes?: string;
    ref_block_hash?: string;
    expiration?: JsonInt;
    timestamp?: JsonInt;
    fee_limit?: JsonInt;
    /** memo, hex of UTF-8 */
    data?: string;
  };
  raw_data_hex: string;
  signature?: string[];
  ret?: { contractRet?: string; ret?: string; fee?: JsonInt }[];
  /** Added by the node for CreateSmartContract only: the new contract, 21-byte hex. */
  contract_address?: string;
}

export interface NodeBlockHeaderRaw {
  number?: JsonInt;
  timestamp?: JsonInt;
  txTrieRoot?: string;
  parentHash?: string;
  witness_address?: string;
  version?: number;
  witness_id?: JsonInt;
  accountStateRoot?: string;
}

export interface NodeBlock {
  blockID: string;
  block_header: { raw_data: NodeBlockHeaderRaw; witness_signature?: string };
  /** Absent when the block is empty. */
  transactions?: NodeTransaction[];
}

export interface NodeLog {
  /** 20-byte EVM address, hex without 41. */
  address?: string;
  topics?: string[];
  data?: string;
}

export interface NodeInternalTransaction {
  hash?: string;
  caller_address?: string;
  transferTo_address?: string;
  callValueInfo?: { callValue?: JsonInt; tokenId?: string }[];
  /** hex of an ASCII word: call, create, suicide, … */
  note?: string;
  rejected?: boolean;
  extra?: string;
}

export interface NodeReceipt {
  energy_usage?: JsonInt;
  energy_fee?: JsonInt;
  origin_energy_usage?: JsonInt;
  energy_usage_total?: JsonInt;
  net_usage?: JsonInt;
  net_fee?: JsonInt;
  result?: string;
  energy_penalty_total?: JsonInt;
}

export interface NodeTransactionInfo {
  id: string;
  fee?: JsonInt;
  blockNumber?: JsonInt;
  blockTimeStamp?: JsonInt;
  contractResult?: string[];
  contract_address?: string;
  receipt?: NodeReceipt;
  log?: NodeLog[];
  /** Only ever "FAILED" (SUCESS = 0 is omitted). */
  result?: string;
  /** hex of the UTF-8 failure text */
  resMessage?: string;
  assetIssueID?: string;
  withdraw_amount?: JsonInt;
  unfreeze_amount?: JsonInt;
  withdraw_expire_amount?: JsonInt;
  cancel_unfreezeV2_amount?: { key: string; value?: JsonInt }[];
  internal_transactions?: NodeInternalTransaction[];
}

/** The node answered with something that is not JSON (a lite full node, a proxy error page, …). */
export class NodeNotJsonError extends Error {
  constructor(readonly body: string) {
    const head = body.trim().slice(0, 200);
    const hint = /lite fullnode/i.test(head)
      ? ' The node is a lite full node: it cannot serve block history. Use a full node, or set openHistoryQueryWhenLiteFN = true on it.'
      : '';
    super(`the node did not answer JSON: "${head}"${hint}`);
    this.name = 'NodeNotJsonError';
  }
}

/** An integer literal of 16+ digits after `:`, `,` or `[`, followed by a delimiter: a candidate to quote. */
const BIG_CANDIDATE = /([:,[])\s*(-?\d{16,})(?=\s*[,\]}])/g;
const STRING_OR_BIG = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?![\d.eE])/g;

const isIdentChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * Quotes every integer literal of 16+ digits outside strings. Fast path: each candidate is an object member value
 * when the colon follows `<identifier char>"` (that quote closes a key: an opening quote never follows an
 * identifier char, and a quote inside a string would be escaped). Anything else (array elements, text inside
 * strings) takes the slow path, a string-aware scan of the whole text. Both are exact.
 */
function quoteBigInts(text: string): string {
  BIG_CANDIDATE.lastIndex = 0;
  let m = BIG_CANDIDATE.exec(text);
  if (!m) return text;
  const parts: string[] = [];
  let last = 0;
  do {
    const at = m.index;
    if (m[1] !== ':' || text.charCodeAt(at - 1) !== 34 || !isIdentChar(text.charCodeAt(at - 2))) return quoteBigIntsSlow(text);
    const start = at + m[0].length - m[2]!.length;
    parts.push(text.slice(last, start), '"', m[2]!, '"');
    last = start + m[2]!.length;
  } while ((m = BIG_CANDIDATE.exec(text)));
  parts.push(text.slice(last));
  return parts.join('');
}

function quoteBigIntsSlow(text: string): string {
  return text.replace(STRING_OR_BIG, (m) => (m.charCodeAt(0) === 34 ? m : `"${m}"`));
}

/**
 * Parses node JSON keeping big integers exact, e.g. `parseNodeJson('{"a": 12345678901234567890}')` = `{ a: '12345678901234567890' }`.
 * Throws `NodeNotJsonError` when the text is not JSON.
 */
export function parseNodeJson(text: string): unknown {
  let i = 0;
  while (i < text.length && (text.charCodeAt(i) <= 32 || text.charCodeAt(i) === 0xfeff)) i++;
  const first = text[i];
  if (first !== '{' && first !== '[') throw new NodeNotJsonError(text);
  try {
    return JSON.parse(quoteBigInts(text));
  } catch {
    // Not JSON at all, or (never seen) a fast-path misjudgement: the exact slow path decides.
    try {
      return JSON.parse(quoteBigIntsSlow(text));
    } catch {
      throw new NodeNotJsonError(text);
    }
  }
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * An int64 field, absent ⇒ 0: a number when safe, else a bigint, e.g. `int64('9007199254740993')` = `9007199254740993n`.
 * Use for columns stored as BIGINT.
 */
export function int64(v: JsonInt | undefined | null): number | bigint {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return v;
  const b = BigInt(v);
  return b <= MAX_SAFE && b >= -MAX_SAFE ? Number(b) : b;
}

/** An int field that always fits a JS number (counts, block numbers, ms times), absent ⇒ 0, e.g. `int(undefined)` = 0. */
export function int(v: JsonInt | undefined | null): number {
  if (v === undefined || v === null) return 0;
  return typeof v === 'number' ? v : Number(v);
}

/** An int64 field as an exact decimal string, absent ⇒ '0', e.g. `intString(12)` = `'12'`. */
export function intString(v: JsonInt | undefined | null): string {
  if (v === undefined || v === null) return '0';
  return typeof v === 'number' ? String(v) : v;
}
