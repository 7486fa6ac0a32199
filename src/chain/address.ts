/**
 * TRON addresses: 21-byte hex (0x41 prefix) ↔ Base58check (T…), and the 20-byte EVM form used in logs and ABI words.
 * The only place in the project that encodes or decodes addresses (ARCHITECTURE §3).
 */
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

const b58c = createBase58check(sha256);

/** The zero address, counterparty of TRC20 mints and burns: `T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb`. */
export const ZERO_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
/**
 * The genesis "Blackhole" account, where fees went before proposal #49 (getAllowOptimizeBlackHole) made burns destroy
 * TRX (tron-chain-data.md §2); its genesis balance is −2^63 sun. /api/funds' donate balance; the generator's snapshot.
 */
export const BLACKHOLE_ADDRESS = 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy';

/** 21-byte hex with 41 prefix → Base58, e.g. `hexToBase58('41a614f8…d13c')` = `TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`. */
export function hexToBase58(hex: string): string {
  const h = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (h.length === 40) return b58c.encode(hexToBytes('41' + h.toLowerCase()));
  if (h.length !== 42 || !h.toLowerCase().startsWith('41')) throw new Error(`not a TRON hex address: ${hex}`);
  return b58c.encode(hexToBytes(h.toLowerCase()));
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
