/**
 * GET /api/accountv2 (SPEC §4.3; reference §2 "/api/accountv2"): the whole account of one address, from its newest
 * account snapshot (activated = it has one), its lake activity (account_activity), current stakes (stake_positions),
 * its label (address_labels), its unclaimed voting reward (the newest snapshot's `reward`, the node's getReward),
 * its bandwidth and energy used (the snapshot's usages recovered to the head, below), the newest network totals and
 * the getFreeNetLimit chain parameter. Fields the lake holds no source for (risk flags, SR allowance) are left out;
 * holdings list the TRX row (docs/compat.md "Accounts", "Fields without a source"). An address never activated
 * answers the zeroed object (reference).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address, exactInteger, ratioNumber, scaleDecimal } from '../../params/index.ts';
import { parameterNumber } from '../../chain/chain-parameters.ts';
import { decimalString, exactInt } from '../kit/schemas.ts';
import type { AccountAccountv2NetworkRow, AccountAccountv2Row } from '../kit/sql-types.generated.ts';
import { exactJson as exact, exactOrNull as nullableBig, numOr0, str } from '../shapes/cells.ts';

/** An exact integer cell as a bigint, NULL as 0 (params/amounts.ts). */
const big = exactInteger;

/** Resource units a stake yields: whole TRX staked × the network's limit per staked TRX (0 without network totals). */
const units = (sun: bigint, limit: unknown, weight: unknown): number =>
  Number(weight ?? 0) > 0 ? (Number(sun) / 1e6) * (Number(limit) / Number(weight)) : 0;

/** java-tron's recovery window: a usage returns to 0 linearly over 24 h (28,800 slots of 3 s). */
const WINDOW_MS = 86_400_000n;

/**
 * A usage as of `asOf` (what getaccount answered then: already recovered to it), recovered to `head`: linear to 0 over
 * the window remaining at `asOf` (`window`, ms; null: the default 24 h counted from the consume time), floored once,
 * e.g. 1000 bytes with 12 h of its window left, 6 h later → 500. Null when the lake does not hold the usage.
 */
export function usageAt(usage: bigint | null, consumed: bigint | null, window: bigint | null, asOf: bigint | null, head: bigint): bigint | null {
  if (usage === null || asOf === null) return null;
  if (usage <= 0n) return 0n;
  const left = window ?? WINDOW_MS - (asOf - (consumed ?? 0n));
  if (left <= 0n) return 0n;
  const after = left - (head > asOf ? head - asOf : 0n);
  return after <= 0n ? 0n : (usage * after) / left;
}

/**
 * Used / remaining / percentage of a stake-derived limit, exact: the limit is `sun` × totalLimit / (10^6 ×
 * totalWeight) (what `totalNet` / `totalEnergy` show), remaining = limit − used floored (0 when over), percentage =
 * used / limit to 4 places (reference: 272/600 = 0.4533), 0 for nothing used of no limit, null when something is used
 * of no limit (no ratio).
 */
function stakeUse(used: bigint | null, sun: bigint, limit: unknown, weight: unknown): { used: number | null; remaining: number | null; percentage: number | null } {
  if (used === null) return { used: null, remaining: null, percentage: null };
  const w = exactInteger(weight ?? 0);
  const num = w > 0n ? sun * exactInteger(limit ?? 0) : 0n; // limit × 10^6 × weight
  const den = w > 0n ? 1_000_000n * w : 1n;
  const over = num - used * den;
  return {
    used: Number(used),
    remaining: over > 0n ? Number(over / den) : 0,
    percentage: num > 0n ? ratioNumber(used * den, num, 4) : used === 0n ? 0 : null,
  };
}

/** Used / remaining / percentage of the free bandwidth limit (an integer chain parameter). */
function freeUse(used: bigint | null, limit: bigint | null): { used: number | null; remaining: number | null; percentage: number | null } {
  if (used === null || limit === null) return { used: used === null ? null : Number(used), remaining: null, percentage: null };
  return {
    used: Number(used),
    remaining: limit > used ? Number(limit - used) : 0,
    percentage: limit > 0n ? ratioNumber(used, limit, 4) : used === 0n ? 0 : null,
  };
}

interface Permission { permission_name?: string; threshold?: number; keys?: { address: string; weight: number }[] }

const STAKES = {
  frozenForBandWidth: 'frozen_v1_bandwidth', frozenForEnergy: 'frozen_v1_energy',
  delegateFrozenForBandWidth: 'delegated_v1_bandwidth', delegateFrozenForEnergy: 'delegated_v1_energy',
  acquiredDelegateFrozenForBandWidth: 'acquired_v1_bandwidth', acquiredDelegateFrozenForEnergy: 'acquired_v1_energy',
  frozenForBandWidthV2: 'frozen_v2_bandwidth', frozenForEnergyV2: 'frozen_v2_energy',
  delegatedFrozenV2BalanceForBandwidth: 'delegated_v2_bandwidth', delegatedFrozenV2BalanceForEnergy: 'delegated_v2_energy',
  acquiredDelegatedFrozenV2BalanceForBandwidth: 'acquired_v2_bandwidth', acquiredDelegatedFrozenV2BalanceForEnergy: 'acquired_v2_energy',
} as const satisfies Record<string, keyof AccountAccountv2Row>;

/** The answer of one account's row; an address without a row (never activated) gives the zeroed object. */
function body(r: Partial<AccountAccountv2Row & AccountAccountv2NetworkRow & { is_contract: boolean; witness_url: string | null }>): Record<string, unknown> {
  const st = Object.fromEntries(Object.entries(STAKES).map(([k, col]) => [k, big(r[col])])) as Record<keyof typeof STAKES, bigint>;
  const bw = (sun: bigint) => units(sun, r.total_net_limit, r.total_net_weight);
  const en = (sun: bigint) => units(sun, r.total_energy_limit, r.total_energy_weight);
  const totalFrozen = st.frozenForBandWidth + st.frozenForEnergy + st.delegateFrozenForBandWidth + st.delegateFrozenForEnergy;
  const tronPowerV2 = big(r.frozen_v2_tron_power);
  const totalFrozenV2 = st.frozenForBandWidthV2 + st.frozenForEnergyV2 + tronPowerV2 + st.delegatedFrozenV2BalanceForBandwidth + st.delegatedFrozenV2BalanceForEnergy;
  const netLimit = bw(st.frozenForBandWidth + st.acquiredDelegateFrozenForBandWidth + st.frozenForBandWidthV2 + st.acquiredDelegatedFrozenV2BalanceForBandwidth);
  const energyLimit = en(st.frozenForEnergy + st.acquiredDelegateFrozenForEnergy + st.frozenForEnergyV2 + st.acquiredDelegatedFrozenV2BalanceForEnergy);
  const owner = r.owner_permission_json ? (JSON.parse(String(r.owner_permission_json)) as Permission) : undefined;
  const actives = r.active_permissions_json ? (JSON.parse(String(r.active_permissions_json)) as Permission[]) : undefined;
  const balance = big(r.balance);
  const tin = numOr0(r.tx_in);
  const tout = numOr0(r.tx_out);
  const frozenV1Bw = st.frozenForBandWidth;
  const reward = big(r.reward);
  // Resources used at the head: a never-activated address answers the zeroed object (reference), no limit at all.
  const activated = Boolean(r.activated);
  const head = big(r.head_ts);
  const asOf = nullableBig(r.usage_as_of_ts);
  type Col = keyof (AccountAccountv2Row & AccountAccountv2NetworkRow);
  const at = (u: Col, t: Col, w: Col | null): bigint | null =>
    activated ? usageAt(nullableBig(r[u]), nullableBig(r[t]), w ? nullableBig(r[w]) : null, asOf, head) : 0n;
  const net = stakeUse(at('net_usage', 'latest_consume_time', 'net_window_size'), activated ? st.frozenForBandWidth + st.acquiredDelegateFrozenForBandWidth + st.frozenForBandWidthV2 + st.acquiredDelegatedFrozenV2BalanceForBandwidth : 0n, r.total_net_limit, r.total_net_weight);
  const energy = stakeUse(at('energy_usage', 'latest_consume_time_for_energy', 'energy_window_size'), activated ? st.frozenForEnergy + st.acquiredDelegateFrozenForEnergy + st.frozenForEnergyV2 + st.acquiredDelegatedFrozenV2BalanceForEnergy : 0n, r.total_energy_limit, r.total_energy_weight);
  // The free allowance recovers over the fixed 24 h from its consume time (java-tron keeps no window for it).
  const freeLimit = activated ? nullableBig(r.free_net_limit) : 0n;
  const free = freeUse(at('free_net_usage', 'latest_consume_free_time', null), freeLimit);
  const sumOf = (...xs: (number | null)[]): number | null => (xs.some((x) => x === null) ? null : xs.reduce<number>((a, x) => a + x!, 0));
  return {
    address: String(r.address),
    name: str(r.account_name),
    accountType: r.is_contract ? 2 : 0,
    activated: Boolean(r.activated),
    date_created: numOr0(r.create_time),
    latest_operation_time: numOr0(r.latest_operation_time),
    balance: exact(balance),
    balanceStr: balance.toString(),
    // Lifetime counts: the lake's only when the account began inside it, else null (docs/compat.md "Whole-chain figures").
    ...(r.lifetime === true
      ? { totalTransactionCount: numOr0(r.tx_total), transactions: tin + tout, transactions_in: tin, transactions_out: tout }
      : { totalTransactionCount: null, transactions: null, transactions_in: null, transactions_out: null }),
    witness: r.is_witness ? 1 : 0,
    voteTotal: numOr0(r.votes_used),
    // Reference: `rewardNum` the claimable voting reward in sun; `reward` 1 when there is one (docs/compat.md).
    reward: reward > 0n ? 1 : 0,
    rewardNum: exact(reward),
    redTag: '',
    greyTag: '',
    blueTag: '',
    publicTag: str(r.public_tag),
    addressTagLogo: '',
    representative: { lastWithDrawTime: numOr0(r.latest_withdraw_time), enabled: Boolean(r.is_witness), url: str(r.witness_url) },
    announcement: '',
    allowExchange: [],
    exchanges: [],
    frozen_supply: [],
    delegated: {},
    frozen: {
      total: exact(frozenV1Bw),
      balances: frozenV1Bw > 0n ? [{ amount: exact(frozenV1Bw), expires: numOr0(r.frozen_v1_bandwidth_expire) }] : [],
    },
    ...Object.fromEntries(Object.entries(st).map(([k, v]) => [k, exact(v)])),
    totalFrozen: exact(totalFrozen),
    // Stake 1.0 unfreezing is immediate: nothing is ever "being unfrozen" there.
    freezing: 0,
    totalFrozenV2: exact(totalFrozenV2),
    unfreezeV2: exact(r.pending_unstake ?? 0),
    canWithdrawAmountV2: exact(r.withdrawable ?? 0),
    frozenForBandwidthValue: bw(st.frozenForBandWidth),
    frozenForEnergyValue: en(st.frozenForEnergy),
    frozenForBandwidthV2Value: bw(st.frozenForBandWidthV2),
    frozenForEnergyV2Value: en(st.frozenForEnergyV2),
    acquiredDelegatedFrozenBalanceForBandwidthValue: bw(st.acquiredDelegateFrozenForBandWidth),
    acquiredDelegatedFrozenBalanceForEnergyValue: en(st.acquiredDelegateFrozenForEnergy),
    acquiredDelegatedFrozenV2BalanceForBandwidthValue: bw(st.acquiredDelegatedFrozenV2BalanceForBandwidth),
    acquiredDelegatedFrozenV2BalanceForEnergyValue: en(st.acquiredDelegatedFrozenV2BalanceForEnergy),
    delegatedFrozenV2BalanceForBandwidthValue: bw(st.delegatedFrozenV2BalanceForBandwidth),
    delegatedFrozenV2BalanceForEnergyValue: en(st.delegatedFrozenV2BalanceForEnergy),
    totalFrozenBandwidthValue: bw(st.frozenForBandWidth + st.delegateFrozenForBandWidth),
    totalFrozenEnergyValue: en(st.frozenForEnergy + st.delegateFrozenForEnergy),
    totalFrozenBandwidthV2Value: bw(st.frozenForBandWidthV2 + st.delegatedFrozenV2BalanceForBandwidth),
    totalFrozenEnergyV2Value: en(st.frozenForEnergyV2 + st.delegatedFrozenV2BalanceForEnergy),
    totalNet: netLimit,
    totalEnergy: energyLimit,
    // What the account can still use without burning TRX: stake bandwidth left + free bandwidth left; energy left.
    totalNetRemaining: sumOf(net.remaining, free.remaining),
    totalEnergyRemaining: energy.remaining,
    energyCost: numOr0(r.total_energy_weight) > 0 ? Number(r.total_energy_limit) / Number(r.total_energy_weight) : 0,
    netCost: numOr0(r.total_net_weight) > 0 ? Number(r.total_net_limit) / Number(r.total_net_weight) : 0,
    accountResource: { frozen_balance_for_energy: {} },
    bandwidth: {
      energyLimit, netLimit,
      netUsed: net.used, netRemaining: net.remaining, netPercentage: net.percentage,
      freeNetLimit: freeLimit === null ? null : Number(freeLimit),
      freeNetUsed: free.used, freeNetRemaining: free.remaining, freeNetPercentage: free.percentage,
      energyUsed: energy.used, energyRemaining: energy.remaining, energyPercentage: energy.percentage,
      totalEnergyLimit: numOr0(r.total_energy_limit), totalEnergyWeight: numOr0(r.total_energy_weight),
      totalNetLimit: numOr0(r.total_net_limit), totalNetWeight: numOr0(r.total_net_weight),
      assets: {},
    },
    withPriceTokens: [{
      tokenId: '_', tokenName: 'trx', tokenAbbr: 'trx', tokenDecimal: 6, tokenCanShow: 1, tokenType: 'trc10',
      tokenLogo: '', vip: false, balance: balance.toString(), amount: scaleDecimal(balance, 6),
    }],
    ...(owner ? { ownerPermission: owner } : {}),
    ...(actives ? { activePermissions: actives } : {}),
  };
}

const FREE_NET_KEY = 'getFreeNetLimit';
/** Its proposal number (src/chain/chain-parameters.ts): proposal rows of chain_parameter_history name it so. */
const FREE_NET_PARAMETER = parameterNumber(FREE_NET_KEY) ?? -1;
const sun = exactInt;
const VALUE_KEYS = [
  'frozenForBandwidthValue', 'frozenForEnergyValue', 'frozenForBandwidthV2Value', 'frozenForEnergyV2Value',
  'acquiredDelegatedFrozenBalanceForBandwidthValue', 'acquiredDelegatedFrozenBalanceForEnergyValue',
  'acquiredDelegatedFrozenV2BalanceForBandwidthValue', 'acquiredDelegatedFrozenV2BalanceForEnergyValue',
  'delegatedFrozenV2BalanceForBandwidthValue', 'delegatedFrozenV2BalanceForEnergyValue', 'totalFrozenBandwidthValue',
  'totalFrozenEnergyValue', 'totalFrozenBandwidthV2Value', 'totalFrozenEnergyV2Value',
] as const;

const QUERIES = { account: 'account/accountv2', network: 'account/accountv2-network' } as const;

export default defineEndpoint({
  path: '/api/accountv2',
  method: 'GET',
  summary: 'The whole account of an address: balance, names and times, transaction counts, stakes and resources, label.',
  params: z.object({ address: address() }),
  response: z.looseObject({
    address: z.string(), name: z.string(), accountType: z.number().int(), activated: z.boolean(),
    date_created: z.number().int(), latest_operation_time: z.number().int(),
    balance: sun, balanceStr: z.string().regex(/^\d+$/),
    totalTransactionCount: z.number().int().nullable(), transactions: z.number().int().nullable(), transactions_in: z.number().int().nullable(),
    transactions_out: z.number().int().nullable(),
    witness: z.number().int(), voteTotal: z.number().int(), reward: z.union([z.literal(0), z.literal(1)]), rewardNum: sun,
    publicTag: z.string(), redTag: z.string(), greyTag: z.string(), blueTag: z.string(), addressTagLogo: z.string(),
    representative: z.looseObject({ lastWithDrawTime: z.number().int(), enabled: z.boolean(), url: z.string() }),
    announcement: z.string(), allowExchange: z.array(z.unknown()), exchanges: z.array(z.unknown()), frozen_supply: z.array(z.unknown()),
    delegated: z.looseObject({}),
    frozen: z.looseObject({ total: sun, balances: z.array(z.looseObject({ amount: sun, expires: z.number().int() })) }),
    ...Object.fromEntries(Object.keys(STAKES).map((k) => [k, sun])),
    totalFrozen: sun, totalFrozenV2: sun, unfreezeV2: sun, canWithdrawAmountV2: sun, freezing: sun,
    ...Object.fromEntries(VALUE_KEYS.map((k) => [k, z.number()])),
    totalNet: z.number(), totalEnergy: z.number(), energyCost: z.number(), netCost: z.number(),
    totalNetRemaining: z.number().int().nullable(), totalEnergyRemaining: z.number().int().nullable(),
    accountResource: z.looseObject({ frozen_balance_for_energy: z.looseObject({}) }),
    bandwidth: z.looseObject({
      energyLimit: z.number(), netLimit: z.number(),
      ...Object.fromEntries(['netUsed', 'netRemaining', 'freeNetLimit', 'freeNetUsed', 'freeNetRemaining', 'energyUsed', 'energyRemaining'].map((k) => [k, z.number().int().nullable()])),
      ...Object.fromEntries(['netPercentage', 'freeNetPercentage', 'energyPercentage'].map((k) => [k, z.number().nullable()])),
      totalEnergyLimit: z.number().int(), totalEnergyWeight: z.number().int(), totalNetLimit: z.number().int(), totalNetWeight: z.number().int(), assets: z.record(z.string(), z.unknown()) }),
    // The TRX row: `amount` is a decimal string there (reference §1.3).
    withPriceTokens: z.array(z.looseObject({
      tokenId: z.string(), tokenName: z.string(), tokenAbbr: z.string(), tokenDecimal: z.number().int(), tokenCanShow: z.number().int(),
      tokenType: z.string(), tokenLogo: z.string(), vip: z.boolean(), balance: z.string().regex(/^\d+$/), amount: decimalString,
    })),
    ownerPermission: z.looseObject({ threshold: z.number().int().optional() }).optional(),
    activePermissions: z.array(z.looseObject({})).optional(),
  }),
  queries: QUERIES,
  async handle(p, ctx) {
    // Contract or not and the witness URL from the per-version lookups (memory), not from joins in the statement.
    const [[r], [network], contracts, witnesses] = await Promise.all([
      ctx.typedRows(QUERIES.account, { address: p.address }),
      ctx.versionRows(QUERIES.network, { free_net_key: FREE_NET_KEY, free_net_parameter: FREE_NET_PARAMETER }),
      ctx.lookups.contractMap([p.address]),
      ctx.lookups.witnessInfo([p.address]),
    ]);
    return body(Object.assign({}, network, r ?? { address: p.address }, { is_contract: contracts.map[p.address] === true, witness_url: witnesses.get(p.address)?.url ?? null }));
  },
});
