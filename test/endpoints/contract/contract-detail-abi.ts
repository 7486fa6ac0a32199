/**
 * The tests' own ABI decoder (independent of src/chain/abi-decode.ts): canonical signatures hashed with keccak-256,
 * 32-byte words read with BigInt, addresses as Base58 (`41` + the word's last 20 bytes), the static types the lakes'
 * ABIs use (address, bool, uintN, intN, bytesN), `uint256[]` and fixed arrays as JSON arrays of strings, string / bytes.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { hexToBase58 } from '../../../src/chain/address.ts';

export interface Input { name?: string; type: string; indexed?: boolean }
export interface Entry { type?: string; name?: string; inputs?: Input[]; anonymous?: boolean }

export const sig = (e: Entry): string => `${e.name}(${(e.inputs ?? []).map((i) => i.type).join(',')})`;
export const hash = (s: string): string => bytesToHex(keccak_256(utf8ToBytes(s)));

const wordAt = (hex: string, i: number): string => hex.slice(i * 64, i * 64 + 64);
const small = (w: string): number => Number(BigInt(`0x${w}`));

function elementary(t: string, w: string): string {
  if (t === 'address') return hexToBase58(`41${w.slice(24)}`);
  if (t === 'bool') return BigInt(`0x${w}`) === 0n ? 'false' : 'true';
  if (t.startsWith('uint')) return BigInt(`0x${w}`).toString();
  if (t.startsWith('int')) {
    const v = BigInt(`0x${w}`);
    return (v >= 2n ** 255n ? v - 2n ** 256n : v).toString();
  }
  if (/^bytes\d+$/.test(t)) return w.slice(0, Number(t.slice(5)) * 2);
  throw new Error(`test decoder: type ${t}`);
}

/** Argument `t` whose head word is `i` of `hex`; returns its string and the head words it took. */
function arg(t: string, hex: string, i: number): [string, number] {
  const fixed = /^(\w+)\[(\d+)\]$/.exec(t);
  if (fixed) {
    const n = Number(fixed[2]);
    return [JSON.stringify(Array.from({ length: n }, (_x, k) => elementary(fixed[1]!, wordAt(hex, i + k)))), n];
  }
  if (t.endsWith('[]')) {
    const at = small(wordAt(hex, i)) / 32;
    const n = small(wordAt(hex, at));
    return [JSON.stringify(Array.from({ length: n }, (_x, k) => elementary(t.slice(0, -2), wordAt(hex, at + 1 + k)))), 1];
  }
  if (t === 'string' || t === 'bytes') {
    const at = small(wordAt(hex, i)) / 32;
    const body = hex.slice((at + 1) * 64, (at + 1) * 64 + small(wordAt(hex, at)) * 2);
    return [t === 'string' ? Buffer.from(body, 'hex').toString('utf8') : body, 1];
  }
  return [elementary(t, wordAt(hex, i)), 1];
}

/** An event's result (by position and name), types, indexed and data parts, from its topics (no topic0) and data. */
export function decodeLog(e: Entry, topics: string[], data: string) {
  const result: Record<string, string> = {};
  const types: Record<string, string> = {};
  const index: { param: string; value: string }[] = [];
  const dataInArr: { param: string; value: string }[] = [];
  let t = 0;
  let w = 0;
  for (const [pos, inp] of (e.inputs ?? []).entries()) {
    const key = inp.name || String(pos);
    let v: string;
    if (inp.indexed) {
      const topic = topics[t++]!;
      v = inp.type === 'string' || inp.type === 'bytes' || inp.type.includes('[') ? topic : elementary(inp.type, topic);
      index.push({ param: key, value: v });
    } else {
      const [x, n] = arg(inp.type, data, w);
      v = x;
      w += n;
      dataInArr.push({ param: key, value: v });
    }
    result[String(pos)] = v;
    if (inp.name) result[inp.name] = v;
    types[key] = inp.type;
  }
  const event = `${e.name}(${(e.inputs ?? []).map((i) => [i.type, i.indexed ? 'indexed' : '', i.name ?? ''].filter(Boolean).join(' ')).join(', ')})`;
  return { result, types, index, dataInArr, event };
}

/** Call data's arguments by name. */
export function decodeArgs(e: Entry, callData: string): Record<string, string> {
  const hex = callData.slice(8);
  const out: Record<string, string> = {};
  let w = 0;
  for (const [pos, inp] of (e.inputs ?? []).entries()) {
    const [v, n] = arg(inp.type, hex, w);
    out[inp.name || String(pos)] = v;
    w += n;
  }
  return out;
}

/** An ABI JSON text's entries (an array or `{entrys}`). */
export function entriesOf(json: string): Entry[] {
  const v = JSON.parse(json) as Entry[] | { entrys?: Entry[] };
  return Array.isArray(v) ? v : (v.entrys ?? []);
}
