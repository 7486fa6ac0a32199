/**
 * Rows made from cells by a compiled object literal (src/duckdb/duck.ts `rowMaker`, the rows of Engine.query and of key
 * files): the reference is a row defined property by property in column order, written here. Same keys in the same
 * order, same values, whatever the names hold (quotes, backslashes, line separators, non-ASCII, integer-like names, a
 * name twice, `__proto__`, which stays a field and never becomes the prototype); a missing cell is null.
 */
import { describe, expect, it } from 'vitest';
import { rowMaker, rowOf, type Cell, type Row } from '../../src/duckdb/duck.ts';

/** The reference row: each column defined in turn (a later name twice overwrites the earlier). */
function reference(columns: readonly string[], cells: readonly Cell[]): Row {
  const o: Row = {};
  columns.forEach((name, i) => Object.defineProperty(o, name, { value: i < cells.length ? cells[i] : null, enumerable: true, writable: true, configurable: true }));
  return o;
}

const lists: string[][] = [
  ['block_number', 'tx_hash', 'amount'],
  ['say "hi"', 'back\\slash', 'line\nbreak', '\u2028\u2029', 'ünï 𝄞', "it's", '${x}', '}; throw 1; {'],
  ['10', 'b', '2', 'a', '0'],
  ['a', 'b', 'a'],
  ['__proto__', 'constructor', 'toString'],
  [],
];

describe('rowMaker', () => {
  it('makes the reference row for any column names, cells of every kind, missing cells as null', () => {
    const cells: Cell[] = [2n ** 64n, 'x"y', null, true, 1.5, [1, 'a'], { k: 'v' }, -7];
    for (const columns of lists) {
      for (const given of [cells.slice(0, columns.length), cells.slice(0, Math.max(0, columns.length - 1))]) {
        const made = rowMaker(columns)(given);
        const want = reference(columns, given);
        expect(Object.keys(made), columns.join('|')).toEqual(Object.keys(want));
        expect(made).toStrictEqual(want);
        expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
        expect(rowOf(columns, given)).toStrictEqual(want);
      }
    }
  });

  it('one maker per column list, each row its own object', () => {
    const make = rowMaker(['a', 'b']);
    expect(rowMaker(['a', 'b'])).toBe(make);
    const r1 = make([1, 2]);
    const r2 = make([1, 2]);
    expect(r1).not.toBe(r2);
    r1.a = 9;
    expect(r2.a).toBe(1);
  });
});
