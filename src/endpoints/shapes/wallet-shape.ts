/**
 * Shared pieces of the three wallet transfer lists (SPEC §4.5; reference §4 "Wallet"): the common parameters, the
 * by-address binds of `direction`, the newest-first / oldest-first order of `reverse`, the wallet envelope (code 200,
 * page_size, tokenInfo, data, contractMap; no total) and the common row fields. The one place mapping these lake
 * columns to the wallet's snake_case names.
 */
import { z } from 'zod';
import { address, bool, int } from '../../params/index.ts';
import { contractTypeName } from '../../chain/contract-types.ts';
import type { TokenInfo } from '../kit/lookups.ts';
import { contractMap, count, exactInt, intString, shape, tokenInfoOrEmpty } from '../kit/schemas.ts';
import { str, type ColumnsOrRow } from './cells.ts';
import type { transactions } from '../../lake/datasets/raw.ts';
import type { RowOf } from '../../lake/datasets/types.ts';

/**
 * `direction` of the wallet lists (SPEC §4.5): 1 inbound (default), 2 outbound, 0 both. The same numbering on all
 * three lists: the reference's TRC20 docs page reads 1 as outbound, the spec and the token10 page as inbound
 * (docs/compat.md "Wallet").
 */
export const walletDirection = () =>
  z
    .string()
    .transform((s, ctx): 0 | 1 | 2 => {
      const t = s.trim();
      if (t === '0' || t === '1' || t === '2') return Number(t) as 0 | 1 | 2;
      ctx.addIssue({ code: 'custom', message: `must be 0 (both), 1 (inbound) or 2 (outbound), got '${s.slice(0, 40)}'` });
      return z.NEVER;
    })
    .optional()
    .transform((d) => d ?? 1)
    .meta({ description: '1 inbound (default), 2 outbound, 0 both.', override: { type: 'integer', enum: [0, 1, 2], default: 1 } });

/** The parameters common to the three lists; the kit adds start, limit, start_timestamp, end_timestamp and format. */
export const walletParams = {
  address: address(),
  direction: walletDirection(),
  db_version: int({ min: 0, max: 1 })
    .optional()
    .transform((v) => v ?? 0)
    .meta({ description: '0 (default) leaves out transfers with an empty sender or receiver; 1 keeps them.', override: { type: 'integer', enum: [0, 1], default: 0 } }),
  reverse: bool()
    .optional()
    .transform((v) => v ?? true)
    .meta({ description: 'true (default): newest first; false: oldest first.', override: { type: 'boolean', default: true } }),
};

export const walletPaging = { defaultLimit: 20, maxLimit: 50, sumRule: true } as const;

/** Sides of the by-address copy a direction keeps (a transfer to oneself is both inbound and outbound). */
export function walletSides(p: { address: string; direction: 0 | 1 | 2 }): { address: string; dirs: string[] | null } {
  return { address: p.address, dirs: p.direction === 1 ? ['in', 'self'] : p.direction === 2 ? ['out', 'self'] : null };
}

/**
 * A wallet list's keyed page (kit/list.ts `keyed`): the address's rows of a by-address copy's key files (default
 * address_trx_transfers, its TRX and TRC10 transfers; address_trc20_transfers for token logs), both sides in time
 * order, that `only` keeps, on the sides `direction` asks for and, with db_version 0, without an empty sender or
 * receiver (the copy's `from` and `to` columns): the rows the wallet-rows fragment selects from the copy.
 */
export function walletKeyedTransfers<P extends { address: string; direction: 0 | 1 | 2; db_version: number }>(
  p: P,
  only: (r: WalletKeyRow) => boolean,
  copy: { dataset: string; from: 'owner_address' | 'from_address'; to: 'to_address' } = { dataset: 'address_trx_transfers', from: 'owner_address', to: 'to_address' },
) {
  const { dirs } = walletSides(p);
  return {
    dataset: copy.dataset,
    key: p.address,
    keep: (r: WalletKeyRow) => only(r) && (dirs === null || dirs.includes(str(r.direction))) && (p.db_version === 1 || (str(r[copy.from]) !== '' && str(r[copy.to]) !== '')),
  };
}

/** The columns of a by-address copy's key-file row the wallet lists filter on. */
type WalletKeyRow = ColumnsOrRow<'direction' | 'owner_address' | 'from_address' | 'to_address' | 'contract_type' | 'token_id' | 'token_standard' | 'contract_address'>;

/** The columns the wallet templates select for a transfer, from a row of address_trx_transfers' key files. */
export function walletTransferCells(r: RowOf<typeof transactions>, solidBlock: number) {
  return {
    tx_hash: r.tx_hash, block_number: r.block_number, timestamp: r.timestamp, tx_index: r.tx_index, contract_type: r.contract_type,
    from_address: r.owner_address, to_address: r.to_address, amount: r.amount === null ? null : String(r.amount), contract_ret: r.contract_ret,
    confirmed: Number(r.block_number) <= solidBlock,
  };
}

/**
 * `reverse`: the page order, newest first (default) or oldest first, with the tie-break columns every wallet
 * template selects (`rank`: a row's order inside its transaction).
 */
export function walletOrder(tie: string) {
  const desc = `"timestamp" DESC, block_number DESC, tx_index DESC, ${tie.split(', ').map((c) => `${c} DESC`).join(', ')}`;
  const asc = `"timestamp" ASC, block_number ASC, tx_index ASC, ${tie.split(', ').map((c) => `${c} ASC`).join(', ')}`;
  return { choices: [desc, asc] as const, of: (p: { reverse: boolean }) => (p.reverse ? desc : asc) };
}

/** The common row fields (reference §4): `amount` a raw integer string, `confirmed` and `revert` 0 / 1 integers. */
export function walletRow(
  r: ColumnsOrRow<'from_address' | 'contract_ret' | 'contract_type' | 'tx_hash' | 'block_number' | 'timestamp' | 'to_address' | 'amount' | 'confirmed'>,
  address: string,
  info: TokenInfo | undefined,
) {
  const from = str(r.from_address);
  const ret = str(r.contract_ret);
  const type = Number(r.contract_type);
  return {
    hash: str(r.tx_hash),
    block: r.block_number,
    block_timestamp: r.timestamp,
    from,
    to: str(r.to_address),
    amount: str(r.amount),
    confirmed: r.confirmed === true ? 1 : 0,
    contract_ret: ret,
    revert: ret === 'SUCCESS' ? 0 : 1,
    contract_type: contractTypeName(type) ?? String(type),
    contractType: type,
    // Relative to `address`: 2 when it sent the transfer (a transfer to itself included), else 1.
    direction: from === address ? 2 : 1,
    decimals: info?.tokenDecimal ?? 0,
    token_name: info?.tokenName ?? '',
    issue_address: info?.issuerAddr ?? '',
  };
}

export const walletRowSchema = {
  hash: z.string(),
  block: exactInt,
  block_timestamp: exactInt,
  from: z.string(),
  to: z.string(),
  amount: intString,
  confirmed: z.union([z.literal(0), z.literal(1)]),
  contract_ret: z.string(),
  revert: z.union([z.literal(0), z.literal(1)]),
  contract_type: z.string(),
  contractType: z.number().int(),
  direction: z.union([z.literal(1), z.literal(2)]),
  decimals: z.number().int(),
  token_name: z.string(),
  issue_address: z.string(),
};

/** The wallet envelope (reference §4): no `total`; `page_size` = rows on this page. */
export function walletEnvelope(items: unknown[], tokenInfo: TokenInfo | Record<string, never>, map: Record<string, boolean>) {
  return { code: 200, page_size: items.length, tokenInfo, data: items, contractMap: map };
}

/** Schema of the wallet envelope around items of `item`. */
export function walletResponse(item: z.ZodRawShape): z.ZodType {
  return z.looseObject({
    code: z.literal(200),
    page_size: count,
    tokenInfo: tokenInfoOrEmpty,
    data: z.array(shape(Object.assign({}, walletRowSchema, item))),
    contractMap,
  });
}
