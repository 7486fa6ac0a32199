/**
 * Accounts computed independently of the `accounts` derive: plain SQL over the raw snapshot and transaction files
 * (the test helper's own views). Shared by the account tests and the exactness audit (test/exact/accounts.ts).
 */
import { RAW_TRX_MOVES_SQL } from '../../helpers/trx-moves.ts';
import type { Row } from '../../../src/duckdb/duck.ts';

/**
 * One row per account of the newest snapshots (a node answers an address it has no account for with an empty
 * account: no creation time, no balance; that row is no account): balance, TRON Power (every own stake, delegated included, in sun),
 * transactions signed / received / touching it, the last one it signed. `raw_transactions` and `snap_account_snapshots`
 * are the helper's views (test/helpers/lake.ts `sql`) or the audit's. `lt_out`, `lt_in`, `lt_total`: the same counts
 * when they are the account's whole life's (the lake starts at block 0, or the account was created at or after the
 * first raw block's time), else NULL (docs/compat.md "Whole-chain figures").
 */
export const EXPECTED_ACCOUNTS_SQL = `
  SELECT *, CASE WHEN lifetime THEN tx_out END AS lt_out, CASE WHEN lifetime THEN tx_in END AS lt_in,
         CASE WHEN lifetime THEN tx_total END AS lt_total FROM (
  WITH win AS (SELECT min(block_number) AS b, min("timestamp") AS ts FROM raw_blocks),
  s AS (SELECT * FROM snap_account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1),
  sent AS (SELECT owner_address AS address, count(*) AS n, max(timestamp) AS last_ts FROM raw_transactions GROUP BY 1),
  recv AS (SELECT coalesce(to_address, contract_address) AS address, count(*) AS n FROM raw_transactions GROUP BY 1),
  touch AS (SELECT address, count(*) AS n FROM (
      SELECT tx_hash, owner_address AS address FROM raw_transactions
      UNION SELECT tx_hash, coalesce(to_address, contract_address) FROM raw_transactions WHERE coalesce(to_address, contract_address) IS NOT NULL)
    GROUP BY 1)
  SELECT s.address, s.balance, s.create_time, s.account_name,
         s.frozen_v1_bandwidth + s.frozen_v1_energy + s.delegated_v1_bandwidth + s.delegated_v1_energy + s.frozen_v2_bandwidth
           + s.frozen_v2_energy + s.frozen_v2_tron_power + s.delegated_v2_bandwidth + s.delegated_v2_energy AS power,
         coalesce(sent.n, 0) AS tx_out, coalesce(recv.n, 0) AS tx_in, coalesce(touch.n, 0) AS tx_total,
         coalesce(sent.last_ts, 0) AS latest_operation_time,
         win.b = 0 OR (s.create_time > 0 AND s.create_time >= win.ts) AS lifetime
  FROM s LEFT JOIN sent USING (address) LEFT JOIN recv USING (address) LEFT JOIN touch USING (address) CROSS JOIN win
  WHERE s.create_time > 0 OR s.balance > 0)`;

/** The JSON number of an exact integer cell (the tests' lakes hold balances below 2^53). */
export const num = (v: unknown): number => Number(v ?? 0);
/** The JSON value of a nullable integer cell: null stays null. */
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export type ExpectedAccount = Row;

/**
 * Accounts holding TRX and accounts created, per lake day, independently of daily_trx_holders and the serving tables:
 * every account's TRX balance at the end of each day (its newest snapshot balance − its TRX moves after the day up to
 * the snapshot block + those after the snapshot block up to the end of the day), counted where positive (`n`); the
 * accounts created since the first block up to the end of the day (`created`) and on that day (`created_day`). One
 * row `day = 'opening'` holds the count at the first block. The moves are the tests' raw ledger (test/helpers/trx-moves.ts).
 */
export const trxHolderDaysSql = (firstTs: number): string => `
  WITH acc AS (SELECT address, create_time FROM (${EXPECTED_ACCOUNTS_SQL})),
  h AS (SELECT s.address, s.balance, s.as_of_block FROM snap_account_snapshots s JOIN acc USING (address)
        QUALIFY row_number() OVER (PARTITION BY s.address ORDER BY s.as_of_block DESC) = 1),
  f AS (SELECT address, block_number, "timestamp", delta FROM (${RAW_TRX_MOVES_SQL})),
  d AS (SELECT DISTINCT "date" AS day, epoch_ms(CAST("date" AS DATE)) AS day_ms, epoch_ms(CAST("date" AS DATE) + 1) AS next_ms FROM raw_blocks
        UNION SELECT 'opening', ${firstTs}, ${firstTs}),
  bal AS (
    SELECT d.day, h.address,
           h.balance - coalesce(sum(f.delta) FILTER (WHERE f.block_number <= h.as_of_block AND f."timestamp" >= d.next_ms), 0)
                     + coalesce(sum(f.delta) FILTER (WHERE f.block_number > h.as_of_block AND f."timestamp" < d.next_ms), 0) AS balance
    FROM h CROSS JOIN d LEFT JOIN f ON f.address = h.address
    GROUP BY d.day, h.address, h.balance, h.as_of_block),
  holders AS (SELECT day, count(*) FILTER (WHERE balance > 0) AS n FROM bal GROUP BY day)
  SELECT day, n,
         (SELECT count(*) FROM acc WHERE create_time >= ${firstTs} AND create_time < d.next_ms) AS created,
         (SELECT count(*) FROM acc WHERE create_time >= greatest(${firstTs}, d.day_ms) AND create_time < d.next_ms) AS created_day
  FROM holders JOIN d USING (day) ORDER BY day`;
