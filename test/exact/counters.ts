/**
 * The audit's counters: holders and transfers (all time and the 24 h before the head block) of every token on
 * /api/token/all, /api/tokens/overview and /api/token (TRX), and the transaction and transfer counts of the two
 * statistics endpoints, from plain SQL over the raw tables (docs/compat.md "Tokens", "Transactions and transfers").
 */
import { LEDGER_10, LEDGER_1155, LEDGER_20, ZERO } from '../endpoints/token/ledgers.ts';
import { type Ctx, s, wholeChain } from './context.ts';
import { TOKEN_BEGAN_SQL } from '../endpoints/token/lifetime.ts';
import { arrayPart, field, objects } from './json-text.ts';

const DAY = 86_400_000;

export async function counterChecks({ io, get, check }: Ctx): Promise<void> {
  const since = io.head - DAY;
  const holders = new Map((await io.sql(`
    SELECT contract_address t, count(*) n FROM (${LEDGER_20}) WHERE bal > 0 GROUP BY 1
    UNION ALL SELECT token_id, count(*) FROM (${LEDGER_10}) WHERE bal > 0 GROUP BY 1
    UNION ALL SELECT c, count(DISTINCT o) FROM (
      SELECT t.contract_address c, arg_max(t.to_address, (t.block_number, x.tx_index, t.log_index, t.batch_index)) o
      FROM raw_token_transfers t JOIN raw_transactions x ON x.tx_hash = t.tx_hash WHERE t.token_standard = 'trc721' GROUP BY t.contract_address, t.token_id
    ) WHERE o <> '${ZERO}' GROUP BY 1
    UNION ALL SELECT contract_address, count(DISTINCT holder) FROM (${LEDGER_1155}) WHERE bal > 0 GROUP BY 1`)).map((r) => [s(r.t), s(r.n)]));
  const transfers = new Map((await io.sql(`
    SELECT contract_address t, count(*) n, count(*) FILTER (WHERE "timestamp" > ${since}) d FROM raw_token_transfers GROUP BY 1
    UNION ALL SELECT token_id, count(*), count(*) FILTER (WHERE "timestamp" > ${since}) FROM raw_transactions
      WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL GROUP BY 1
    UNION ALL SELECT '_', count(*), count(*) FILTER (WHERE "timestamp" > ${since}) FROM raw_transactions WHERE contract_type = 1 AND contract_ret = 'SUCCESS'`))
    .map((r) => [s(r.t), { all: s(r.n), day: s(r.d) }]));

  // All-time transfer counts are a token's whole life's only when it began in the lake (else null, issue 27).
  const began = new Map((await io.sql(TOKEN_BEGAN_SQL)).map((r) => [s(r.token_id), r.began === true]));
  const allTime = (id: string): string => (began.get(id) ? transfers.get(id)?.all ?? '0' : 'null');
  for (let start = 0; ; start += 500) {
    const rows = objects(arrayPart(await get(`/api/token/all?limit=500&start=${start}`), 'data'));
    for (const o of rows) {
      const id = field(o, 'contract')!;
      check('/api/token/all', `${id} token holders`, field(o, 'token holders'), holders.get(id) ?? '0');
      check('/api/token/all', `${id} total transfers`, field(o, 'total transfers'), allTime(id));
      check('/api/token/all', `${id} 24h transfers`, field(o, '24h transfers'), transfers.get(id)?.day ?? '0');
    }
    if (rows.length < 500) break;
  }
  for (let start = 0; ; start += 500) {
    const rows = objects(arrayPart(await get(`/api/tokens/overview?limit=500&start=${start}&verifier=all&sort=init`), 'tokens'));
    for (const o of rows) {
      const id = field(o, 'contractAddress')!;
      // The TRX row has no holders (the lake holds no TRX balances, docs/compat.md "Tokens").
      check('/api/tokens/overview', `${id} nrOfTokenHolders`, field(o, 'nrOfTokenHolders'), id === '_' ? '0' : holders.get(id) ?? '0');
      check('/api/tokens/overview', `${id} transferCount`, field(o, 'transferCount'), allTime(id));
      check('/api/tokens/overview', `${id} recentTransferCount`, field(o, 'recentTransferCount'), transfers.get(id)?.day ?? '0');
    }
    if (rows.length < 500) break;
  }
  check('/api/token', 'TRX totalTransactions', field(await get('/api/token?id=0'), 'totalTransactions'), allTime('_'));

  // Transaction and transfer counts: all time and the last complete UTC day before the head block's day.
  const lastDay = Math.floor(io.head / DAY) * DAY - DAY;
  const inDay = `"timestamp" >= ${lastDay} AND "timestamp" < ${lastDay + DAY}`;
  const [c] = await io.sql(`SELECT count(*) tx, count(*) FILTER (WHERE ${inDay}) day_tx, count(*) FILTER (WHERE contract_type = 1) trx,
      count(*) FILTER (WHERE contract_type = 1 AND ${inDay}) day_trx, count(*) FILTER (WHERE contract_type = 2) trc10,
      count(*) FILTER (WHERE contract_type = 2 AND ${inDay}) day_trc10, count(*) FILTER (WHERE contract_type = 31) trig,
      count(*) FILTER (WHERE contract_type = 4) votes, count(*) FILTER (WHERE contract_type IN (11, 54)) frz,
      count(*) FILTER (WHERE contract_type NOT IN (1, 2, 31, 4, 11, 54, 9)) oth
    FROM raw_transactions`);
  const [t] = await io.sql(`SELECT count(*) FILTER (WHERE token_standard = 'trc20') trc20, count(*) FILTER (WHERE token_standard = 'trc721') trc721,
      count(*) FILTER (WHERE token_standard = 'trc1155') trc1155, count(*) FILTER (WHERE ${inDay}) day_tokens FROM raw_token_transfers`);
  // All time is the whole chain: txCount anchored on the pre-window total, the per-kind figures (no anchor) the lake's
  // only from genesis, else null (docs/compat.md "Whole-chain figures"); the last day is exact on any lake.
  const w = await wholeChain(io);
  const txs = await get('/api/transaction/statistics');
  check('/api/transaction/statistics', 'txCount', field(txs, 'txCount'), w.preTx === null ? 'null' : (w.preTx + BigInt(s(c!.tx))).toString());
  check('/api/transaction/statistics', 'lastDayTxCount', field(txs, 'lastDayTxCount'), s(c!.day_tx));
  for (const [f, want] of [
    ['trxTransferCount', c!.trx], ['trc10TransferCount', c!.trc10],
    ['trc20Count', t!.trc20], ['trc721Count', t!.trc721], ['trc1155Count', t!.trc1155], ['triggerCount', c!.trig],
    ['votesCount', c!.votes], ['freezeBalanceCount', c!.frz], ['othersCount', c!.oth],
  ] as const) check('/api/transaction/statistics', f, field(txs, f), w.whole(want));
  if (!w.fromGenesis) check('/api/transaction/statistics', 'trc20Top10', field(txs, 'trc20Top10'), 'null');
  const perToken = new Map((await io.sql(`SELECT contract_address c, count(*) n FROM raw_token_transfers WHERE token_standard = 'trc20' GROUP BY 1`)).map((r) => [s(r.c), s(r.n)]));
  for (const o of objects(arrayPart(txs, 'trc20Top10'))) check('/api/transaction/statistics', `trc20Top10 ${field(o, 'address')} count`, field(o, 'count'), perToken.get(field(o, 'address')!) ?? '?');
  const tfs = await get('/api/transfer/statistics');
  const all = BigInt(s(c!.trx)) + BigInt(s(c!.trc10)) + BigInt(s(t!.trc20)) + BigInt(s(t!.trc721)) + BigInt(s(t!.trc1155));
  check('/api/transfer/statistics', 'lastDayTransfersCount', field(tfs, 'lastDayTransfersCount'), (BigInt(s(c!.day_trx)) + BigInt(s(c!.day_trc10)) + BigInt(s(t!.day_tokens))).toString());
  for (const [f, want] of [
    ['transfersCount', all], ['trxTransferCount', c!.trx], ['trc10TransferCount', c!.trc10], ['trc20Count', t!.trc20], ['trc721Count', t!.trc721], ['trc1155Count', t!.trc1155],
  ] as const) check('/api/transfer/statistics', f, field(tfs, f), w.whole(want));
}
