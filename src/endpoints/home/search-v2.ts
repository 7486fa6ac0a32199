/**
 * GET /api/search/v2?term= (SPEC §4.12, §7, §8; reference §8.3): what the term names, by kind: tokens (id, name or
 * symbol), contracts (address or name), addresses (the address itself, or a public label), a transaction (its 64-hex
 * id), a block (its height, or its 64-hex id). Exact matches come before prefix matches. `start` (< 50) and `limit`
 * (default 10, at most 50) cut each kind's list; `type` asks one kind. Every read is a small structure: the tokens and
 * contracts dimensions (in memory), token_stats, the address_labels reference, one bucket of accounts, and the key
 * files of tx_by_hash / transactions_by_block / blocks_by_number (no statement). docs/compat.md "Search and homepage".
 */
import { z } from 'zod';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { count, exactInt } from '../kit/schemas.ts';
import { formatField, listCsv } from '../kit/exports.ts';
import { int, oneOf, text } from '../../params/index.ts';
import { isBase58Address } from '../../chain/address.ts';
import { numOr0, numOrNull, str } from '../shapes/cells.ts';
import { keyedTransaction } from '../shapes/keyed-transaction.ts';
import type { Row } from '../../duckdb/duck.ts';

export const SEARCH_KINDS = ['token', 'address', 'contract', 'transaction', 'block'] as const;
type Kind = (typeof SEARCH_KINDS)[number];

const MAX_LIMIT = 50;

const params = z.object({
  term: text(100).meta({ description: 'What to look for: a token id, name or symbol, an address, a contract name, a label, a transaction id, a block height or id. Required.' }),
  type: oneOf(SEARCH_KINDS).optional(),
  // SPEC §8: start must be less than 50.
  start: int({ min: 0, max: 49 }).optional().meta({ override: { type: 'integer', minimum: 0, maximum: 49, default: 0 }, description: 'Offset in each kind\'s list (default 0, less than 50).' }),
  limit: int({ min: 0 })
    .transform((n) => Math.min(n, MAX_LIMIT))
    .optional()
    .meta({ override: { type: 'integer', minimum: 0, maximum: MAX_LIMIT, default: 10 }, description: 'Results per kind (default 10, at most 50: larger is clamped).' }),
  format: formatField(),
});
type Params = z.output<typeof params>;

const tokenItem = z.looseObject({
  token_id: z.string(),
  token_type: z.string(),
  vip: z.boolean(),
  name: z.string(),
  abbr: z.string(),
  description: z.string(),
  img_url: z.string(),
  url: z.string(),
  price: z.number().nullable(),
  holders: count,
});
const contractItem = z.looseObject({ contract_address: z.string(), name: z.string(), tag: z.string(), verify_status: z.number().int() });
const addressItem = z.looseObject({ address: z.string(), name: z.string(), address_tag: z.string(), balance: exactInt, total_transactions: exactInt });
const transactionItem = z.looseObject({
  hash: z.string(),
  block: exactInt,
  timestamp: exactInt,
  ownerAddress: z.string(),
  toAddress: z.string(),
  contractType: z.number().int(),
  contractRet: z.string(),
  confirmed: z.boolean(),
});
const blockItem = z.looseObject({ number: exactInt, hash: z.string(), timestamp: exactInt, witness_address: z.string(), nrOfTrx: count, confirmed: z.boolean() });

/** The download's columns: every kind's item fields, once each. */
const CSV_FIELDS = [...new Set([tokenItem, contractItem, addressItem, transactionItem, blockItem].flatMap((i) => Object.keys(i.shape)))];

const QUERIES = {
  tokens: 'home/search-v2-tokens',
  contracts: 'home/search-v2-contracts',
  addresses: 'home/search-v2-addresses',
  account: 'home/search-v2-account',
  transaction: 'home/search-v2-transaction',
  block: 'home/search-v2-block',
} as const;

const HEX64 = /^(0x)?[0-9a-fA-F]{64}$/;
const HEIGHT = /^\d{1,15}$/;

export default defineEndpoint({
  path: '/api/search/v2',
  method: 'GET',
  summary: 'Search tokens, contracts, addresses, a transaction or a block by a term.',
  params,
  // Without `type` every kind's list is there; with it, that kind's alone.
  response: z.union([
    z.looseObject({ token: z.array(tokenItem), contract: z.array(contractItem), address: z.array(addressItem), transaction: z.array(transactionItem), block: z.array(blockItem) }),
    z.strictObject({ token: z.array(tokenItem) }),
    z.strictObject({ contract: z.array(contractItem) }),
    z.strictObject({ address: z.array(addressItem) }),
    z.strictObject({ transaction: z.array(transactionItem) }),
    z.strictObject({ block: z.array(blockItem) }),
  ]),
  // A download is one kind's list (`type`, default token), from `start`, `limit` rows (without it, the most a page
  // holds, 50); its columns are every kind's fields, a field the kind lacks an empty cell (docs/compat.md).
  csv: listCsv<Params>('/api/search/v2', CSV_FIELDS, async (p, ctx) => {
    const kind = p.type ?? 'token';
    const body = await search(Object.assign({}, p, { type: kind, limit: p.limit ?? MAX_LIMIT }), ctx);
    return { items: (body[kind] ?? []) as Record<string, unknown>[] };
  }),
  queries: QUERIES,
  handle: search,
});

/** Every kind's list for the term, or the one `type` asks; each cut by `start` and `limit`. */
async function search(p: Params, ctx: EndpointContext): Promise<Partial<Record<Kind, unknown[]>>> {
  const page = { lim: p.limit ?? 10, off: p.start ?? 0 };
  const kinds: readonly Kind[] = p.type ? [p.type] : SEARCH_KINDS;
  const out: Partial<Record<Kind, unknown[]>> = {};
  const wanted = (k: Kind) => kinds.includes(k);
  const [tokens, contracts, addresses, transaction, block] = await Promise.all([
    wanted('token') ? searchTokens(p.term, page, ctx) : undefined,
    wanted('contract') ? searchContracts(p.term, page, ctx) : undefined,
    wanted('address') ? searchAddresses(p.term, page, ctx) : undefined,
    wanted('transaction') ? findTransaction(p.term, ctx) : undefined,
    wanted('block') ? findBlock(p.term, ctx) : undefined,
  ]);
  if (tokens) out.token = tokens;
  if (contracts) out.contract = contracts;
  if (addresses) out.address = addresses;
  // One transaction or block at most: the page is that one row from `start` 0 only.
  if (transaction) out.transaction = transaction.slice(page.off, page.off + page.lim);
  if (block) out.block = block.slice(page.off, page.off + page.lim);
  return out;
}

interface PageBinds { lim: number; off: number }

async function searchTokens(term: string, page: PageBinds, ctx: EndpointContext) {
  const rows = await ctx.typedRows(QUERIES.tokens, { term, ...page });
  return rows.map((r) => ({
    token_id: r.token_id,
    token_type: r.token_standard,
    vip: r.vip === true,
    name: str(r.name),
    abbr: str(r.symbol),
    description: str(r.description),
    img_url: str(r.logo_url),
    url: str(r.home_page),
    // null: no price known for the token (never 0 as if it were one).
    price: numOrNull(r.price_usd),
    holders: numOr0(r.holder_count),
  }));
}

async function searchContracts(term: string, page: PageBinds, ctx: EndpointContext) {
  const rows = await ctx.typedRows(QUERIES.contracts, { term, ...page });
  // verify_status 0: the lake holds no verification source (docs/compat.md "Search and homepage").
  return rows.map((r) => ({ contract_address: r.address, name: str(r.name), tag: str(r.tag), verify_status: 0 }));
}

async function searchAddresses(term: string, page: PageBinds, ctx: EndpointContext) {
  const hits = await ctx.typedRows(QUERIES.addresses, { term, ...page });
  if (hits.length === 0) return [];
  const found = await Promise.all(hits.map((h) => ctx.typedRows(QUERIES.account, { address: str(h.address) })));
  const accounts = new Map(found.flat().map((a) => [a.address, a]));
  return hits.map((h) => {
    const a = accounts.get(str(h.address));
    // No account row: the chain never activated the address, which then holds no TRX and signed nothing.
    return { address: str(h.address), name: str(a?.name), address_tag: str(h.public_tag), balance: a ? a.balance : 0, total_transactions: a ? a.tx_total : 0 };
  });
}

/** The transaction whose id is the term: from key files (shapes/keyed-transaction.ts), else the statement. */
async function findTransaction(term: string, ctx: EndpointContext) {
  if (!HEX64.test(term)) return [];
  const hash = term.replace(/^0x/i, '').toLowerCase();
  let row = keyedTransaction(hash, ctx);
  // undefined: the version has no key files for these datasets.
  if (row === undefined) row = ((await ctx.typedRows(QUERIES.transaction, { hash }))[0] as Row | undefined) ?? null;
  if (!row) return [];
  const block = Number(row.block_number);
  return [
    {
      hash,
      block,
      timestamp: Number(row.timestamp),
      ownerAddress: str(row.owner_address),
      toAddress: str(row.to_address),
      contractType: Number(row.contract_type),
      contractRet: str(row.contract_ret),
      confirmed: block <= ctx.manifest.solidBlock,
    },
  ];
}

/** The block at the term's height, or whose id is the term (a block id starts with its height in 16 hex digits). */
async function findBlock(term: string, ctx: EndpointContext) {
  let number: number | undefined;
  let hash: string | undefined;
  if (HEIGHT.test(term)) number = Number(term);
  else if (HEX64.test(term)) {
    hash = term.replace(/^0x/i, '').toLowerCase();
    const height = BigInt(`0x${hash.slice(0, 16)}`);
    if (height <= BigInt(Number.MAX_SAFE_INTEGER)) number = Number(height);
  }
  if (number === undefined) return [];
  const keyed = ctx.keyedPage('blocks_by_number', number, { from: null, to: null, desc: false, offset: 0, limit: 1 });
  const row = keyed ? keyed.rows[0] : ((await ctx.typedRows(QUERIES.block, { block: number }))[0] as Row | undefined);
  if (!row || (hash !== undefined && row.block_hash !== hash)) return [];
  const n = Number(row.block_number);
  return [
    { number: n, hash: str(row.block_hash), timestamp: Number(row.timestamp), witness_address: str(row.witness_address), nrOfTrx: numOr0(row.tx_count), confirmed: n <= ctx.manifest.solidBlock },
  ];
}
