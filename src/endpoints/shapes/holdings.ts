/**
 * The holdings of one address, shared by /api/account/tokens (and the wallet views of the same positions): the TRX
 * row from the newest account snapshot, then every positive token position (token_holdings_by_holder) with its
 * metadata and latest daily price. Values at a price are doubles by definition (docs/compat.md "Numbers");
 * balances and quantities stay exact.
 */
import { scaleDecimal } from '../../params/index.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { VERSION_ROWS_MAX } from '../kit/per-version.ts';
import type { WalletHoldingsRow, WalletTokenFactsRow } from '../kit/sql-types.generated.ts';
import { numOrNull, str, numOr0 } from './cells.ts';

export interface Holding {
  /** '_' for TRX, a TRC10 id, or a Base58 contract. */
  tokenId: string;
  standard: 'trx' | 'trc10' | 'trc20' | 'trc721' | 'trc1155';
  /** Positive raw balance (TRX: sun; may be 0 only on the TRX row). */
  raw: string;
  decimals: number;
  name: string;
  abbr: string;
  logo: string;
  issuer: string;
  level: number;
  vip: boolean;
  canShow: number;
  /** Whole-token prices; undefined without a price. */
  priceUsd?: number;
  priceTrx?: number;
  /** Token rows only: the token's holders and transfers (token_stats; 0 when it has no row) and project name ('' when none). */
  holders?: number;
  transfers?: number | null;
  project?: string;
  /** TRX row only: Stake 1.0 and Stake 2.0 amounts (own and delegated), sun, from the newest snapshot (0 without one). */
  frozenV1?: unknown;
  frozenV2?: unknown;
}

/** A price, undefined without one (the field is then left out). */
const price = (v: number | null): number | undefined => numOrNull(v) ?? undefined;

/** The templates `holdingsOf` reads: a declaration using it declares them, e.g. `queries: HOLDINGS_QUERIES`. */
export const HOLDINGS_QUERIES = { trx: 'wallet/trx-balance', tokens: 'wallet/holdings', facts: 'wallet/token-facts' } as const;

/** A token's facts (token-facts.sql) by id (metadata, price) and by `id|standard` (statistics). */
interface TokenFacts {
  meta: Map<string, WalletTokenFactsRow>;
  stats: Map<string, WalletTokenFactsRow>;
}

function factsOf(rows: readonly WalletTokenFactsRow[]): TokenFacts {
  const meta = new Map<string, WalletTokenFactsRow>();
  const stats = new Map<string, WalletTokenFactsRow>();
  for (const r of rows) {
    const id = str(r.token_id);
    if (r.in_tokens || !meta.has(id)) meta.set(id, r);
    if (r.has_stats) stats.set(`${id}|${str(r.token_standard)}`, r);
  }
  return { meta, stats };
}

/** The facts of the tokens `ids`: the version's whole table when the tokens dimension is small, else those ids. */
async function tokenFacts(ctx: Pick<EndpointContext, 'typedRows' | 'versionRows' | 'manifest'>, ids: string[]): Promise<TokenFacts> {
  if ((ctx.manifest.tables.tokens?.rows ?? Infinity) <= VERSION_ROWS_MAX) return factsOf(await ctx.versionRows(HOLDINGS_QUERIES.facts, { ids: null }));
  return factsOf(ids.length ? await ctx.typedRows(HOLDINGS_QUERIES.facts, { ids }) : []);
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byStandardAndId = (a: WalletHoldingsRow, b: WalletHoldingsRow): number =>
  compare(str(a.token_standard), str(b.token_standard)) || compare(str(a.token_id), str(b.token_id));

/** The TRX row and the token rows of `address`, e.g. `(await holdingsOf(ctx, 'T…'))[0].tokenId` = '_'. */
export async function holdingsOf(ctx: Pick<EndpointContext, 'typedRows' | 'versionRows' | 'manifest'>, address: string): Promise<Holding[]> {
  const [[t], rows] = await Promise.all([ctx.typedRows(HOLDINGS_QUERIES.trx, { address }), ctx.typedRows(HOLDINGS_QUERIES.tokens, { address })]);
  const facts = await tokenFacts(ctx, [...new Set(rows.map((r) => str(r.token_id)))]);
  const trxUsd = price(t?.price_usd ?? null);
  const trx: Holding = {
    tokenId: '_',
    standard: 'trx',
    raw: str(t?.balance ?? 0) || '0',
    decimals: 6,
    name: 'trx',
    abbr: 'trx',
    logo: 'https://static.tronscan.org/production/logo/trx.png',
    issuer: '',
    level: 2,
    vip: false,
    canShow: 1,
    priceTrx: 1,
    frozenV1: t?.frozen_v1 ?? 0,
    frozenV2: t?.frozen_v2 ?? 0,
    ...(trxUsd !== undefined ? { priceUsd: trxUsd } : {}),
  };
  // A fixed order (issue 30): the wallet's USD total adds these rows' values in it, and the lists keep it.
  return [trx, ...[...rows].sort(byStandardAndId).map((r) => tokenHolding(r, facts))];
}

function tokenHolding(r: WalletHoldingsRow, facts: TokenFacts): Holding {
  const m = facts.meta.get(str(r.token_id));
  const meta = m?.in_tokens ? m : undefined;
  const s = facts.stats.get(`${str(r.token_id)}|${str(r.token_standard)}`);
  const usd = price(m?.price_usd ?? null);
  const inTrx = price(m?.price_trx ?? null);
  return {
    tokenId: str(r.token_id),
    standard: str(r.token_standard) as Holding['standard'],
    raw: str(r.balance_raw),
    decimals: numOr0(meta?.decimals ?? null),
    name: str(meta?.name ?? null),
    abbr: str(meta?.symbol ?? null),
    logo: str(meta?.logo_url ?? null),
    issuer: str(meta?.issuer_address ?? null),
    level: numOr0(meta?.level ?? null),
    vip: meta?.vip === true,
    canShow: Number(meta?.can_show ?? 1),
    holders: numOr0(s?.holder_count ?? null),
    // A token without a statistics row has no transfer count (NULL).
    transfers: s ? numOrNull(s.lifetime_transfers) : null,
    project: str(meta?.project_name ?? null),
    ...(usd !== undefined ? { priceUsd: usd } : {}),
    ...(inTrx !== undefined ? { priceTrx: inTrx } : {}),
  };
}

/** The decimal-adjusted amount, exact, as a decimal string (e.g. '5.593207'). */
export const quantityOf = (h: Holding): string => scaleDecimal(h.raw, h.decimals);
/** Value in TRX (a double), undefined without a price. */
export const valueInTrx = (h: Holding): number | undefined => (h.priceTrx === undefined ? undefined : Number(quantityOf(h)) * h.priceTrx);
/** Value in USD (a double), undefined without a price. */
export const valueInUsd = (h: Holding): number | undefined => (h.priceUsd === undefined ? undefined : Number(quantityOf(h)) * h.priceUsd);
