/**
 * API keys of key-protected endpoints: `CHAIN-PRO-API-KEY` (the spec's header) and `TRON-PRO-API-KEY` (what real
 * clients send). A valid value in either header is accepted, whatever the other holds: clients that send both
 * (one of them stale or empty) must not be refused for the one they did not mean.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from '../wire/errors.ts';

const KEY_HEADERS = ['chain-pro-api-key', 'tron-pro-api-key'] as const;

/** Throws 401 UNAUTHORIZED unless a header holds an accepted key (`keys` empty: any non-empty key). */
export function requireApiKey(headers: IncomingHttpHeaders, keys: ReadonlySet<string>): void {
  for (const name of KEY_HEADERS) {
    const h = headers[name];
    for (const v of Array.isArray(h) ? h : h === undefined ? [] : [h]) {
      const key = v.trim();
      if (key !== '' && (keys.size === 0 || keys.has(key))) return;
    }
  }
  throw new ApiError('UNAUTHORIZED');
}
