/** The response checks a workload line may ask for (`expect`): status, JSON paths, body size. */
import { isDeepStrictEqual } from 'node:util';
import type { Expectation } from './workload.ts';

/**
 * The value at a dotted JSON path: object keys, array indexes and `length` of an array or a string,
 * e.g. `valueAt({ data: [{ hash: 'ab' }] }, 'data.0.hash')` = `'ab'`, `valueAt({ data: [] }, 'data.length')` = `0`.
 */
export function valueAt(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const seg of path.split('.')) {
    if (cur === null || cur === undefined) return undefined;
    if (seg === 'length' && (Array.isArray(cur) || typeof cur === 'string')) cur = cur.length;
    else if (Array.isArray(cur)) cur = /^\d+$/.test(seg) ? cur[Number(seg)] : undefined;
    else if (typeof cur === 'object') cur = Object.prototype.hasOwnProperty.call(cur, seg) ? (cur as Record<string, unknown>)[seg] : undefined;
    else return undefined;
  }
  return cur;
}

/** Whether a check needs the body parsed as JSON (parsing costs the load generator CPU, so only when asked). */
export function needsJson(e: Expectation | undefined): boolean {
  return !!e && ((e.has?.length ?? 0) > 0 || Object.keys(e.equals ?? {}).length > 0);
}

/**
 * The first failed check of a response, or undefined when all hold,
 * e.g. `failedCheck({ status: 200 }, 503, '{}', 2)` = `'status 503, expected 200'`.
 */
export function failedCheck(e: Expectation | undefined, status: number, body: string, bodyBytes: number): string | undefined {
  if (!e) return undefined;
  if (e.status !== undefined) {
    const ok = Array.isArray(e.status) ? e.status : [e.status];
    if (!ok.includes(status)) return `status ${status}, expected ${ok.join(' or ')}`;
  }
  if (e.minBytes !== undefined && bodyBytes < e.minBytes) return `body ${bodyBytes} bytes, expected at least ${e.minBytes}`;
  if (e.maxBytes !== undefined && bodyBytes > e.maxBytes) return `body ${bodyBytes} bytes, expected at most ${e.maxBytes}`;
  if (!needsJson(e)) return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return 'body is not JSON';
  }
  for (const p of e.has ?? []) if (valueAt(doc, p) === undefined) return `no "${p}" in the body`;
  for (const [p, want] of Object.entries(e.equals ?? {})) {
    const got = valueAt(doc, p);
    if (!isDeepStrictEqual(got, want)) return `"${p}" is ${JSON.stringify(got) ?? 'absent'}, expected ${JSON.stringify(want)}`;
  }
  return undefined;
}
