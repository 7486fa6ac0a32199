/**
 * GET /api/stableCoin/holder/balance/overview (SPEC §4.4; shape: reference §3): per stablecoin contract, its positive
 * balances now by category, raw exact strings: `Wallet` (ordinary accounts: exchanges and the others), `JustLend`,
 * `SunSwap`, `SunCurve`, `Other` (other contracts); the categories of /api/stableCoin/distribution
 * (sql/deep/distribution.sql). CSV: one row per contract, its statistic as JSON.
 */
import { z } from 'zod';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { formatField } from '../kit/exports.ts';
import { intString, shape } from '../kit/schemas.ts';
import { categoryRows, itemsTable, refreshTimeInfo, refreshTimeInfoSchema, STABLE_CONTRACTS, type HolderCategory } from '../shapes/stablecoin-shape.ts';

const QUERIES = { categories: 'deep/distribution' } as const;

/** The overview's categories and the distribution categories each adds. */
const GROUPS: readonly [string, readonly HolderCategory[]][] = [
  ['Wallet', ['exchange', 'otherAccount']],
  ['JustLend', ['JustLend']],
  ['SunSwap', ['SunSwap']],
  ['SunCurve', ['SunCurve']],
  ['Other', ['otherContract']],
];

const params = z.object({ format: formatField() });

async function overviewOf(ctx: EndpointContext) {
  // The totals ride on every row of a category (the version's rows, shared with /api/stableCoin/distribution).
  const rows = await categoryRows(ctx);
  const totals = new Map<string, bigint>();
  for (const r of rows) totals.set(`${r.contract_address}|${r.category}`, BigInt(String(r.category_value)));
  return STABLE_CONTRACTS.map((c) => ({
    tokenAddress: c.address,
    tokenName: c.tokenName,
    decimal: c.decimals,
    statistic: GROUPS.map(([category, parts]) => ({
      balance: parts.reduce((a, k) => a + (totals.get(`${c.address}|${k}`) ?? 0n), 0n).toString(),
      tokenName: c.tokenName,
      category,
    })),
  }));
}

export default defineEndpoint({
  path: '/api/stableCoin/holder/balance/overview',
  method: 'GET',
  summary: 'Per stablecoin, its balances held by wallets, JustLend, SunSwap, SunCurve and other contracts.',
  params,
  response: z.looseObject({
    data: z.array(shape({
      tokenAddress: z.string(),
      tokenName: z.string(),
      decimal: z.number().int(),
      statistic: z.array(shape({ balance: intString, tokenName: z.string(), category: z.enum(GROUPS.map(([c]) => c) as [string, ...string[]]) })),
    })),
    refreshTimeInfo: refreshTimeInfoSchema,
  }),
  queries: QUERIES,
  async handle(_p, ctx) {
    return { data: await overviewOf(ctx), refreshTimeInfo: refreshTimeInfo(ctx.now) };
  },
  csv: {
    filename: 'stablecoin_balance_overview.csv',
    wanted: (p) => p.format === 'csv',
    table: async (_p, ctx) => itemsTable(await overviewOf(ctx), ['tokenAddress', 'tokenName', 'decimal', 'statistic']),
  },
});
