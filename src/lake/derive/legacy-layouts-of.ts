/**
 * Prints the LEGACY_LAYOUTS entry (legacy-layouts.ts) of an older checkout, whose lakes record one `layout` id:
 *   git archive <commit> | tar -x -C /tmp/old && npx tsx src/lake/derive/legacy-layouts-of.ts /tmp/old <commit>
 * The single id is computed by the checkout's own code (so it is the id its lakes hold); the per-dataset ids by this
 * release's layout code over the checkout's catalog and sql/ (so a dataset unchanged since has this release's id).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SqlFiles } from '../datasets/index.ts';
import type { DerivedDataset } from '../datasets/growth.ts';
import { computeLayouts, sqlFolder } from './layout.ts';

// Such a checkout kept its derive SQL flat: sql/derive/<name>.sql and sql/derive/merge/<name>.sql.
const flatDerive = (n: string): SqlFiles => ({ derive: `derive/${n}`, merge: `derive/merge/${n}` });
const [checkout, commit] = process.argv.slice(2);
if (!checkout || !commit) throw new Error('usage: npx tsx src/lake/derive/legacy-layouts-of.ts <checkout> <commit>');
const mod = (rel: string): Promise<Record<string, unknown>> => import(pathToFileURL(path.resolve(checkout, rel)).href);
const old = await mod('src/lake/layout.ts');
if (typeof old.derivedLayout !== 'function') throw new Error(`${checkout} already records per-dataset layouts`);
const single = await (old.derivedLayout as () => Promise<string>)();
const datasets = (await mod('src/lake/derived.ts')).derivedDatasets as DerivedDataset[];
const layouts = Object.fromEntries(Object.entries(computeLayouts(datasets, sqlFolder(path.resolve(checkout, 'sql')), flatDerive)).map(([n, l]) => [n, l.id]));
// As the entry is written in legacy-layouts.ts.
console.log([
  `  '${single}': {`,
  `    commit: '${commit}',`,
  '    layouts: {',
  ...Object.entries(layouts).map(([n, id]) => `      ${n}: '${id}',`),
  '    },',
  '  },',
].join('\n'));
