/**
 * GET /api/stableCoin/tokenSupply/turnover (SPEC §4.4; shape: reference §3): one stablecoin contract's supply at the
 * end of every UTC day of [startTime, endTime] (seconds; each missing bound takes its own default: the lake's first
 * day, the head block's day; at most 3660 days; no day before 2022-11-22, the documented earliest date, is answered,
 * as none before the lake's first) with the day's minted and burned amounts, oldest first, and the contract's
 * decimals. `tokenAddress` is required: USDD (2.0 or the old wrapper), USDC, USDJ or TUSD; any other address is a 400
 * naming it (the reference serves these four only). Amounts are raw JSON integers, exact past 2^53 (docs/compat.md
 * "Stablecoin supply"). `format=csv` answers the same rows.
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { exactNumber, intString } from '../kit/schemas.ts';
import { dayString } from '../shapes/stats-shape.ts';
import { JsonDecimal } from '../../wire/json.ts';
import { address } from '../../params/index.ts';
import { STABLECOIN_EARLIEST, stablecoinContract } from '../../chain/stablecoins.ts';

/** The coins the reference serves here (not USDT). */
const SERVED = new Set(['USDD', 'USDC', 'USDJ', 'TUSD']);

const tokenAddress = address().refine((a) => SERVED.has(stablecoinContract(a)?.coin ?? ''), {
  message: 'must be the contract of USDD, USDC, USDJ or TUSD',
});

export default defineSeries({
  path: '/api/stableCoin/tokenSupply/turnover',
  summary: "One stablecoin's supply at the end of each UTC day, with the day's minted and burned amounts (smallest unit, exact).",
  params: { tokenAddress: tokenAddress.meta({ description: 'Contract of USDD (2.0 or the old wrapper), USDC, USDJ or TUSD; required.', examples: ['TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT'] }) },
  filters: (p) => ({ contract: p.tokenAddress, floor_day: STABLECOIN_EARLIEST.tokenSupplyTurnoverDay }),
  time: { start: 'startTime', end: 'endTime', unit: 's', maxDays: 3660, defaultDays: 3660, defaultStart: 'earliest' },
  granularities: ['day'],
  sql: 'deep/stablecoin-supply-turnover',
  // Five contracts, one row a day each: read once per version (the registry closes `tokenAddress`).
  perVersion: true,
  sum: [],
  row: (r) => ({
    date: String(r.day),
    totalSupply: String(r.supply_raw),
    // JSON numbers written digit for digit (an 18-decimal coin's amounts pass 2^53): docs/compat.md
    mintAmount: new JsonDecimal(String(r.minted_raw ?? '0')),
    burnAmount: new JsonDecimal(String(r.burned_raw ?? '0')),
  }),
  envelope: (items, p) => ({ statistics: items, tokenDecimal: stablecoinContract(p.tokenAddress)?.decimals ?? 0 }),
  response: z.object({
    statistics: z.array(z.object({ date: dayString, totalSupply: intString, mintAmount: exactNumber, burnAmount: exactNumber })),
    tokenDecimal: z.number().int(),
  }),
});

