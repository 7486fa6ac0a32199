-- Event logs of successful contract calls, one pass: each transaction emits n_logs rows (unnest), whose meaning
-- depends on (kind, log index). Stage a gives the meaning (event type, standard, emitting contract, the addresses
-- of topic 1 / topic 2, amount); stage b encodes topics and data from it (tron-chain-data.md §3). Address topics stay
-- address-table indices (t1_i..t3_i) until the logs table is written. Failed calls emit nothing (§1.4).
CREATE TABLE g_ev AS
WITH e AS (
  SELECT block_number, "timestamp", tx_hash, tx_index, h, kid, sub, tok, std AS tok_std, owner_i, rcv_i, contract_i,
         amt, x_sun, raw, unlimited, nft_id, k, q_t, wtrx_first, unnest(range(n_logs))::INTEGER AS li
  -- the DeFi kinds (31-34) are written by defi-events.sql
  FROM g_tx0 WHERE n_logs > 0 AND kid < 31
), e2 AS (
  -- a stablecoin admin call's log that is a Transfer (the echo of a mint / burn, or USDD 2.0's supply Transfer)
  SELECT e.*, (kid = 28 AND (sub IN (9, 10) OR (sub IN (0, 1, 5, 6) AND li = 1) OR (sub IN (13, 14) AND li = 0))) AS adm_tr
  FROM e
), a AS (
  SELECT e2.*,
    CASE kid
      WHEN 22 THEN CASE sub WHEN 1 THEN 'ApprovalForAll' ELSE 'Approval' END
      WHEN 23 THEN ['Deposit', 'Transfer', 'Transfer', 'Sync', 'Swap'][li + 1]
      WHEN 24 THEN ['Transfer', 'Transfer', 'Sync', 'Swap', 'Withdrawal'][li + 1]
      WHEN 26 THEN 'TransferSingle'
      WHEN 27 THEN 'TransferBatch'
      WHEN 28 THEN CASE WHEN adm_tr THEN 'Transfer'
                        ELSE ['Issue', 'Redeem', 'AddedBlackList', 'RemovedBlackList', 'DestroyedBlackFunds', 'MintTo', 'Burn',
                              'Blacklisted', 'UnBlacklisted', 'Transfer', 'Transfer', 'Mint', 'Burn', 'Mint', 'Burn',
                              'BlacklistedFlag'][sub + 1] END
      WHEN 30 THEN 'BetSettled'
      ELSE 'Transfer' END AS etype,
    CASE WHEN kid = 25 OR (kid = 22 AND sub = 2) THEN 'trc721'
         WHEN kid IN (26, 27) THEN 'trc1155'
         WHEN kid = 22 AND sub = 1 THEN tok_std
         ELSE 'trc20' END AS ev_std,
    CASE kid
      WHEN 23 THEN CASE li WHEN 2 THEN {{r_token}} - tok WHEN 3 THEN {{r_pair}} - tok WHEN 4 THEN {{r_pair}} - tok
                           ELSE {{r_token}} - {{tid_wtrx}} END
      WHEN 24 THEN CASE li WHEN 0 THEN {{r_token}} - tok WHEN 2 THEN {{r_pair}} - tok WHEN 3 THEN {{r_pair}} - tok
                           ELSE {{r_token}} - {{tid_wtrx}} END
      ELSE contract_i END::INTEGER AS ev_contract,
    -- topic-1 address: sender / owner / SunSwap caller / blacklisted user / player
    CASE kid
      WHEN 29 THEN {{r_zero}}
      WHEN 23 THEN CASE li WHEN 2 THEN {{r_pair}} - tok WHEN 3 THEN NULL ELSE {{r_router}} END
      WHEN 24 THEN CASE li WHEN 0 THEN owner_i WHEN 1 THEN {{r_pair}} - tok WHEN 2 THEN NULL ELSE {{r_router}} END
      WHEN 25 THEN CASE WHEN sub = 1 THEN {{r_zero}} ELSE owner_i END
      WHEN 26 THEN CASE WHEN sub = 1 THEN {{r_zero}} ELSE owner_i END
      WHEN 28 THEN CASE WHEN adm_tr THEN CASE WHEN sub IN (0, 5, 9, 13) THEN {{r_zero}} WHEN sub = 10 THEN rcv_i ELSE owner_i END
                        WHEN sub IN (0, 1) THEN NULL
                        WHEN sub IN (5, 6, 14) THEN owner_i
                        ELSE rcv_i END
      ELSE owner_i END::INTEGER AS from_i,
    -- topic-2 address: receiver / spender / operator / swap recipient
    CASE kid
      WHEN 23 THEN CASE li WHEN 1 THEN {{r_pair}} - tok WHEN 2 THEN owner_i WHEN 4 THEN owner_i END
      WHEN 24 THEN CASE li WHEN 0 THEN {{r_pair}} - tok WHEN 1 THEN {{r_router}} WHEN 3 THEN {{r_router}} END
      WHEN 28 THEN CASE WHEN adm_tr THEN CASE WHEN sub IN (1, 6, 10, 14) THEN {{r_zero}} ELSE rcv_i END
                        WHEN sub = 5 THEN rcv_i END
      WHEN 30 THEN NULL
      ELSE rcv_i END::INTEGER AS to_i,
    CASE WHEN kid IN (26, 27) THEN owner_i END::INTEGER AS op_i,
    CASE kid
      WHEN 23 THEN CASE li WHEN 0 THEN x_sun WHEN 1 THEN x_sun WHEN 2 THEN raw END
      WHEN 24 THEN CASE li WHEN 0 THEN raw WHEN 1 THEN x_sun WHEN 4 THEN x_sun END
      ELSE raw END::HUGEINT AS ev_raw
  FROM e2
)
SELECT block_number, "timestamp", tx_hash, tx_index, li AS log_index, ev_contract AS contract_i,
  CASE etype
    WHEN 'Transfer' THEN '{{t_transfer}}' WHEN 'Approval' THEN '{{t_approval}}'
    WHEN 'ApprovalForAll' THEN '{{t_approval_for_all}}' WHEN 'TransferSingle' THEN '{{t_transfer_single}}'
    WHEN 'TransferBatch' THEN '{{t_transfer_batch}}' WHEN 'Deposit' THEN '{{t_deposit}}'
    WHEN 'Withdrawal' THEN '{{t_withdrawal}}' WHEN 'Sync' THEN '{{t_sync}}' WHEN 'Swap' THEN '{{t_swap}}'
    WHEN 'Issue' THEN '{{t_issue}}' WHEN 'Redeem' THEN '{{t_redeem}}' WHEN 'AddedBlackList' THEN '{{t_added_black_list}}'
    WHEN 'RemovedBlackList' THEN '{{t_removed_black_list}}' WHEN 'DestroyedBlackFunds' THEN '{{t_destroyed_black_funds}}'
    WHEN 'BetSettled' THEN '{{t_bet_settled}}' WHEN 'MintTo' THEN '{{t_mint_to}}' WHEN 'Mint' THEN '{{t_mint}}'
    WHEN 'Burn' THEN '{{t_burn}}' WHEN 'Blacklisted' THEN '{{t_blacklisted}}' WHEN 'UnBlacklisted' THEN '{{t_unblacklisted}}'
    WHEN 'BlacklistedFlag' THEN '{{t_blacklisted_flag}}' END AS topic0,
  -- TRC1155: topics are operator, from, to
  CASE WHEN etype IN ('TransferSingle', 'TransferBatch') THEN op_i ELSE from_i END AS t1_i,
  CASE WHEN etype IN ('TransferSingle', 'TransferBatch') THEN from_i ELSE to_i END AS t2_i,
  CASE WHEN etype IN ('TransferSingle', 'TransferBatch') THEN to_i END AS t3_i,
  -- TRC721 Transfer / Approval: the token id is the third indexed topic and data is empty
  CASE WHEN ev_std = 'trc721' AND etype IN ('Transfer', 'Approval') THEN w_u(nft_id) END AS t3_x,
  CASE
    WHEN ev_std = 'trc721' AND etype IN ('Transfer', 'Approval') THEN ''
    WHEN etype = 'Approval' AND unlimited THEN '{{ff64}}'
    WHEN etype IN ('Transfer', 'Approval', 'ApprovalForAll', 'Deposit', 'Withdrawal', 'Issue', 'Redeem', 'DestroyedBlackFunds',
                   'MintTo', 'Mint', 'Burn', 'BlacklistedFlag')
      THEN w_u(ev_raw)
    WHEN etype = 'TransferSingle' THEN w_u(nft_id) || w_u(raw)
    WHEN etype = 'TransferBatch' THEN w_u(64) || w_u(64 + 32 * (k + 1)) || w_u(k)
         || array_to_string(list_transform(range(k), lambda i: w_u(b_id(h, i))), '')
         || w_u(k) || array_to_string(list_transform(range(k), lambda i: w_u(b_val(h, i))), '')
    -- reserves at the swap's price (issue 33): 10^7-10^9 TRX against as many tokens at the walk's price; words in
    -- token0 / token1 order (the USDT/WTRX pair's token0 is WTRX, the lower address; synthetic pairs put the token first)
    WHEN etype = 'Sync' AND wtrx_first THEN w_u(floor(pow(10, 13 + 2 * uf(h, 50)))::BIGINT) || w_u(floor(floor(pow(10, 13 + 2 * uf(h, 50)))::BIGINT / 1e6 * q_t * 1e6)::HUGEINT * {{tok_scale}})
    WHEN etype = 'Sync' THEN w_u(floor(floor(pow(10, 13 + 2 * uf(h, 50)))::BIGINT / 1e6 * q_t * 1e6)::HUGEINT * {{tok_scale}}) || w_u(floor(pow(10, 13 + 2 * uf(h, 50)))::BIGINT)
    WHEN etype = 'Swap' AND kid = 23 AND wtrx_first THEN w_u(x_sun) || w_u(0) || w_u(0) || w_u(raw)
    WHEN etype = 'Swap' AND kid = 23 THEN w_u(0) || w_u(x_sun) || w_u(raw) || w_u(0)
    WHEN etype = 'Swap' AND wtrx_first THEN w_u(0) || w_u(raw) || w_u(x_sun) || w_u(0)
    WHEN etype = 'Swap' THEN w_u(raw) || w_u(0) || w_u(0) || w_u(x_sun)
    WHEN etype = 'BetSettled' THEN w_u(amt) || w_u(x_sun)
    ELSE '' END AS data,
  ev_std AS std, etype, from_i, to_i, op_i,
  CASE WHEN kid IN (25, 26) OR (kid = 22 AND sub = 2) THEN nft_id::VARCHAR END AS token_id,
  CASE WHEN etype = 'Approval' AND unlimited THEN '{{uint256_max}}' ELSE ev_raw::VARCHAR END AS raw_s,
  CASE WHEN etype = 'Approval' AND unlimited THEN '{{uint256_max}}'::DOUBLE ELSE ev_raw::DOUBLE END AS amt_d,
  etype IN ('Transfer', 'TransferSingle') AS tt
FROM a;

-- TRC1155 TransferBatch items, one token_transfers row each (batch_index = position in the arrays).
CREATE TABLE g_batch AS
SELECT block_number, "timestamp", tx_hash, tx_index, 0 AS log_index, i::INTEGER AS batch_index, contract_i,
       owner_i AS op_i, owner_i AS from_i, rcv_i AS to_i, b_id(h, i)::VARCHAR AS token_id, b_val(h, i) AS raw
FROM (SELECT *, unnest(range(k)) AS i FROM g_tx0 WHERE ok AND kid = 27);

-- Internal transactions, n_int per transaction: the router / WTRX hops of swaps (TRX in and out), dapp payouts.
CREATE TABLE g_int AS
WITH e AS (
  SELECT block_number, "timestamp", tx_hash, tx_index, h, kid, tok, owner_i, contract_i, x_sun,
         unnest(range(n_int))::INTEGER AS ii
  FROM g_tx0 WHERE n_int > 0 AND kid < 31
)
SELECT block_number, "timestamp", tx_hash, tx_index, ii AS internal_index,
  CASE kid WHEN 23 THEN {{r_router}}
           WHEN 24 THEN CASE ii WHEN 2 THEN {{r_token}} - {{tid_wtrx}} ELSE {{r_router}} END
           ELSE contract_i END::INTEGER AS caller_i,
  CASE kid WHEN 23 THEN CASE ii WHEN 0 THEN {{r_token}} - {{tid_wtrx}} ELSE {{r_pair}} - tok END
           WHEN 24 THEN CASE ii WHEN 0 THEN {{r_pair}} - tok WHEN 1 THEN {{r_token}} - {{tid_wtrx}}
                                WHEN 2 THEN {{r_router}} ELSE owner_i END
           ELSE owner_i END::INTEGER AS to_i,
  CASE WHEN (kid = 23 AND ii = 0) OR (kid = 24 AND ii >= 2) OR kid = 30 THEN x_sun ELSE 0 END::BIGINT AS call_value,
  kid = 30 AND uf(h, 40) < 0.02 AS rejected
FROM e;
