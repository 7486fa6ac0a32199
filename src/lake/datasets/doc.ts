/**
 * Renders docs/datasets.md from the dataset declarations, so the schema is documented from its one declaration
 * (`npm run docs` writes it; a test checks it is current).
 */
import { allDatasets } from './index.ts';
import type { DerivedDataset, Growth, GrowthRule } from './growth.ts';

/** One line per growth rule (src/lake/datasets/growth.ts), for docs/datasets.md. */
const GROWTH_DOC: Record<GrowthRule, string> = {
  'per-day': 'per UTC day; a publish recomputes the days it rewrites',
  runs: "as sorted runs of the new blocks' rows, merged size-tiered",
  state: "running state; a publish adds the new rows to the previous version's rows (sql/derive/<family>/<name>.merge.sql)",
  bounded: 'recomputed at every publish, at a cost bounded by a dimension',
};

function growthDoc(ds: DerivedDataset): string {
  const g: Growth = ds.growth;
  if (g.rule === 'bounded') return `${GROWTH_DOC.bounded} (${g.boundedBy})`;
  if (g.rule === 'per-day' && g.merge) return `${GROWTH_DOC['per-day']}, merging the new rows into the day's (measures combined by the catalog, distinct counts from the day's set in daily_account_roles by its merge SELECT)`;
  if (g.rule === 'per-day' && g.set) return `${GROWTH_DOC['per-day']}, a set: the day's distinct rows, the new rows added`;
  if (g.rule === 'per-day' && g.additive) return `${GROWTH_DOC['per-day']}, adding the new rows to the day's (its own SELECT over the new rows, combined by its measure columns)`;
  if (g.rule === 'runs' && g.keysOnly) return `${GROWTH_DOC.runs}, each run stored as its key file alone (no Parquet, no SQL view: only key-file readers, which answer from the raw tables without it)`;
  return GROWTH_DOC[g.rule];
}

/** The markdown of docs/datasets.md. */
export function renderDatasetsDoc(): string {
  const out = [
    '# Datasets',
    '',
    'Generated from the declarations in `src/lake/datasets/` by `npm run docs`; do not edit by hand.',
    '',
  ];
  for (const d of allDatasets) {
    const layout = d.partitioned ? ', partitioned by UTC day' : d.bucketBy ? `, bucketed by address_bucket(${d.bucketBy})` : '';
    out.push(`## ${d.name} (${d.kind}${layout})`, '', d.doc, '');
    out.push(`Sorted by ${d.sortBy.map((s) => `\`${s}\``).join(', ')}${d.rowGroupSize ? `; row groups of ${d.rowGroupSize} rows` : ''}.`, '');
    if ('growth' in d) out.push(`Grows: ${growthDoc(d as DerivedDataset)}.`, '');
    out.push('| column | type | null | meaning |', '|---|---|---|---|');
    for (const c of d.columns) out.push(`| ${c.name} | ${c.type} | ${c.nullable ? 'yes' : ''} | ${c.doc.replace(/\|/g, '\\|')} |`);
    out.push('');
  }
  return out.join('\n');
}
