/**
 * Zod building blocks of response schemas (OpenAPI, the conformance check of the tests). Numbers that can pass 2^53
 * (amounts, supplies) are JSON numbers written exactly by http/json.ts: their schema accepts a number or a bigint.
 */
import { z } from 'zod';
import { JsonDecimal } from '../../http/json.ts';

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
