/**
 * Row shape of a transaction as /api/transaction and /api/transaction-info show it (reference §3.1, §3.2, §1.4):
 * the one place that maps lake columns to TronScan field names for transactions.
 */
import { numOr0 as n, str as s, withFields, type ColumnsOrRow } from './cells.ts';
import { contractTypeName } from '../../chain/contract-types.ts';
import { decodeTrigger, type TriggerInfo } from '../../chain/methods.ts';
import { TRX_TOKEN_INFO, type TokenInfo } from '../kit/lookups.ts';
import { z } from 'zod';
import { exactInt, intString, shape, tokenInfoOrEmpty } from '../kit/schemas.ts';

const ENERGY_PRICE_SUN = 100;
const BANDWIDTH_PRICE_SUN = 1000;
const MEMO_FEE_SUN = 1_000_000;

/**
 * The transaction columns the shape reads: a row of sql/transaction/transaction-info.sql, or an untyped list row
 * (transaction.ts) until the lists are typed.
 */
export type TransactionColumns = ColumnsOrRow<
  | 'tx_hash' | 'block_number' | 'timestamp' | 'owner_address' | 'to_address' | 'contract_address' | 'contract_type'
  | 'confirmed' | 'contract_ret' | 'amount' | 'token_id' | 'call_data' | 'resource' | 'parameter_json' | 'memo' | 'fee'
  | 'net_fee' | 'net_usage' | 'energy_fee' | 'energy_usage' | 'origin_energy_usage' | 'energy_usage_total' | 'energy_penalty_total'
>;

/** The token a transaction moves: '_' for TRX, the TRC10 id, or the called token contract. */
export function tokenKey(r: TransactionColumns): string | null {
  const type = n(r.contract_type);
  if (type === 1) return '_';
  if (r.token_id) return String(r.token_id);
  if (type === 31 && r.contract_address) return String(r.contract_address);
  return null;
}

/** The receipt as the `cost` object (§1.4); `date_created` is in seconds as in the reference. */
export function costOf(r: TransactionColumns) {
  const memo = s(r.memo);
  return {
    net_fee: r.net_fee ?? 0,
    net_usage: r.net_usage ?? 0,
    energy_fee: r.energy_fee ?? 0,
    energy_usage: r.energy_usage ?? 0,
    origin_energy_usage: r.origin_energy_usage ?? 0,
    energy_usage_total: r.energy_usage_total ?? 0,
    energy_penalty_total: r.energy_penalty_total ?? 0,
    fee: r.fee ?? 0,
    net_fee_cost: BANDWIDTH_PRICE_SUN,
    energy_fee_cost: ENERGY_PRICE_SUN,
    multi_sign_fee: 0,
    memoFee: memo ? MEMO_FEE_SUN : 0,
    account_create_fee: n(r.contract_type) === 0 ? MEMO_FEE_SUN : 0,
    date_created: Math.floor(n(r.timestamp) / 1000),
  };
}

/** Decoded contract parameters (`contractData`), addresses in Base58. */
export function contractDataOf(r: TransactionColumns, tokenInfo: TokenInfo | undefined): Record<string, unknown> {
  const type = n(r.contract_type);
  const extra = r.parameter_json ? (JSON.parse(String(r.parameter_json)) as Record<string, unknown>) : {};
  // JSON.parse's fresh object, extended in place (cells.ts withFields).
  const d: Record<string, unknown> = withFields(extra, { owner_address: r.owner_address });
  if (r.to_address && type !== 31 && type !== 30) d.to_address = r.to_address;
  if (type === 1 || type === 2 || type === 9) d.amount = r.amount;
  if (r.token_id) d.asset_name = r.token_id;
  if (r.contract_address) d.contract_address = r.contract_address;
  if (r.call_data) d.data = r.call_data;
  if (type === 31 && n(r.amount) > 0) d.call_value = r.amount;
  if (r.resource) d.resource = r.resource;
  if ([11, 54, 57, 58].includes(type)) d[type === 11 || type === 54 ? 'frozen_balance' : 'balance'] = r.amount;
  if (type === 55) d.unfreeze_balance = r.amount;
  if (tokenInfo) d.tokenInfo = tokenInfo;
  return d;
}

export function triggerInfoOf(r: TransactionColumns): TriggerInfo | undefined {
  if (n(r.contract_type) !== 31 || !r.call_data) return undefined;
  return decodeTrigger(String(r.call_data), s(r.contract_address), n(r.amount));
}

/** The token info a transaction row shows: TRX for TRX transfers, else the looked-up token. */
export function tokenInfoOf(r: TransactionColumns, infos: Map<string, TokenInfo>): TokenInfo | undefined {
  const key = tokenKey(r);
  if (key === '_') return TRX_TOKEN_INFO;
  return key ? infos.get(key) : undefined;
}

/** Schema of the `cost` object: every figure an integer (sun, bandwidth or energy units; seconds). */
export const costSchema = z.object({
  net_fee: exactInt,
  net_usage: exactInt,
  energy_fee: exactInt,
  energy_usage: exactInt,
  origin_energy_usage: exactInt,
  energy_usage_total: exactInt,
  energy_penalty_total: exactInt,
  fee: exactInt,
  net_fee_cost: exactInt,
  energy_fee_cost: exactInt,
  multi_sign_fee: exactInt,
  memoFee: exactInt,
  account_create_fee: exactInt,
  date_created: exactInt,
});

/** Schema of `transactionFields` (reference §3.1, §3.2): `amount` is a string of an integer, as in the reference. */
export const transactionFieldsSchema = {
  hash: z.string(),
  block: exactInt,
  timestamp: exactInt,
  ownerAddress: z.string(),
  toAddress: z.string(),
  contractType: z.number().int(),
  contractTypeName: z.string(),
  confirmed: z.boolean(),
  revert: z.boolean(),
  contractRet: z.string(),
  result: z.enum(['SUCCESS', 'FAIL']),
  amount: intString,
  tokenType: z.string(),
  contractData: shape({ owner_address: z.string() }),
  cost: costSchema,
  trigger_info: shape({ method: z.string(), methodId: z.string(), contract_address: z.string(), call_value: exactInt }).optional(),
  tokenInfo: tokenInfoOrEmpty,
  data: z.string(),
  riskTransaction: z.boolean(),
};

/** Common fields of a transaction in lists and in the detail. */
export function transactionFields(r: TransactionColumns, infos: Map<string, TokenInfo>) {
  const tokenInfo = tokenInfoOf(r, infos);
  const trigger = triggerInfoOf(r);
  const ret = s(r.contract_ret);
  const head = {
    hash: r.tx_hash,
    block: r.block_number,
    timestamp: r.timestamp,
    ownerAddress: r.owner_address,
    toAddress: s(r.to_address ?? r.contract_address),
    contractType: r.contract_type,
    contractTypeName: contractTypeName(n(r.contract_type)) ?? '',
    confirmed: r.confirmed === true,
    revert: ret !== 'SUCCESS',
    contractRet: ret,
    result: ret === 'SUCCESS' ? 'SUCCESS' : 'FAIL',
    // Reference quirk: amount is a string here (sun for TRX, raw units for TRC10).
    amount: String(r.amount ?? 0),
    tokenType: tokenInfo?.tokenType ?? '',
    contractData: contractDataOf(r, tokenInfo),
    cost: costOf(r),
  };
  const tail = { tokenInfo: tokenInfo ?? {}, data: s(r.memo), riskTransaction: false };
  // trigger_info only when there is one, in its place; fields added to literals, not after a spread (cells.ts withFields).
  return trigger ? withFields(withFields(head, { trigger_info: trigger }), tail) : withFields(head, tail);
}
