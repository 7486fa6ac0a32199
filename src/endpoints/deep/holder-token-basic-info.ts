/**
 * GET /api/account/holderToken/basicInfo (SPEC §4.4; shape: reference §3 `{data, refreshTimeInfo}`): what one account
 * holds of one token (TRC20, TRC10, or 0 for TRX) now: the raw balance and its decimal amount, the first time it
 * received the token and its latest movement (seconds), and the balance's USD value at the latest price. What it
 * holds inside DeFi projects needs project position data the lake does not have: `projects` is empty, `projectNum` 0,
 * and the project value and both ratios are null, never invented (docs/compat.md "Account holder token (issue 31)").
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { multiplyScaled, scaledNumber, TRX_ID } from '../../params/index.ts';
import { decimalString, exactNumber, intString } from '../kit/schemas.ts';
import { dayPrices, HOLDER_TOKEN_QUERIES, holderHistory, holderTokenParams, tokenDecimalField, tokenDecimalOf } from '../shapes/holder-token.ts';
import type { EndpointContext } from '../kit/endpoint.ts';

const USD_PLACES = 6;

/** The token's latest USD price in the lake (the valueInfo rule: candle close, else token_prices), or null. */
async function latestPrice(ctx: EndpointContext, token: string): Promise<string | null> {
  let last: string | null = null;
  let price: string | null = null;
  for (const [day, p] of await dayPrices(ctx, token)) if (last === null || day > last) [last, price] = [day, p];
  return price;
}

const seconds = (ms: number | null): number | null => (ms === null ? null : Math.floor(ms / 1000));

export default defineEndpoint({
  path: '/api/account/holderToken/basicInfo',
  method: 'GET',
  summary: "What one account holds of one token: balance, first and latest transfer times, value.",
  params: z.object(holderTokenParams),
  queries: HOLDER_TOKEN_QUERIES,
  response: z.strictObject({
    data: z.strictObject({
      holdCount: intString.nullable(),
      holdAmount: exactNumber.nullable(),
      tokenDecimal: tokenDecimalField,
      firstHoldTime: z.number().int().nullable(),
      latestTransferTime: z.number().int().nullable(),
      walletValue: decimalString.nullable(),
      projectValue: decimalString.nullable(),
      walletRatio: decimalString.nullable(),
      projectRatio: decimalString.nullable(),
      projectNum: z.number().int().nonnegative(),
      projects: z.array(z.strictObject({ name: z.string(), value: decimalString, ratio: decimalString })),
      transferIn: z.number().int().nonnegative().optional(),
      transferOut: z.number().int().nonnegative().optional(),
    }),
    refreshTimeInfo: z.strictObject({ type: z.literal('realtime'), lastUpdateTime: z.number().int() }),
  }),
  async handle(p, ctx) {
    const [h, decimals, price] = await Promise.all([
      holderHistory(ctx, p.accountAddress, p.tokenAddress),
      tokenDecimalOf(ctx, p.tokenAddress),
      latestPrice(ctx, p.tokenAddress),
    ]);
    const head = h.head;
    // First hold: the first receipt in the lake, unless the account already held some before its first movement
    // here (an opening balance): then it began before the lake, unknown (null).
    const first = h.days[0];
    const heldBefore = first !== undefined && first.balance - first.change > 0n;
    const firstIn = heldBefore ? null : (h.days.find((d) => d.firstInTs !== null)?.firstInTs ?? null);
    const last = h.days.at(-1);
    return {
      data: {
        holdCount: head === null ? null : head.toString(),
        holdAmount: head === null || decimals === null ? null : scaledNumber(head, decimals),
        tokenDecimal: decimals,
        firstHoldTime: seconds(firstIn),
        latestTransferTime: seconds(last ? last.lastTs : null),
        walletValue: head === null || decimals === null || price === null ? null : multiplyScaled(head, decimals, price, USD_PLACES),
        projectValue: null,
        walletRatio: null,
        projectRatio: null,
        projectNum: 0,
        projects: [],
        // The reference gives the transfer counts for TRX only: here every TRX movement in and out (trx_flows' rows).
        ...(p.tokenAddress === TRX_ID
          ? { transferIn: h.days.reduce((a, d) => a + d.inCount, 0), transferOut: h.days.reduce((a, d) => a + d.outCount, 0) }
          : {}),
      },
      refreshTimeInfo: { type: 'realtime' as const, lastUpdateTime: Math.floor(ctx.now / 1000) },
    };
  },
});
