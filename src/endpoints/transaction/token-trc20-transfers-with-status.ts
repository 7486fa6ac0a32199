/**
 * GET /api/token_trc20/transfers-with-status (SPEC §4.7; shape: reference §3.7, wallet style, plus a total). One
 * wallet's transfers of one TRC20 token: direction 1 sent (default), 2 received, 0 its Approval events;
 * db_version=1 merges the approvals into directions 1 (granted by the wallet) and 2 (granted to it).
 * `confirmed` / `revert` are ints (reference §9.6).
 */
import { z } from 'zod';
import { SUM_RULE_WINDOW, address, bool, oneOf } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { contractMap, count, exactInt, intString, shape, tokenInfoOrEmpty } from '../kit/schemas.ts';
import { SIDES, stateOf, stateSchema, str } from '../shapes/transfer-shape.ts';

// Chain order inside a block: transaction index, then log index.
const tail = ['block_number', 'tx_index', 'log_index'];
const ORDER = {
  newest: ['"timestamp"', ...tail].map((c) => `${c} DESC`).join(', '),
  oldest: ['"timestamp"', ...tail].map((c) => `${c} ASC`).join(', '),
};

export default defineList({
  path: '/api/token_trc20/transfers-with-status',
  summary: "One wallet's transfers of one TRC20 token (sent, received or approvals), with confirmation and revert status.",
  params: {
    trc20Id: address(),
    address: address(),
    direction: oneOf(['0', '1', '2'])
      .optional()
      .transform((d) => Number(d ?? '1') as 0 | 1 | 2)
      .meta({ description: '1 transfers sent (default), 2 transfers received, 0 Approval events.', override: { type: 'string', enum: ['0', '1', '2'], default: '1' } }),
    db_version: oneOf(['0', '1'])
      .optional()
      .transform((v) => v === '1'),
    reverse: bool()
      .optional()
      .transform((r) => r ?? true),
  },
  paging: { defaultLimit: 20, maxLimit: 50, sumRule: true },
  // `reverse` (default true) picks newest or oldest first.
  order: { choices: [ORDER.newest, ORDER.oldest], of: (p) => (p.reverse ? ORDER.newest : ORDER.oldest) },
  sql: { rows: 'transaction/token-trc20-transfers-with-status' },
  // The page carries the count of every matching row (a window count): no second statement.
  pageTotal: (rows) => (rows.length ? Number(rows[0]!.n) : undefined),
  filters: (p) => {
    const transfers = p.direction === 1 ? SIDES.out : p.direction === 2 ? SIDES.in : null;
    return {
      address: p.address,
      token: p.trc20Id,
      dirs: transfers ? [...transfers] : null,
      dir_code: p.direction === 0 ? null : p.direction,
      approvals_as: p.direction === 0 || (p.db_version && p.direction === 1) ? 'owner' : p.db_version ? 'spender' : null,
    };
  },
  lookups: { requestTokens: (p) => [p.trc20Id], addresses: (r) => [str(r.from_address), str(r.to_address)] },
  row: (r, x) => {
    const token = x.lookups.tokens.get(x.p.trc20Id);
    const ret = str(r.contract_ret);
    return {
      hash: r.tx_hash,
      block: r.block_number,
      block_timestamp: r.timestamp,
      from: str(r.from_address),
      to: str(r.to_address),
      amount: str(r.amount),
      approval_amount: str(r.approval_amount),
      event_type: str(r.event_type),
      contract_address: str(r.contract_address),
      id: str(r.contract_address),
      token_name: token?.tokenName ?? '',
      decimals: token?.tokenDecimal ?? 0,
      issue_address: token?.issuerAddr ?? '',
      status: stateOf(r),
      confirmed: r.confirmed === true ? 1 : 0,
      revert: ret === 'SUCCESS' ? 0 : 1,
      contract_type: 'TriggerSmartContract',
      contractType: 31,
      contract_ret: ret,
      final_result: ret,
      direction: Number(r.direction ?? 0),
    };
  },
  // The reference's wallet style has no total; scripts need one (issue 8): total capped at 10000, rangeTotal true.
  envelope: (items, x) => ({
    code: 200,
    page_size: items.length,
    total: Math.min(x.rangeTotal, SUM_RULE_WINDOW),
    rangeTotal: x.rangeTotal,
    tokenInfo: x.lookups.tokens.get(x.p.trc20Id) ?? {},
    data: items,
    contractMap: x.lookups.contractMap,
  }),
  response: shape({
    code: z.literal(200),
    page_size: count,
    total: count.max(10_000),
    rangeTotal: count,
    tokenInfo: tokenInfoOrEmpty,
    data: z.array(
      shape({
        hash: z.string(),
        block: exactInt,
        block_timestamp: exactInt,
        from: z.string(),
        to: z.string(),
        amount: intString,
        approval_amount: z.union([intString, z.literal('')]),
        event_type: z.string(),
        contract_address: z.string(),
        id: z.string(),
        token_name: z.string(),
        decimals: z.number().int(),
        issue_address: z.string(),
        status: stateSchema,
        confirmed: z.union([z.literal(0), z.literal(1)]),
        revert: z.union([z.literal(0), z.literal(1)]),
        contract_type: z.string(),
        contractType: z.number().int(),
        contract_ret: z.string(),
        final_result: z.string(),
        direction: z.number().int(),
      }),
    ),
    contractMap,
  }),
  csv: {
    filename: 'token_trc20_transfers_with_status.csv',
    // The statement's columns but the window count `n`.
    columns: ['tx_hash', 'block_number', 'timestamp', 'tx_index', 'log_index', 'event_type', 'contract_address', 'from_address',
      'to_address', 'amount', 'approval_amount', 'direction', 'contract_ret', 'confirmed'].map((c) => ({ header: c, field: c })),
  },
});
