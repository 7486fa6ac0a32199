/** One registry of every dataset: the source datasets of catalog.ts and the derived ones of derived.ts. */
import { type Dataset, sourceDatasets } from './catalog.ts';
import { derivedDatasets } from './derived.ts';

export const allDatasets: Dataset[] = [...sourceDatasets, ...derivedDatasets];

/** The dataset declaration by name, e.g. `datasetByName('blocks')`. Throws on an unknown name. */
export function datasetByName(name: string): Dataset {
  const d = allDatasets.find((x) => x.name === name);
  if (!d) throw new Error(`unknown dataset ${name}`);
  return d;
}
