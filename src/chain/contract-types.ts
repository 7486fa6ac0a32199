/**
 * Protocol contract types (core/Tron.proto `Transaction.Contract.ContractType`): enum number ↔ name.
 * The lake stores the number (`contract_type`); endpoints return the number as `contractType` and names where asked.
 */
export const CONTRACT_TYPES = {
  AccountCreateContract: 0,
  TransferContract: 1,
  TransferAssetContract: 2,
  VoteAssetContract: 3,
  VoteWitnessContract: 4,
  WitnessCreateContract: 5,
  AssetIssueContract: 6,
  WitnessUpdateContract: 8,
  ParticipateAssetIssueContract: 9,
  AccountUpdateContract: 10,
  FreezeBalanceContract: 11,
  UnfreezeBalanceContract: 12,
  WithdrawBalanceContract: 13,
  UnfreezeAssetContract: 14,
  UpdateAssetContract: 15,
  ProposalCreateContract: 16,
  ProposalApproveContract: 17,
  ProposalDeleteContract: 18,
  SetAccountIdContract: 19,
  CustomContract: 20,
  CreateSmartContract: 30,
  TriggerSmartContract: 31,
  GetContract: 32,
  UpdateSettingContract: 33,
  ExchangeCreateContract: 41,
  ExchangeInjectContract: 42,
  ExchangeWithdrawContract: 43,
  ExchangeTransactionContract: 44,
  UpdateEnergyLimitContract: 45,
  AccountPermissionUpdateContract: 46,
  ClearABIContract: 48,
  UpdateBrokerageContract: 49,
  ShieldedTransferContract: 51,
  MarketSellAssetContract: 52,
  MarketCancelOrderContract: 53,
  FreezeBalanceV2Contract: 54,
  UnfreezeBalanceV2Contract: 55,
  WithdrawExpireUnfreezeContract: 56,
  DelegateResourceContract: 57,
  UnDelegateResourceContract: 58,
  CancelAllUnfreezeV2Contract: 59,
} as const;

export type ContractTypeName = keyof typeof CONTRACT_TYPES;

const BY_NUMBER = new Map<number, ContractTypeName>(
  Object.entries(CONTRACT_TYPES).map(([k, v]) => [v, k as ContractTypeName]),
);

/** Name of a contract type number, e.g. `contractTypeName(31)` = `'TriggerSmartContract'`; undefined if unknown. */
export function contractTypeName(n: number): ContractTypeName | undefined {
  return BY_NUMBER.get(n);
}

// A Map, not the object literal: a name is user text, and `CONTRACT_TYPES['valueOf']` is a function (issue 30).
const BY_NAME = new Map<string, number>(Object.entries(CONTRACT_TYPES));

/** Number of a contract type name, e.g. `contractTypeNumber('TransferContract')` = 1; undefined if unknown (`'valueOf'` included). */
export function contractTypeNumber(name: string): number | undefined {
  return BY_NAME.get(name);
}
