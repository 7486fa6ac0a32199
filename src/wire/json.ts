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
    return this.digits;
  }
  toString(): string {
    return this.digits;
  }
}

const MARK = `\u0001${randomBytes(6).toString('hex')}:`;
const MARK_RE = new RegExp(`"${MARK.replace('\u0001', '\\\\u0001')}(-?\\d+(?:\\.\\d+)?)"`, 'g');

/** Like JSON.stringify, but bigints print as exact integers, e.g. `toJson({ a: 2n ** 64n })` = `{"a":18446744073709551616}`. */
export function toJson(value: unknown): string {
  let sawExact = false;
  // A JsonDecimal has already become its text through toJSON; the holder still has the object.
  const text = JSON.stringify(value, function (this: Record<string, unknown>, k: string, v: unknown) {
    if (typeof v === 'bigint') {
      sawExact = true;
      return MARK + v.toString();
    }
    const original = this[k];
    if (original instanceof JsonDecimal) {
      sawExact = true;
      return MARK + original.digits;
    }
    return v;
  });
  return sawExact ? text.replace(MARK_RE, '$1') : text;
}
