/**
 * GET /api/account/tag?address= (SPEC §4.4; reference "account/tag"): an address's labels and behaviour tags.
 * `publicTag` is its address_labels label; `blueTag`, `greyTag` and `redTag` are `""`: the lake holds no source for
 * official, grey or risk labels. `chainTags` are our own rules over chain facts (TronScan's are not public), each a
 * point read (deep/account-tag.sql); the rules and thresholds are below and in docs/compat.md "Search and homepage".
 * With at least one tag every category key is there (`[]` when empty); without any, `chainTags` is `{}` and
 * `refreshTimeInfo` is left out. Key-protected, as the reference marks it.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address } from '../../params/index.ts';
import { numOr0, str } from '../shapes/cells.ts';
import { refreshTimeInfo, refreshTimeInfoSchema } from '../shapes/stablecoin-shape.ts';

/** A TRX whale: at least 1,000,000 TRX (sun) in its newest account snapshot. */
export const WHALE_BALANCE_SUN = 1_000_000n * 1_000_000n;
/** An active account: at least this many transactions in the lake (sent or received). */
export const ACTIVE_TX_COUNT = 1_000;
/** A new account: created at most this many days before the head block. */
export const NEW_ACCOUNT_DAYS = 30;

export const CHAIN_TAG_CATEGORIES = ['Assets', 'Activity', 'DeFi', 'NFT', 'Governance'] as const;
type Category = (typeof CHAIN_TAG_CATEGORIES)[number];

interface ChainTag { tagName: string; tagNameKey: string; tagDesc: string; tagDescKey: string }

const tag = (key: string, tagName: string, tagDesc: string): ChainTag => ({ tagName, tagNameKey: `chain_tag_${key}`, tagDesc, tagDescKey: `chain_tag_${key}_desc` });

const WITNESS_TAGS: Record<number, ChainTag> = {
  1: tag('super_representative', 'Super Representative', 'One of the 27 block-producing Super Representatives at the head block'),
  2: tag('sr_partner', 'SR Partner', 'A Super Representative partner (vote rank 28-127) at the head block'),
  3: tag('sr_candidate', 'SR Candidate', 'A Super Representative candidate (vote rank over 127) at the head block'),
};

const tagSchema = z.object({ tagName: z.string(), tagNameKey: z.string(), tagDesc: z.string(), tagDescKey: z.string() });

const QUERIES = { facts: 'deep/account-tag' } as const;

export default defineEndpoint({
  path: '/api/account/tag',
  method: 'GET',
  summary: "An address's public label and behaviour tags (assets, activity, DeFi, NFT, governance).",
  params: z.object({ address: address() }),
  // With tag data (a label or a chain tag) refreshTimeInfo is there; without any, the answer is the empty labels alone.
  response: z.union([
    z.looseObject({
      blueTag: z.string(),
      greyTag: z.string(),
      redTag: z.string(),
      publicTag: z.string(),
      chainTags: z.partialRecord(z.enum(CHAIN_TAG_CATEGORIES), z.array(tagSchema)),
      refreshTimeInfo: refreshTimeInfoSchema,
    }),
    z.strictObject({ blueTag: z.literal(''), greyTag: z.literal(''), redTag: z.literal(''), publicTag: z.literal(''), chainTags: z.strictObject({}) }),
  ]),
  queries: QUERIES,
  async handle(p, ctx) {
    const [f] = await ctx.typedRows(QUERIES.facts, { address: p.address });
    const tags: Record<Category, ChainTag[]> = { Assets: [], Activity: [], DeFi: [], NFT: [], Governance: [] };
    if (f?.has_account) {
      if (BigInt(f.balance ?? 0) >= WHALE_BALANCE_SUN) tags.Assets.push(tag('trx_whale', 'TRX Whale', 'Holds at least 1,000,000 TRX'));
      if (numOr0(f.tx_total) >= ACTIVE_TX_COUNT) tags.Activity.push(tag('active_account', 'Active Account', `At least ${ACTIVE_TX_COUNT} transactions sent or received in the indexed window`));
      const created = numOr0(f.create_time);
      if (created > 0 && ctx.now - created <= NEW_ACCOUNT_DAYS * 86_400_000) tags.Activity.push(tag('new_account', 'New Account', `Created in the ${NEW_ACCOUNT_DAYS} days before the latest block`));
    }
    if (numOr0(f?.fungible_issued) > 0) tags.Assets.push(tag('token_issuer', 'Token Issuer', 'Issued a TRC10 token or deployed a TRC20 token'));
    if (numOr0(f?.nft_issued) > 0) tags.NFT.push(tag('nft_issuer', 'NFT Issuer', 'Deployed a TRC721 or TRC1155 collection'));
    if (f?.defi_project) tags.DeFi.push(tag('defi_contract', 'DeFi Contract', `A contract of the DeFi project '${f.defi_project}'`));
    const witness = f?.witness_type === null || f?.witness_type === undefined ? undefined : WITNESS_TAGS[Number(f.witness_type)];
    if (witness) tags.Governance.push(witness);
    const tagged = CHAIN_TAG_CATEGORIES.some((c) => tags[c].length > 0);
    const publicTag = str(f?.public_tag);
    return {
      blueTag: '',
      greyTag: '',
      redTag: '',
      publicTag,
      chainTags: tagged ? tags : {},
      ...(tagged || publicTag !== '' ? { refreshTimeInfo: refreshTimeInfo(ctx.now) } : {}),
    };
  },
});
