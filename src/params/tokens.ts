/**
 * Token parameters. The TRX alias rule lives here once: `trx`, `_` and `0` (any case) name the native coin, whose
 * id in the lake is `_`.
 */
import { z } from 'zod';
import { isBase58Address } from '../chain/address.ts';
import { contractTypeNumber } from '../chain/contract-types.ts';
import { text } from './atoms.ts';

/** The native coin's id in the lake (token lists, prices, transfers). */
export const TRX_ID = '_';

/** True for the native coin's aliases, e.g. `isTrxAlias('TRX')` = true. */
export function isTrxAlias(s: string): boolean {
  return ['trx', '_', '0'].includes(s.trim().toLowerCase());
}

/** A numeric TRC10 id (up to 19 digits), e.g. '1002000'. */
export const TRC10_ID = /^\d{1,19}$/;

/** A numeric TRC10 id, e.g. `trc10Id().parse(' 1002000')` = '1002000'. */
export function trc10Id() {
  return z.string().transform((s, ctx): string => {
    const t = s.trim();
    if (TRC10_ID.test(t)) return t;
    ctx.addIssue({ code: 'custom', message: `must be a numeric TRC10 id, got '${s.slice(0, 40)}'` });
    return z.NEVER;
  }).meta({ description: 'A numeric TRC10 token id.', examples: ['1002000'], override: { type: 'string', pattern: '^\\d{1,19}$' } });
}

/** Any token id (TRC10 id, contract address, free form up to 64 characters); the TRX aliases become `_`. */
export function tokenAlias() {
  return text(64)
    .transform((t) => (isTrxAlias(t) ? TRX_ID : t))
    .meta({ description: 'A token: trx (or _ or 0) for TRX, a numeric TRC10 id or a contract address.', examples: ['1002000'] });
}

/** A token of the TRX / TRC10 transfer lists: a TRX alias (→ `_`) or a numeric TRC10 id, e.g. '1002000'. */
export function trxOrTrc10() {
  return z.string().transform((s, ctx): string => {
    const t = s.trim().toLowerCase();
    if (isTrxAlias(t)) return TRX_ID;
    if (TRC10_ID.test(t)) return t;
    ctx.addIssue({ code: 'custom', message: `must be trx, _ or a numeric TRC10 id, got '${s.slice(0, 40)}'` });
    return z.NEVER;
  }).meta({ description: 'trx (or _ or 0) for TRX, or a numeric TRC10 token id.', examples: ['trx'] });
}

/**
 * A token id: a TRX alias (→ `_`), a numeric TRC10 id, or a Base58 contract, e.g. `tokenIdParam().parse('TRX')` = '_'.
 */
export function tokenIdParam() {
  return z.string().transform((s, ctx): string => {
    const t = s.trim();
    if (isTrxAlias(t)) return TRX_ID;
    if (TRC10_ID.test(t)) return t;
    if (isBase58Address(t)) return t;
    ctx.addIssue({ code: 'custom', message: `must be trx, _, 0, a numeric TRC10 id or a Base58 contract address, got '${t.slice(0, 40)}'` });
    return z.NEVER;
  }).meta({ description: 'A token: trx (or _ or 0) for TRX, a numeric TRC10 id, or a Base58 contract address.', examples: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'] });
}

/** A contract type by number (31) or name (TriggerSmartContract), e.g. `contractType().parse('1')` = 1. */
export function contractType() {
  return z.string().transform((v, ctx): number => {
    const t = v.trim();
    const num = /^\d+$/.test(t) ? Number(t) : contractTypeNumber(t);
    if (num === undefined || num > 255) {
      ctx.addIssue({ code: 'custom', message: `must be a contract type number or name, got '${t.slice(0, 40)}'` });
      return z.NEVER;
    }
    return num;
  }).meta({ description: 'A contract type, by number (31) or name (TriggerSmartContract).', examples: ['31'] });
}
