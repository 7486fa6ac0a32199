/**
 * ABI-driven decoding of event logs and call data (SPEC §4.6: the triggers batch's `event_list` and `list`,
 * /api/contract's methodMap), from an ABI in the node's format (`/wallet/getcontract` `abi.entrys`; the
 * `contract_code` snapshot's `abi_json`). Values are strings as TronScan prints them: uintN / intN exact decimals,
 * addresses Base58, bool 'true' / 'false', bytesN and bytes hex (no 0x), string its UTF-8 text, arrays a JSON array of
 * such strings. An indexed dynamic argument (string, bytes, an array) is only its keccak in the topic: its value is
 * that topic's hex. Malformed input gives null (chain data is untrusted), never a throw.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { abiWord, hexUtf8, uintDecimal, uintSmall } from './abi.ts';
import { wordToBase58 } from './address.ts';

export interface AbiInput {
  name?: string;
  type: string;
  indexed?: boolean;
}
export interface AbiItem {
  type?: string;
  name?: string;
  inputs?: AbiInput[];
  anonymous?: boolean;
}

/** The entries of an ABI JSON text (an array, or `{entrys: [...]}`); [] when it is not one. */
export function parseAbi(json: string | null | undefined): AbiItem[] {
  try {
    const v = JSON.parse(json ?? '[]') as unknown;
    const list = Array.isArray(v) ? v : v && typeof v === 'object' && Array.isArray((v as { entrys?: unknown }).entrys) ? (v as { entrys: unknown[] }).entrys : [];
    return list.filter((e): e is AbiItem => !!e && typeof e === 'object');
  } catch {
    return [];
  }
}

const kind = (e: AbiItem): string => String(e.type ?? '').toLowerCase();
const inputsOf = (e: AbiItem): AbiInput[] => (Array.isArray(e.inputs) ? e.inputs : []);

/** `Name(type1,type2)`, what topic0 and selectors hash. */
export const canonical = (e: AbiItem): string => `${e.name ?? ''}(${inputsOf(e).map((i) => i.type).join(',')})`;
export const keccakHex = (s: string): string => bytesToHex(keccak_256(utf8ToBytes(s)));

/** The ABI's events by topic0 (anonymous events have none). */
export function eventsByTopic(abi: AbiItem[]): Map<string, AbiItem> {
  return new Map(abi.filter((e) => kind(e) === 'event' && !e.anonymous && e.name).map((e) => [keccakHex(canonical(e)), e]));
}

/** The ABI's functions by 4-byte selector (8 hex). */
export function functionsBySelector(abi: AbiItem[]): Map<string, AbiItem> {
  return new Map(abi.filter((e) => kind(e) === 'function' && e.name).map((e) => [keccakHex(canonical(e)).slice(0, 8), e]));
}

/** `transfer(address _to,uint256 _value)`: a function's signature with its parameter names (reference §1.4 `method`). */
export const methodSignature = (e: AbiItem): string => `${e.name ?? ''}(${inputsOf(e).map((i) => (i.name ? `${i.type} ${i.name}` : i.type)).join(',')})`;

/** `Transfer(address indexed from, address indexed to, uint256 value)`: an event's full signature (reference §2.3 `event`). */
export const eventSignature = (e: AbiItem): string =>
  `${e.name ?? ''}(${inputsOf(e).map((i) => [i.type, i.indexed ? 'indexed' : '', i.name ?? ''].filter(Boolean).join(' ')).join(', ')})`;

const isDynamic = (t: string): boolean => t === 'string' || t === 'bytes' || t.endsWith('[]') || (/\[\d+\]$/.test(t) && isDynamic(t.replace(/\[\d+\]$/, '')));
/** Words an argument takes in the head: a static fixed array takes its length's words. */
function headWords(t: string): number {
  const m = /^(.*)\[(\d+)\]$/.exec(t);
  if (m && !isDynamic(t)) return Number(m[2]) * headWords(m[1]!);
  return 1;
}

/** One static elementary word as its string, or null. */
function word(t: string, w: string | null): string | null {
  if (w === null || !/^[0-9a-fA-F]{64}$/.test(w)) return null;
  if (t === 'address') return wordToBase58(w);
  if (t === 'bool') return uintDecimal(w) === '0' ? 'false' : 'true';
  if (/^uint\d*$/.test(t)) return uintDecimal(w);
  if (/^int\d*$/.test(t)) {
    const v = BigInt(`0x${w}`);
    return (v >= 1n << 255n ? v - (1n << 256n) : v).toString();
  }
  const b = /^bytes(\d+)$/.exec(t);
  if (b) return w.slice(0, Number(b[1]) * 2).toLowerCase();
  return w.toLowerCase();
}

/** The value of argument `t` whose head is word `i` of `data` (offsets of dynamic ones from the start of `data`). */
function valueAt(t: string, data: string, i: number): string | null {
  const fixed = /^(.*)\[(\d+)\]$/.exec(t);
  if (t === 'string' || t === 'bytes') {
    const off = uintSmall(abiWord(data, i));
    if (off === null || off % 32 !== 0) return null;
    const len = uintSmall(abiWord(data, off / 32));
    const start = (off / 32 + 1) * 64;
    if (len === null || start + len * 2 > data.length) return null;
    const hex = data.slice(start, start + len * 2);
    return t === 'string' ? hexUtf8(hex) : hex.toLowerCase();
  }
  if (t.endsWith('[]')) {
    const el = t.slice(0, -2);
    if (isDynamic(el)) return null;
    const off = uintSmall(abiWord(data, i));
    if (off === null || off % 32 !== 0) return null;
    const len = uintSmall(abiWord(data, off / 32));
    if (len === null || len > 10_000) return null;
    const out: string[] = [];
    for (let k = 0; k < len; k++) {
      const v = valueAt(el, data.slice((off / 32 + 1) * 64), k * headWords(el));
      if (v === null) return null;
      out.push(v);
    }
    return JSON.stringify(out);
  }
  if (fixed && !isDynamic(t)) {
    const el = fixed[1]!;
    const out: string[] = [];
    for (let k = 0; k < Number(fixed[2]); k++) {
      const v = valueAt(el, data, i + k * headWords(el));
      if (v === null) return null;
      out.push(v);
    }
    return JSON.stringify(out);
  }
  return word(t, abiWord(data, i));
}

export interface DecodedEvent {
  name: string;
  signature: string;
  /** Arguments by position ('0', '1', …) and by name, values as strings. */
  result: Record<string, string>;
  /** Argument name (or position when unnamed) → its Solidity type. */
  resultType: Record<string, string>;
  index: { param: string; value: string }[];
  dataInArr: { param: string; value: string }[];
}

/** A log decoded by its event entry: topics without topic0, data hex without 0x; null when they do not fit it. */
export function decodeEvent(e: AbiItem, topics: readonly string[], data: string): DecodedEvent | null {
  const inputs = inputsOf(e);
  const indexed = inputs.filter((i) => i.indexed);
  if (indexed.length !== topics.length) return null;
  const plain = inputs.filter((i) => !i.indexed);
  const result: Record<string, string> = {};
  const resultType: Record<string, string> = {};
  const index: DecodedEvent['index'] = [];
  const dataInArr: DecodedEvent['dataInArr'] = [];
  let t = 0;
  let w = 0;
  for (const [pos, inp] of inputs.entries()) {
    const key = inp.name || String(pos);
    let value: string | null;
    if (inp.indexed) {
      const topic = topics[t++]!.toLowerCase();
      value = isDynamic(inp.type) ? topic : word(inp.type, topic);
      if (value !== null) index.push({ param: key, value });
    } else {
      value = valueAt(inp.type, data, w);
      w += headWords(inp.type);
      if (value !== null) dataInArr.push({ param: key, value });
    }
    if (value === null) return null;
    result[String(pos)] = value;
    if (inp.name) result[inp.name] = value;
    resultType[key] = inp.type;
  }
  if (plain.length === 0 && data !== '' && !/^0*$/.test(data)) return null;
  return { name: e.name ?? '', signature: eventSignature(e), result, resultType, index, dataInArr };
}

/** Call data (selector + arguments, hex without 0x) decoded by its function entry: name → value strings; null when it does not fit. */
export function decodeCall(e: AbiItem, callData: string): Record<string, string> | null {
  const args = callData.slice(8);
  const out: Record<string, string> = {};
  let w = 0;
  for (const [pos, inp] of inputsOf(e).entries()) {
    const v = valueAt(inp.type, args, w);
    if (v === null) return null;
    out[inp.name || String(pos)] = v;
    w += headWords(inp.type);
  }
  return out;
}
