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
import { withFields } from '../shapes/cells.ts';
import type { tokenTransfers } from '../../lake/datasets/raw.ts';
import type { RowOf } from '../../lake/datasets/types.ts';

/** The sides of the wallet's transfers a request lists (null: none) and whose approvals it merges (null: none). */
function partsOf(p: { direction: 0 | 1 | 2; db_version: boolean }) {
  return {
    transfers: p.direction === 1 ? SIDES.out : p.direction === 2 ? SIDES.in : null,
    approvalsAs: p.direction === 0 || (p.db_version && p.direction === 1) ? 'owner' : p.db_version ? 'spender' : null,
  };
}

// Chain order inside a block: transaction index, log index, then the row inside a TRC1155 batch log.
const tail = ['block_number', 'tx_index', 'log_index', 'batch_index'];
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
  sql: { rows: 'transaction/token-trc20-transfers-with-status', extra: { trc1155Contracts: 'transaction/token-trc20-transfers-with-status.trc1155-contracts' } },
  // The page carries the count of every matching row (a window count): no second statement.
  pageTotal: (rows) => (rows.length ? Number(rows[0]!.n) : undefined),
  filters: (p) => {
    const { transfers, approvalsAs } = partsOf(p);
    return {
      address: p.address,
      token: p.trc20Id,
      dirs: transfers ? [...transfers] : null,
      dir_code: p.direction === 0 ? null : p.direction,
      approvals_as: approvalsAs,
    };
  },
  // Transfers alone (no approvals) from the key files of address_trc20_transfers, the wallet's TRC20 and TRC721 rows,
  // kept by token and side (the statement reads the wallet's bucket of address_token_transfers: 8-35 ms on the
  // default lake). A token with TRC1155 transfers has rows that copy lacks, and approvals live in token_approvals:
  // those read SQL, as does a wallet with more rows than the kit scans.
  keyed: {
    async of(p, q) {
      const { transfers, approvalsAs } = partsOf(p);
      if (!transfers || approvalsAs !== null) return null;
      if ((await q.version('trc1155Contracts')).some((r) => r.contract_address === p.trc20Id)) return null;
      return {
        dataset: 'address_trc20_transfers',
        key: p.address,
        // The statement labels every transfer row with the asked direction's code (a self-transfer is on both sides).
        expand: (r) => (str(r.contract_address) === p.trc20Id && transfers.includes(str(r.direction)) ? [withFields(r, { dir_code: p.direction })] : []),
      };
    },
    // The columns of the statement's transfer rows (token_transfers holds the logs of successful transactions only).
    row: (raw, chain) => {
      const r = raw as RowOf<typeof tokenTransfers>;
      return {
        tx_hash: r.tx_hash, block_number: r.block_number, timestamp: r.timestamp, tx_index: r.tx_index, log_index: r.log_index,
        event_type: r.event_type, contract_address: r.contract_address, from_address: r.from_address, to_address: r.to_address,
        amount: r.amount_raw, approval_amount: '0', direction: Number(raw.dir_code), batch_index: r.batch_index, contract_ret: 'SUCCESS',
        confirmed: Number(r.block_number) <= chain.solidBlock, n: null,
      };
    },
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
