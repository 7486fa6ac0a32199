/**
 * The audit's accounts endpoints (issue 14, part 2): /api/account/list (balance, TRON Power and transaction count of
 * the first page of each sort and of single addresses) and /api/accountv2, against plain SQL over the newest account
 * snapshots and the raw transactions (test/endpoints/account/expected-accounts.ts).
 */
import { type Ctx, s } from './context.ts';
import { arrayPart, field, objects } from './json-text.ts';
import { EXPECTED_ACCOUNTS_SQL } from '../endpoints/account/expected-accounts.ts';

const LIST_FIELDS = [['balance', 'balance'], ['power', 'power'], ['totalTransactionCount', 'lt_total'], ['latestOperationTime', 'latest_operation_time']] as const;

const V2_FIELDS = [['balance', 'balance'], ['transactions_in', 'lt_in'], ['transactions_out', 'lt_out'], ['totalTransactionCount', 'lt_total'], ['latest_operation_time', 'latest_operation_time'], ['date_created', 'create_time']] as const;

export async function accountsChecks({ io, get, check }: Ctx): Promise<void> {
  const want = new Map((await io.sql(EXPECTED_ACCOUNTS_SQL)).map((r) => [s(r.address), r]));
  for (const sort of ['-balance', 'balance', '-power', 'power', '-totaltransactioncount', 'totaltransactioncount']) {
    for (const o of objects(arrayPart(await get(`/api/account/list?sort=${sort}&limit=50`), 'data'))) {
      const w = want.get(field(o, 'address') ?? '');
      for (const [f, col] of LIST_FIELDS) check('/api/account/list', `${sort} ${field(o, 'address')} ${f}`, field(o, f), w ? s(w[col]) : 'no account');
    }
  }
  const busiest = [...want.values()].sort((a, b) => Number(b.tx_total) - Number(a.tx_total)).slice(0, 10);
  for (const w of busiest) {
    const a = s(w.address);
    const [o] = objects(arrayPart(await get(`/api/account/list?address=${a}`), 'data'));
    for (const [f, col] of LIST_FIELDS) check('/api/account/list', `${a} ${f}`, field(o ?? '', f), s(w[col]));
    const v2 = await get(`/api/accountv2?address=${a}`);
    for (const [f, col] of V2_FIELDS) check('/api/accountv2', `${a} ${f}`, field(v2, f), s(w[col]));
    check('/api/accountv2', `${a} balanceStr`, field(v2, 'balanceStr'), s(w.balance));
  }

  // Accounts created per day over every lake day.
  const [span] = await io.sql(`SELECT min("timestamp") AS lo FROM raw_blocks`);
  const firstDay = Date.parse(`${new Date(Number(span!.lo)).toISOString().slice(0, 10)}T00:00:00Z`);
  const days = Math.round((Date.parse(`${new Date(io.head).toISOString().slice(0, 10)}T00:00:00Z`) - firstDay) / 86_400_000) + 1;
  const created = new Map((await io.sql(`SELECT strftime(epoch_ms(create_time), '%Y-%m-%d') AS day, count(*) AS n FROM (${EXPECTED_ACCOUNTS_SQL})
      WHERE create_time >= ${firstDay} GROUP BY 1`)).map((r) => [s(r.day), s(r.n)]));
  for (const o of objects(arrayPart(await get(`/api/overview/dailyaccounts?days=${days}`), 'data'))) {
    const day = field(o, 'dateDayStr') ?? '';
    check('/api/overview/dailyaccounts', `${day} newAddressSeen`, field(o, 'newAddressSeen'), created.get(day) ?? '0');
  }
}
