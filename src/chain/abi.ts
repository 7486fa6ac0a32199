/**
 * Minimal ABI decoding over hex strings (no 0x): 32-byte words, uint256 as exact decimal strings, dynamic
 * uint256[] arrays (TRC1155 TransferBatch) and string / bytes32 return values (token metadata constant calls).
 * Addresses inside words go through address.ts (`wordToBase58`). Every decoder returns null on malformed input
 * instead of throwing: chain data is untrusted and one bad log must not stop an ingest.
 */

const WORD = 64;

/** The i-th 32-byte word of `hex` (64 hex chars), or null when `hex` is too short, e.g. `abiWord('00…01', 0)`. */
export function abiWord(hex: string, i: number): string | null {
  const start = i * WORD;
  if (start + WORD > hex.length) return null;
  return hex.slice(start, start + WORD);
}

/** A 32-byte word as an exact unsigned decimal string, e.g. `uintDecimal('00…0a')` = `'10'`. Null if not hex. */
export function uintDecimal(word: string): string | null {
  if (!/^[0-9a-fA-F]*$/.test(word)) return null;
  let i = 0;
  while (i < word.length && word.charCodeAt(i) === 48) i++;
  const sig = word.slice(i);
  if (sig.length === 0) return '0';
  // ≤ 13 hex digits fit a double exactly: skip BigInt on the common path (amounts of 6-decimal tokens).
  if (sig.length <= 13) return String(parseInt(sig, 16));
  return BigInt('0x' + sig).toString();
}

/** A small word as a JS number (offsets, lengths, decimals); null when malformed or above 2^48. */
export function uintSmall(word: string | null): number | null {
  if (word === null) return null;
  const d = uintDecimal(word);
  if (d === null || d.length > 15) return null;
  const n = Number(d);
  return n <= 2 ** 48 ? n : null;
}

/**
 * A dynamic `uint256[]` whose offset (bytes, from the start of `data`) sits in word `headIndex`,
 * e.g. the ids of a TransferBatch are `uintArrayAt(data, 0)` and the values `uintArrayAt(data, 1)`.
 */
export function uintArrayAt(data: string, headIndex: number): string[] | null {
  const offset = uintSmall(abiWord(data, headIndex));
  if (offset === null || offset % 32 !== 0) return null;
  const base = offset / 32;
  const len = uintSmall(abiWord(data, base));
  if (len === null || (base + 1 + len) * WORD > data.length) return null;
  const out: string[] = [];
  for (let k = 0; k < len; k++) {
    const v = uintDecimal(abiWord(data, base + 1 + k)!);
    if (v === null) return null;
    out.push(v);
  }
  return out;
}

/** UTF-8 text of hex bytes (invalid sequences become U+FFFD), e.g. `hexUtf8('616263')` = `'abc'`. */
export function hexUtf8(hex: string | undefined): string {
  if (!hex) return '';
  return Buffer.from(hex, 'hex').toString('utf8');
}

/**
 * The text a `name()` / `symbol()` constant call returned: an ABI `string`, or a `bytes32` (older tokens),
 * trailing NULs removed. Null when the return data is neither, e.g. empty (the call reverted).
 */
export function decodeAbiString(hex: string): string | null {
  if (!hex || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  if (hex.length >= 2 * WORD) {
    const offset = uintSmall(abiWord(hex, 0));
    if (offset !== null && offset % 32 === 0) {
      const len = uintSmall(abiWord(hex, offset / 32));
      const start = (offset / 32 + 1) * WORD;
      if (len !== null && start + len * 2 <= hex.length) return cleanText(hexUtf8(hex.slice(start, start + len * 2)));
    }
  }
  if (hex.length === WORD) return cleanText(hexUtf8(hex.replace(/(00)+$/, '')));
  return null;
}

function cleanText(s: string): string {
  // Control characters (NUL padding, garbage) would break CSV and JSON consumers downstream.
  return s.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}
