/**
 * GET /api/stableCoin/holder/top (SPEC §4.4; shape: reference §3): the 50 holders of the `sort` coin with the
 * largest (direction 2, default) or smallest (1) positive balance, each with its decimal-adjusted amount of every
 * coin it holds (exact JSON numbers; `usdtAmount` always, the others only when not zero), its address type and label.
 * `viewContract=2` leaves contracts out. Not a page: a fixed list of at most 50 rows.
 */
import { z } from 'zod';
import { int } from '../../params/index.ts';
import { scaledNumber } from '../../params/amounts.ts';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { perVersion } from '../kit/per-version.ts';
import { formatField } from '../kit/exports.ts';
import { contractMap, count, exactNumber, shape } from '../kit/schemas.ts';
import { coinParam, itemsTable, refreshTimeInfo, refreshTimeInfoSchema, STABLE_ADDRESSES, STABLE_COINS } from '../shapes/stablecoin-shape.ts';

const QUERIES = { top: 'deep/holder-top' } as const;

/** addressType (reference: "address type code", codes not given; docs/compat.md): 0 an account, 1 a contract. */
const ACCOUNT = 0;
const CONTRACT = 1;

const params = z.object({
  viewContract: int({ min: 1, max: 2 }).optional().transform((v) => v ?? 1)
    .meta({ description: '1 (default): contracts included; 2: contracts left out.', override: { type: 'integer', enum: [1, 2], default: 1 } }),
  sort: coinParam().optional().transform((c) => c ?? STABLE_COINS[0]!)
    .meta({ description: 'The coin to rank by: USDT (default), USDC, USDJ, USDD, TUSD (case-insensitive).', override: { type: 'string', enum: STABLE_COINS.map((c) => c.coin), default: 'USDT' } }),
  direction: int({ min: 1, max: 2 }).optional().transform((v) => v ?? 2)
    .meta({ description: '1: ascending; 2 (default): descending.', override: { type: 'integer', enum: [1, 2], default: 2 } }),
  format: formatField(),
});

const amountKeys = Object.fromEntries(STABLE_COINS.map((c) => [c.amountKey, c.coin === 'USDT' ? exactNumber : exactNumber.optional()]));
const item = shape({ address: z.string(), addressType: z.number().int(), accountTag: z.string(), ...amountKeys });

type Params = z.output<typeof params>;
type Item = Record<string, unknown>;

async function topOf(p: Params, ctx: EndpointContext): Promise<Item[]> {
  // Kept with the version (issue 31: a scan of every holder of the coin, 70-135 ms): the binds are the closed set of
  // sort × viewContract × direction (20 sets of at most 50 holders × 6 contracts), so what is kept stays bounded.
  const key = `deep/holder-top:${p.sort.coin}:${p.viewContract}:${p.direction}`;
  const rows = await perVersion(ctx.manifest, key, async () => Object.freeze((await ctx.typedRows(QUERIES.top, {
    coin_contracts: [...p.sort.addresses], all_contracts: [...STABLE_ADDRESSES],
    exclude_contracts: p.viewContract === 2, ascending: p.direction === 1,
  })).map((r) => Object.freeze(r))));
  const coinOf = new Map(STABLE_COINS.flatMap((c) => c.addresses.map((a) => [a, c] as const)));
  const byHolder = new Map<string, { rn: number; tag: string; contract: boolean; raw: Map<string, bigint> }>();
  for (const r of rows) {
    const h = String(r.holder_address);
    let e = byHolder.get(h);
    if (!e) byHolder.set(h, (e = { rn: Number(r.rn), tag: String(r.public_tag ?? ''), contract: r.is_contract === true, raw: new Map() }));
    const coin = coinOf.get(String(r.contract_address))!;
    e.raw.set(coin.amountKey, (e.raw.get(coin.amountKey) ?? 0n) + BigInt(String(r.balance_raw)));
  }
  return [...byHolder.entries()].sort((a, b) => a[1].rn - b[1].rn).map(([address, e]) => {
    const out: Item = { address, addressType: e.contract ? CONTRACT : ACCOUNT, accountTag: e.tag };
    for (const c of STABLE_COINS) {
      const raw = e.raw.get(c.amountKey) ?? 0n;
      if (raw !== 0n || c.coin === 'USDT') out[c.amountKey] = scaledNumber(raw, c.decimals);
    }
    return out;
  });
}

const COLUMNS = ['address', 'addressType', 'accountTag', ...STABLE_COINS.map((c) => c.amountKey)];

export default defineEndpoint({
  path: '/api/stableCoin/holder/top',
  method: 'GET',
  summary: 'The 50 largest (or smallest) holders of a stablecoin, with their amounts of every stablecoin.',
  params,
  response: z.looseObject({ total: count, contractMap, refreshTimeInfo: refreshTimeInfoSchema, data: z.array(item) }),
  queries: QUERIES,
  // The default ranking (0.16 s first on the default lake); the other 19 sort × view × direction sets build on demand.
  warm: [{}],
  async handle(p, ctx) {
    const data = await topOf(p, ctx);
    const { map } = await ctx.lookups.contractMap(data.map((d) => String(d.address)));
    return { total: data.length, contractMap: map, refreshTimeInfo: refreshTimeInfo(ctx.now), data };
  },
  csv: {
    filename: 'stablecoin_holder_top.csv',
    wanted: (p) => p.format === 'csv',
    table: async (p, ctx) => itemsTable(await topOf(p, ctx), COLUMNS),
  },
});
