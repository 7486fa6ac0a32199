/**
 * GET /api/stableCoin/pool/overview (SPEC §4.4; shape: reference §3, bare): one stablecoin pool's tokens (tokenInfo +
 * `liquidity` raw + `liquidityPercent`), USD `tvl` and `volume24Hours` and `poolUrl` (its project's site). A pool that
 * is not a stablecoin pool of project_contracts (the whitelist, docs/compat.md "DEX pools and TVL (issue 34)"), or no
 * `pool` at all, answers `{}` with 200 (reference: "a pool that is not on the whitelist, or is invalid, gets {}"); a
 * malformed address is a 400 as everywhere.
 */
import { z } from 'zod';
import { address } from '../../params/atoms.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { empty } from '../kit/schemas.ts';
import { POOL_QUERY, pool, poolObject, poolTokenInfos, stablePools } from '../shapes/stablecoin-pool-shape.ts';

const QUERIES = { pools: POOL_QUERY } as const;

const params = z.object({
  pool: address().optional().meta({ description: 'A pool contract address; not a stablecoin pool: `{}`.' }),
});

const overview = z.object({ tokens: pool.shape.tokens, volume24Hours: pool.shape.volume24Hours, tvl: pool.shape.tvl, poolUrl: z.string() });

export default defineEndpoint({
  path: '/api/stableCoin/pool/overview',
  method: 'GET',
  summary: "One stablecoin pool's tokens with their liquidity, its USD TVL and 24 h volume.",
  params,
  response: z.union([overview, empty]),
  queries: QUERIES,
  async handle(p, ctx) {
    const hit = p.pool ? (await stablePools(ctx)).find((x) => x.address === p.pool) : undefined;
    if (!hit) return {};
    const o = poolObject(hit, await poolTokenInfos(ctx, [hit]));
    const out: z.output<typeof overview> = { tokens: o.tokens, poolUrl: hit.url };
    if (o.volume24Hours !== undefined) out.volume24Hours = o.volume24Hours;
    if (o.tvl !== undefined) out.tvl = o.tvl;
    return out;
  },
});
