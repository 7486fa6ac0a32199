// Address vectors of the reference (tron-chain-data.md §2), checked through src/chain/address.ts.
import { describe, expect, it } from 'vitest';
import { base58ToHex, base58ToWord, hexToBase58, isBase58Address, wordToBase58, ZERO_ADDRESS } from '../../src/chain/address.ts';

const VECTORS: [string, string][] = [
  ['41a614f803b6fd780986a42c78ec9c7f77e6ded13c', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'], // USDT
  ['41eed9e56a5cddaa15ef0c42984884a8afcf1bdebb', 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF'], // SunSwap V1 factory
  ['410000000000000000000000000000000000000000', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'], // zero address
  ['41c81107148e5fa4b4a2edf3d5354db6c6be5b5549', 'TUD4YXYdj2t1gP5th3A7t97mx1AUmrrQRt'], // producer of block 43,811,922
];

describe('addresses', () => {
  it.each(VECTORS)('%s ↔ %s', (hex, b58) => {
    expect(hexToBase58(hex)).toBe(b58);
    expect(hexToBase58(hex.toUpperCase().replace(/^41/, '41'))).toBe(b58);
    expect(base58ToHex(b58)).toBe(hex);
    expect(isBase58Address(b58)).toBe(true);
  });

  it('accepts the 20-byte EVM form of logs and 32-byte ABI words', () => {
    expect(hexToBase58('a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(wordToBase58('000000000000000000000000a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    // Wallet calldata sometimes carries the 41 byte inside the word: only the last 20 bytes count (§1.8).
    expect(wordToBase58('000000000000000000000041fa47e56b15cbf1e60dc50267257c1ab10820d3dc')).toBe('TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f');
    expect(base58ToWord('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('000000000000000000000000a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(ZERO_ADDRESS).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
  });

  it('rejects malformed input', () => {
    expect(() => hexToBase58('42a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toThrow();
    expect(isBase58Address('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false); // checksum
    expect(isBase58Address('abc')).toBe(false);
  });
});
