/**
 * JSON serialization that keeps numbers exact: a `bigint` cell is printed as a bare JSON integer (what the
 * reference types as int), and a `JsonDecimal` (a scaled amount, params/amounts.ts) as a bare JSON number with its
 * exact digits; neither is rounded through a double.
 */
import { randomBytes } from 'node:crypto';

/**
 * An exact decimal that serializes as a JSON number literal, e.g. `toJson({ s: new JsonDecimal('0.1') })` =
 * `{"s":0.1}`. Elsewhere (CSV, plain JSON.stringify) it is its decimal text.
 */
export class JsonDecimal {
  readonly digits: string;
  constructor(digits: string) {
    if (!/^-?\d+(\.\d+)?$/.test(digits)) throw new Error(`JsonDecimal: not a decimal: '${digits.slice(0, 40)}'`);
    this.digits = digits;
  }
  toJSON(): string {
    return marking ? MARK + this.digits : this.digits;
  }
  toString(): string {
    return this.digits;
  }
}

const MARK = `\u0001${randomBytes(6).toString('hex')}:`;
/** The mark as JSON.stringify escapes it inside a string literal. */
const MARK_IN_JSON = JSON.stringify(MARK).slice(1, -1);
const MARK_RE = new RegExp(`"${MARK.replace('\u0001', '\\\\u0001')}(-?\\d+(?:\\.\\d+)?)"`, 'g');
/** True only inside toJson's JSON.stringify (synchronous): a JsonDecimal then prints as a marked string. */
let marking = false;

/**
 * Like JSON.stringify, but bigints print as exact integers, e.g. `toJson({ a: 2n ** 64n })` = `{"a":18446744073709551616}`.
 * The engine's own JSON.stringify does the work (no replacer: a replacer call per key costs twice the whole string);
 * exact values come out as marked strings that one pass unquotes. A bigint (only beyond 2^53, duckdb/duck.ts) makes
 * JSON.stringify throw: that rare answer takes the replacer.
 */
export function toJson(value: unknown): string {
  let text: string;
  marking = true;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? MARK + v.toString() : v));
  } finally {
    marking = false;
  }
  // JSON.stringify(undefined) is undefined, as before.
  if (text === undefined) return text;
  return text.includes(MARK_IN_JSON) ? text.replace(MARK_RE, '$1') : text;
}
