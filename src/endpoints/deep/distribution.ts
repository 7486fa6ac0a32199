/**
 * GET /api/stableCoin/distribution (SPEC §4.4; shape: reference §3): where one stablecoin contract's positive
 * balances sit now: ordinary accounts (exchanges, other accounts) and contracts (JustLend, SunSwap, SunCurve, other
 * contracts), each `{data[], percent, value}`; `value` raw exact strings, `percent` the share of all positive
 * balances (6 places, rounded once), `data` the category's 10 largest holders (an exchange by its name). Categories:
 * sql/fragments/stable-holder-category.sql (through sql/deep/distribution.sql). One object, not a list: `format=csv` is a 400.
 */
import { z } from 'zod';
import { ratioDecimal } from '../../params/amounts.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { decimalString, intString, shape } from '../kit/schemas.ts';
import { ACCOUNT_CATEGORIES, categoryRows, CONTRACT_CATEGORIES, STABLE_ADDRESSES, stableTokenParam, type HolderCategory } from '../shapes/stablecoin-shape.ts';

const QUERIES = { categories: 'deep/distribution' } as const;
const PLACES = 6;

const part = shape({ data: z.array(shape({ address: z.string(), percent: decimalString, value: intString })), percent: decimalString, value: intString });

export default defineEndpoint({
  path: '/api/stableCoin/distribution',
  method: 'GET',
  summary: "Where a stablecoin's balances sit: exchanges, other accounts, JustLend, SunSwap, SunCurve, other contracts.",
  params: z.object({ token: stableTokenParam() }),
  response: z.looseObject({
    tokenName: z.string(),
    tokenAbbr: z.string(),
    tokenDecimal: z.number().int(),
    addresses: z.looseObject({ percent: decimalString, value: intString, exchange: part, otherAccount: part }),
    contract: z.looseObject({ percent: decimalString, value: intString, JustLend: part, SunSwap: part, SunCurve: part, otherContract: part }),
  }),
  queries: QUERIES,
  // Every coin's categories are read once per version (0.3 s on the default lake): one coin builds them all.
  warm: [{ token: STABLE_ADDRESSES[0]! }],
  async handle(p, ctx) {
    const totals = new Map<string, bigint>();
    const data = new Map<string, { address: string; value: bigint }[]>();
    for (const r of await categoryRows(ctx)) {
      if (r.contract_address !== p.token.address) continue;
      const c = String(r.category);
      totals.set(c, BigInt(String(r.category_value)));
      const list = data.get(c) ?? [];
      list.push({ address: String(r.name), value: BigInt(String(r.value)) });
      data.set(c, list);
    }
    const whole = [...totals.values()].reduce((a, b) => a + b, 0n);
    const pct = (v: bigint) => (whole === 0n ? ratioDecimal(0n, 1n, PLACES) : ratioDecimal(v, whole, PLACES));
    const partOf = (c: HolderCategory) => {
      const v = totals.get(c) ?? 0n;
      return {
        data: (data.get(c) ?? []).map((d) => ({ address: d.address, percent: pct(d.value), value: d.value.toString() })),
        percent: pct(v),
        value: v.toString(),
      };
    };
    const group = (cats: readonly HolderCategory[]) => {
      const v = cats.reduce((a, c) => a + (totals.get(c) ?? 0n), 0n);
      return { percent: pct(v), value: v.toString(), ...Object.fromEntries(cats.map((c) => [c, partOf(c)])) };
    };
    return {
      tokenName: p.token.tokenName,
      tokenAbbr: p.token.tokenAbbr,
      tokenDecimal: p.token.decimals,
      addresses: group(ACCOUNT_CATEGORIES),
      contract: group(CONTRACT_CATEGORIES),
    };
  },
});
