/**
 * The audit's account analysis and TRX-holder figures (issue 14): /api/account/analysis types 1-4 of the busiest
 * accounts on every lake day against plain SQL over the raw transactions and transfers, type 0 on the head's day
 * against the newest account snapshot when it is as of the head block (no flow after it), with its USD value at the
 * day's price; /api/overview/accountswithtrx: all accounts = the anchor + accounts created, and on the head's day the
 * accounts holding TRX = the anchor + holders in the head snapshots − holders in the opening snapshots (a lake whose
 * snapshots are as of the head and of the block before its first; else only the null rule without anchors).
 */
import { type Ctx, quoted, s } from './context.ts';
import { arrayPart, field, objects } from './json-text.ts';
import { EXPECTED_ACCOUNTS_SQL } from '../endpoints/account/expected-accounts.ts';

const DAY_MS = 86_400_000;

export async function accountAnalysisChecks({ io, get, check, near }: Ctx): Promise<void> {
  const [lake] = await io.sql(`SELECT min("timestamp") AS lo, max(block_number) AS head FROM raw_blocks`);
  const firstDay = Date.parse(`${new Date(Number(lake!.lo)).toISOString().slice(0, 10)}T00:00:00Z`);
  const headDay = new Date(io.head).toISOString().slice(0, 10);
  const range = `start_timestamp=${firstDay}&end_timestamp=${Date.parse(`${headDay}T00:00:00Z`) + DAY_MS - 1}`;
  const busiest = (await io.sql(`SELECT address, balance FROM (${EXPECTED_ACCOUNTS_SQL}) ORDER BY tx_in + tx_out DESC, address LIMIT 5`)).map((r) => s(r.address));
  const list = quoted(busiest);

  const tx = await io.sql(`
    SELECT a.address, t."date" AS day,
           count(*) FILTER (WHERE owner_address = a.address) AS tx_out,
           count(*) FILTER (WHERE coalesce(to_address, contract_address) = a.address) AS tx_in,
           coalesce(sum(energy_usage) FILTER (WHERE owner_address = a.address), 0) AS eu,
           coalesce(sum(origin_energy_usage) FILTER (WHERE owner_address = a.address), 0) AS oeu,
           coalesce(sum(energy_usage_total) FILTER (WHERE owner_address = a.address), 0) AS eut
    FROM raw_transactions t JOIN (SELECT unnest([${list}]) AS address) a ON a.address = t.owner_address OR a.address = coalesce(t.to_address, t.contract_address)
    GROUP BY ALL`);
  const moves = await io.sql(`
    WITH m AS (
      SELECT "date" AS day, CASE WHEN contract_type = 1 THEN '_' ELSE token_id END AS token, owner_address AS f, to_address AS r
      FROM raw_transactions WHERE contract_type IN (1, 2) AND contract_ret = 'SUCCESS' AND to_address IS NOT NULL
      UNION ALL SELECT "date", contract_address, from_address, to_address FROM raw_token_transfers)
    SELECT a.address, day, count(*) AS transfers, count(DISTINCT token) AS tokens
    FROM m JOIN (SELECT unnest([${list}]) AS address) a ON a.address = m.f OR a.address = m.r GROUP BY ALL`);
  const key = (a: unknown, d: unknown): string => `${s(a)} ${s(d)}`;
  const txBy = new Map(tx.map((r) => [key(r.address, r.day), r]));
  const movesBy = new Map(moves.map((r) => [key(r.address, r.day), r]));
  const E = '/api/account/analysis';
  for (const a of busiest) {
    for (const o of objects(arrayPart(await get(`${E}?address=${a}&type=4&${range}`), 'data'))) {
      const w = txBy.get(key(a, field(o, 'day')));
      check(E, `${a} ${field(o, 'day')} transactions_out`, field(o, 'transactions_out'), s(w?.tx_out ?? 0));
      check(E, `${a} ${field(o, 'day')} transactions_in`, field(o, 'transactions_in'), s(w?.tx_in ?? 0));
    }
    for (const o of objects(arrayPart(await get(`${E}?address=${a}&type=2&${range}`), 'data'))) {
      const w = txBy.get(key(a, field(o, 'day')));
      const [eu, oeu, eut] = [w?.eu ?? 0, w?.oeu ?? 0, w?.eut ?? 0].map((v) => BigInt(s(v))) as [bigint, bigint, bigint];
      check(E, `${a} ${field(o, 'day')} energy_usage`, field(o, 'energy_usage'), s(eu));
      check(E, `${a} ${field(o, 'day')} origin_energy_usage`, field(o, 'origin_energy_usage'), s(oeu));
      check(E, `${a} ${field(o, 'day')} energy_burn`, field(o, 'energy_burn'), s(eut - eu - oeu));
      check(E, `${a} ${field(o, 'day')} energy_usage_total`, field(o, 'energy_usage_total'), s(eut));
    }
    for (const o of objects(arrayPart(await get(`${E}?address=${a}&type=1&${range}`), 'data'))) {
      const w = movesBy.get(key(a, field(o, 'day')));
      check(E, `${a} ${field(o, 'day')} transfer_count`, field(o, 'transfer_count'), s(w?.transfers ?? 0));
      check(E, `${a} ${field(o, 'day')} token_count`, field(o, 'token_count'), s(w?.tokens ?? 0));
    }
  }

  // Type 0 on the head's day: the newest snapshot balance when it is as of the head block.
  const heads = await io.sql(`SELECT address, balance, as_of_block FROM snap_account_snapshots WHERE address IN (${list})
    QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1`);
  // The price rule (docs/compat.md "Prices (issue 33)"): token_prices' close, else the candle, else the chain's close
  // from the raw swaps (rule_day_prices: test/helpers/chain-prices.ts).
  const [price] = await io.sql(`SELECT max(price_usd) AS p FROM rule_day_prices WHERE token_id = '_' AND day = '${headDay}'`);
  const dayPrice = price?.p ?? null;
  for (const h of heads.filter((r) => s(r.as_of_block) === s(lake!.head))) {
    const a = s(h.address);
    const [o] = objects(arrayPart(await get(`${E}?address=${a}&type=0&start_timestamp=${Date.parse(`${headDay}T00:00:00Z`)}`), 'data'));
    const sun = BigInt(s(h.balance));
    check(E, `${a} ${headDay} trx_amount`, field(o ?? '', 'trx_amount'), sunText(sun));
    if (dayPrice !== null) near(E, `${a} ${headDay} usdt_amount`, field(o ?? '', 'usdt_amount'), (Number(sun) / 1e6) * Number(dayPrice), 6);
  }

  // Accounts holding TRX and all accounts.
  const anchors = new Map((await io.sql(`SELECT name, value_raw FROM ref_chain_anchors`)).map((r) => [s(r.name), BigInt(s(r.value_raw))]));
  const W = '/api/overview/accountswithtrx';
  const days = Math.round((Date.parse(`${headDay}T00:00:00Z`) - firstDay) / DAY_MS) + 1;
  const rows = objects(arrayPart(await get(`${W}?days=${days}`), 'data'));
  const created = new Map((await io.sql(`SELECT strftime(epoch_ms(create_time), '%Y-%m-%d') AS day, count(*) AS n FROM (${EXPECTED_ACCOUNTS_SQL})
      WHERE create_time >= ${Number(lake!.lo)} GROUP BY 1`)).map((r) => [s(r.day), BigInt(s(r.n))]));
  let total = anchors.get('account_count');
  for (const o of rows) {
    const day = field(o, 'dateDayStr') ?? '';
    if (total !== undefined) total += created.get(day) ?? 0n;
    check(W, `${day} totalAddress`, field(o, 'totalAddress'), total === undefined ? 'null' : s(total));
    if (!anchors.has('accounts_with_trx')) check(W, `${day} accountWithTrx`, field(o, 'accountWithTrx'), 'null');
  }
  const [held] = await io.sql(`
    WITH n AS (SELECT * FROM snap_account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1)
    SELECT (SELECT count(*) FROM n WHERE balance > 0) AS now, (SELECT min(as_of_block) FROM n) AS oldest_now,
           (SELECT count(*) FROM snap_account_snapshots WHERE as_of_block < (SELECT min(block_number) FROM raw_blocks) AND balance > 0) AS opening,
           (SELECT count(*) FROM snap_account_snapshots WHERE as_of_block < (SELECT min(block_number) FROM raw_blocks)) AS opening_rows`);
  const withTrx = anchors.get('accounts_with_trx');
  const last = rows.at(-1);
  // Exact only when every holder's newest snapshot is as of the head and the opening state is a snapshot (the generator).
  if (withTrx !== undefined && last && Number(held!.opening_rows) > 0 && s(held!.oldest_now) === s(lake!.head)) {
    check(W, `${headDay} accountWithTrx`, field(last, 'accountWithTrx'), s(withTrx + BigInt(s(held!.now)) - BigInt(s(held!.opening))));
  }
}

/** Sun as TRX decimal text without trailing zeros, e.g. 1500000 → '1.5'. */
function sunText(sun: bigint): string {
  const neg = sun < 0n;
  const abs = neg ? -sun : sun;
  const frac = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${abs / 1_000_000n}${frac ? `.${frac}` : ''}`;
}
