/**
 * GET /api/token/all (SPEC §4.1, item fields SPEC §2.1): every token, most held first. Also served under the
 * alternate base address (config `altPrefix`, and `altPort` when set). Field names with spaces are the spec's.
 */
import { defineList } from '../kit/list.ts';
import { scaledNumber } from '../../params/index.ts';
import { aggregatorList, num, nullableNum, str } from '../shapes/token-shape.ts';
import { z } from 'zod';
import { count, decimalString, exactNumber, shape } from '../kit/schemas.ts';

/** Reputation words of the token levels (SPEC §3: 0 UNKNOWN … 4 UNSAFE), as TronScan prints them. */
export const REPUTATION = ['Unknown', 'Neutral', 'Ok', 'Suspicious', 'Unsafe'] as const;

export default defineList({
  path: '/api/token/all',
  summary: 'All tokens with supply, holder and transfer counters, price and aggregators (SPEC §2.1).',
  params: {},
  // The spec gives no maximum; 500 matches the other token list (/api/tokens/overview).
  paging: { defaultLimit: 50, maxLimit: 500, sumRule: false },
  // `total` counts every token of the dimension (tokens.total.sql), not only those with counters.
  sql: { rows: 'token/token-all', total: 'token/token-all.total' },
  alsoOnAltBase: true,
  filters: () => ({}),
  row: (r) => {
    const aggregators = aggregatorList(r.aggregators);
    return {
      type: str(r.token_standard),
      contract: str(r.token_id),
      project: str(r.project_name),
      symbol: str(r.symbol),
      name: str(r.name),
      logo: str(r.logo_url),
      decimals: num(r.decimals),
      reputation: REPUTATION[num(r.level)] ?? 'Unknown',
      // Optional in the spec: present only for priced tokens, a USD decimal string.
      ...(r.price_usd === null || r.price_usd === undefined ? {} : { price: String(r.price_usd) }),
      // Exact digits of the derived supply in token units (docs/compat.md "Numbers").
      'total supply': scaledNumber(str(r.supply_raw) || '0', num(r.decimals)),
      'token holders': num(r.holder_count),
      'total transfers': nullableNum(r.lifetime_transfers),
      '24h transfers': num(r.transfer_count_24h),
      occurrences: aggregators.length,
      aggregators,
    };
  },
  envelope: (items, x) => ({ total: x.rangeTotal, page_size: items.length, data: items }),
  response: shape({
    total: count,
    page_size: count,
    data: z.array(
      shape({
        type: z.string(),
        contract: z.string(),
        project: z.string(),
        symbol: z.string(),
        name: z.string(),
        logo: z.string(),
        decimals: z.number().int(),
        reputation: z.string(),
        price: decimalString.optional(),
        'total supply': exactNumber,
        'token holders': count,
        'total transfers': count.nullable(),
        '24h transfers': count,
        occurrences: count,
        aggregators: z.array(z.string()),
      }),
    ),
  }),
  csv: { filename: 'tokens.csv' },
});
