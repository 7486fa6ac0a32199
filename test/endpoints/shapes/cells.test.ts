/**
 * The cell converters (src/endpoints/shapes/cells.ts), once for every declaration: what a NULL cell becomes, and
 * integers kept exact across 2^53. Expected values are written from the rule (docs/compat.md "Numbers"), not from
 * the code. The type-level proofs below are checked by tsc (`npm test` runs it first), never run.
 */
import { describe, expect, it } from 'vitest';
import { bigOrNull, exactJson, exactOrNull, numOr0, numOrNull, str, type Columns, type ColumnsOrRow } from '../../../src/endpoints/shapes/cells.ts';
import { num, nullableNum, str as tokenStr } from '../../../src/endpoints/shapes/token-shape.ts';
import { str as transferStr } from '../../../src/endpoints/shapes/transfer-shape.ts';
import { big, num as statsNum } from '../../../src/endpoints/shapes/stats-shape.ts';
import { toWitnesses } from '../../../src/endpoints/shapes/witness-rows.ts';
import type { SqlRows } from '../../../src/endpoints/kit/sql-types.generated.ts';
import type { Row } from '../../../src/duckdb/duck.ts';

const SAFE = Number.MAX_SAFE_INTEGER; // 2^53 - 1

describe('cell converters', () => {
  it('NULL (and a missing cell) becomes the reference default: "" for text, 0 for a number', () => {
    expect([str(null), str(undefined), str(0), str(false), str(12n), str('T9y')]).toEqual(['', '', '0', 'false', '12', 'T9y']);
    expect([numOr0(null), numOr0(undefined), numOr0(0), numOr0(7n), numOr0('2.5')]).toEqual([0, 0, 0, 7, 2.5]);
  });

  it('a figure without a source stays unknown: null, never 0', () => {
    expect([numOrNull(null), numOrNull(undefined), numOrNull(0), numOrNull(3n)]).toEqual([null, null, 0, 3]);
    expect([bigOrNull(null), bigOrNull(undefined), bigOrNull(0), bigOrNull('123456789012345678901')]).toEqual([null, null, 0n, 123456789012345678901n]);
    expect([exactOrNull(null), exactOrNull(undefined), exactOrNull('-5'), exactOrNull(2n ** 70n)]).toEqual([null, null, -5n, 2n ** 70n]);
  });

  it('exactOrNull refuses a fraction instead of rounding it', () => {
    expect(() => exactOrNull(1.5)).toThrow(/not an exact integer/);
    expect(() => exactOrNull('2.5')).toThrow(/not an exact integer/);
  });

  it('exactJson is a number inside ±(2^53 - 1) and a bigint beyond, both bounds alone; NULL is 0', () => {
    expect(exactJson(SAFE)).toBe(SAFE);
    expect(exactJson(-SAFE)).toBe(-SAFE);
    expect(exactJson(BigInt(SAFE) + 1n)).toBe(2n ** 53n);
    expect(exactJson(-BigInt(SAFE) - 1n)).toBe(-(2n ** 53n));
    expect(exactJson('123456789012345678901')).toBe(123456789012345678901n);
    expect([exactJson(null), exactJson(undefined)]).toEqual([0, 0]);
  });

  it('the group names are the same converters (re-exported, not copied)', () => {
    expect([tokenStr, transferStr]).toEqual([str, str]);
    expect([num, nullableNum, statsNum, big]).toEqual([numOr0, numOrNull, numOrNull, bigOrNull]);
  });
});

// Type-level proofs, never run: each @ts-expect-error line must be an error, or tsc fails on this file.
export function columnsCompileChecks(line: SqlRows['witness/vote-line'], witness: SqlRows['witness/witnesses'], loose: Row): void {
  const fits: Columns<'candidate_address' | 'points'> = line;
  // @ts-expect-error a typed row without a column the helper reads does not fit (a misspelt column)
  const misspelt: Columns<'candidate_adress'> = line;
  // @ts-expect-error a helper reading a column it does not name does not compile
  void fits.votes;
  const either: ColumnsOrRow<'points'> = loose;
  toWitnesses([witness]);
  // @ts-expect-error toWitnesses takes rows of witness/witnesses, not another template's
  toWitnesses([line]);
  void [misspelt, either];
}
