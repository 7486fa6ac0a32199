/**
 * The SQL template boundary (src/lake/sql-files.ts): fragments bring their parameters, `-- @total` derives the count
 * from the rows statement, and each strictness rule fails loudly. Every template an endpoint declares loads.
 */
import { describe, expect, it } from 'vitest';
import { checkBinds, expandFragments, loadTemplate, parseTemplate, type FragmentSource } from '../../../src/lake/sql-files.ts';
import { endpoints } from '../../../src/endpoints/index.ts';

const fragments: Record<string, string> = {
  'f/window': '-- @param start_ts BIGINT\n($start_ts IS NULL OR {{1}}."timestamp" >= $start_ts)',
  'f/nested': '{{> f/window {{1}}}} AND {{1}}.x = 1',
  'f/self': '{{> f/self}}',
};
const source: FragmentSource = (id) => {
  const t = fragments[id];
  if (t === undefined) throw new Error('missing');
  return t;
};

describe('fragments', () => {
  it('include their text with arguments and bring their @param lines', () => {
    const t = parseTemplate('x/rows', '-- @param lim BIGINT\nSELECT * FROM t WHERE {{> f/nested t}} LIMIT $lim', source);
    expect(t.sql).toContain('t."timestamp" >= $start_ts');
    expect(t.sql).toContain('t.x = 1');
    expect(t.params.map((p) => p.name).sort()).toEqual(['lim', 'start_ts']);
  });

  it('leave comment lines alone: a fragment named in prose is not included', () => {
    expect(expandFragments('x', '-- use as {{> f/self}}\nSELECT 1', source)).toBe('-- use as {{> f/self}}\nSELECT 1');
  });

  it('fail on a missing fragment, a missing argument, and self inclusion', () => {
    expect(() => expandFragments('x', '{{> f/none}}', source)).toThrow(/not found/);
    expect(() => expandFragments('x', '{{> f/window}}', source)).toThrow(/needs argument 1/);
    expect(() => expandFragments('x', '{{> f/self}}', source)).toThrow(/includes itself/);
  });
});

describe('-- @files', () => {
  const text = '-- @param address VARCHAR\n-- @files copy_files copy address\n-- @param lim BIGINT\n-- @param off BIGINT\n-- @total\n' +
    'SELECT t.*\nFROM rows_of($copy_files) t\nWHERE t.address = $address\nLIMIT $lim OFFSET $off';
  it('declares a list the engine binds (dataset, address parameter), kept by the count, refused from the caller', () => {
    const t = parseTemplate('x/rows', text, source);
    expect(t.params.find((p) => p.name === 'copy_files')).toEqual({ name: 'copy_files', type: 'VARCHAR[]', files: { dataset: 'copy', address: 'address' } });
    expect(t.total!.params.map((p) => p.name).sort()).toEqual(['address', 'copy_files']);
    expect(() => checkBinds(t, { address: 'T', lim: 1, off: 0 }, undefined)).not.toThrow();
    expect(() => checkBinds(t, { address: 'T', lim: 1, off: 0, copy_files: ['/etc/passwd'] }, undefined)).toThrow(/bound by the engine/);
  });
  it('needs its address parameter and three names', () => {
    expect(() => parseTemplate('x', '-- @files f copy address\nSELECT * FROM rows_of($f)', source)).toThrow(/needs @param address VARCHAR/);
    expect(() => parseTemplate('x', '-- @param address VARCHAR\n-- @files f copy\nSELECT * FROM rows_of($f) WHERE $address', source)).toThrow(/@files needs/);
  });
});

describe('-- @total', () => {
  it('derives the count from the rows statement without its page tail and its lookup joins', () => {
    const t = parseTemplate(
      'x/rows',
      [
        '-- @total', '-- @param a VARCHAR', '-- @param lim BIGINT', '-- @param off BIGINT',
        'SELECT t.*, w.name', 'FROM t', 'LEFT JOIN w ON w.k = t.k -- lookup', 'WHERE t.a = $a', 'ORDER BY {{order_by}}', 'LIMIT $lim OFFSET $off;',
      ].join('\n'),
      source,
    );
    expect(t.total?.id).toBe('x/rows.total');
    expect(t.total?.params.map((p) => p.name)).toEqual(['a']);
    expect(t.total?.sql).toBe('-- @param a VARCHAR\nSELECT count(*) AS n\nFROM t\nWHERE t.a = $a');
  });

  it('counts a statement with a CTE as a subquery', () => {
    const t = parseTemplate('x/cte', '-- @total\n-- @param lim BIGINT\n-- @param off BIGINT\nWITH h AS (SELECT 1 AS x)\nSELECT * FROM h\nORDER BY {{order_by}}\nLIMIT $lim OFFSET $off', source);
    expect(t.total?.sql).toBe('\nSELECT count(*) AS n FROM (\nWITH h AS (SELECT 1 AS x)\nSELECT * FROM h\n)');
  });

  it('needs a statement that ends in LIMIT $lim OFFSET $off, its last ORDER BY on a line of its own', () => {
    expect(() => parseTemplate('x/bad', '-- @total\n-- @param a VARCHAR\nSELECT * FROM t WHERE a = $a', source)).toThrow(/@total needs/);
    const inline = '-- @total\n-- @param lim BIGINT\n-- @param off BIGINT\nSELECT * FROM t ORDER BY {{order_by}} LIMIT $lim OFFSET $off';
    expect(() => parseTemplate('x/inline', inline, source)).toThrow(/line of its own/);
  });
});

describe('the strict bind boundary', () => {
  const t = parseTemplate('x/rows', '-- @param a VARCHAR\n-- @param b BIGINT\nSELECT * FROM t WHERE a = $a AND b = $b ORDER BY {{order_by}}', source);
  const plain = parseTemplate('x/plain', '-- @param a VARCHAR\nSELECT * FROM t WHERE a = $a', source);

  it('rejects a bind key the template does not declare (a misspelt key would bind NULL)', () => {
    expect(() => checkBinds(t, { a: 'x', b: 1, c: 2 }, 'a')).toThrow(/bind key c is not a parameter/);
  });

  it('rejects a declared parameter left unbound', () => {
    expect(() => checkBinds(t, { a: 'x' }, 'a')).toThrow(/parameter b is not bound/);
  });

  it('rejects {{order_by}} without an order, and an order for a template without {{order_by}}', () => {
    expect(() => checkBinds(t, { a: 'x', b: 1 }, undefined)).toThrow(/needs an order/);
    expect(() => checkBinds(plain, { a: 'x' }, 'a')).toThrow(/no \{\{order_by\}\}/);
  });

  it('accepts exact binds', () => {
    expect(() => checkBinds(t, { a: 'x', b: null }, 'a ASC')).not.toThrow();
    expect(() => checkBinds(plain, { a: null }, undefined)).not.toThrow();
  });

  it('rejects at load a parameter without a header, a header never used, an unknown type, a type conflict', () => {
    expect(() => parseTemplate('x', 'SELECT $a', source)).toThrow(/\$a has no @param/);
    expect(() => parseTemplate('x', '-- @param a VARCHAR\nSELECT 1', source)).toThrow(/never used/);
    expect(() => parseTemplate('x', '-- @param a TEXT\nSELECT $a', source)).toThrow(/unsupported parameter type/);
    expect(() => parseTemplate('x', '-- @param a VARCHAR\n-- @param a BIGINT\nSELECT $a', source)).toThrow(/declared as/);
  });
});

describe('the templates of the registry', () => {
  it('all load, and every query a list counts has a -- @total header', async () => {
    for (const ep of endpoints) {
      for (const id of Object.values(ep.queries)) await expect(loadTemplate(id), `${ep.path}: ${id}`).resolves.toBeDefined();
    }
  });

  it('use one name per meaning: no anchor, from_addr, to_addr or number parameters', async () => {
    for (const ep of endpoints) {
      for (const id of Object.values(ep.queries)) {
        const names = (await loadTemplate(id)).params.map((p) => p.name);
        for (const old of ['anchor', 'from_addr', 'to_addr', 'number']) expect(names, `${id}`).not.toContain(old);
      }
    }
  });
});
