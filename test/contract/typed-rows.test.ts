/**
 * Issue 29, typed SQL boundary: every plain declaration (`defineEndpoint` + `handle`, no defineList / defineSeries)
 * reads its rows through `ctx.typedRows`, so each row is the template's generated type and a misspelt column does not
 * compile; and the shared shapes take typed rows or the columns they read, never a loose `Row` alone. The lists and
 * series (kit/list.ts, kit/series.ts) hand their mappers untyped rows until they are typed: their files are named by
 * what they declare, not listed here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENDPOINTS = path.join(ROOT, 'src/endpoints');

/** `src/endpoints/<folder>/<file>.ts` of every section folder and shapes/ (the kit is the mechanism, not a reader). */
function files(): { rel: string; text: string }[] {
  return readdirSync(ENDPOINTS, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'kit')
    .flatMap((d) =>
      readdirSync(path.join(ENDPOINTS, d.name))
        .filter((f) => f.endsWith('.ts'))
        .map((f) => ({ rel: `src/endpoints/${d.name}/${f}`, text: readFileSync(path.join(ENDPOINTS, d.name, f), 'utf8') })),
    );
}

const declaresListOrSeries = (text: string): boolean => /\bdefine(List|Series)\b/.test(text);

describe('typed rows (issue 29)', () => {
  it('no plain declaration or shape reads untyped rows with ctx.rows / ctx.count', () => {
    const offenders = files()
      .filter((f) => !declaresListOrSeries(f.text) && /\bctx\.(rows|count)\(/.test(f.text))
      .map((f) => f.rel);
    expect(offenders).toEqual([]);
  });

  it('no shape takes a loose Row alone: a typed row, Columns<K>, or ColumnsOrRow<K> while a caller is untyped', () => {
    const offenders = files()
      .filter((f) => f.rel.startsWith('src/endpoints/shapes/') && f.rel !== 'src/endpoints/shapes/cells.ts')
      // A parameter typed Row, Row[] or Record<string, Cell | unknown> (a cast or a local record is no parameter).
      .filter((f) => /[(,]\s*\w+\??:\s*(readonly\s+)?(Row\b|Record<string,\s*(Cell|unknown)>)/.test(f.text))
      .map((f) => f.rel);
    expect(offenders).toEqual([]);
  });

  it('the cell converters are written once (shapes/cells.ts), not again in a shape', () => {
    const copy = /const\s+\w+\s*=\s*\(\w+:\s*(Cell|unknown)[^)]*\)[^=]*=>\s*\(?\s*\w+\s*===\s*null\s*\|\|\s*\w+\s*===\s*undefined/;
    const offenders = files()
      .filter((f) => f.rel.startsWith('src/endpoints/shapes/') && f.rel !== 'src/endpoints/shapes/cells.ts' && copy.test(f.text))
      .map((f) => f.rel);
    expect(offenders).toEqual([]);
  });
});
