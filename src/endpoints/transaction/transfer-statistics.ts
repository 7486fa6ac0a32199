/**
 * GET /api/transfer/statistics (SPEC §4.7; shape: reference §3.9, status wrapper). Transfer counts per kind (TRX,
 * TRC10, TRC20, TRC721, TRC1155) all time and on the last complete UTC day before the head block, from the daily
 * rollups. Amounts: whole TRX for TRX (and the transfersAmount totals), raw units for TRC10, token units summed
 * over tokens for TRC20; proportions are 0-100 shares of transfersCount (docs/compat.md). Every amount is exact, and
 * trc20Amount is computed as /api/transaction/statistics computes it, from the same per-token query. All-time figures
 * claim the whole chain: the lake's sums only for a lake that starts at genesis, else null (no per-kind anchor exists;
 * docs/compat.md "Whole-chain figures").
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { statusWrapper } from '../kit/envelopes.ts';
import { exactInteger } from '../../params/index.ts';
import { lastCompleteDay, perStandardShape, trc20Amount, trxOf, wholeOrNull } from './transaction-statistics.ts';
import { count, exactNumber, statusWrapped } from '../kit/schemas.ts';
import { ratioNumber } from '../../params/amounts.ts';
import type { TransactionTransferStatisticsRow } from '../kit/sql-types.generated.ts';

/** Share of `whole` in percent, 4 decimals, e.g. `pct(1, 3)` = 33.3333. */
// Rounded once from the exact counts (params/amounts.ts ratioNumber, half up), not from a double.
const pct = (part: number, whole: number): number => (whole > 0 ? ratioNumber(part * 100, whole, 4) : 0);

const QUERIES = { totals: 'transaction/transfer-statistics', tokens: 'transaction/transaction-statistics.tokens' } as const;

export default defineEndpoint({
  path: '/api/transfer/statistics',
  method: 'GET',
  summary: 'Transfer counts and amounts by token standard, all time and yesterday, from the daily rollups.',
  params: z.object({}),
  response: statusWrapped({
    transfersCount: count.nullable(),
    transfersAmount: exactNumber.nullable(),
    lastDayTransfersCount: count,
    lastDayTransfersAmount: exactNumber,
    ...perStandardShape,
    trc721Count: count.nullable(),
    trc721Proportion: z.number().nullable(),
    trc1155Count: count.nullable(),
    trc1155Proportion: z.number().nullable(),
  }),
  queries: QUERIES,
  async handle(_p, ctx) {
    const [[t], tokens] = await Promise.all([ctx.versionRows(QUERIES.totals, { last_day: lastCompleteDay(ctx.now) }), ctx.versionRows(QUERIES.tokens, {})]);
    const v = (k: keyof TransactionTransferStatisticsRow): number => Number(t?.[k] ?? 0);
    const counts = {
      trx: v('trx_count'),
      trc10: v('trc10_count'),
      trc20: v('trc20_count'),
      trc721: v('trc721_count'),
      trc1155: v('trc1155_count'),
    };
    const all = counts.trx + counts.trc10 + counts.trc20 + counts.trc721 + counts.trc1155;
    return statusWrapper({
      lastDayTransfersCount: v('last_day_tx_transfers') + v('last_day_token_transfers'),
      lastDayTransfersAmount: trxOf(t?.last_day_trx_amount_sun),
      ...wholeOrNull(t?.from_genesis, {
        transfersCount: all,
        transfersAmount: trxOf(t?.trx_amount_sun),
        trxTransferCount: counts.trx,
        trxTransferAmount: trxOf(t?.trx_amount_sun),
        trxTransferProportion: pct(counts.trx, all),
        trc10TransferCount: counts.trc10,
        trc10TransferAmount: exactInteger(t?.trc10_amount_raw),
        trc10TransferProportion: pct(counts.trc10, all),
        trc20Count: counts.trc20,
        trc20Amount: trc20Amount(tokens),
        trc20Proportion: pct(counts.trc20, all),
        trc721Count: counts.trc721,
        trc721Proportion: pct(counts.trc721, all),
        trc1155Count: counts.trc1155,
        trc1155Proportion: pct(counts.trc1155, all),
      }),
    });
  },
});
