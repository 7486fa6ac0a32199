/**
 * GET /api/tokenholders (SPEC §4.1; shape: reference §2): holders of the TRC10 token(s) issued by `address`, by
 * balance (default -balance). `address` also takes a TRC10 id; the native coin aliases (trx, _, 0) answer an empty
 * list, because the lake holds no TRX account balances (docs/compat.md "Tokens").
 * One token by largest balance without a holder filter (the common request) is a holder_rank range of the ledger,
 * counted by the token's stats: it reads its page, not the token's holders (issue 32, flat with history); the rest
 * (several tokens, ascending, one holder, CSV) is the general statement. Both order by the exact balance, then holder.
 */
import { address } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { pagedList } from '../kit/envelopes.ts';
import { num, str, tokenIdParam, TRX_ID } from '../shapes/token-shape.ts';
import { z } from 'zod';
import { contractInfo, contractMap, exactInt, intString, shape } from '../kit/schemas.ts';

/** The one token a request pages by rank (largest balance first, no holder filter), or null. */
function rankedToken(p: { sort: { key: string }; holder_address?: string }, tokens: readonly string[]): string | null {
  return tokens.length === 1 && p.holder_address === undefined && p.sort.key === '-balance' ? tokens[0]! : null;
}

export default defineList({
  path: '/api/tokenholders',
  summary: 'Holders of a TRC10 token, given its issuer address (or its id), largest balance first by default.',
  params: { address: tokenIdParam(), holder_address: address().optional() },
  paging: { defaultLimit: 10, maxLimit: 50, sumRule: true },
  sort: { columns: { balance: 'CAST(b.balance_raw AS HUGEINT)' }, default: '-balance', tieBreak: ['b.token_id', 'b.holder_address'] },
  sql: {
    rows: 'token/tokenholders',
    variants: { ranked: 'token/tokenholders.ranked' },
    extra: { tokens: 'token/tokenholders.tokens' },
  },
  shortCircuit: (p) => (p.address === TRX_ID ? pagedList('data', [], 0, { contractMap: {}, contractInfo: {} }) : undefined),
  // The token ids `address` stands for (the tokens dimension's, kept per version): the tokens its issuer issued, or itself.
  prepare: async (p, q) => {
    const isAddress = p.address.startsWith('T');
    return (await q.version('tokens')).filter((r) => (isAddress ? str(r.issuer_address) === p.address : str(r.token_id) === p.address)).map((r) => str(r.token_id));
  },
  variant: (p, tokens) => (rankedToken(p, tokens) === null ? undefined : 'ranked'),
  // A ranked request's issuer is its resolved token (the general statement reads the same rows either way).
  filters: (p, tokens) => {
    const ranked = rankedToken(p, tokens);
    const isAddress = p.address.startsWith('T');
    return { issuer: isAddress && ranked === null ? p.address : null, token_id: ranked ?? (isAddress ? null : p.address), holder: p.holder_address ?? null };
  },
  total: (p, f, q) =>
    f.holder === null && typeof f.token_id === 'string' && p.sort.key === '-balance'
      ? q.version('tokens').then((all) => Number(all.find((r) => str(r.token_id) === f.token_id)?.holders ?? 0))
      : undefined,
  lookups: { addresses: (r) => [str(r.holder_address)] },
  row: (r, x) => ({
    address: str(r.holder_address),
    tokenId: str(r.token_id),
    name: '',
    balance: str(r.balance_raw),
    index: x.p.page.start + x.index + 1,
    addressTag: x.lookups.contractInfo[str(r.holder_address)]?.tag1 ?? '',
    addressTagLogo: '',
    srTag: r.sr_name !== null && r.sr_name !== undefined,
    srName: str(r.sr_name),
    foundationTag: false,
    analysisShow: false,
    updateTime: num(r.update_ts),
  }),
  envelope: (items, x) => pagedList('data', items, x.rangeTotal, { contractMap: x.lookups.contractMap, contractInfo: x.lookups.contractInfo }),
  item: shape({
    address: z.string(),
    tokenId: z.string(),
    name: z.string(),
    balance: intString,
    index: z.number().int().positive(),
    addressTag: z.string(),
    addressTagLogo: z.string(),
    srTag: z.boolean(),
    srName: z.string(),
    foundationTag: z.boolean(),
    analysisShow: z.boolean(),
    updateTime: exactInt,
  }),
  envelopeFields: { contractMap, contractInfo },
  csv: { filename: 'tokenholders.csv' },
});
