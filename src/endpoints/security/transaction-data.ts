/**
 * GET /api/security/transaction/data (SPEC §4.11; reference §7): risk flags per transaction, a map hash → flags, for
 * at most 20 comma-separated hashes (a malformed one is a 400, docs/compat.md "General"; a hash the lake does not hold
 * answers every flag false). Our rules (docs/compat.md "Security and approvals"):
 * - `riskToken`: it moved a token the listing marks UNSAFE (tokens.level 4);
 * - `zeroTransfer`: it emitted a zero-value TRC20 transfer;
 * - `riskAddress`: a party (signer, receiver, a transfer's side) is on a risk list (risk_addresses) or flagged by
 *   our account rules (address_risk_flags, as /api/security/account/data);
 * - `sameTailAttach`: for a transfer's two sides, one had dealt before with a look-alike of the other (same first five
 *   and last four characters), the address poisoning pattern (address_counterparty_daily, first 8 transfers);
 * - `riskTransaction`: any of them.
 */
import { z } from 'zod';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { commaList, hash } from '../../params/index.ts';
import { utcDay } from '../kit/time-window.ts';
import { str } from '../shapes/cells.ts';
import { keyedTransaction, keyRows } from '../shapes/keyed-transaction.ts';
import type { SqlRows } from '../kit/sql-types.generated.ts';

const QUERIES = {
  locate: 'transaction/transaction-info.locate',
  parties: 'security/transaction-data',
  risk: 'security/transaction-data.risk',
  tail: 'security/transaction-data.tail',
} as const;
const MAX_HASHES = 20;
/** Transfers of one transaction whose sides are checked for look-alikes (two reads each). */
const TAIL_CHECKS = 8;
const AD_MEMO_MIN = 10;
/** The listing's UNSAFE level (tokens.level). */
const UNSAFE_LEVEL = 4;
const ZERO = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

const flags = z.object({ riskToken: z.boolean(), zeroTransfer: z.boolean(), riskAddress: z.boolean(), sameTailAttach: z.boolean(), riskTransaction: z.boolean() }).strict();
type Flags = z.infer<typeof flags>;
const NOTHING: Flags = { riskToken: false, zeroTransfer: false, riskAddress: false, sameTailAttach: false, riskTransaction: false };

type Party = SqlRows['security/transaction-data'];

/**
 * The parties of transaction `h` from key files, no statement: the transaction row (shapes/keyed-transaction.ts) and
 * its block's token transfers of it. null: no such transaction; undefined: a dataset has no key files (the statements
 * answer).
 */
function partiesFromKeyFiles(h: string, ctx: EndpointContext): { block: number; parties: Party[] } | null | undefined {
  const t = keyedTransaction(h, ctx);
  if (!t) return t;
  const block = Number(t.block_number);
  const transfers = keyRows(ctx, 'token_transfers_by_block', block);
  if (!transfers) return undefined;
  const own: Party = {
    kind: 'tx', from_address: str(t.owner_address), to_address: (t.to_address ?? t.contract_address ?? null) as string | null, token: (t.token_id ?? null) as string | null,
    amount_raw: t.amount === null || t.amount === undefined ? null : String(t.amount), contract_type: t.contract_type as number, token_standard: '',
  };
  const moved = transfers.filter((r) => r.tx_hash === h).map((r): Party => ({
    kind: 'transfer', from_address: str(r.from_address), to_address: str(r.to_address), token: str(r.contract_address), amount_raw: str(r.amount_raw),
    contract_type: null, token_standard: str(r.token_standard),
  }));
  return { block, parties: [own, ...moved] };
}

/** Transaction `h`'s block and parties: from key files, else its block's day files (one statement per candidate). */
async function partiesOf(h: string, ctx: EndpointContext): Promise<{ block: number; parties: Party[] } | null> {
  const keyed = partiesFromKeyFiles(h, ctx);
  if (keyed !== undefined) return keyed;
  for (const loc of await ctx.typedRows(QUERIES.locate, { hash: h })) {
    const block = Number(loc.block_number);
    const parties = await ctx.typedRows(QUERIES.parties, { hash: h, block, day: utcDay(Number(loc.timestamp)) });
    if (parties.length > 0) return { block, parties }; // else another transaction sharing the hash prefix
  }
  return null;
}

/** The addresses of `parties` a rule can name (not empty, not the zero address). */
const addressesOf = (parties: readonly Party[]): string[] => [...new Set(parties.flatMap((r) => [str(r.from_address), str(r.to_address)]).filter((a) => a !== '' && a !== ZERO))];
/** The tokens `parties` moved (TRX '_' is no token). */
const tokensOf = (parties: readonly Party[]): string[] => [...new Set(parties.map((r) => str(r.token)).filter((t) => t !== '' && t !== '_'))];

/**
 * The risk lists' and rules' names among every hash's parties, for the whole request at once: our rules' flags (one
 * statement), the risk lists and the tokens' levels (the per-version lookups).
 */
async function risksOf(found: readonly ({ parties: Party[] } | null)[], ctx: EndpointContext): Promise<{ addresses: Set<string>; tokens: Set<string> }> {
  const parties = found.flatMap((f) => f?.parties ?? []);
  if (parties.length === 0) return { addresses: new Set(), tokens: new Set() };
  const [addresses, tokens] = [addressesOf(parties), tokensOf(parties)];
  const [flagged, listed, infos] = await Promise.all([
    ctx.typedRows(QUERIES.risk, { addresses, ad_memo_min: AD_MEMO_MIN }),
    ctx.lookups.riskListed(addresses),
    ctx.lookups.tokenInfo(tokens),
  ]);
  return {
    addresses: new Set([...listed, ...flagged.map((r) => str(r.address))]),
    tokens: new Set(tokens.filter((t) => infos.get(t)?.tokenLevel === String(UNSAFE_LEVEL))),
  };
}

/** The flags of one transaction from its parties, the names the risk lists and rules hold, and its look-alike checks. */
async function flagsOf(found: { block: number; parties: Party[] }, risks: { addresses: Set<string>; tokens: Set<string> }, ctx: EndpointContext): Promise<Flags> {
  const { block, parties } = found;
  const transfers = parties.filter((r) => r.kind === 'transfer');
  // A TRX / TRC10 transfer is a transfer too (the transaction's own sides), then the token transfers.
  const tx = parties.find((r) => r.kind === 'tx');
  const pairs = [...(tx && (tx.contract_type === 1 || tx.contract_type === 2) ? [tx] : []), ...transfers]
    .map((r) => [str(r.from_address), str(r.to_address)] as const)
    .filter(([a, b]) => a !== b && a !== ZERO && b !== ZERO && a !== '' && b !== '')
    .slice(0, TAIL_CHECKS);
  let sameTail = false;
  for (const [a, b] of pairs) {
    const [x, y] = await Promise.all([
      ctx.typedRows(QUERIES.tail, { address: b, other: a, block }),
      ctx.typedRows(QUERIES.tail, { address: a, other: b, block }),
    ]);
    if (Number(x[0]?.n ?? 0) > 0 || Number(y[0]?.n ?? 0) > 0) {
      sameTail = true;
      break;
    }
  }
  const f = {
    riskToken: tokensOf(parties).some((t) => risks.tokens.has(t)),
    zeroTransfer: transfers.some((r) => r.token_standard === 'trc20' && str(r.amount_raw) === '0'),
    riskAddress: addressesOf(parties).some((a) => risks.addresses.has(a)),
    sameTailAttach: sameTail,
  };
  return Object.assign({}, f, { riskTransaction: f.riskToken || f.zeroTransfer || f.riskAddress || f.sameTailAttach });
}

export default defineEndpoint({
  path: '/api/security/transaction/data',
  method: 'GET',
  summary: 'Risk flags of transactions (risky token, zero-value transfer, risky address, look-alike address).',
  params: z.object({ hashes: commaList(hash(), { max: MAX_HASHES }).refine((hs) => hs.length > 0, 'must hold at least one hash') }),
  // Never empty: every asked hash is answered (at least one is required).
  response: z.record(z.string().regex(/^[0-9a-f]{64}$/), flags).refine((m) => Object.keys(m).length > 0, 'at least one hash'),
  queries: QUERIES,
  async handle(p, ctx) {
    const hashes = [...new Set(p.hashes)];
    const found = await Promise.all(hashes.map((h) => partiesOf(h, ctx)));
    // The risk lists and rules for every hash at once: one statement, where each hash ran its own.
    const risks = await risksOf(found, ctx);
    const answers = await Promise.all(found.map((f) => (f ? flagsOf(f, risks, ctx) : NOTHING)));
    return Object.fromEntries(hashes.map((h, i) => [h, answers[i]!]));
  },
});
