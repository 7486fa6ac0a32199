import { describe, expect, it } from 'vitest';
import { abiWord, decodeAbiString, hexUtf8, uintArrayAt, uintDecimal, uintSmall } from '../../src/chain/abi.ts';

const w = (n: bigint | number): string => BigInt(n).toString(16).padStart(64, '0');

describe('abi', () => {
  it('reads words and unsigned integers exactly', () => {
    expect(abiWord(w(1) + w(2), 1)).toBe(w(2));
    expect(abiWord(w(1), 1)).toBeNull();
    expect(uintDecimal(w(0))).toBe('0');
    expect(uintDecimal(w(2_000_000_000))).toBe('2000000000');
    expect(uintDecimal('f'.repeat(64))).toBe('115792089237316195423570985008687907853269984665640564039457584007913129639935');
    expect(uintDecimal(w(2n ** 53n + 1n))).toBe('9007199254740993');
    expect(uintDecimal('zz')).toBeNull();
    expect(uintSmall(w(32))).toBe(32);
    expect(uintSmall('f'.repeat(64))).toBeNull();
  });

  it('decodes dynamic uint256[] (TransferBatch ids and values)', () => {
    // (uint256[] ids = [1, 2], uint256[] values = [10, 2^70])
    const data = w(64) + w(160) + w(2) + w(1) + w(2) + w(2) + w(10) + w(2n ** 70n);
    expect(uintArrayAt(data, 0)).toEqual(['1', '2']);
    expect(uintArrayAt(data, 1)).toEqual(['10', (2n ** 70n).toString()]);
    expect(uintArrayAt(data.slice(0, 300), 1)).toBeNull(); // truncated
    expect(uintArrayAt(w(7), 0)).toBeNull(); // offset not a multiple of 32
  });

  it('decodes string and bytes32 return values', () => {
    const s = Buffer.from('Tether USD').toString('hex');
    expect(decodeAbiString(w(32) + w(10) + s.padEnd(64, '0'))).toBe('Tether USD');
    expect(decodeAbiString(Buffer.from('MKR').toString('hex').padEnd(64, '0'))).toBe('MKR');
    expect(decodeAbiString('')).toBeNull();
    expect(decodeAbiString('abc')).toBeNull();
    expect(hexUtf8('e4b8ad')).toBe('中');
  });
});
