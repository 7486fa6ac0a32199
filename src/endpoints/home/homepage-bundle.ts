/**
 * GET /api/system/homepage-bundle (SPEC §4.12; reference §8.1, low-medium confidence): the homepage's figures in one
 * answer, each section the answer of its own endpoint with its defaults (shapes/composed-answers.ts): `tps`
 * (/api/system/tps), `node` (/api/nodemap's `total` and `code`), `statsOverview` (/api/stats/overview, latest day
 * last), `freezeResource` (/api/freezeresource), `stableCoin` (/api/stableCoin/overview, every coin), `yesterdayStat`
 * (`{data: [the statsOverview row of the day before the head's]}`, `[]` when that day is not in it), and the TRX tickers
 * `priceEUR` / `priceETH` from the price_candles reference (null when it holds no candle in that currency). The parts
 * come from the registry (index.ts): this file's default export takes them, as a section never imports another.
 * docs/compat.md "Search and homepage".
 */
import { z } from 'zod';
import { defineEndpoint, type AnyEndpoint } from '../kit/endpoint.ts';
import { answerOf, composedOrderBys, composedQueries } from '../shapes/composed-answers.ts';
import { numOr0 } from '../shapes/cells.ts';

/** The endpoints the bundle is made of, by section key. */
export interface HomepageParts {
  tps: AnyEndpoint;
  node: AnyEndpoint;
  statsOverview: AnyEndpoint;
  freezeResource: AnyEndpoint;
  stableCoin: AnyEndpoint;
}

const PRICES = 'home/homepage-prices';

const ticker = (quote: 'eur' | 'eth') =>
  z.array(z.looseObject({ id: z.string(), name: z.string(), symbol: z.string(), price_usd: z.string().nullable(), [`price_${quote}`]: z.string(), last_updated: z.string() })).nullable();

/** The bundle over `parts`, e.g. `homepageBundle({ tps: systemTps, node: nodemap, … })` in index.ts. */
export default function homepageBundle(parts: HomepageParts): AnyEndpoint {
  const partsByKey = { ...parts } as Record<string, AnyEndpoint>;
  return defineEndpoint({
    path: '/api/system/homepage-bundle',
    method: 'GET',
    summary: "The homepage's figures in one answer: TPS, nodes, daily overview, staking, stablecoins, yesterday, TRX tickers.",
    params: z.object({}),
    response: z.looseObject({
      tps: z.looseObject({ type: z.literal('tps'), data: z.looseObject({}) }),
      node: z.looseObject({ total: z.number().int(), code: z.literal(0) }),
      statsOverview: z.looseObject({ data: z.array(z.looseObject({})) }),
      freezeResource: z.looseObject({ data: z.array(z.looseObject({})) }),
      stableCoin: z.looseObject({ data: z.looseObject({}) }),
      yesterdayStat: z.looseObject({ data: z.array(z.looseObject({ newTransactionSeen: z.unknown() })) }),
      priceEUR: ticker('eur'),
      priceETH: ticker('eth'),
    }),
    queries: Object.assign({}, composedQueries(partsByKey), { prices: PRICES }),
    orderBys: composedOrderBys(partsByKey),
    async handle(_p, ctx) {
      const [tps, node, statsOverview, freezeResource, stableCoin, prices] = await Promise.all([
        answerOf(partsByKey, 'tps', ctx),
        answerOf(partsByKey, 'node', ctx) as Promise<{ total: number; code: number }>,
        answerOf(partsByKey, 'statsOverview', ctx) as Promise<{ data: { dateDayStr?: string }[] }>,
        answerOf(partsByKey, 'freezeResource', ctx),
        answerOf(partsByKey, 'stableCoin', ctx),
        ctx.versionRows(PRICES, {}),
      ]);
      const yesterday = new Date(Math.floor(ctx.manifest.head.timestamp / 86_400_000) * 86_400_000 - 86_400_000).toISOString().slice(0, 10);
      const close = new Map(prices.map((r) => [String(r.quote), r]));
      const usd = close.get('USD');
      const tickerOf = (quote: 'EUR' | 'ETH') => {
        const r = close.get(quote);
        if (!r) return null;
        return [
          {
            id: 'tron',
            name: 'TRON',
            symbol: 'TRX',
            price_usd: usd ? String(usd.close) : null,
            [`price_${quote.toLowerCase()}`]: String(r.close),
            // The candle's day, seconds (as the ticker's other figures, a string).
            last_updated: String(Math.floor(numOr0(r.time) / 1000)),
          },
        ];
      };
      return {
        tps,
        node: { total: node.total, code: node.code },
        statsOverview,
        freezeResource,
        stableCoin,
        yesterdayStat: { data: statsOverview.data.filter((d) => d.dateDayStr === yesterday) },
        priceEUR: tickerOf('EUR'),
        priceETH: tickerOf('ETH'),
      };
    },
  });
}
