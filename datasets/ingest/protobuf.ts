/**
 * Sizes and hashes that need the protobuf encoding of blocks and transactions (reference §1.7).
 *
 * Definitions (see docs/ingester.md "Sizes"):
 * - transaction `size_bytes` = what bandwidth charges: the Transaction message without its `ret` results, plus
 *   64 bytes (java-tron BandwidthProcessor: `clearRet().getSerializedSize() + MAX_RESULT_SIZE_IN_TX`). Matches the
 *   real receipts: 265 for a plain TRX transfer, 345 for a USDT transfer.
 * - block `size_bytes` = the serialized Block message: every full Transaction (raw_data, signatures, ret) as
 *   field 1, plus the BlockHeader (raw header + witness signature) as field 2.
 */
import { createHash } from 'node:crypto';
import type { NodeBlock, NodeBlockHeaderRaw, NodeTransaction } from '../../src/chain/node-json.ts';
import { int } from '../../src/chain/node-json.ts';

/** Bytes of a protobuf varint, e.g. `varintLen(300)` = 2. Exact for integers ≤ 2^53. */
export function varintLen(n: number): number {
  let len = 1;
  while (n >= 128) {
    n = Math.floor(n / 128);
    len++;
  }
  return len;
}

/** A length-delimited field of `len` bytes with a one-byte tag. */
const fieldLen = (len: number): number => 1 + varintLen(len) + len;

/** Transaction.Result.contractResult enum (reference §1.4). */
const CONTRACT_RESULTS = [
  'DEFAULT', 'SUCCESS', 'REVERT', 'BAD_JUMP_DESTINATION', 'OUT_OF_MEMORY', 'PRECOMPILED_CONTRACT',
  'STACK_TOO_SMALL', 'STACK_TOO_LARGE', 'ILLEGAL_OPERATION', 'STACK_OVERFLOW', 'OUT_OF_ENERGY', 'OUT_OF_TIME',
  'JVM_STACK_OVER_FLOW', 'UNKNOWN', 'TRANSFER_FAILED', 'INVALID_CODE',
];

/** Encoded size of one `Result` as blocks carry it (fee, ret code, contractRet; other fields never appear there). */
function resultLen(r: NonNullable<NodeTransaction['ret']>[number]): number {
  let n = 0;
  const fee = int(r.fee);
  if (fee > 0) n += 1 + varintLen(fee);
  if (r.ret === 'FAILED') n += 2;
  const cr = r.contractRet ? CONTRACT_RESULTS.indexOf(r.contractRet) : 0;
  if (cr > 0) n += 1 + varintLen(cr);
  return n;
}

/** Bandwidth bytes of a transaction (the catalog's `transactions.size_bytes`). */
export function txBandwidthBytes(tx: NodeTransaction): number {
  let n = fieldLen(tx.raw_data_hex.length / 2);
  for (const s of tx.signature ?? []) n += fieldLen(s.length / 2);
  return n + 64;
}

/** Serialized size of the full Transaction message (raw_data, signatures and ret), as stored in a block. */
export function txSerializedBytes(tx: NodeTransaction): number {
  let n = fieldLen(tx.raw_data_hex.length / 2);
  for (const s of tx.signature ?? []) n += fieldLen(s.length / 2);
  for (const r of tx.ret ?? []) n += fieldLen(resultLen(r));
  return n;
}

function pushVarint(out: number[], n: number): void {
  while (n >= 128) {
    out.push((n % 128) | 128);
    n = Math.floor(n / 128);
  }
  out.push(n);
}

function pushBytes(out: number[], tag: number, hex: string | undefined): void {
  if (!hex) return;
  const b = Buffer.from(hex, 'hex');
  out.push(tag);
  pushVarint(out, b.length);
  for (const x of b) out.push(x);
}

function pushInt(out: number[], tag: number, v: number): void {
  if (!v) return;
  out.push(tag);
  pushVarint(out, v);
}

/** The BlockHeader.raw protobuf bytes (fields 1 timestamp, 2 txTrieRoot, 3 parentHash, 7 number, 8 witness_id, 9 witness_address, 10 version, 11 accountStateRoot). */
export function headerRawBytes(raw: NodeBlockHeaderRaw): Buffer {
  const out: number[] = [];
  pushInt(out, 0x08, int(raw.timestamp));
  pushBytes(out, 0x12, raw.txTrieRoot);
  pushBytes(out, 0x1a, raw.parentHash);
  pushInt(out, 0x38, int(raw.number));
  pushInt(out, 0x40, int(raw.witness_id));
  pushBytes(out, 0x4a, raw.witness_address);
  pushInt(out, 0x50, raw.version ?? 0);
  pushBytes(out, 0x5a, raw.accountStateRoot);
  return Buffer.from(out);
}

/** blockID recomputed from the header: 8-byte big-endian number ‖ sha256(raw header)[8:32]. */
export function computeBlockId(raw: NodeBlockHeaderRaw): string {
  const hash = createHash('sha256').update(headerRawBytes(raw)).digest('hex');
  return int(raw.number).toString(16).padStart(16, '0') + hash.slice(16);
}

/** txID recomputed from `raw_data_hex`: sha256 of the raw bytes. */
export function computeTxId(tx: NodeTransaction): string {
  return createHash('sha256').update(Buffer.from(tx.raw_data_hex, 'hex')).digest('hex');
}

/** Serialized Block size in bytes (the catalog's `blocks.size_bytes`); `txBytes` = the sum of `txSerializedBytes`, if known. */
export function blockSerializedBytes(block: NodeBlock, txBytes?: number[]): number {
  const raw = block.block_header.raw_data;
  const headerRaw = headerRawBytes(raw).length;
  const sig = block.block_header.witness_signature ? fieldLen(block.block_header.witness_signature.length / 2) : 0;
  let n = fieldLen(fieldLen(headerRaw) + sig);
  const txs = block.transactions ?? [];
  for (let i = 0; i < txs.length; i++) n += fieldLen(txBytes?.[i] ?? txSerializedBytes(txs[i]!));
  return n;
}
