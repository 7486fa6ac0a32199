/**
 * A transaction found by its id in key files, no statement (issue 32), as /api/transaction-info, the security
 * transaction check and search read it: tx_by_hash files every transaction under its id's 15-hex prefix with its
 * block and index; the block's transactions_by_block rows are filed in tx_index order from 0, so the row at that
 * index is read, else the block's rows searched; the whole id is matched on the row.
 */
import type { Cell, Row } from '../../duckdb/duck.ts';
import type { EndpointContext } from '../kit/endpoint.ts';

/** At most this many rows of one key: a hash prefix's transactions, a block's rows of one dataset. */
const KEY_ROWS_MAX = 1_000_000;

/**
 * `key`'s rows of a dataset's key files in file order, from `offset`, at most `limit`, e.g. `keyRows(ctx,
 * 'token_transfers_by_block', 87606214)`: a block's token transfers; undefined when the version has no key files for
 * the dataset (the caller's statement answers).
 */
export function keyRows(ctx: EndpointContext, dataset: string, key: Cell | undefined, offset = 0, limit = KEY_ROWS_MAX): Row[] | undefined {
  return ctx.keyedPage(dataset, key, { from: null, to: null, desc: false, offset, limit })?.rows;
}

/**
 * Transaction `hash` (64 lower-case hex) as its transactions_by_block row, e.g. `keyedTransaction(h, ctx)?.block_number`.
 * null: no such transaction; undefined: a dataset has no key files (the caller's statement answers).
 */
export function keyedTransaction(hash: string, ctx: EndpointContext): Row | null | undefined {
  const candidates = keyRows(ctx, 'tx_by_hash', BigInt(`0x${hash.slice(0, 15)}`));
  if (!candidates) return undefined;
  for (const c of candidates) {
    const block = Number(c.block_number);
    const at = keyRows(ctx, 'transactions_by_block', block, Number(c.tx_index), 1);
    if (!at) return undefined;
    const row = at[0]?.tx_hash === hash ? at[0] : keyRows(ctx, 'transactions_by_block', block)?.find((r) => r.tx_hash === hash);
    // Otherwise another transaction sharing the prefix.
    if (row) return row;
  }
  return null;
}
