/**
 * GET /api/contract (SPEC §4.6; shape: reference §2.2, `{type, count: 0, status, data: [contract]}`): one contract's
 * detail, or `data: []` for an address the lake does not know as a contract. From contract_list (head TRX balance,
 * transactions received in the lake, name, label, deployer, creation time), its CreateSmartContract (from the by-block
 * key files at its creation time, else its deploy day's file: hash, value and TRC10 sent, consume_user_resource_percent,
 * origin_energy_limit), its TRC10 / TRC20 positions valued at the latest prices (balanceWithTokens in TRX and USD, exact
 * products rounded to 6 places), the tokens dimension (tokenInfo), its ABI (contract_code: methodMap, selector →
 * canonical signature, {} without one). Verification, audit, proxy and off-chain labels: the lake holds none, so they
 * are empty texts, false and 0 (docs/compat.md "Contracts").
 */
import { z } from 'zod';
import { JsonDecimal } from '../../wire/json.ts';
import { address, scaleDecimal, scaledProduct } from '../../params/index.ts';
import { canonical, functionsBySelector, parseAbi } from '../../chain/abi-decode.ts';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import type { SqlRows } from '../kit/sql-types.generated.ts';
import { exactJson as exact, numOr0, str } from '../shapes/cells.ts';
import { exactInt, exactNumber, tokenInfoOrEmpty } from '../kit/schemas.ts';

const QUERIES = { contract: 'contract/contract', deploy: 'contract/contract-deploy', holdings: 'contract/contract-holdings', code: 'contract/contract-code' } as const;
type Deploy = SqlRows['contract/contract-deploy'];
/** A key's rows at most: the blocks of one time, one block's transactions. */
const ALL = 1_000_000;

/**
 * The CreateSmartContract of `address` made at `ts` from key files, no statement (issue 32: the deploy day's file cost
 * a statement after the others, 6-15 ms on the default lake): the blocks of that time (blocks_by_number), then each
 * block's transactions (transactions_by_block). null: none; undefined: a dataset has no key files (the statement answers).
 */
function deployFromKeyFiles(address: string, ts: number, ctx: EndpointContext): Deploy | null | undefined {
  const blocks = ctx.keyedPage('blocks_by_number', undefined, { from: ts, to: ts, desc: false, offset: 0, limit: ALL });
  if (!blocks) return undefined;
  for (const b of blocks.rows) {
    const txs = ctx.keyedPage('transactions_by_block', b.block_number, { from: null, to: null, desc: false, offset: 0, limit: ALL });
    if (!txs) return undefined;
    const t = txs.rows.find((r) => Number(r.contract_type) === 30 && r.contract_address === address && Number(r.timestamp) === ts);
    if (t) return { tx_hash: t.tx_hash, owner_address: t.owner_address, amount: t.amount, token_id: t.token_id, parameter_json: t.parameter_json } as Deploy;
  }
  return null;
}

/** Valuations carry 6 decimal places (TRX's and USDT's). */
const PLACES = 6;

const params = z.object({
  contract: address().meta({ description: 'Contract address (required).' }),
});

const creator = z.object({
  address: z.string(), address_is_contract: z.boolean(), txHash: z.string(), token_balance: exactInt,
  consume_user_resource_percent: z.number().int(), energy_remaining: exactInt, energy_limit: exactInt,
});

export const contractItem = z.object({
  address: z.string(),
  balance: exactInt,
  balanceInUsd: exactNumber,
  verify_status: z.number().int(),
  is_proxy: z.boolean(),
  proxy_implementation: z.string(),
  old_proxy_implementation: z.string(),
  trxCount: exactInt,
  date_created: z.number().int(),
  call_value: exactInt,
  call_token_value: exactInt,
  call_token_id: z.number().int(),
  call_token_info: z.object({ tokenInfo: tokenInfoOrEmpty }),
  name: z.string(),
  description: z.string(),
  tag1: z.string(), tag1Url: z.string(), blueTag: z.string(), blueTagUrl: z.string(), greyTag: z.string(), redTag: z.string(),
  publicTag: z.string(), publicTagDesc: z.string(), announcement: z.string(),
  vip: z.boolean(),
  feedbackRisk: z.boolean(),
  license: z.string(),
  creator,
  auditReportUrl: z.string(), auditDep: z.string(), auditDate: z.string(),
  methodMap: z.record(z.string(), z.string()),
  energy_factor: z.number().int(),
  tokenInfo: tokenInfoOrEmpty,
  balanceWithTokens: exactNumber,
  balanceWithTokensInUsd: exactNumber,
});

/** `raw / 10^decimals × price` in 10^-6 units, exact (0 without a price). */
const valued = (raw: bigint, decimals: number, price: string | null): bigint => (price === null ? 0n : scaledProduct(decimals, price, PLACES)(raw));
const decimal = (units: bigint): JsonDecimal => new JsonDecimal(scaleDecimal(units, PLACES));

/** A CreateSmartContract's parameters as the lake keeps them (parameter_json.new_contract). */
function newContract(json: string | null): { consume_user_resource_percent: number; origin_energy_limit: number } {
  try {
    const n = (JSON.parse(json ?? '{}') as { new_contract?: Record<string, unknown> }).new_contract ?? {};
    return { consume_user_resource_percent: Number(n.consume_user_resource_percent ?? 0), origin_energy_limit: Number(n.origin_energy_limit ?? 0) };
  } catch {
    return { consume_user_resource_percent: 0, origin_energy_limit: 0 };
  }
}

export default defineEndpoint({
  path: '/api/contract',
  method: 'GET',
  summary: "One contract's detail: balance, calls, creation, creator, tokens held, token info.",
  params,
  queries: QUERIES,
  response: z.object({
    type: z.string().nullable(),
    count: z.literal(0),
    status: z.object({ code: z.number().int(), message: z.string() }),
    data: z.array(contractItem),
  }),
  async handle(p, ctx) {
    const empty = { type: null, count: 0, status: { code: 0, message: 'SUCCESS' }, data: [] };
    const [[c], holdings, [code]] = await Promise.all([
      ctx.typedRows(QUERIES.contract, { address: p.contract }),
      ctx.typedRows(QUERIES.holdings, { address: p.contract }),
      ctx.typedRows(QUERIES.code, { address: p.contract }),
    ]);
    if (!c) return empty;
    const createdTs = numOr0(c.created_ts);
    const keyed = createdTs > 0 ? deployFromKeyFiles(p.contract, createdTs, ctx) : null;
    const [deploy] = keyed !== undefined
      ? (keyed ? [keyed] : [])
      : await ctx.typedRows(QUERIES.deploy, { address: p.contract, day: new Date(createdTs).toISOString().slice(0, 10), ts: createdTs });
    const creatorAddress = str(c.creator_address);
    const tokenId = deploy?.token_id ? str(deploy.token_id) : null;
    const [infos, creatorMap] = await Promise.all([
      ctx.lookups.tokenInfo([p.contract, ...(tokenId ? [tokenId] : [])]),
      creatorAddress ? ctx.lookups.contractMap([creatorAddress]) : Promise.resolve({ map: {} as Record<string, boolean> }),
    ]);
    const sun = BigInt(exact(c.balance));
    const trxUsd = c.trx_usd === null || c.trx_usd === undefined ? null : String(c.trx_usd);
    // Holdings in 10^-6 TRX / USD: the TRX balance plus each priced position at its latest price.
    let inTrx = sun;
    let inUsd = valued(sun, 6, trxUsd);
    for (const h of holdings) {
      const raw = BigInt(str(h.balance_raw));
      inTrx += valued(raw, numOr0(h.decimals), h.trx === null ? null : String(h.trx));
      inUsd += valued(raw, numOr0(h.decimals), h.usd === null ? null : String(h.usd));
    }
    const params = newContract(deploy?.parameter_json ?? null);
    const isToken = c.is_token === true;
    return Object.assign({}, empty, {
      data: [{
        address: p.contract,
        balance: exact(c.balance),
        balanceInUsd: decimal(valued(sun, 6, trxUsd)),
        verify_status: 0,
        is_proxy: false,
        proxy_implementation: '',
        old_proxy_implementation: '',
        trxCount: exact(c.trx_count),
        date_created: createdTs,
        call_value: deploy && !tokenId ? exact(deploy.amount) : 0,
        call_token_value: deploy && tokenId ? exact(deploy.amount) : 0,
        call_token_id: tokenId ? Number(tokenId) : 0,
        call_token_info: { tokenInfo: (tokenId && infos.get(tokenId)) || {} },
        name: str(c.name),
        description: '',
        tag1: str(c.tag), tag1Url: '', blueTag: '', blueTagUrl: '', greyTag: '', redTag: '', publicTag: '', publicTagDesc: '', announcement: '',
        vip: false,
        feedbackRisk: false,
        license: '',
        creator: {
          address: creatorAddress,
          address_is_contract: creatorMap.map[creatorAddress] === true,
          txHash: deploy ? str(deploy.tx_hash) : '',
          token_balance: 0,
          consume_user_resource_percent: params.consume_user_resource_percent,
          energy_remaining: 0,
          energy_limit: params.origin_energy_limit,
        },
        auditReportUrl: '', auditDep: '', auditDate: '',
        // selector → the signature it hashes, from the contract's ABI (contract_code); {} without one
        methodMap: Object.fromEntries([...functionsBySelector(parseAbi(code?.abi_json ?? null))].map(([sel, f]) => [sel, canonical(f)])),
        energy_factor: 0,
        tokenInfo: (isToken && infos.get(p.contract)) || {},
        balanceWithTokens: decimal(inTrx),
        balanceWithTokensInUsd: decimal(inUsd),
      }],
    });
  },
});
