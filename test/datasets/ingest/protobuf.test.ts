/**
 * Integrity recipes of the reference (§1.7) on the real block, and the size definitions of docs/ingester.md "Sizes":
 * transaction size_bytes = bandwidth bytes (real receipts: 265 for a plain TRX transfer, 345 for a USDT transfer),
 * block size_bytes = serialized Block message.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { NodeBlock } from '../../../src/chain/node-json.ts';
import { blockSerializedBytes, computeBlockId, computeTxId, txBandwidthBytes, varintLen } from '../../../datasets/ingest/protobuf.ts';
import { realBlock } from './fake-node.ts';

const block = realBlock as NodeBlock;
const txs = block.transactions!;

describe('protobuf sizes and hashes', () => {
  it('blockID hashes from the header, every txID from its raw_data_hex', () => {
    expect(computeBlockId(block.block_header.raw_data)).toBe(block.blockID);
    for (const tx of txs) expect(computeTxId(tx)).toBe(tx.txID);
    expect(createHash('sha256').update(Buffer.from(txs[0]!.raw_data_hex, 'hex')).digest('hex')).toBe(txs[0]!.txID);
  });

  it('bandwidth bytes match the real receipts (265 plain TRX transfer, 345 USDT transfer)', () => {
    const usdt = txs.find((t) => t.txID === 'd057c8aa75c5267a6d723be4c28bf8e2b486d363d70713508a50c57c829313de')!;
    expect(txBandwidthBytes(usdt)).toBe(345);
    const plain = txs.filter((t) => t.raw_data.contract[0]!.type === 'TransferContract' && !t.raw_data.data);
    expect(plain.map(txBandwidthBytes)).toContain(265);
  });

  it('block size = header + every full transaction, computed by hand', () => {
    // Each transaction: field 1 (raw, 2-byte length), field 2 (65-byte signature), field 5 (Result{contractRet SUCCESS} = 2 bytes).
    let txBytes = 0;
    for (const t of txs) {
      const raw = t.raw_data_hex.length / 2;
      const inner = 1 + varintLen(raw) + raw + t.signature!.length * (1 + 1 + 65) + (1 + 1 + 2);
      txBytes += 1 + varintLen(inner) + inner;
    }
    // Header raw: timestamp (1+6), txTrieRoot (2+32), parentHash (2+32), number (1+4), witness (2+21), version (1+1) = 105.
    const headerRaw = 7 + 34 + 34 + 5 + 23 + 2;
    const header = 1 + 1 + headerRaw + (1 + 1 + 65);
    expect(blockSerializedBytes(block)).toBe(txBytes + 1 + varintLen(header) + header);
  });

  it('varint lengths', () => {
    expect([0, 127, 128, 16383, 16384, 2 ** 35].map(varintLen)).toEqual([1, 1, 2, 2, 3, 6]);
  });
});
