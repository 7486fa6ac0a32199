/**
 * GET /api/transaction/statistics (SPEC §4.7; shape: reference §3.8, status wrapper). All-time figures and the
 * last complete UTC day before the head block ("yesterday"), from the daily rollups. Amounts are whole TRX for
 * TRX-valued groups, raw units for TRC10, token units (amount / 10^decimals) for TRC20; proportions are 0-100
 * shares of the transaction count (docs/compat.md). Every amount is exact (docs/compat.md "Numbers").
 * All-time figures claim the whole chain (docs/compat.md "Whole-chain figures"): `txCount` is anchored (the pre-window
 * total + the lake's), the others are the lake's sums only for a lake that starts at genesis, else null.
 */
import { z } from 'zod';
import type { JsonDecimal } from '../../wire/json.ts';
import { exactInteger, scaledNumber, sumScaled } from '../../params/index.ts';
import type { TransactionTransactionStatisticsRow, TransactionTransactionStatisticsTokensRow } from '../kit/sql-types.generated.ts';
import type { Columns } from '../shapes/cells.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { statusWrapper } from '../kit/envelopes.ts';
import { count, exactInt, exactNumber, statusWrapped } from '../kit/schemas.ts';
import { ratioNumber } from '../../params/amounts.ts';
import { DAY_MS } from '../../time.ts';


/** The UTC day before the head block's day, e.g. head 2026-10-31T12:00Z → '2026-10-30'. */
export function lastCompleteDay(now: number): string {
  return new Date(Math.floor(now / DAY_MS) * DAY_MS - DAY_MS).toISOString().slice(0, 10);
}

// Rounded once from the exact counts (params/amounts.ts ratioNumber, half up), not from a double.
const pct = (part: number, whole: number): number => (whole > 0 ? ratioNumber(part * 100, whole, 4) : 0);

/** Exact sun → whole TRX as a JSON number literal, e.g. 1500000 → 1.5. */
export const trxOf = (sun: unknown): JsonDecimal => scaledNumber(exactInteger(sun), 6);

/** A row of transaction-statistics.tokens: its exact amount in the smallest unit (amount_hi * 10^18 + amount_lo). */
export const tokenRaw = (r: Columns<'amount_hi' | 'amount_lo'>): bigint => exactInteger(r.amount_hi) * 10n ** 18n + exactInteger(r.amount_lo);

/** trc20Amount of both statistics endpoints: the TRC20 amounts in token units summed over tokens, exactly. */
export function trc20Amount(tokens: readonly Columns<'token_standard' | 'amount_hi' | 'amount_lo' | 'decimals'>[]): JsonDecimal {
  return sumScaled(tokens.filter((r) => r.token_standard === 'trc20').map((r) => ({ raw: tokenRaw(r), decimals: Number(r.decimals) })));
}

/** A row of trc20Top10 / triggerTop10: amount in token units (TRX for calls), exact. */
const topEntry = z.object({
  symbol: z.string(),
  amount: exactNumber,
  address: z.string(),
  proportion: z.number(),
  count,
  name: z.string(),
  tokenType: z.string(),
});

/**
 * The per-standard figures both statistics answers carry (this one and /api/transfer/statistics): all time, so null
 * unless the lake starts at genesis (no per-kind anchor exists; docs/compat.md "Whole-chain figures").
 */
export const perStandardShape = {
  trxTransferCount: count.nullable(),
  trxTransferAmount: exactNumber.nullable(),
  trxTransferProportion: z.number().nullable(),
  trc10TransferCount: count.nullable(),
  trc10TransferAmount: exactInt.nullable(),
  trc10TransferProportion: z.number().nullable(),
  trc20Count: count.nullable(),
  trc20Amount: exactNumber.nullable(),
  trc20Proportion: z.number().nullable(),
};

/**
 * `figures` when the statistics query says the lake starts at genesis (its sums are then the whole chain's), else
 * every key null: a sum over the lake's window must not be served as an all-time figure.
 */
export function wholeOrNull<T extends Record<string, unknown>>(fromGenesis: unknown, figures: T): { [K in keyof T]: T[K] | null } {
  if (fromGenesis === true) return figures;
  return Object.fromEntries(Object.keys(figures).map((k) => [k, null])) as { [K in keyof T]: null };
}

const QUERIES = {
  totals: 'transaction/transaction-statistics',
  tokens: 'transaction/transaction-statistics.tokens',
  contracts: 'transaction/transaction-statistics.contracts',
} as const;

export default defineEndpoint({
  path: '/api/transaction/statistics',
  method: 'GET',
  summary: 'Transaction counts and amounts by type, all time and yesterday, with the top TRC20 tokens and contracts.',
  params: z.object({}),
  response: statusWrapped({
    lastUpdateSeconds: exactInt,
    updateTime: exactInt,
    txCount: exactInt.nullable(),
    lastDayTxCount: count,
    txAmount: exactNumber.nullable(),
    lastDayTxAmount: exactNumber,
    ...perStandardShape,
    trc721Count: count.nullable(),
    trc1155Count: count.nullable(),
    triggerCount: count.nullable(),
    triggerAmount: exactNumber.nullable(),
    triggerProportion: z.number().nullable(),
    votesCount: count.nullable(),
    votesAmount: exactInt.nullable(),
    votesProportion: z.number().nullable(),
    freezeBalanceCount: count.nullable(),
    freezeBalanceAmount: exactNumber.nullable(),
    freezeBalanceProportion: z.number().nullable(),
    othersCount: count.nullable(),
    othersAmount: exactNumber.nullable(),
    othersProportion: z.number().nullable(),
    trc20Top10: z.array(topEntry).nullable(),
    triggerTop10: z.array(topEntry).nullable(),
  }),
  queries: QUERIES,
  async handle(_p, ctx) {
    const [[t], tokens, contracts] = await Promise.all([
      ctx.versionRows(QUERIES.totals, { last_day: lastCompleteDay(ctx.now) }),
      ctx.versionRows(QUERIES.tokens, {}),
      ctx.versionRows(QUERIES.contracts, {}),
    ]);
    const v = (k: keyof TransactionTransactionStatisticsRow): number => Number(t?.[k] ?? 0);
    const txCount = v('tx_count');
    const byStandard = (std: string) => tokens.filter((r) => r.token_standard === std);
    const sumOf = (rows: typeof tokens, k: keyof TransactionTransactionStatisticsTokensRow) => rows.reduce((a, r) => a + Number(r[k] ?? 0), 0);
    const trc20 = byStandard('trc20');
    const trc20Count = sumOf(trc20, 'transfer_count');
    const top20 = [...trc20]
      .sort((a, b) => Number(b.transfer_count) - Number(a.transfer_count) || String(a.contract_address).localeCompare(String(b.contract_address)))
      .slice(0, 10);
    const callCount = v('trigger_count');
    return statusWrapper({
      lastUpdateSeconds: Math.floor(ctx.now / 1000),
      updateTime: ctx.now,
      txCount: t?.whole_tx_count == null ? null : exactInteger(t.whole_tx_count),
      lastDayTxCount: v('last_day_tx_count'),
      lastDayTxAmount: trxOf(t?.last_day_tx_amount_sun),
      ...wholeOrNull(t?.from_genesis, {
        txAmount: trxOf(t?.tx_amount_sun),
        trxTransferCount: v('trx_count'),
        trxTransferAmount: trxOf(t?.trx_amount_sun),
        trxTransferProportion: pct(v('trx_count'), txCount),
        trc10TransferCount: v('trc10_count'),
        trc10TransferAmount: exactInteger(t?.trc10_amount_raw),
        trc10TransferProportion: pct(v('trc10_count'), txCount),
        trc20Count,
        trc20Amount: trc20Amount(tokens),
        trc20Proportion: pct(trc20Count, txCount),
        trc721Count: sumOf(byStandard('trc721'), 'transfer_count'),
        trc1155Count: sumOf(byStandard('trc1155'), 'transfer_count'),
        triggerCount: callCount,
        triggerAmount: trxOf(t?.trigger_amount_sun),
        triggerProportion: pct(callCount, txCount),
        votesCount: v('votes_count'),
        votesAmount: exactInteger(t?.votes_amount),
        votesProportion: pct(v('votes_count'), txCount),
        freezeBalanceCount: v('freeze_count'),
        freezeBalanceAmount: trxOf(t?.freeze_amount_sun),
        freezeBalanceProportion: pct(v('freeze_count'), txCount),
        othersCount: v('others_count'),
        othersAmount: trxOf(t?.others_amount_sun),
        othersProportion: pct(v('others_count'), txCount),
        trc20Top10: top20.map((r) => ({
          symbol: r.symbol ?? '',
          amount: scaledNumber(tokenRaw(r), Number(r.decimals)),
          address: r.contract_address,
          proportion: pct(Number(r.transfer_count), trc20Count),
          count: Number(r.transfer_count),
          name: r.name ?? '',
          tokenType: 'trc20',
        })),
        triggerTop10: contracts.map((r) => ({
          symbol: r.symbol ?? '',
          amount: trxOf(r.call_value_sun),
          address: r.contract_address,
          proportion: pct(Number(r.call_count), callCount),
          count: Number(r.call_count),
          name: r.name ?? '',
          tokenType: r.token_standard ?? '',
        })),
      }),
    });
  },
});
