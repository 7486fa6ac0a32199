/**
 * The holdings of one address, shared by /api/account/tokens (and the wallet views of the same positions): the TRX
 * row from the newest account snapshot, then every positive token position (token_holdings_by_holder) with its
 * metadata and latest daily price. Values at a price are doubles by definition (docs/compat.md "Numbers");
 * balances and quantities stay exact.
 */
import { scaleDecimal } from '../../params/index.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import type { WalletHoldingsRow } from '../kit/sql-types.generated.ts';
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
export const HOLDINGS_QUERIES = { trx: 'wallet/trx-balance', tokens: 'wallet/holdings' } as const;

/** The TRX row and the token rows of `address`, e.g. `(await holdingsOf(ctx, 'T…'))[0].tokenId` = '_'. */
export async function holdingsOf(ctx: Pick<EndpointContext, 'typedRows'>, address: string): Promise<Holding[]> {
  const [[t], rows] = await Promise.all([ctx.typedRows(HOLDINGS_QUERIES.trx, { address }), ctx.typedRows(HOLDINGS_QUERIES.tokens, { address })]);
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
  return [trx, ...rows.map(tokenHolding)];
}

function tokenHolding(r: WalletHoldingsRow): Holding {
  const usd = price(r.price_usd);
  const inTrx = price(r.price_trx);
  return {
    tokenId: str(r.token_id),
    standard: str(r.token_standard) as Holding['standard'],
    raw: str(r.balance_raw),
    decimals: numOr0(r.decimals),
    name: str(r.name),
    abbr: str(r.symbol),
    logo: str(r.logo_url),
    issuer: str(r.issuer_address),
    level: numOr0(r.level),
    vip: r.vip === true,
    canShow: Number(r.can_show ?? 1),
    holders: numOr0(r.holder_count),
    transfers: numOrNull(r.lifetime_transfers),
    project: str(r.project_name),
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
