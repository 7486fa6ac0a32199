/** Independent ledgers over the raw tables, shared by the token tests (plain SQL, never the endpoints' templates). */
export const ZERO = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
/** Opening TRC1155 quantities (issue 12): trc1155_snapshots rows before the first block (none in an ingested lake). */
export const OPENING_1155 = `SELECT contract_address, token_id, holder_address, CAST(balance_raw AS HUGEINT) AS d FROM snap_trc1155_snapshots WHERE as_of_block < (SELECT min(block_number) FROM raw_blocks)`;
/** Independent TRC1155 ledger: the openings plus in minus out per (contract, token id, holder). */
export const LEDGER_1155 = `
  SELECT contract_address, token_id, h AS holder, sum(d) AS bal FROM (
    SELECT contract_address, token_id, to_address AS h, CAST(amount_raw AS HUGEINT) AS d FROM raw_token_transfers WHERE token_standard = 'trc1155'
    UNION ALL SELECT contract_address, token_id, from_address, -CAST(amount_raw AS HUGEINT) FROM raw_token_transfers WHERE token_standard = 'trc1155'
    UNION ALL ${OPENING_1155}
  ) WHERE h <> '${ZERO}' GROUP BY ALL`;


/**
 * Opening balances of the independent TRC20 ledger, per (contract, holder): the snapshot rows before the first block
 * (issue 12), or, for a position with a later snapshot (an ingested lake's balanceOf of a tracked token, issue 14),
 * the opening that snapshot implies: its balance minus the raw transfers up to its block. The zero address (a
 * token's totalSupply row) is no holder.
 */
export const OPENING_20 = `SELECT * FROM (
  WITH a AS (
    SELECT contract_address, holder_address, max(as_of_block) AS b, arg_max(CAST(balance_raw AS HUGEINT), as_of_block) AS v
    FROM snap_trc20_snapshots WHERE holder_address <> '${ZERO}' GROUP BY ALL
  ), f AS (
    SELECT contract_address, to_address AS holder_address, block_number, CAST(amount_raw AS HUGEINT) AS d FROM raw_token_transfers WHERE token_standard = 'trc20'
    UNION ALL SELECT contract_address, from_address, block_number, -CAST(amount_raw AS HUGEINT) FROM raw_token_transfers WHERE token_standard = 'trc20'
    UNION ALL SELECT contract_address, holder_address, block_number, delta FROM raw_stablecoin_balance_moves
  )
  SELECT a.contract_address, a.holder_address, a.v - coalesce(sum(f.d) FILTER (WHERE f.block_number <= a.b), 0) AS d
  FROM a LEFT JOIN f ON f.contract_address = a.contract_address AND f.holder_address = a.holder_address
  GROUP BY a.contract_address, a.holder_address, a.v)`;
/**
 * Independent TRC20 ledger: opening balances + net flow per (contract, holder) over the raw transfers and the stablecoin
 * moves without a Transfer (test/helpers/stablecoin-moves.ts), exact.
 */
export const LEDGER_20 = `
  SELECT contract_address, addr AS holder_address, sum(d) AS bal FROM (
    SELECT contract_address, to_address AS addr, CAST(amount_raw AS HUGEINT) AS d FROM raw_token_transfers WHERE token_standard = 'trc20'
    UNION ALL SELECT contract_address, from_address, -CAST(amount_raw AS HUGEINT) FROM raw_token_transfers WHERE token_standard = 'trc20'
    UNION ALL SELECT contract_address, holder_address, delta FROM raw_stablecoin_balance_moves
    UNION ALL ${OPENING_20}
  ) WHERE addr <> '${ZERO}' GROUP BY ALL`;

/**
 * Opening TRC10 balances (issue 12): the assetV2 entries of the account snapshots as of a block before the first
 * one, read with the JSON path functions (not the derive's from_json); none in an ingested lake.
 */
export const OPENING_10 = `
  SELECT json_extract_string(x, '$.key') AS token_id, address AS h, CAST(json_extract_string(x, '$.value') AS HUGEINT) AS d
  FROM (SELECT address, unnest(json_extract(assets_json, '$[*]')) AS x FROM snap_account_snapshots
        WHERE as_of_block < (SELECT min(block_number) FROM raw_blocks) AND assets_json IS NOT NULL)`;
/**
 * Independent TRC10 ledger: the openings, or for a token without any the issued supply credited to the issuer, plus
 * successful transfers in minus out.
 */
export const LEDGER_10 = `
  SELECT token_id, h AS holder, sum(d) AS bal FROM (
    SELECT token_id, to_address AS h, CAST(amount AS HUGEINT) AS d FROM raw_transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS'
    UNION ALL SELECT token_id, owner_address, -CAST(amount AS HUGEINT) FROM raw_transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS'
    UNION ALL SELECT token_id, h, d FROM (${OPENING_10})
    UNION ALL SELECT token_id, issuer_address, CAST(total_supply_raw AS HUGEINT) FROM dim_tokens
      WHERE token_standard = 'trc10' AND token_id NOT IN (SELECT token_id FROM (${OPENING_10}))
  ) GROUP BY ALL`;

/** Every positive position per holder, standard and token, from the independent ledgers (TRC721: ids owned, by last transfer). */
export const POSITIONS = `
  SELECT holder_address AS h, 'trc20' AS std, contract_address AS id, bal FROM (${LEDGER_20}) WHERE bal > 0
  UNION ALL SELECT holder, 'trc10', token_id, bal FROM (${LEDGER_10}) WHERE bal > 0 AND holder <> '${ZERO}'
  UNION ALL SELECT o, 'trc721', c, count(*) FROM (
    SELECT t.contract_address c, t.token_id, arg_max(t.to_address, (t.block_number, x.tx_index, t.log_index)) o
    FROM raw_token_transfers t JOIN raw_transactions x ON x.tx_hash = t.tx_hash WHERE t.token_standard = 'trc721' GROUP BY 1, 2
  ) WHERE o <> '${ZERO}' GROUP BY 1, 3
  UNION ALL SELECT holder, 'trc1155', contract_address, sum(bal) FROM (${LEDGER_1155}) WHERE bal > 0 GROUP BY 1, 3`;
