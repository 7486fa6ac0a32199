/**
 * `tronlake bench sample-workload`: a realistic workload drawn from a lake itself (busy and quiet addresses, real
 * hashes, blocks, token contracts: never constants), one label per registered endpoint.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SUNSWAP_V2_POOLS } from '../chain/sunswap-pools.ts';
import { Db } from '../duckdb/duck.ts';
import { readManifest, versionDir } from '../lake/manifest.ts';
import { endpoints } from '../endpoints/index.ts';
import type { Workload, WorkloadItem } from './workload.ts';

export interface Samples {
  addresses: string[];
  busyAddresses: string[];
  hashes: string[];
  blocks: number[];
  producers: string[];
  trc20: string[];
  usdtHolders: string[];
  trc1155: string[];
  trc721: string[];
  trc10: string[];
  trc10Issuers: string[];
  internalAddresses: string[];
  internalContracts: string[];
  /** The DeFi pools of the lake's project_contracts reference (issue 34); none where it was never loaded. */
  pools: string[];
  /** Approvals: allowances with their history, 'contract,owner,spender' (busiest first). */
  allowances: string[];
  head: number;
  first: number;
}

/**
 * Draws samples with plain SQL over the version's Parquet files (the folder of one published version). Random rows
 * are the rows of smallest hash(key, salt), and every LIMIT has a total order, so one lake always gives the same
 * workload (DuckDB's REPEATABLE sampling is only repeatable single-threaded).
 */
export async function sampleParameters(dir: string): Promise<Samples> {
  const db = await Db.open({ threads: 2 });
  const raw = (name: string) => `read_parquet('${path.join(dir, 'raw', name, '*', '*.parquet')}', hive_partitioning = true)`;
  const col = async (sql: string): Promise<string[]> => (await db.all(sql)).map((r) => String(Object.values(r)[0]));
  try {
    const [h] = await db.all(`SELECT max("timestamp") AS head, min("timestamp") AS first FROM ${raw('blocks')}`);
    return {
      busyAddresses: await col(`SELECT owner_address FROM ${raw('transactions')} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 10`),
      addresses: await col(`SELECT owner_address FROM ${raw('transactions')} ORDER BY hash(tx_hash, 1), tx_hash LIMIT 40`),
      hashes: await col(`SELECT tx_hash FROM ${raw('transactions')} ORDER BY hash(tx_hash, 2), tx_hash LIMIT 50`),
      blocks: (await col(`SELECT block_number FROM ${raw('blocks')} ORDER BY hash(block_number, 3), block_number LIMIT 50`)).map(Number),
      producers: await col(`SELECT DISTINCT witness_address FROM ${raw('blocks')} ORDER BY 1 LIMIT 27`),
      trc20: await col(`SELECT contract_address FROM ${raw('token_transfers')} WHERE token_standard = 'trc20' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 10`),
      usdtHolders: await col(
        `SELECT to_address FROM ${raw('token_transfers')} WHERE contract_address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' ORDER BY hash(tx_hash, log_index, batch_index, 4), tx_hash, log_index, batch_index LIMIT 40`,
      ),
      trc1155: await col(`SELECT DISTINCT contract_address FROM ${raw('token_transfers')} WHERE token_standard = 'trc1155' ORDER BY 1`),
      trc721: await col(`SELECT DISTINCT contract_address FROM ${raw('token_transfers')} WHERE token_standard = 'trc721' ORDER BY 1`),
      trc10: await col(`SELECT token_id FROM ${raw('transactions')} WHERE contract_type = 2 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 5`),
      trc10Issuers: await col(`SELECT issuer_address FROM read_parquet('${path.join(dir, 'dim', 'tokens.parquet')}') WHERE token_standard = 'trc10' ORDER BY token_id, issuer_address LIMIT 5`),
      internalAddresses: await col(
        `SELECT caller_address FROM ${raw('internal_transactions')} ORDER BY hash(tx_hash, internal_index, 5), tx_hash, internal_index LIMIT 20`,
      ),
      internalContracts: await col(`SELECT DISTINCT contract_address FROM ${raw('transactions')} WHERE internal_count > 0 ORDER BY 1 LIMIT 10`),
      pools: existsSync(path.join(dir, 'ref', 'project_contracts.parquet'))
        ? await col(`SELECT contract_address FROM read_parquet('${path.join(dir, 'ref', 'project_contracts.parquet')}') WHERE role = 'pool' AND tokens IS NOT NULL ORDER BY 1 LIMIT 10`)
        : [],
      // approvals: the allowances with the most approvals, then sampled ones
      allowances: await col(`SELECT contract_address || ',' || owner_address || ',' || spender_address AS k FROM ${raw('token_approvals')} GROUP BY contract_address, owner_address, spender_address ORDER BY count(*) DESC, hash(k, 6), k LIMIT 20`),
      head: Number(h?.head ?? 0),
      first: Number(h?.first ?? 0),
    };
  } finally {
    db.close();
  }
}

const DAY = 86_400_000;
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** The coins tokenSupply/turnover serves (USDD 2.0, USDC, USDJ, TUSD; SPEC §4.4). */
const STABLE_SUPPLY_TOKENS = ['TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT', 'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4'];

/** Request targets (path and query) for an endpoint path; an endpoint without a recipe is measured on its bare path. */
export function urlsFor(p: string, s: Samples): string[] {
  const pick = <T>(xs: T[], n: number): T[] => xs.slice(0, n);
  const win = (i: number) => `start_timestamp=${s.head - (i + 1) * 7 * DAY}&end_timestamp=${s.head - i * 7 * DAY}`;
  const recipes: Record<string, () => string[]> = {
    '/api/block': () => [
      '/api/block',
      '/api/block?start=20&limit=20',
      ...pick(s.blocks, 10).map((b) => `/api/block?number=${b}`),
      ...pick(s.producers, 10).map((a) => `/api/block?producer=${a}&limit=20`),
      ...[0, 1, 2].map((i) => `/api/block?${win(i)}&sort=number`),
    ],
    '/api/block/statistic': () => ['/api/block/statistic'],
    '/api/transaction': () => [
      '/api/transaction',
      '/api/transaction?start=100&limit=50',
      ...pick(s.addresses, 15).map((a) => `/api/transaction?address=${a}`),
      ...pick(s.busyAddresses, 5).map((a) => `/api/transaction?address=${a}&direction=out&limit=20`),
      ...pick(s.blocks, 10).map((b) => `/api/transaction?block=${b}`),
      '/api/transaction?type=1&confirm=0,1',
      `/api/transaction?${win(1)}`,
    ],
    '/api/transaction-info': () => s.hashes.map((h) => `/api/transaction-info?hash=${h}`),
    '/api/transaction/statistics': () => ['/api/transaction/statistics'],
    '/api/token_trc20/transfers': () => [
      '/api/token_trc20/transfers',
      ...pick(s.trc20, 5).map((c) => `/api/token_trc20/transfers?contract_address=${c}`),
      ...pick(s.usdtHolders, 15).map((a) => `/api/token_trc20/transfers?relatedAddress=${a}`),
      `/api/token_trc20/transfers?${win(2)}`,
    ],
    '/api/token_trc1155/transfers': () => [
      '/api/token_trc1155/transfers',
      ...s.trc1155.map((c) => `/api/token_trc1155/transfers?contract_address=${c}`),
    ],
    '/api/transfer': () => [
      '/api/transfer',
      ...pick(s.addresses, 15).map((a) => `/api/transfer?address=${a}`),
      ...pick(s.blocks, 5).map((b) => `/api/transfer?block=${b}`),
      '/api/transfer?tokens=_',
    ],
    '/api/internal-transaction': () => [
      ...pick(s.internalAddresses, 10).map((a) => `/api/internal-transaction?address=${a}`),
      ...pick(s.internalContracts, 5).map((c) => `/api/internal-transaction?contract=${c}`),
      ...pick(s.blocks, 5).map((b) => `/api/internal-transaction?block=${b}`),
    ],
    '/api/token_trc20/transfers-with-status': () =>
      pick(s.usdtHolders, 20).flatMap((a) => [
        `/api/token_trc20/transfers-with-status?trc20Id=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t&address=${a}`,
        `/api/token_trc20/transfers-with-status?trc20Id=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t&address=${a}&direction=2`,
      ]),
    '/api/transfer/statistics': () => ['/api/transfer/statistics'],
    '/api/tokens/overview': () => ['/api/tokens/overview', '/api/tokens/overview?sort=holderCount', '/api/tokens/overview?filter=trc20&sort=volume24hInTrx&order=asc'],
    '/api/token_trc20': () => ['/api/token_trc20', ...pick(s.trc20, 5).map((c) => `/api/token_trc20?contract=${c}`)],
    '/api/token': () => ['/api/token', '/api/token?id=0', ...pick(s.trc10, 5).map((id) => `/api/token?id=${id}`)],
    '/api/token_trc20/holders': () => [
      ...pick(s.trc20, 5).map((c) => `/api/token_trc20/holders?contract_address=${c}`),
      ...pick(s.usdtHolders, 10).map((a) => `/api/token_trc20/holders?holder_address=${a}`),
    ],
    '/api/tokenholders': () => pick(s.trc10Issuers, 5).map((a) => `/api/tokenholders?address=${a}`),
    '/api/tokens/position-distribution': () => [...pick(s.trc20, 5), ...pick(s.trc10, 3)].map((t) => `/api/tokens/position-distribution?tokenId=${t}`),
    '/api/token/price': () => ['/api/token/price', '/api/token/price?token=usdt', '/api/token/price?token=btt'],
    '/api/getAssetWithPriceList': () => ['/api/getAssetWithPriceList'],
    '/api/trc721/transfers': () => pick(s.trc721, 3).flatMap((c) => [1, 2, 3].map((i) => `/api/trc721/transfers?contract=${c}&tokenId=${i}`)),
    '/api/asset/transfer': () => ['/api/asset/transfer', '/api/asset/transfer?name=trx', ...pick(s.addresses, 10).map((a) => `/api/asset/transfer?address=${a}`)],
    '/api/trc1155/inventory': () => s.trc1155.map((c) => `/api/trc1155/inventory?contract=${c}`),
    '/api/trc1155/token/inventory': () => s.trc1155.flatMap((c) => [1, 2, 3].map((i) => `/api/trc1155/token/inventory?contract=${c}&tokenId=${i}`)),
    '/api/token_trc20/totalSupply': () => pick(s.trc20, 5).map((c) => `/api/token_trc20/totalSupply?address=${c}`),
    '/api/trc721/token': () => pick(s.trc721, 3).map((c) => `/api/trc721/token?contract=${c}`),
    '/api/token/all': () => ['/api/token/all', '/api/token/all?start=20&limit=20'],
    // Account state (issue 12): witnesses as candidates (their voter lists are the longest), sampled senders as voters.
    '/api/vote': () => [...pick(s.producers, 10).map((a) => `/api/vote?candidate=${a}`), ...pick(s.addresses, 10).map((a) => `/api/vote?voter=${a}`)],
    '/api/account/votes': () => pick(s.addresses, 20).map((a) => `/api/account/votes?address=${a}`),
    '/api/security/sign/data': () => pick(s.addresses, 20).map((a) => `/api/security/sign/data?address=${a}`),
    '/api/account/resource': () => pick(s.addresses, 20).map((a) => `/api/account/resource?address=${a}`),
    '/api/account/resource/unfreeze': () => pick(s.addresses, 20).map((a) => `/api/account/resource/unfreeze?address=${a}`),
    '/api/account/resourcev2': () => [
      ...pick(s.addresses, 10).map((a) => `/api/account/resourcev2?address=${a}`),
      ...pick(s.addresses, 10).map((a, i) => `/api/account/resourcev2?address=${a}&type=${1 + (i % 4)}`),
    ],
    '/api/acquisition_cost_statistic': () => ['/api/acquisition_cost_statistic', `/api/acquisition_cost_statistic?${win(0)}&limit=100`],
    // Statistics (issue 11): defaults, every granularity, the whole lake.
    '/api/energydailystatistic': () => ['/api/energydailystatistic', `/api/energydailystatistic?day=${s.head - DAY}&limit=50`],
    '/api/triggeramountstatistic': () => ['/api/triggeramountstatistic', `/api/triggeramountstatistic?day=${s.head - 2 * DAY}&limit=50`],
    '/api/energystatistic': () => ['/api/energystatistic', '/api/energystatistic?type=1', '/api/energystatistic?type=2', `/api/energystatistic?${win(0)}`],
    '/api/netstatistic': () => ['/api/netstatistic', '/api/netstatistic?type=month', `/api/netstatistic?${win(1)}`],
    '/api/triggerstatistic': () => ['/api/triggerstatistic', `/api/triggerstatistic?${win(0)}`],
    '/api/calleraddressstatistic': () => ['/api/calleraddressstatistic', `/api/calleraddressstatistic?${win(1)}`],
    '/api/contract_caller_statistic': () => ['/api/contract_caller_statistic', `/api/contract_caller_statistic?${win(2)}`],
    '/api/overview/dailyavgblockSize': () => ['/api/overview/dailyavgblockSize', '/api/overview/dailyavgblockSize?days=90'],
    '/api/overview/dailytransactionnum': () => ['/api/overview/dailytransactionnum', '/api/overview/dailytransactionnum?type=1&days=90', '/api/overview/dailytransactionnum?type=2&days=90'],
    '/api/overview/transactionnum': () => ['/api/overview/transactionnum', '/api/overview/transactionnum?days=90'],
    '/api/overview/totalblockchainsize': () => ['/api/overview/totalblockchainsize', '/api/overview/totalblockchainsize?days=90'],
    '/api/account/active_statistic': () => ['/api/account/active_statistic', '/api/account/active_statistic?type=week&days=90', '/api/account/active_statistic?type=MONTH&days=90'],
    '/api/tokenTransfer/analysis': () => ['/api/tokenTransfer/analysis', ...pick(s.trc20, 3).map((c) => `/api/tokenTransfer/analysis?token=${c}&days=30`)],
    '/api/token/analysis': () => pick(s.trc20, 5).map((c) => `/api/token/analysis?token=${c}`),
    '/api/stats/overview': () => ['/api/stats/overview', '/api/stats/overview?days=90'],
    '/api/top10': () => ['/api/top10', ...Array.from({ length: 20 }, (_, i) => `/api/top10?type=${i + 1}&time=2`), '/api/top10?type=1,5,13&time=3'],
    '/api/turnover/new': () => ['/api/turnover/new', '/api/turnover/new?timeType=1', '/api/turnover/new?timeType=2'],
    '/api/consumption/statistic': () => ['/api/consumption/statistic', '/api/consumption/statistic?type=stake&timeType=1'],
    // Governance and network (issue 13).
    '/api/pagewitness': () => ['/api/pagewitness', '/api/pagewitness?witnesstype=1', '/api/pagewitness?witnesstype=2&sortField=votes&sort=1', '/api/pagewitness?witnesstype=3&sortField=annualizedRate', '/api/pagewitness?sortField=producePercentage&sort=1&limit=50'],
    '/api/vote/witness': () => ['/api/vote/witness', ...pick(s.producers, 5).map((a) => `/api/vote/witness?address=${a}`)],
    '/api/proposal': () => ['/api/proposal', '/api/proposal?state=APPROVED&limit=50', `/api/proposal?limit=20&address=${s.producers[0] ?? ''}`, '/api/proposal?id=101'],
    // Accounts (issue 14, part 2): every sort both ways, a deep page, single addresses.
    '/api/account/list': () => [
      ...['-balance', 'balance', '-power', 'power', '-totaltransactioncount', 'totaltransactioncount'].map((o) => `/api/account/list?sort=${o}&limit=20`),
      '/api/account/list?start=9950&limit=50', ...pick(s.addresses, 10).map((a) => `/api/account/list?address=${a}`),
    ],
    '/api/accountv2': () => pick(s.addresses, 20).map((a) => `/api/accountv2?address=${a}`),
    '/api/overview/dailyaccounts': () => ['/api/overview/dailyaccounts', '/api/overview/dailyaccounts?days=90'],
    '/api/overview/accountswithtrx': () => ['/api/overview/accountswithtrx', '/api/overview/accountswithtrx?days=90'],
    // Every type for quiet addresses (default range: the last 30 days), the busiest addresses over the whole lake.
    '/api/account/analysis': () => [
      ...pick(s.addresses, 15).map((a, i) => `/api/account/analysis?address=${a}&type=${i % 5}`),
      ...pick(s.busyAddresses, 5).map((a, i) => `/api/account/analysis?address=${a}&type=${i % 5}&start_timestamp=1500000000000&end_timestamp=2000000000000`),
    ],
    // Wallet transfer lists (issue 14): quiet and busy addresses, each direction, fee rows, oldest first.
    '/api/transfer/trx': () => [
      ...pick(s.addresses, 10).map((a, i) => `/api/transfer/trx?address=${a}&direction=${i % 3}`),
      ...pick(s.busyAddresses, 5).map((a, i) => `/api/transfer/trx?address=${a}&direction=${i % 3}&fee=true`),
      ...pick(s.busyAddresses, 3).map((a) => `/api/transfer/trx?address=${a}&direction=0&reverse=false`),
    ],
    '/api/transfer/token10': () =>
      pick(s.trc10, 5).flatMap((id, i) => [
        ...(s.trc10Issuers[i] ? [`/api/transfer/token10?address=${s.trc10Issuers[i]}&trc10Id=${id}&direction=0`] : []),
        ...pick(s.addresses, 2).map((a) => `/api/transfer/token10?address=${a}&trc10Id=${id}`),
      ]),
    '/api/transfer/trc20': () => [
      ...pick(s.usdtHolders, 10).map((a, i) => `/api/transfer/trc20?address=${a}&trc20Id=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t&direction=${i % 3}`),
      ...pick(s.busyAddresses, 5).flatMap((a) => pick(s.trc20, 1).map((c) => `/api/transfer/trc20?address=${a}&trc20Id=${c}&direction=0`)),
    ],
    // Holdings (issue 14): token holders and random senders.
    '/api/account/tokens': () => [
      ...pick(s.usdtHolders, 10).map((a) => `/api/account/tokens?address=${a}`),
      ...pick(s.addresses, 10).map((a, i) => `/api/account/tokens?address=${a}&show=${[0, 3][i % 2]}&hidden=1`),
    ],
    '/api/account/wallet': () => [...pick(s.usdtHolders, 10), ...pick(s.addresses, 10)].map((a) => `/api/account/wallet?address=${a}`),
    '/api/account/token_asset_overview': () => [...pick(s.usdtHolders, 10), ...pick(s.addresses, 10)].map((a) => `/api/account/token_asset_overview?address=${a}&sort=true`),
    // Stablecoins (issue 31): the defaults, each coin, and the holders of the lake's USDT.
    '/api/deep/stableCoin/totalSupply/keyEvents': () => [
      '/api/deep/stableCoin/totalSupply/keyEvents?start=0&sort=2&direction=2',
      '/api/deep/stableCoin/totalSupply/keyEvents?start=0&sort=1&direction=2&USDT=Issue,Redeem',
      '/api/deep/stableCoin/totalSupply/keyEvents?start=0&limit=20&sort=time&direction=1&USDT=1&USDCOLD=1',
    ],
    '/api/stableCoin/blackList': () => ['/api/stableCoin/blackList', '/api/stableCoin/blackList?sort=2&direction=2', `/api/stableCoin/blackList?tokenAddress=${USDT}`],
    '/api/stableCoin/totalSupply/change': () => ['/api/stableCoin/totalSupply/change', `/api/stableCoin/totalSupply/change?startTime=${Math.floor((s.head - 30 * DAY) / 1000)}`],
    '/api/stableCoin/tokenSupply/turnover': () => STABLE_SUPPLY_TOKENS.map((t) => `/api/stableCoin/tokenSupply/turnover?tokenAddress=${t}`),
    '/api/stableCoin/holder/top': () => ['/api/stableCoin/holder/top', '/api/stableCoin/holder/top?sort=USDC&viewContract=2', '/api/stableCoin/holder/top?sort=USDD&direction=1'],
    '/api/stableCoin/holder/change': () => ['/api/stableCoin/holder/change', `/api/stableCoin/holder/change?startDay=${new Date(s.head - 60 * DAY).toISOString().slice(0, 10)}`],
    '/api/stableCoin/distribution': () => [USDT, ...STABLE_SUPPLY_TOKENS].map((t) => `/api/stableCoin/distribution?token=${t}`),
    '/api/stableCoin/distribution/change': () => [USDT, ...STABLE_SUPPLY_TOKENS].map((t) => `/api/stableCoin/distribution/change?token=${t}`),
    '/api/stableCoin/transferAmount': () => ['/api/stableCoin/transferAmount', '/api/stableCoin/transferAmount?type=addLine'],
    '/api/stableCoin/overview': () => ['/api/stableCoin/overview', ...[USDT, ...STABLE_SUPPLY_TOKENS].map((t) => `/api/stableCoin/overview?tokenAddress=${t}`)],
    '/api/deep/account/holderToken/basicInfo/trc20/transfer': () => pick(s.usdtHolders, 10).map((a) => `/api/deep/account/holderToken/basicInfo/trc20/transfer?accountAddress=${a}&tokenAddress=${USDT}`),
    '/api/account/holderToken/basicInfo': () => [
      ...pick(s.usdtHolders, 10).map((a) => `/api/account/holderToken/basicInfo?accountAddress=${a}&tokenAddress=${USDT}`),
      ...pick(s.addresses, 5).map((a) => `/api/account/holderToken/basicInfo?accountAddress=${a}&tokenAddress=0`),
    ],
    '/api/account/holderToken/asset/valueInfo': () => pick(s.usdtHolders, 10).map((a) => `/api/account/holderToken/asset/valueInfo?accountAddress=${a}&tokenAddress=${USDT}`),
    '/api/account/holderToken/asset/changeBalance': () => [
      ...pick(s.usdtHolders, 10).map((a) => `/api/account/holderToken/asset/changeBalance?accountAddress=${a}&tokenAddress=${USDT}`),
      ...pick(s.addresses, 5).map((a) => `/api/account/holderToken/asset/changeBalance?accountAddress=${a}&tokenAddress=0`),
    ],
    // DeFi (issue 34): the lake's pools (one not whitelisted answers `{}` or empty: still 200), windows' defaults,
    // quiet and busy accounts.
    '/api/stableCoin/pool/info': () => ['/api/stableCoin/pool/info'],
    '/api/stableCoin/tvl': () => ['/api/stableCoin/tvl', `/api/stableCoin/tvl?token=${USDT}`],
    '/api/stableCoin/pool/overview': () => poolsOf(s).map((a) => `/api/stableCoin/pool/overview?pool=${a}`),
    '/api/stableCoin/pool/change': () => poolsOf(s).map((a) => `/api/stableCoin/pool/change?pool=${a}`),
    '/api/stableCoin/pool/trend': () => poolsOf(s).map((a) => `/api/stableCoin/pool/trend?pool=${a}`),
    '/api/defiTvl': () => ['/api/defiTvl', '/api/defiTvl?type=tvlline&show=day'],
    '/api/deep/stableCoin/liquidity/transaction': () => ['/api/deep/stableCoin/liquidity/transaction', '/api/deep/stableCoin/liquidity/transaction?minValue=0&limit=50'],
    '/api/deep/account/relatedAccount': () => [...pick(s.busyAddresses, 5), ...pick(s.addresses, 5)].map((a) => `/api/deep/account/relatedAccount?address=${a}`),
    '/api/deep/account/transferAmount': () => [...pick(s.busyAddresses, 5), ...pick(s.addresses, 5)].map((a) => `/api/deep/account/transferAmount?address=${a}`),
    // bigAmount (issue 34): `types` is required, token/bigAmount also `address` and a TRC20 `relatedToken`.
    '/api/deep/stableCoin/bigAmount': () => [
      '/api/deep/stableCoin/bigAmount?types=0', '/api/deep/stableCoin/bigAmount?types=3,4,5,6,7,8,9&sortBy=usd',
      `/api/deep/stableCoin/bigAmount?types=1,2&txUsd=10000,&relatedToken=${USDT}&sortBy=amount&asc=true`,
      ...pick(s.usdtHolders, 5).map((a) => `/api/deep/stableCoin/bigAmount?types=0&address=${a}`),
    ],
    '/api/deep/account/token/bigAmount': () => [
      ...pick(s.usdtHolders, 5).map((a) => `/api/deep/account/token/bigAmount?types=0&address=${a}&relatedToken=${USDT}`),
      ...pick(s.busyAddresses, 5).map((a) => `/api/deep/account/token/bigAmount?types=1,2,3&address=${a}&relatedToken=${USDT}&sortBy=usd`),
    ],
    // DeFi positions (issue 34): busy and quiet accounts (most hold none: the empty shape), both detail modes, a filter.
    '/api/participate_project': () => [
      ...[...pick(s.busyAddresses, 5), ...pick(s.addresses, 5)].map((a) => `/api/participate_project?address=${a}`),
      ...pick(s.busyAddresses, 2).map((a) => `/api/participate_project?address=${a}&detail=0&justLendFilter=1`),
    ],
    // Search and homepage: `term` is required; a symbol prefix, an address, a hash, a block height.
    '/api/search/v2': () => [
      '/api/search/v2?term=us', '/api/search/v2?term=USDT&type=token', '/api/search/v2?term=Binance&type=address&limit=50',
      ...pick(s.addresses, 3).map((a) => `/api/search/v2?term=${a}`),
      ...pick(s.hashes, 3).map((h) => `/api/search/v2?term=${h}`),
      ...pick(s.blocks, 3).map((b) => `/api/search/v2?term=${b}&type=block`),
    ],
    '/api/account/tag': () => [...pick(s.busyAddresses, 5), ...pick(s.addresses, 5)].map((a) => `/api/account/tag?address=${a}`),
    '/api/multiple/chain/query': () => [...pick(s.trc20, 5), ...pick(s.addresses, 5)].map((a) => `/api/multiple/chain/query?address=${a}`),
    // Approvals and security (SPEC §4.3, §4.11): approving owners, busy and quiet addresses, tokens, real hashes.
    '/api/account/approve/list': () => [
      ...pick(s.allowances, 10).map((x) => `/api/account/approve/list?address=${x.split(',')[1]}`),
      ...pick(s.allowances, 5).map((x) => `/api/account/approve/list?address=${x.split(',')[1]}&type=token&limit=50`),
      ...pick(s.addresses, 5).map((a) => `/api/account/approve/list?address=${a}`),
    ],
    '/api/account/approve/change': () => pick(s.allowances, 10).flatMap((x) => {
      const [c, o, sp] = x.split(',');
      return [`/api/account/approve/change?contract_address=${c}&from_address=${o}&to_address=${sp}`, `/api/account/approve/change?contract_address=${c}&from_address=${o}&to_address=${sp}&type=transfer`];
    }),
    '/api/security/auth/data': () => [...pick(s.allowances, 10).map((x) => `/api/security/auth/data?address=${x.split(',')[1]}`), ...pick(s.addresses, 10).map((a) => `/api/security/auth/data?address=${a}`)],
    '/api/security/account/data': () => [...pick(s.busyAddresses, 10), ...pick(s.addresses, 10)].map((a) => `/api/security/account/data?address=${a}`),
    '/api/security/token/data': () => [...pick(s.trc20, 10), ...pick(s.trc10, 5), ...pick(s.trc721, 3)].map((t) => `/api/security/token/data?address=${t}`),
    '/api/security/url/data': () => ['https://tronscan.org/#/', 'tron-reward.example/claim', 'https://app.sun.io', 'not a url'].map((u) => `/api/security/url/data?url=${encodeURIComponent(u)}`),
    '/api/security/transaction/data': () => [
      ...pick(s.hashes, 20).map((h) => `/api/security/transaction/data?hashes=${h}`),
      `/api/security/transaction/data?hashes=${pick(s.hashes, 10).join(',')}`,
    ],
    // Contract statistics (SPEC §4.6): the most called token contracts and contracts with internal
    // calls, whole lake and 7-day ranges; the network's calls in windows.
    '/api/contracts/trigger': () => ['/api/contracts/trigger', '/api/contracts/trigger?start=40&limit=50', ...[0, 1, 2].map((i) => `/api/contracts/trigger?${win(i)}`)],
    '/api/onecontractenergystatistic': () => [...pick(s.trc20, 5), ...pick(s.internalContracts, 3)].map((c, i) => `/api/onecontractenergystatistic?address=${c}${i % 2 ? `&${win(0)}` : ''}`),
    '/api/onecontracttriggerstatistic': () => [...pick(s.trc20, 5), ...pick(s.internalContracts, 3)].map((c, i) => `/api/onecontracttriggerstatistic?address=${c}${i % 2 ? `&start_timestamp=${Math.floor((s.head - 7 * DAY) / 1000)}` : ''}`),
    '/api/onecontractcallerstatistic': () => [...pick(s.trc20, 5), ...pick(s.internalContracts, 3)].map((c, i) => `/api/onecontractcallerstatistic?address=${c}${i % 2 ? `&start_timestamp=${Math.floor((s.head - 7 * DAY) / 1000)}` : ''}`),
    '/api/onecontractcallers': () => [...pick(s.trc20, 5), ...pick(s.internalContracts, 3)].flatMap((c) => [`/api/onecontractcallers?address=${c}`, `/api/onecontractcallers?address=${c}&day=0&start=10&limit=50`]),
    '/api/contracts/top_call': () => [...pick(s.trc20, 5), ...pick(s.internalContracts, 5)].map((c) => `/api/contracts/top_call?contract_address=${c}`),
    // ---- end contract statistics
    // Contract detail: token contracts and contracts called internally, every analysis type, the list's sorts and filters.
    '/api/contracts': () => [
      '/api/contracts', '/api/contracts?sort=-balance&limit=50', '/api/contracts?sort=-timestamp&start=20', '/api/contracts?search=sun',
      ...pick(s.trc20, 2).map((c) => `/api/contracts?search=${c}`),
    ],
    '/api/contract': () => [...pick(s.trc20, 5), ...pick(s.internalContracts, 5)].map((c) => `/api/contract?contract=${c}`),
    '/api/contracts/smart-contract-triggers-batch': () => [
      ...pick(s.trc20, 4).map((c, i) => ({ contractAddress: c, limit: 10 * (i + 1) })),
      { hashList: pick(s.hashes, 20) },
      ...pick(s.blocks, 3).map((b) => ({ term: String(b) })),
      { contractAddress: s.trc20[0], term: 'Transfer' },
    ].map((b) => `/api/contracts/smart-contract-triggers-batch?body=${encodeURIComponent(JSON.stringify(b))}`),
    '/api/contract/analysis': () => [
      ...pick(s.trc20, 6).map((c, i) => `/api/contract/analysis?address=${c}&type=${i % 6}`),
      ...pick(s.internalContracts, 6).map((c, i) => `/api/contract/analysis?address=${c}&type=${(i + 3) % 6}&start_timestamp=1500000000&end_timestamp=2000000000`),
    ],
  };
  const urls = recipes[p]?.() ?? [p];
  return urls.length > 0 ? urls : [p];
}

/** The lake's pools, else the code registry's USDT/WTRX pair (a lake without the reference answers it empty, 200). */
function poolsOf(s: Samples): string[] {
  return s.pools.length > 0 ? s.pools : SUNSWAP_V2_POOLS.map((p) => p.pool);
}

/** The API key the sample workload sends to key-protected endpoints. */
export const SAMPLE_API_KEY = 'tronlake-bench';

/** Each label gets about this much weight in total, so every endpoint has about an equal share of a mixed run. */
const LABEL_WEIGHT = 120;

/**
 * A workload over every registered endpoint with parameters drawn from the lake in `dataDir`, e.g.
 * `(await sampleWorkload('data/default')).items.length` ≈ 400. Every line expects status 200.
 */
export async function sampleWorkload(dataDir: string, only?: (endpointPath: string) => boolean): Promise<Workload> {
  const m = await readManifest(dataDir);
  if (!m) throw new Error(`no lake in ${dataDir} (no manifest.json): generate one with \`tronlake generate\` or ingest one`);
  const samples = await sampleParameters(versionDir(dataDir, m));
  const items: WorkloadItem[] = [];
  for (const ep of endpoints) {
    if (only && !only(ep.path)) continue;
    const targets = urlsFor(ep.path, samples);
    const weight = Math.max(1, Math.round(LABEL_WEIGHT / targets.length));
    for (const t of targets) {
      const u = new URL(t, 'http://x');
      const item: WorkloadItem = { method: ep.method, path: u.pathname, weight, label: `${ep.method} ${ep.path}`, expect: { status: 200 } };
      // A POST recipe carries its JSON body as `?body=` (the SPEC's one POST, the triggers batch).
      if (ep.method === 'POST') {
        const body = u.searchParams.get('body');
        if (body) item.body = JSON.parse(body);
      } else if (u.search) item.query = Object.fromEntries(u.searchParams);
      // A key-protected endpoint (keyEvents) is asked with a key; a server with a key list (`--api-keys`) needs this one on it.
      if (ep.requiresKey) item.headers = { 'CHAIN-PRO-API-KEY': SAMPLE_API_KEY };
      items.push(item);
    }
  }
  return {
    comments: [
      `tronlake sample workload drawn from ${dataDir}: dataset version ${m.version}, fingerprint ${m.fingerprint}, head block ${m.head.number}`,
      `one label per endpoint, about equal weight per label; format: src/bench/README.md`,
    ],
    items,
  };
}
