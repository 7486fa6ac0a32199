/**
 * TRON addresses: 21-byte hex (0x41 prefix) ↔ Base58check (T…), and the 20-byte EVM form used in logs and ABI words.
 * The only place in the project that encodes or decodes addresses (ARCHITECTURE §3).
 */
import { hash } from 'node:crypto';
import { createBase58check } from '@scure/base';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

// The checksum's SHA-256 from Node's native crypto: several times faster than a JavaScript one for 21 bytes.
const b58c = createBase58check((data: Uint8Array) => new Uint8Array(hash('sha256', data, 'buffer')));

/**
 * Encodings already made (hex → Base58), bounded: a page of rows encodes the same few contracts and accounts again
 * and again, and Base58 costs a big-number division per character. Emptied when full, so memory stays bounded.
 */
const encoded = new Map<string, string>();
const ENCODED_MAX = 1 << 16;

/** The zero address, counterparty of TRC20 mints and burns: `T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb`. */
export const ZERO_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
/**
 * The genesis "Blackhole" account, where fees went before proposal #49 (getAllowOptimizeBlackHole) made burns destroy
 * TRX (tron-chain-data.md §2); its genesis balance is −2^63 sun. /api/funds' donate balance; the generator's snapshot.
 */
export const BLACKHOLE_ADDRESS = 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy';

/** 21-byte hex with 41 prefix → Base58, e.g. `hexToBase58('41a614f8…d13c')` = `TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`. */
export function hexToBase58(hex: string): string {
  const h = (hex.startsWith('0x') ? hex.slice(2) : hex).toLowerCase();
  const full = h.length === 40 ? '41' + h : h;
  if (full.length !== 42 || !full.startsWith('41')) throw new Error(`not a TRON hex address: ${hex}`);
  let a = encoded.get(full);
  if (a === undefined) {
    a = b58c.encode(hexToBytes(full));
    if (encoded.size >= ENCODED_MAX) encoded.clear();
    encoded.set(full, a);
  }
  return a;
}

/** Base58 → 21-byte hex with 41 prefix, e.g. `base58ToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')` = `41a614f8…d13c`. */
export function base58ToHex(address: string): string {
  return bytesToHex(b58c.decode(address));
}

/** True for a well-formed mainnet Base58check address (34 chars, T…, 0x41 payload, valid checksum). */
export function isBase58Address(s: string): boolean {
  if (s.length !== 34 || s[0] !== 'T') return false;
  try {
    const bytes = b58c.decode(s);
    return bytes.length === 21 && bytes[0] === 0x41;
  } catch {
    return false;
  }
}

/** The address in a 32-byte ABI word or log topic (last 20 bytes) → Base58, e.g. a Transfer topic. */
export function wordToBase58(word: string): string {
  const w = word.startsWith('0x') ? word.slice(2) : word;
  return hexToBase58(w.slice(-40));
}

/** Base58 → 32-byte ABI word (12 zero bytes + 20-byte address), as in log topics. */
export function base58ToWord(address: string): string {
  return '0'.repeat(24) + base58ToHex(address).slice(2);
}
