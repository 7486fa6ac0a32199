/**
 * Every change of a TRX balance in the lake, signed sun, from the raw `transactions` and `internal_transactions` alone:
 * the tests' own TRX ledger, so the expectations of balance-based endpoints never read `trx_flows` (an output of the
 * derive under test). Written here per transaction from the node's semantics stated in docs/compat.md "TRX balance
 * history", one row per (address, block, time, delta):
 * - the signer pays the transaction's `fee` (every fee kind the receipt sums), whether the contract succeeded or not;
 * - on success, the signer's own side: a TRX transfer or TRC10 sale (1, 9) and a TRX call value of a call or deployment
 *   (30, 31 without a TRC10 token) leave the balance, as do stakes (11, 54); a Stake 1.0 unstake (12) returns
 *   `unfreeze_amount` at once; withdrawals of rewards (13) and of matured Stake 2.0 unstakes (55, 56, 59) add
 *   `withdraw_amount`;
 * - on success, the other side of a transfer, a sale or a call value: the recipient, or the contract called / created;
 * - internal TRX (token '_') moves from caller to callee when neither the sub-call reverted nor its transaction failed.
 * test/endpoints/account/trx-balance-reconciliation.test.ts checks this ledger against the snapshots (head − Σ = the
 * opening state, an input of the lake's source) and `trx_flows` against it row for row.
 */
export const RAW_TRX_MOVES_SQL = `
  SELECT address, block_number, "timestamp", CAST(delta AS BIGINT) AS delta FROM (
    SELECT owner_address AS address, block_number, "timestamp", -fee AS delta FROM raw_transactions
    UNION ALL
    SELECT owner_address, block_number, "timestamp",
           CASE WHEN contract_type IN (1, 9, 11, 54) THEN -amount
                WHEN contract_type IN (30, 31) AND token_id IS NULL THEN -amount
                WHEN contract_type = 12 THEN unfreeze_amount
                WHEN contract_type IN (13, 55, 56, 59) THEN withdraw_amount END
    FROM raw_transactions WHERE contract_ret = 'SUCCESS'
    UNION ALL
    SELECT CASE WHEN contract_type IN (30, 31) THEN coalesce(contract_address, to_address) ELSE to_address END,
           block_number, "timestamp", amount
    FROM raw_transactions
    WHERE contract_ret = 'SUCCESS' AND (contract_type IN (1, 9) OR (contract_type IN (30, 31) AND token_id IS NULL))
    UNION ALL
    SELECT side.address, i.block_number, i."timestamp", side.sign * i.call_value
    FROM raw_internal_transactions i
    JOIN raw_transactions t ON t.block_number = i.block_number AND t.tx_hash = i.tx_hash
    CROSS JOIN LATERAL (SELECT i.caller_address AS address, -1 AS sign UNION ALL SELECT i.to_address, 1) side
    WHERE i.token_id = '_' AND NOT i.rejected AND t.contract_ret = 'SUCCESS'
  ) WHERE delta IS NOT NULL AND delta <> 0 AND address IS NOT NULL`;
