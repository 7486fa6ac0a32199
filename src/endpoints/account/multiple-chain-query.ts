/**
 * GET /api/multiple/chain/query?address= (SPEC §4.3; reference "multiple/chain/query"): what a TRON address is
 * (`isToken`, `isContract`, logo, label) and where else it exists. Existence on another chain is off-chain: it comes
 * from the multichain_addresses reference only (`multipleChain: []` without a row; an `exist` is never guessed from the
 * 0x form alone). A bare object (no envelope); key-protected, as the reference marks it. docs/compat.md "Search and
 * homepage".
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address } from '../../params/index.ts';
import { str } from '../shapes/cells.ts';

const QUERIES = { facts: 'account/multiple-chain-query', chains: 'account/multiple-chain-query.chains' } as const;

const chainItem = z.looseObject({
  exist: z.boolean(),
  chain: z.string(),
  name: z.string(),
  title: z.string(),
  address: z.string(),
  logo: z.string(),
  url: z.string(),
  type: z.string().optional(),
});

export default defineEndpoint({
  path: '/api/multiple/chain/query',
  method: 'GET',
  summary: 'What a TRON address is and whether it exists on other chains (from the multichain reference).',
  params: z.object({ address: address() }),
  response: z.looseObject({
    isToken: z.boolean(),
    isContract: z.boolean(),
    tronAddress: z.string(),
    tronLogo: z.string(),
    redTag: z.string(),
    publicTag: z.string(),
    description: z.string(),
    multipleChain: z.array(chainItem),
  }),
  queries: QUERIES,
  async handle(p, ctx) {
    const [[f], chains] = await Promise.all([ctx.typedRows(QUERIES.facts, { address: p.address }), ctx.typedRows(QUERIES.chains, { address: p.address })]);
    return {
      isToken: f?.is_token === true,
      isContract: f?.is_contract === true,
      tronAddress: p.address,
      tronLogo: str(f?.logo_url),
      // No risk source in the lake (docs/compat.md): never a guessed risk label.
      redTag: '',
      publicTag: str(f?.public_tag),
      description: f?.is_contract === true ? str(f.description) : '',
      multipleChain: chains.map((c) => ({
        exist: c.exists === true,
        chain: str(c.chain),
        name: str(c.name),
        title: str(c.title),
        address: str(c.address),
        logo: str(c.logo),
        url: str(c.url),
        ...(c.type === null || c.type === undefined ? {} : { type: c.type }),
      })),
    };
  },
});
