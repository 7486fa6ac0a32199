/**
 * GET /api/contracts (SPEC §4.6; shape: reference §2.1): the contracts the lake knows (contract_list: the contracts
 * dimension with each one's head TRX balance and the transactions it received in the lake), sorted by `-trxCount`
 * (default), `-balance` or `-timestamp` (creation; each also ascending), filtered by `search` (an address, or a part of
 * the name), `owner` (deployer) and creation time (start_timestamp / end_timestamp, ms). Verification, licence and
 * compiler data are off-chain and the lake holds none: every row is `verify_status` 0 with empty texts, so
 * `verified-only` / `open-source-only` match no contract and the verified counts are 0 (docs/compat.md "Contracts").
 * triggerTop7 / totalTrigger: the calls of the head's UTC day so far; `percentage` a contract's share of them (0-1).
 */
import { z } from 'zod';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { address, bool, pagingFields, signedSort, signedSortClauses, timestampMs, type PagingOptions } from '../../params/index.ts';
import { formatField, listCsv, withExportPage } from '../kit/exports.ts';
import type { SqlRows } from '../kit/sql-types.generated.ts';
import { exactJson as exact, numOr0, str } from '../shapes/cells.ts';
import { count, exactInt } from '../kit/schemas.ts';
import { DAY_MS } from '../../time.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: true };
const SORTS = { trxCount: 'trx_count', balance: 'balance', timestamp: 'created_ts' };
const TIE = ['address'];

const params = z
  .object({
    search: z.string().trim().min(1).max(200).optional().meta({ description: 'A contract address (exact) or a part of its name (case-insensitive).' }),
    sort: signedSort(SORTS, '-trxCount', TIE),
    'open-source-only': bool().optional().meta({ description: 'Only open-source (verified) contracts: the lake holds no verification data, so true matches none.' }),
    'verified-only': bool().optional().meta({ description: 'Only verified contracts: the lake holds no verification data, so true matches none.' }),
    owner: address().optional().meta({ description: 'Deployer address.' }),
    start_timestamp: timestampMs().optional().meta({ description: 'Created at or after, ms.' }),
    end_timestamp: timestampMs().optional().meta({ description: 'Created at or before, ms.' }),
    ...pagingFields(paging),
    format: formatField(),
  })
  .transform(withExportPage(paging));
type Params = z.output<typeof params>;

const QUERIES = {
  page: 'contract/contracts',
  tokens: 'contract/contracts-tokens',
  totals: 'contract/contracts-totals',
  top: 'contract/contracts-top',
} as const;

const trc20token = z.object({
  icon_url: z.string(), symbol: z.string(), total_supply: z.string(), level: z.string(), contract_address: z.string(),
  issuer_addr: z.string(), home_page: z.string(), token_desc: z.string(), holders_count: z.string(), git_hub: z.string(),
  decimals: z.string(), name: z.string(), issue_time: z.string(), white_paper: z.string(), email: z.string(),
  social_media: z.string(), status: z.string(), token_type: z.string(),
});

export const contractsItem = z.object({
  address: z.string(),
  name: z.string(),
  verify_status: z.number().int(),
  balance: exactInt,
  trxCount: exactInt,
  date_created: z.number().int(),
  license: z.string(),
  compile_version: z.string(),
  compile_settings: z.string(),
  verify_time: z.number().int(),
  tag1: z.string(),
  tag1Url: z.string(),
  publicTagDesc: z.string(),
  risk: z.boolean(),
  vip: z.boolean(),
  trc20token: trc20token.optional(),
});

type TokenRow = SqlRows['contract/contracts-tokens'];
type PageRow = SqlRows['contract/contracts'];

/** "yyyy-MM-dd HH:mm:ss" (UTC) of a time in ms. */
const issueTime = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

function tokenOf(k: TokenRow) {
  return {
    icon_url: str(k.logo_url), symbol: str(k.symbol), total_supply: str(k.total_supply_raw), level: String(numOr0(k.level)),
    contract_address: str(k.token_id), issuer_addr: str(k.issuer_address), home_page: str(k.home_page), token_desc: str(k.description),
    holders_count: String(numOr0(k.holder_count)), git_hub: '', decimals: String(numOr0(k.decimals)), name: str(k.name),
    issue_time: issueTime(numOr0(k.created_ts)), white_paper: '', email: '', social_media: '[]', status: '', token_type: str(k.token_standard),
  };
}

function itemOf(r: PageRow, token: TokenRow | undefined): z.infer<typeof contractsItem> {
  return {
    address: str(r.address),
    name: str(r.name),
    verify_status: 0,
    balance: exact(r.balance),
    trxCount: exact(r.trx_count),
    date_created: numOr0(r.created_ts),
    license: '',
    compile_version: '',
    compile_settings: '',
    verify_time: 0,
    tag1: str(r.tag),
    tag1Url: '',
    publicTagDesc: '',
    risk: false,
    vip: false,
    ...(token ? { trc20token: tokenOf(token) } : {}),
  };
}

/** The filtered, sorted page with each token contract's trc20token (none when a verification filter is asked: nothing is known verified). */
async function pageOf(p: Params, ctx: EndpointContext, limit: number): Promise<{ items: z.infer<typeof contractsItem>[]; rangeTotal: number }> {
  if (p['verified-only'] === true || p['open-source-only'] === true) return { items: [], rangeTotal: 0 };
  const filters = { search: p.search ?? null, owner: p.owner ?? null, start_ts: p.start_timestamp ?? null, end_ts: p.end_timestamp ?? null };
  const [rows, [counted]] = await Promise.all([
    ctx.typedRows(QUERIES.page, Object.assign({}, filters, { lim: limit, off: p.page.start }), p.sort.orderBy),
    ctx.typedRows('contract/contracts.total', filters),
  ]);
  const tokenIds = rows.filter((r) => r.is_token === true).map((r) => str(r.address));
  const tokens = tokenIds.length ? await ctx.typedRows(QUERIES.tokens, { addresses: tokenIds }) : [];
  const byId = new Map(tokens.map((k) => [str(k.token_id), k]));
  return { items: rows.map((r) => itemOf(r, byId.get(str(r.address)))), rangeTotal: numOr0(counted?.n) };
}

export default defineEndpoint({
  path: '/api/contracts',
  method: 'GET',
  summary: 'Smart contracts sorted by calls, balance or creation time, with the most-called contracts of the day.',
  params,
  queries: QUERIES,
  orderBys: [...new Set(signedSortClauses(SORTS, TIE))],
  response: z.looseObject({
    code: z.literal(200),
    message: z.string(),
    total: count,
    rangeTotal: count,
    data: z.array(contractsItem),
    triggerTop7: z.array(z.object({
      tag1: z.string(), tag1Url: z.string(), contract: z.string(), percentage: z.number(), name: z.string(),
      risk: z.boolean(), triggers: exactInt, publicTagDesc: z.string(),
    })),
    contractCount: count,
    contractCount24h: count,
    verifyContractCount: count,
    verifyContractCount24h: count,
    totalTrigger: exactInt,
    updateTime: count,
    status: z.object({ code: z.literal(0), message: z.literal('SUCCESS') }),
  }),
  csv: listCsv<Params>('/api/contracts', Object.keys(contractsItem.shape), async (p, ctx) => ({
    items: (await pageOf(p, ctx, p.page.limit ?? 10_000)).items,
  })),
  async handle(p, ctx) {
    const day = new Date(ctx.now).toISOString().slice(0, 10);
    const [{ items, rangeTotal }, [totals], top] = await Promise.all([
      pageOf(p, ctx, p.page.limit ?? paging.defaultLimit),
      ctx.versionRows(QUERIES.totals, { since: ctx.now - DAY_MS, day }),
      ctx.versionRows(QUERIES.top, { day }),
    ]);
    const totalTrigger = numOr0(totals?.total_trigger);
    return {
      code: 200,
      message: 'request ok',
      total: Math.min(rangeTotal, 10_000),
      rangeTotal,
      data: items,
      triggerTop7: top.map((t) => ({
        tag1: str(t.tag), tag1Url: '', contract: str(t.contract_address),
        percentage: totalTrigger > 0 ? Math.round((numOr0(t.call_count) / totalTrigger) * 1e4) / 1e4 : 0,
        name: str(t.name), risk: false, triggers: exact(t.call_count), publicTagDesc: '',
      })),
      contractCount: numOr0(totals?.contract_count),
      contractCount24h: numOr0(totals?.contract_count_24h),
      verifyContractCount: 0,
      verifyContractCount24h: 0,
      totalTrigger,
      updateTime: ctx.now,
      status: { code: 0, message: 'SUCCESS' },
    };
  },
});
