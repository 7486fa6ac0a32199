/**
 * GET /api/security/transaction/data (SPEC §4.11; reference §7): risk flags per transaction, a map hash → flags, for
 * at most 20 comma-separated hashes (a malformed one is a 400, docs/compat.md "General"; a hash the lake does not hold
 * is left out of the map). Our rules (docs/compat.md "Security and approvals"):
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
const ZERO = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

const flags = z.object({ riskToken: z.boolean(), zeroTransfer: z.boolean(), riskAddress: z.boolean(), sameTailAttach: z.boolean(), riskTransaction: z.boolean() }).strict();
type Flags = z.infer<typeof flags>;
const NOTHING: Flags = { riskToken: false, zeroTransfer: false, riskAddress: false, sameTailAttach: false, riskTransaction: false };

/** The flags of one hash: its parties read from its block's day, then the lists and rules over them. */
async function flagsOf(h: string, ctx: EndpointContext): Promise<Flags> {
  for (const loc of await ctx.typedRows(QUERIES.locate, { hash: h })) {
    const block = Number(loc.block_number);
    const parties = await ctx.typedRows(QUERIES.parties, { hash: h, block, day: utcDay(Number(loc.timestamp)) });
    if (parties.length === 0) continue; // another transaction sharing the hash prefix
    const transfers = parties.filter((r) => r.kind === 'transfer');
    const addresses = [...new Set(parties.flatMap((r) => [str(r.from_address), str(r.to_address)]).filter((a) => a !== '' && a !== ZERO))];
    const tokens = [...new Set(parties.map((r) => str(r.token)).filter((t) => t !== '' && t !== '_'))];
    const risk = await ctx.typedRows(QUERIES.risk, { addresses, tokens, ad_memo_min: AD_MEMO_MIN });
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
      riskToken: risk.some((r) => r.kind === 'token'),
      zeroTransfer: transfers.some((r) => r.token_standard === 'trc20' && str(r.amount_raw) === '0'),
      riskAddress: risk.some((r) => r.kind === 'address'),
      sameTailAttach: sameTail,
    };
    return { ...f, riskTransaction: f.riskToken || f.zeroTransfer || f.riskAddress || f.sameTailAttach };
  }
  return NOTHING;
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
    const answers = await Promise.all(hashes.map((h) => flagsOf(h, ctx)));
    return Object.fromEntries(hashes.map((h, i) => [h, answers[i]!]));
  },
});
