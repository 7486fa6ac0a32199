/**
 * Zod building blocks of response schemas (OpenAPI, the conformance check of the tests). Numbers that can pass 2^53
 * (amounts, supplies) are JSON numbers written exactly by wire/json.ts: their schema accepts a number or a bigint.
 */
import { z } from 'zod';
import { JsonDecimal } from '../../wire/json.ts';

/** A JSON integer, exact beyond 2^53 (a bigint cell), e.g. `amount: exactInt`. */
export const exactInt = z.union([z.number().int(), z.bigint()]).meta({ override: { type: 'integer' } });
/** A count. */
export const count = z.number().int().nonnegative();
/** An object whose listed fields are checked and whose other fields are allowed. */
export const shape = <S extends z.ZodRawShape>(s: S) => z.looseObject(s);
/** The status wrapper of the statistics endpoints (reference §1.3). */
export const statusWrapped = <S extends z.ZodRawShape>(s: S) => z.looseObject({ code: z.literal(200), status: z.literal('1'), message: z.string(), ...s });
/** `{}`: the answer for an unknown id. */
export const empty = z.object({}).strict();
/** A JSON number with exact digits: a scaled amount (params/amounts.ts `scaledNumber`) or a plain number. */
export const exactNumber = z.union([z.number(), z.instanceof(JsonDecimal).meta({ override: { type: 'number' } })]).meta({ override: { type: 'number' } });

/** `tokenInfo` of list rows and envelopes (reference §1.4; lookups.ts TokenInfo). */
export const tokenInfo = z.object({
  tokenId: z.string(),
  tokenAbbr: z.string(),
  tokenName: z.string(),
  tokenDecimal: z.number().int(),
  tokenCanShow: z.number().int(),
  tokenType: z.string(),
  tokenLogo: z.string(),
  tokenLevel: z.string(),
  vip: z.boolean(),
  issuerAddr: z.string(),
});
/** A tokenInfo, or `{}` when the token is not in the tokens dimension. */
export const tokenInfoOrEmpty = z.union([tokenInfo, empty]);
/** `contractMap`: address → is a contract (reference §1.4). */
export const contractMap = z.record(z.string(), z.boolean());
/** `contractInfo`: contract → its label info (reference §1.4). */
export const contractInfo = z.record(
  z.string(),
  z.object({ tag1: z.string(), tag1Url: z.string(), name: z.string(), isToken: z.boolean(), vip: z.boolean(), risk: z.boolean(), publicTagDesc: z.string() }),
);
/** `normalAddressInfo`: each non-contract address → `{ risk }` (reference §1.4). */
export const normalAddressInfo = z.record(z.string(), z.object({ risk: z.boolean() }));
/** The address lookups most transfer lists carry beside their page. */
export const addressLookups = { contractMap, contractInfo, normalAddressInfo };
/** A decimal string of an exact integer (amounts as the reference writes them in strings), e.g. "1000000". */
export const intString = z.string().regex(/^-?\d+$/);
/** A decimal string of a number (scaled amounts, prices, ratios in strings), e.g. "0.5". */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/);
/** The NFT inventory envelope (envelopes.ts `inventoryEnvelope`). */
export const inventoryFields = { page_size: count, code: z.literal(200) };
