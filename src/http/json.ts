/**
 * JSON serialization that keeps 64-bit integers exact: a `bigint` cell is printed as a bare JSON integer
 * (what the reference types as int), never rounded through a double.
 */
import { randomBytes } from 'node:crypto';

const MARK = `\u0001${randomBytes(6).toString('hex')}:`;
const MARK_RE = new RegExp(`"${MARK.replace('\u0001', '\\\\u0001')}(-?\\d+)"`, 'g');

/** Like JSON.stringify, but bigints print as exact integers, e.g. `toJson({ a: 2n ** 64n })` = `{"a":18446744073709551616}`. */
export function toJson(value: unknown): string {
  let sawBig = false;
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === 'bigint') {
      sawBig = true;
      return MARK + v.toString();
    }
    return v;
  });
  return sawBig ? text.replace(MARK_RE, '$1') : text;
}
