/**
 * GET /api/transaction-info?hash= (SPEC §4.7; shape: reference §3.2, quirks §9.1: `contract_map` snake case and
 * `cheat_status` int here). An unknown hash answers 200 with `{}` like TronScan; a malformed hash is a 400.
 */
import { z } from 'zod';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import type { Cell, Row } from '../../duckdb/duck.ts';
import { hash } from '../../params/index.ts';
import { tokenKey, transactionFields, transactionFieldsSchema } from '../shapes/transaction-shape.ts';
import type {
  TransactionTransactionInfoConfirmationsRow,
  TransactionTransactionInfoInternalRow as InternalRow,
  TransactionTransactionInfoRow,
  TransactionTransactionInfoTransfersRow as TransferRow,
} from '../kit/sql-types.generated.ts';
import { utcDay } from '../kit/time-window.ts';
import { contractInfo, contractMap, empty, exactInt, intString, normalAddressInfo, shape } from '../kit/schemas.ts';
import { str, withFields } from '../shapes/cells.ts';
import { keyedTransaction, keyRows } from '../shapes/keyed-transaction.ts';
import type { TokenInfo } from '../kit/lookups.ts';

/** A token transfer of the transaction (`trc20TransferInfo[]`): `amount_str` the raw integer in a string. */
const transferInfoSchema = shape({
  icon_url: z.string(),
  symbol: z.string(),
  level: z.string(),
  to_address: z.string(),
  contract_address: z.string(),
  type: z.string(),
  decimals: z.number().int(),
  name: z.string(),
  vip: z.boolean(),
  tokenType: z.string(),
  from_address: z.string(),
  amount_str: intString,
  token_id: z.string().optional(),
  status: z.number().int(),
});

const params = z.object({ hash: hash() });

const QUERIES = {
    locate: 'transaction/transaction-info.locate',
    tx: 'transaction/transaction-info',
    internal: 'transaction/transaction-info.internal',
    transfers: 'transaction/transaction-info.transfers',
    confirmations: 'transaction/transaction-info.confirmations',
  } as const;

export default defineEndpoint({
  path: '/api/transaction-info',
  method: 'GET',
  summary: 'One transaction with its receipt, internal transactions, token transfers and confirming SRs.',
  params,
  response: z.union([
    empty,
    shape({
      ...transactionFieldsSchema,
      confirmations: exactInt,
      contract_type: z.string(),
      noteLevel: z.number().int(),
      info: z.object({}),
      contract_map: contractMap,
      contractInfo,
      normalAddressInfo,
      addressTag: z.object({}),
      cheat_status: z.number().int(),
      signature_addresses: z.array(z.string()),
      srConfirmList: z.array(z.object({ address: z.string(), name: z.string(), block: exactInt, url: z.string() })),
      internal_transactions: z.record(
        z.string(),
        z.array(
          shape({
            hash: z.string(),
            caller_address: z.string(),
            transferTo_address: z.string(),
            callValueInfo: z.array(shape({ callValue: exactInt })),
            note: z.string(),
            rejected: z.boolean(),
          }),
        ),
      ),
      event_count: exactInt,
      trc20TransferInfo: z.array(transferInfoSchema).optional(),
      transfersAllList: z.array(transferInfoSchema).optional(),
      tokenTransferInfo: transferInfoSchema.optional(),
      fee_limit: exactInt,
    }),
  ]),
  queries: QUERIES,
  async handle(p, ctx) {
    // From the key files when the version has them (issue 32: no statement); else the statements below.
    const keyed = fromKeyFiles(p.hash, ctx);
    if (keyed !== undefined) return keyed === null ? {} : answer(...keyed);
    // The index is keyed by a prefix of the id: almost always one candidate, the transaction itself; the queries
    // match the whole id, so a candidate that only shares the prefix finds no transaction and the next is tried.
    for (const loc of await ctx.typedRows(QUERIES.locate, { hash: p.hash })) {
      const at = { hash: p.hash, block: Number(loc.block_number), day: utcDay(Number(loc.timestamp)) };
      // All four at once (the pool runs two at a time): waiting for the row to skip the statements its internal_count
      // and log_count say are empty did not measure faster (issue 32, quiet machine, the peer set's hashes, most with
      // logs: main 53.6 ms p50, with the wait 57.2, within the run's spread).
      const [[tx], internal, transfers, confirmers] = await Promise.all([
        ctx.typedRows(QUERIES.tx, at),
        ctx.typedRows(QUERIES.internal, at),
        ctx.typedRows(QUERIES.transfers, at),
        ctx.typedRows(QUERIES.confirmations, { block: at.block }),
      ]);
      if (tx) return answer(tx, internal, transfers, confirmers);
    }
    return {};

    async function answer(tx: TransactionTransactionInfoRow, internal: InternalRow[], transfers: TransferRow[], confirmers: TransactionTransactionInfoConfirmationsRow[]) {
      const key = tokenKey(tx);
      const addresses = [String(tx.owner_address), str(tx.to_address), str(tx.contract_address)];
      // '_' is TRX's own tokenInfo, never a token_transfers contract (the join this replaced found no row for it).
      const tokenOf = (c: string | null): string | undefined => (c === null || c === '_' ? undefined : c);
      const tokens = transfers.flatMap((x) => tokenOf(x.contract_address) ?? []);
      const [infos, contracts, witnesses, transferTokens] = await Promise.all([
        ctx.lookups.tokenInfo(key ? [key] : []),
        ctx.lookups.contractMap(addresses),
        ctx.lookups.witnessInfo(confirmers.flatMap((c) => (c.witness_address === null ? [] : [c.witness_address]))),
        tokens.length > 0 ? ctx.lookups.tokenInfo(tokens) : new Map<string, TokenInfo>(),
      ]);
      const transferList = transfers.map((x) => {
        const token = tokenOf(x.contract_address);
        return transferInfo(x, token === undefined ? undefined : transferTokens.get(token));
      });
      const found = {
        confirmations: tx.confirmations,
        // TRX (type 1) and TRC10 (type 2) transfers are both 'trc10' (the native asset family); token events name theirs.
        contract_type: transferList[0]?.tokenType ?? ([1, 2].includes(Number(tx.contract_type)) ? 'trc10' : ''),
        noteLevel: 0,
        info: {},
        contract_map: contracts.map,
        contractInfo: contracts.info,
        normalAddressInfo: Object.fromEntries(Object.entries(contracts.map).filter(([, c]) => !c).map(([a]) => [a, { risk: false }])),
        addressTag: {},
        cheat_status: 0,
        signature_addresses: [tx.owner_address],
        srConfirmList: confirmers.map((c) => {
          const w = c.witness_address === null ? undefined : witnesses.get(c.witness_address);
          return { address: c.witness_address, name: w?.name ?? '', block: c.block_number, url: w?.url ?? '' };
        }),
        internal_transactions: internal.length === 0 ? {} : { [String(tx.tx_hash)]: internal.map(internalInfo) },
        event_count: tx.log_count ?? 0,
      };
      const transfersOf = transferList.length > 0 ? { trc20TransferInfo: transferList, transfersAllList: transferList, tokenTransferInfo: transferList[0] } : {};
      // Fields added to the shape's literal, not after a spread (cells.ts withFields).
      return withFields(withFields(withFields(transactionFields(tx, infos), found), transfersOf), { fee_limit: tx.fee_limit ?? 0 });
    }
  },
});

type Found = [TransactionTransactionInfoRow, InternalRow[], TransferRow[], TransactionTransactionInfoConfirmationsRow[]];

/**
 * The transaction `hash` and what its answer shows, read from key files (issue 32): the transaction row
 * (shapes/keyed-transaction.ts), then its block's internal transactions and token transfers (keyed by block) and the
 * next 19 blocks of blocks_by_number. null: no such transaction; undefined: a dataset has no key files (the
 * statements answer).
 */
function fromKeyFiles(hash: string, ctx: EndpointContext): Found | null | undefined {
  const raw = keyedTransaction(hash, ctx);
  if (!raw) return raw;
  const block = Number(raw.block_number);
  const tx = withFields(raw, {
    confirmed: block <= ctx.manifest.solidBlock,
    confirmations: ctx.manifest.head.number - block,
  }) as unknown as TransactionTransactionInfoRow;
  // The block's rows are read whatever the transaction's internal_count / log_count say, as the statements do: a
  // count that disagreed with the fact tables would otherwise drop rows silently.
  const ofTx = (dataset: string): Row[] | undefined => keyRows(ctx, dataset, block)?.filter((r) => r.tx_hash === hash);
  const internal = ofTx('internal_transactions_by_block');
  const transfers = ofTx('token_transfers_by_block');
  const confirmers = confirmingBlocks(ctx, block, Number(raw.timestamp));
  if (!internal || !transfers || !confirmers) return undefined;
  return [tx, internal as unknown as InternalRow[], transfers as unknown as TransferRow[], confirmers];
}

/** The blocks whose producers confirm a block: the next 19. */
const CONFIRMING = 19;

/**
 * transaction-info.confirmations.sql from blocks_by_number's key files: each producer of blocks block+1 … block+19
 * once, at its first block, in block order. The lake files one row per block from its first block, so block+1 is
 * the row at block+1 − first: the 19 rows are read at that offset (fewer wide rows decoded than a 32-row page from
 * the block's time, and no time search: 150-225 → 105-135 µs a read); when the rows read are not those blocks, block order
 * is time order: the blocks from the block's own time on are read a page at a time until one is past block+19.
 */
export function confirmingBlocks(ctx: Pick<EndpointContext, 'manifest' | 'keyedPage'>, block: number, time: number): TransactionTransactionInfoConfirmationsRow[] | undefined {
  const firstBlock = ctx.manifest.first?.number;
  if (firstBlock !== undefined && block >= firstBlock) {
    const got = ctx.keyedPage('blocks_by_number', undefined, { from: null, to: null, desc: false, offset: block + 1 - firstBlock, limit: CONFIRMING });
    if (!got) return undefined;
    const want = Math.max(0, Math.min(CONFIRMING, ctx.manifest.head.number - block));
    if (got.rows.length === want && got.rows.every((b, i) => Number(b.block_number) === block + 1 + i)) return producersOf(got.rows, block);
  }
  const rows: Row[] = [];
  const PAGE = 32;
  for (let offset = 0; ; offset += PAGE) {
    const got = ctx.keyedPage('blocks_by_number', undefined, { from: time, to: null, desc: false, offset, limit: PAGE });
    if (!got) return undefined;
    rows.push(...got.rows);
    const last = got.rows.at(-1);
    if (got.rows.length < PAGE || (last && Number(last.block_number) > block + CONFIRMING)) break;
  }
  return producersOf(rows, block);
}

/** Each producer of blocks block+1 … block+19 among `rows` once, at its first block, in block order. */
function producersOf(rows: readonly Row[], block: number): TransactionTransactionInfoConfirmationsRow[] {
  const first = new Map<string | null, number>();
  for (const b of rows) {
    const n = Number(b.block_number);
    const w = b.witness_address as string | null;
    if (n > block && n <= block + CONFIRMING && !first.has(w)) first.set(w, n);
  }
  return [...first].map(([witness_address, block_number]) => ({ witness_address, block_number })).sort((a, b) => a.block_number - b.block_number);
}

/** A transfer with its token's fields (`k`: the tokens dimension's row as tokenInfo gives it; absent: no row). */
function transferInfo(x: TransferRow, k: TokenInfo | undefined) {
  return {
    icon_url: k?.tokenLogo ?? '',
    symbol: k?.tokenAbbr ?? '',
    level: k?.tokenLevel ?? '0',
    to_address: x.to_address,
    contract_address: x.contract_address,
    type: x.event_type,
    decimals: k?.tokenDecimal ?? 0,
    name: k?.tokenName ?? '',
    vip: k?.vip === true,
    tokenType: x.token_standard,
    from_address: x.from_address,
    amount_str: x.amount_raw,
    ...(x.token_id !== null ? { token_id: x.token_id } : {}),
    status: 0,
  };
}

function internalInfo(i: InternalRow) {
  return {
    hash: i.internal_hash,
    caller_address: i.caller_address,
    transferTo_address: i.to_address,
    callValueInfo: [{ callValue: i.call_value, ...(i.token_id !== '_' ? { tokenId: i.token_id } : {}) }],
    note: i.note,
    rejected: i.rejected === true,
  };
}
