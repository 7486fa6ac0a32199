/**
 * Row shapes of the raw tables the ingester writes (one interface per catalog dataset, same column names) and the
 * columnar buffers they are decoded into before a bulk load (`Db.appendColumns`).
 * test/datasets/ingest/decode.test.ts checks that every interface has exactly the catalog's columns.
 */
import type { AppendCell } from '../../src/duckdb/duck.ts';
import {
  type Dataset,
  blocks,
  transactions,
  tokenTransfers,
  tokenApprovals,
  internalTransactions,
  logs,
} from '../../src/lake/datasets/index.ts';

type Int64 = number | bigint;

export interface BlockRow {
  block_number: number;
  block_hash: string;
  parent_hash: string;
  timestamp: number;
  witness_address: string;
  tx_trie_root: string;
  version: number;
  size_bytes: number;
  tx_count: number;
  net_usage: number;
  energy_usage: number;
  fee: number;
}

export interface TxRow {
  block_number: number;
  timestamp: number;
  tx_hash: string;
  tx_index: number;
  contract_type: number;
  owner_address: string;
  to_address: string | null;
  amount: Int64;
  token_id: string | null;
  contract_address: string | null;
  method_id: string | null;
  call_data: string | null;
  resource: string | null;
  parameter_json: string | null;
  memo: string;
  fee_limit: Int64;
  expiration: Int64;
  contract_ret: string;
  fee: Int64;
  net_usage: Int64;
  net_fee: Int64;
  energy_usage: Int64;
  energy_fee: Int64;
  origin_energy_usage: Int64;
  energy_usage_total: Int64;
  energy_penalty_total: Int64;
  size_bytes: number;
  res_message: string | null;
  withdraw_amount: Int64 | null;
  unfreeze_amount: Int64 | null;
  log_count: number;
  internal_count: number;
}

export interface TokenTransferRow {
  block_number: number;
  timestamp: number;
  tx_hash: string;
  tx_index: number;
  log_index: number;
  batch_index: number;
  token_standard: 'trc20' | 'trc721' | 'trc1155';
  event_type: 'Transfer' | 'TransferSingle' | 'TransferBatch';
  contract_address: string;
  from_address: string;
  to_address: string;
  operator_address: string | null;
  token_id: string | null;
  amount_raw: string;
  amount: number;
}

export interface TokenApprovalRow {
  block_number: number;
  timestamp: number;
  tx_hash: string;
  tx_index: number;
  log_index: number;
  token_standard: 'trc20' | 'trc721' | 'trc1155';
  event_type: 'Approval' | 'ApprovalForAll';
  contract_address: string;
  owner_address: string;
  spender_address: string;
  token_id: string | null;
  amount_raw: string;
  amount: number;
}

export interface InternalTxRow {
  block_number: number;
  timestamp: number;
  tx_hash: string;
  internal_index: number;
  internal_hash: string;
  caller_address: string;
  to_address: string;
  token_id: string;
  call_value: Int64;
  note: string;
  rejected: boolean;
}

export interface LogRow {
  block_number: number;
  timestamp: number;
  tx_hash: string;
  log_index: number;
  contract_address: string;
  topic0: string | null;
  topic1: string | null;
  topic2: string | null;
  topic3: string | null;
  data: string;
}

type Pusher = (row: object, cols: AppendCell[][], missing: (name: string) => never) => void;
const pushers = new Map<string, Pusher>();

/**
 * A row → columns copier specialised for one dataset: straight-line code with constant property names, generated
 * once from the catalog (trusted identifiers, checked). A generic loop over names (`row[name]`) measured ~3x slower
 * on the hot path of the ingester.
 */
function pusherFor(ds: Dataset): Pusher {
  let p = pushers.get(ds.name);
  if (p) return p;
  const lines = ds.columns.map((c, i) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(c.name)) throw new Error(`unexpected column name ${c.name}`);
    return `v = row.${c.name}; if (v === undefined) missing('${c.name}'); cols[${i}].push(v);`;
  });
  p = new Function('row', 'cols', 'missing', `let v;\n${lines.join('\n')}`) as Pusher;
  pushers.set(ds.name, p);
  return p;
}

/** Column-major rows of one dataset, in catalog column order (what `Db.appendColumns` takes). */
export class TableBuffer<R extends object> {
  readonly names: readonly string[];
  readonly columns: AppendCell[][];
  private readonly pusher: Pusher;
  // A missing key is a decoder bug: fail loudly rather than write a shifted or NULL column.
  private readonly missing = (name: string): never => {
    throw new Error(`${this.dataset.name}: row has no ${name}`);
  };

  constructor(readonly dataset: Dataset) {
    this.names = dataset.columns.map((c) => c.name);
    this.columns = this.names.map(() => []);
    this.pusher = pusherFor(dataset);
  }

  get length(): number {
    return this.columns[0]!.length;
  }

  push(row: R): void {
    this.pusher(row, this.columns, this.missing);
  }
}

/** The raw-table buffers of one decoded batch of blocks. */
export class RawBuffers {
  readonly blocks = new TableBuffer<BlockRow>(blocks);
  readonly transactions = new TableBuffer<TxRow>(transactions);
  readonly tokenTransfers = new TableBuffer<TokenTransferRow>(tokenTransfers);
  readonly tokenApprovals = new TableBuffer<TokenApprovalRow>(tokenApprovals);
  readonly internalTransactions = new TableBuffer<InternalTxRow>(internalTransactions);
  readonly logs = new TableBuffer<LogRow>(logs);

  all(): TableBuffer<object>[] {
    return [this.blocks, this.transactions, this.tokenTransfers, this.tokenApprovals, this.internalTransactions, this.logs];
  }
}
