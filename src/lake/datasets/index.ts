/**
 * The one registry of datasets: the source datasets by kind (raw.ts, dimensions.ts, snapshots.ts, reference.ts) and
 * the derived ones by family (derived/<family>.ts, each beside sql/derive/<family>/). Everything else (generator,
 * ingester, derive, views, docs) takes datasets from here. It fails loudly when it loads: two datasets of one name,
 * a derived dataset's SQL missing or reading a table nobody declares, a cycle of reads, or an invalid growth rule.
 * The derive order is computed from what each SELECT reads (derive/order.ts), never kept by hand.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { deriveOrder, readsOf, sqlFolder, sqlLibrary, sqlUse, unknownReads } from '../derive/order.ts';
import { checkGrowth, type DerivedDataset, hasMergeSql } from './growth.ts';
import { SQL_ROOT } from '../sql-files.ts';
import { accountState } from './derived/account-state.ts';
import { balances } from './derived/balances.ts';
import { holderHistory } from './derived/holder-history.ts';
import { flows } from './derived/flows.ts';
import { copies } from './derived/copies.ts';
import { dailyRollups } from './derived/daily-rollups.ts';
import { governance } from './derived/governance.ts';
import { defi } from './derived/defi.ts';
import { contractDetail } from './derived/contract-detail.ts';
import { security } from './derived/security.ts';
import { contracts, preWindowTotals, resourcePrices, tokenPrices, tokens, witnesses } from './dimensions.ts';
import { type Family, type SqlFiles, sqlFilesIn } from './family.ts';
import { blocks, dexPoolEvents, internalTransactions, lendingEvents, logs, stablecoinEvents, tokenApprovals, tokenTransfers, transactions } from './raw.ts';
import { addressLabels, chainAnchors, dexPools, multichainAddresses, nodeGeo, priceCandles, projectContracts, projects, riskAddresses, riskUrls } from './reference.ts';
import { accountSnapshots, chainParameters, contractCode, networkNodes, networkSnapshots, proposals, resourceDelegations, trc1155Snapshots, trc20Snapshots, witnessSnapshots } from './snapshots.ts';
import type { Dataset } from './types.ts';

export * from './types.ts';
export * from './raw.ts';
export * from './dimensions.ts';
export * from './snapshots.ts';
export * from './reference.ts';
export * from './derived/copies.ts';
export * from './derived/daily-rollups.ts';
export * from './derived/balances.ts';
export * from './derived/holder-history.ts';
export * from './derived/flows.ts';
export * from './derived/account-state.ts';
export * from './derived/governance.ts';
export * from './derived/defi.ts';
export * from './derived/security.ts';
export type { Family, SqlFiles } from './family.ts';

/** The snapshot datasets (node state as of a block). */
export const snapshotDatasets: Dataset[] = [accountSnapshots, resourceDelegations, networkSnapshots, trc20Snapshots, trc1155Snapshots, networkNodes, chainParameters, proposals, witnessSnapshots, contractCode];
/** The reference datasets (off-chain facts loaded by an operator). */
export const referenceDatasets: Dataset[] = [addressLabels, chainAnchors, nodeGeo, priceCandles, dexPools, projects, projectContracts, multichainAddresses, riskAddresses, riskUrls];
/** Raw and dimension datasets: what the generator and the ingester must write. */
export const sourceDatasets: Dataset[] = [
  blocks,
  transactions,
  tokenTransfers,
  tokenApprovals,
  internalTransactions,
  logs,
  stablecoinEvents,
  dexPoolEvents,
  lendingEvents,
  witnesses,
  tokens,
  contracts,
  tokenPrices,
  ...snapshotDatasets,
  ...referenceDatasets,
  resourcePrices,
  preWindowTotals,
];

// Registration order breaks ties in the derive order: a family's datasets before a later family's when neither reads
// the other (the layout ids hash a dataset's reads in derive order, so this order is part of them).
const families: Family[] = [copies, balances, dailyRollups, accountState, governance, holderHistory, defi, flows, security, contractDetail];
const familyOf = new Map<string, Family>();

/** Every derived dataset, in derive order (computed). Changed in place only by `registerFamilyForTests`. */
export const derivedDatasets: DerivedDataset[] = [];
/** Every dataset: the source datasets, then the derived ones in derive order. */
export const allDatasets: Dataset[] = [];

/** Registry generation: bumped when a test registers a family, so what was computed from the registry is computed again. */
export let registryGeneration = 0;

/** Checks every family and orders their datasets; throws naming the first problem. */
function build(): void {
  const byName = new Map<string, string>(sourceDatasets.map((d) => [d.name, `the ${d.kind} datasets`]));
  familyOf.clear();
  for (const f of families) {
    for (const ds of f.datasets) {
      const other = byName.get(ds.name);
      if (other) throw new Error(`dataset ${ds.name} is declared twice: in ${other} and in family ${f.name}`);
      byName.set(ds.name, `family ${f.name}`);
      familyOf.set(ds.name, f);
    }
  }
  const declared = families.flatMap((f) => f.datasets);
  const src = sqlFolder(SQL_ROOT);
  const lib = sqlLibrary(src);
  const known = new Set(byName.keys());
  const reads = new Map<string, string[]>();
  for (const ds of declared) {
    const files = sqlFilesOf(ds.name);
    for (const [what, rel] of [['SELECT', files.derive], ...(hasMergeSql(ds.growth) ? [['merge SELECT', files.merge]] : [])] as const) {
      if (!existsSync(path.join(SQL_ROOT, `${rel}.sql`))) throw new Error(`derived dataset ${ds.name} (family ${familyOf.get(ds.name)!.name}): its ${what} sql/${rel}.sql is missing`);
    }
    checkGrowth(ds);
    const use = sqlUse(ds, files, src, lib);
    const unknown = unknownReads(use, known);
    if (unknown.length) throw new Error(`derived dataset ${ds.name}: sql/${files.derive}.sql reads ${unknown.join(', ')}, which no dataset declares`);
    reads.set(ds.name, readsOf(ds.name, use, declared));
  }
  derivedDatasets.splice(0, derivedDatasets.length, ...deriveOrder(declared, reads));
  allDatasets.splice(0, allDatasets.length, ...sourceDatasets, ...derivedDatasets);
}

/** The SQL statement ids of a derived dataset, e.g. `sqlFilesOf('token_stats').derive` = `derive/balances/token_stats`. */
export function sqlFilesOf(name: string): SqlFiles {
  const f = familyOf.get(name);
  if (!f) throw new Error(`unknown derived dataset ${name}`);
  return sqlFilesIn(f, name);
}

/** The dataset declaration by name, e.g. `datasetByName('blocks')`. Throws on an unknown name. */
export function datasetByName(name: string): Dataset {
  const d = allDatasets.find((x) => x.name === name);
  if (!d) throw new Error(`unknown dataset ${name}`);
  return d;
}

/**
 * Tests only: adds a family (declarations + a folder of SQL) as a new dataset would be added and orders the registry
 * again, e.g. `const drop = registerFamilyForTests(throwawayFamily)`; throws as the registry does when it loads (the
 * family is not kept then). Returns the way back (test files share a worker's modules). Production code declares its
 * families above.
 */
export function registerFamilyForTests(family: Family): () => void {
  const rebuild = (): void => {
    build();
    registryGeneration++;
  };
  families.push(family);
  try {
    rebuild();
  } catch (e) {
    families.pop();
    rebuild();
    throw e;
  }
  return () => {
    families.splice(families.indexOf(family), 1);
    rebuild();
  };
}

build();
