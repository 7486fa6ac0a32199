-- The transactions table: encodings, receipts and counts. Receipt arithmetic (tron-chain-data.md §1.5, §4.2):
--   energy_usage_total = energy_usage + origin_energy_usage + energy_fee / ep   (ep: the energy price in force at the
--   block, 100 sun, then the approved energy proposal's price from its maintenance on: governance-schedule.sql)
--   net_fee = size_bytes * 1000 when bandwidth is burned, else net_usage = size_bytes
--   fee = energy_fee + net_fee (+ 1 TRX memo fee) (+ 1 TRX account creation: AccountCreate, or a transfer creating its
--   receiver, whose burned bandwidth is then 0.1 TRX instead of the bytes)
-- log_count / internal_count are n_logs / n_int, the very numbers g_ev / g_int unnest into rows.
INSERT INTO transactions BY NAME
WITH a AS (
  SELECT t.*, ao.b58 AS owner_b58, ao.hex AS owner_hex, ato.b58 AS to_b58, ac.b58 AS contract_b58,
         ar.hex AS rcv_hex,
         CASE WHEN kid IN (23, 24) THEN {{tok_hex_list}}[tok] END AS tok_hex,
         CASE WHEN kid = 9 THEN {{wit_b58_list}}[{{r_witness}} - v2_i] END AS v2_b58,
         CASE WHEN kid = 9 THEN {{wit_b58_list}}[{{r_witness}} - v3_i] END AS v3_b58,
         {{tok_e_exist}} AS e_exist, {{tok_e_new}} AS e_new, {{tok_trc10_id}} AS trc10_id,
         n_logs AS log_count, n_int AS internal_count,
         (t.block_number * 1000000 + t.tx_index <= coalesce(f.first_pos, 9223372036854775807)) AS usdt_new,
         CASE WHEN kid = 2 THEN {{ad_memos}}[1 + floor(uf(t.h, 30) * {{n_memos}})::INTEGER] END AS ad_memo,
         uf(t.h, 20) AS u_pay, uf(t.h, 21) AS u_bw, uf(t.h, 22) AS u_e, uf(t.h, 23) AS u_fl,
         CASE WHEN t."timestamp" >= {{energy_change_ts}} THEN {{energy_price_after}} ELSE {{energy_price}} END AS ep,
         uf(t.h, 25) AS u_sz, uf(t.h, 27) AS u_rv, uf(t.h, 28) AS u_res, uf(t.h, 29) AS u_x
  -- join conditions are plain equalities (a CASE yields NULL when not applicable): DuckDB then hash-joins;
  -- an extra non-equality condition would turn the join into a nested loop
  FROM g_tx0 t
  JOIN g_addr ao ON ao.i = t.owner_i
  LEFT JOIN g_addr ato ON ato.i = t.to_i
  LEFT JOIN g_addr ac ON ac.i = t.contract_i
  LEFT JOIN g_addr ar ON ar.i = t.rcv_i
  LEFT JOIN g_usdt_first f ON f.rcv_i = CASE WHEN t.kid = 20 THEN t.rcv_i END
), c AS (
  SELECT a.*,
    CASE WHEN kid = 2 THEN ad_memo
         WHEN kid = 1 AND sub = 1 THEN (100000 + mix(h, 31) % 9900000)::VARCHAR
         ELSE '' END AS memo,
    (kid = 4 AND uf(h, 34) < 0.3) AS locked,
    -- rewards / matured unstakes withdrawn (also the amount of types 13 and 56), Stake 1.0 unfreeze (type 12)
    CASE kid WHEN 10 THEN floor(pow(10, 6 + 4 * uf(h, 41)))
             WHEN 8 THEN floor(pow(10, 2 + 4 * uf(h, 41))) * 1000000
             WHEN 7 THEN CASE WHEN uf(h, 42) < 0.25 THEN floor(pow(10, 1 + 4 * uf(h, 41))) * 1000000 END
    END::BIGINT AS wd_amt,
    CASE WHEN kid = 13 THEN floor(pow(10, 3 + 3 * uf(h, 41))) * 1000000 END::BIGINT AS unf_amt,
    CASE kid
      -- USDT transfer; ~5 % of wallets put the 41 prefix inside the address word (tron-chain-data.md §1.8)
      WHEN 20 THEN '{{s_transfer}}' || CASE WHEN u_x < 0.05 THEN '000000000000000000000041' ELSE '000000000000000000000000' END
                   || rcv_hex || w_u(raw)
      WHEN 21 THEN '{{s_transfer}}' || w_a(rcv_hex) || w_u(raw)
      WHEN 29 THEN '{{s_mint}}' || w_a(rcv_hex) || w_u(raw)
      WHEN 22 THEN CASE sub WHEN 0 THEN '{{s_approve}}' || w_a(rcv_hex) || CASE WHEN unlimited THEN '{{ff64}}' ELSE w_u(raw) END
                            WHEN 1 THEN '{{s_set_approval_for_all}}' || w_a(rcv_hex) || w_u(raw)
                            ELSE '{{s_approve}}' || w_a(rcv_hex) || w_u(nft_id) END
      WHEN 23 THEN '{{s_swap_eth_for_tokens}}' || w_u(raw * 99 // 100) || w_u(128) || w_a(owner_hex)
                   || w_u("timestamp" // 1000 + 600) || w_u(2) || w_a('{{wtrx_hex}}') || w_a(tok_hex)
      WHEN 24 THEN '{{s_swap_tokens_for_eth}}' || w_u(raw) || w_u(x_sun * 99 // 100) || w_u(160) || w_a(owner_hex)
                   || w_u("timestamp" // 1000 + 600) || w_u(2) || w_a(tok_hex) || w_a('{{wtrx_hex}}')
      WHEN 25 THEN CASE WHEN sub = 1 THEN '{{s_mint}}' || w_a(rcv_hex) || w_u(nft_id)
                        ELSE '{{s_safe_transfer_721}}' || w_a(owner_hex) || w_a(rcv_hex) || w_u(nft_id) END
      WHEN 26 THEN CASE WHEN sub = 1 THEN '{{s_mint_1155}}' || w_a(rcv_hex) || w_u(nft_id) || w_u(raw) || w_u(128) || w_u(0)
                        ELSE '{{s_safe_transfer_1155}}' || w_a(owner_hex) || w_a(rcv_hex) || w_u(nft_id) || w_u(raw)
                             || w_u(160) || w_u(0) END
      WHEN 27 THEN '{{s_safe_batch}}' || w_a(owner_hex) || w_a(rcv_hex)
                   || w_u(160) || w_u(160 + 32 * (k + 1)) || w_u(160 + 64 * (k + 1))
                   || w_u(k) || array_to_string(list_transform(range(k), lambda i: w_u(b_id(h, i))), '')
                   || w_u(k) || array_to_string(list_transform(range(k), lambda i: w_u(b_val(h, i))), '') || w_u(0)
      WHEN 28 THEN CASE sub WHEN 0 THEN '{{s_issue}}' || w_u(raw) WHEN 1 THEN '{{s_redeem}}' || w_u(raw)
                            WHEN 2 THEN '{{s_add_black_list}}' || w_a(rcv_hex)
                            WHEN 3 THEN '{{s_remove_black_list}}' || w_a(rcv_hex)
                            WHEN 4 THEN '{{s_destroy_black_funds}}' || w_a(rcv_hex)
                            WHEN 7 THEN '{{s_blacklist}}' || w_a(rcv_hex)
                            WHEN 8 THEN '{{s_unblacklist}}' || w_a(rcv_hex)
                            WHEN 6 THEN '{{s_burn}}' || w_u(raw)
                            WHEN 14 THEN '{{s_burn}}' || w_u(raw)
                            WHEN 10 THEN '{{s_burn_from}}' || w_a(rcv_hex) || w_u(raw)
                            WHEN 12 THEN '{{s_burn_from}}' || w_a(rcv_hex) || w_u(raw)
                            WHEN 15 THEN '{{s_set_blacklisted}}' || w_a(rcv_hex) || w_u(raw)
                            ELSE '{{s_mint}}' || w_a(rcv_hex) || w_u(raw) END
      WHEN 30 THEN '{{s_play}}' || w_u(mix(h, 32) % 100) || w_u(mix(h, 33) % 6)
      WHEN 31 THEN call_dx WHEN 32 THEN call_dx WHEN 33 THEN call_dx WHEN 34 THEN call_dx
    END AS call_data,
    -- nominal energy = base + dynamic-energy penalty (USDT only: factor ~3.39 as on mainnet)
    CASE kid
      WHEN 20 THEN CASE WHEN usdt_new THEN 29650 ELSE 14650 END
      WHEN 21 THEN CASE WHEN u_e < 0.2 THEN e_new ELSE e_exist END
      WHEN 29 THEN floor(e_new * 1.6::DOUBLE)
      WHEN 22 THEN 22000 + floor(u_e * 2500)
      WHEN 23 THEN 150000 + floor(u_e * 120000)
      WHEN 24 THEN 150000 + floor(u_e * 120000)
      WHEN 25 THEN CASE WHEN sub = 1 THEN e_new + floor(u_e * 20000) ELSE e_exist + floor(u_e * 8000) END
      WHEN 26 THEN CASE WHEN sub = 1 THEN e_new ELSE e_exist END + floor(u_e * 6000)
      WHEN 27 THEN e_new + 25000 * k
      WHEN 28 THEN 21000 + floor(u_e * 15000)
      WHEN 30 THEN 20000 + floor(u_e * 280000)
      WHEN 31 THEN 180000 + floor(u_e * 90000)
      WHEN 32 THEN 110000 + floor(u_e * 80000)
      WHEN 33 THEN 70000 + floor(u_e * 40000)
      WHEN 34 THEN 120000 + floor(u_e * 150000)
      WHEN 12 THEN 400000 + floor(u_e * 2600000)
      ELSE 0 END::BIGINT AS e_b,
    CASE WHEN kid = 20 THEN CASE WHEN usdt_new THEN 100635 ELSE 49635 END
         WHEN kid = 22 AND sub = 0 AND tok = {{tid_usdt}} THEN floor((22000 + floor(u_e * 2500)) * 2.388)
         ELSE 0 END::BIGINT AS e_p,
    -- some dapps pay part of their callers' energy (origin_energy_usage)
    CASE WHEN kid = 30 AND contract_i % 2 = 0 THEN 0.4 ELSE 0 END::DOUBLE AS origin_pct,
    -- exchanges and rental platforms (low pool indices, roles) mostly pay with staked energy
    CASE WHEN owner_i < 50 THEN 0.9 ELSE 0.45 END AS stake_p
  FROM a
), e AS (
  SELECT c.*, e_b + e_p AS e_nom, CASE WHEN fail = 'REVERT' THEN 0.15 + 0.5 * u_rv ELSE 1.0 END AS rv FROM c
), f AS (
  SELECT e.*,
    floor(e_nom * rv)::BIGINT AS e_tot,
    floor(e_p * rv)::BIGINT AS e_pen,
    -- OUT_OF_ENERGY: a fee limit (0.1 TRX steps) below the burn the call needed, all of it burned
    CASE WHEN fail = 'OUT_OF_ENERGY' THEN greatest(100000, floor(e_nom * ep * (0.3 + 0.5 * u_fl) / 100000) * 100000) END::BIGINT AS fl_ooe,
    CASE WHEN u_pay < stake_p THEN 1.0 WHEN u_pay < stake_p + 0.1 THEN u_e ELSE 0.0 END AS stake_share
  FROM e
), g AS (
  SELECT f.*, CASE WHEN fail = 'OUT_OF_ENERGY' THEN 0 ELSE floor(e_tot * origin_pct) END::BIGINT AS e_origin FROM f
), en AS (
  SELECT g.*,
    CASE WHEN fail = 'OUT_OF_ENERGY' THEN 0 ELSE floor((e_tot - e_origin) * stake_share) END::BIGINT AS energy_usage,
    e_origin AS origin_energy_usage
  FROM g
), en2 AS (
  SELECT en.*,
    CASE WHEN fail = 'OUT_OF_ENERGY' THEN fl_ooe ELSE (e_tot - e_origin - energy_usage) * ep END::BIGINT AS energy_fee,
    CASE
      WHEN kid IN (1, 2) THEN 265 + floor(u_sz * 21) + strlen(memo)
      WHEN kid = 3 THEN 283 + floor(u_sz * 12) + strlen(trc10_id)
      WHEN kid = 4 THEN 280 + floor(u_sz * 6) + CASE WHEN locked THEN 9 ELSE 0 END
      WHEN kid = 5 THEN 278 + floor(u_sz * 6)
      WHEN kid IN (6, 7) THEN 266 + floor(u_sz * 6)
      WHEN kid IN (8, 10) THEN 204 + floor(u_sz * 8)
      WHEN kid = 13 THEN 210 + floor(u_sz * 4)
      WHEN kid = 9 THEN 215 + 43 * nv
      WHEN kid = 11 THEN 267 + floor(u_sz * 4)
      WHEN kid = 12 THEN 1800 + floor(u_sz * 18000)
      ELSE 277 + strlen(call_data) // 2 + strlen(memo)
    END::INTEGER AS size_bytes,
    u_bw < CASE WHEN kid = 1 THEN 0.75 WHEN kid = 2 THEN 0.1 WHEN kid = 12 THEN 0.3
                WHEN ct = 31 THEN CASE WHEN owner_i < 50 THEN 0.95 ELSE 0.5 END
                ELSE 0.85 END AS bw_free
  FROM en
), fin AS (
  SELECT en2.*,
    energy_usage + origin_energy_usage + energy_fee // ep AS energy_usage_total,
    CASE WHEN fail = 'OUT_OF_ENERGY' THEN CASE WHEN e_nom > 0 THEN (energy_fee // ep) * e_p // e_nom ELSE 0 END
         ELSE e_pen END::BIGINT AS energy_penalty_total,
    CASE WHEN ct IN (30, 31) THEN coalesce(fl_ooe, greatest(
           CASE WHEN kid = 12 THEN (1000 + 500 * floor(u_fl * 5)) * 1000000
                ELSE [15, 20, 30, 40, 50, 100, 150, 225][1 + floor(u_fl * 8)::INTEGER] * 1000000 END,
           ceil(energy_fee / 1e7) * 10000000))
         ELSE 0 END::BIGINT AS fee_limit_v,
    CASE WHEN bw_free THEN size_bytes ELSE 0 END::BIGINT AS net_usage,
    -- creating an account (AccountCreate, or a transfer to a new address) burns 0.1 TRX of bandwidth instead of the
    -- bytes when not staked (getCreateAccountFee), plus the 1 TRX creation fee below (tron-chain-data.md §4.2)
    CASE WHEN bw_free THEN 0 WHEN kid = 11 OR acct_new THEN 100000 ELSE size_bytes * 1000 END::BIGINT AS net_fee
  FROM en2
)
SELECT block_number, "timestamp", tx_hash, tx_index,
       ct AS contract_type,
       owner_b58 AS owner_address,
       CASE WHEN ct = 31 THEN contract_b58 ELSE to_b58 END AS to_address,
       CASE WHEN kid IN (8, 10) THEN wd_amt WHEN kid = 13 THEN unf_amt ELSE amt END AS amount,
       CASE WHEN kid = 3 THEN trc10_id END AS token_id,
       contract_b58 AS contract_address,
       left(call_data, 8) AS method_id,
       call_data,
       CASE kid
         WHEN 4 THEN CASE WHEN u_res < 0.8 THEN 'ENERGY' ELSE 'BANDWIDTH' END
         WHEN 5 THEN CASE WHEN u_res < 0.8 THEN 'ENERGY' ELSE 'BANDWIDTH' END
         WHEN 6 THEN CASE WHEN u_res < 0.55 THEN 'ENERGY' WHEN u_res < 0.98 THEN 'BANDWIDTH' ELSE 'TRON_POWER' END
         WHEN 7 THEN CASE WHEN u_res < 0.6 THEN 'ENERGY' ELSE 'BANDWIDTH' END
         WHEN 13 THEN CASE WHEN u_res < 0.6 THEN 'ENERGY' ELSE 'BANDWIDTH' END
       END AS resource,
       CASE
         WHEN locked THEN '{"lock":true,"lock_period":' || (28800 * (1 + mix(h, 35) % 30)) || '}'
         WHEN kid = 9 THEN '{"votes":[{"vote_address":"' || to_b58 || '","vote_count":' || floor(pow(10, 1 + 6 * uf(h, 36)))::BIGINT || '}'
                           || CASE WHEN nv >= 2 THEN ',{"vote_address":"' || v2_b58 || '","vote_count":' || floor(pow(10, 1 + 5 * uf(h, 37)))::BIGINT || '}' ELSE '' END
                           || CASE WHEN nv >= 3 THEN ',{"vote_address":"' || v3_b58 || '","vote_count":' || floor(pow(10, 1 + 5 * uf(h, 38)))::BIGINT || '}' ELSE '' END
                           || ']}'
         -- as the ingester writes it: new_contract without bytecode and ABI
         WHEN kid = 12 THEN '{"new_contract":{"origin_address":"' || owner_b58 || '","name":"' || created_name(h)
                            || '","consume_user_resource_percent":' || [0, 10, 50, 100][(1 + mix(h, 39) % 4)::INTEGER]
                            || ',"origin_energy_limit":10000000}}'
       END AS parameter_json,
       memo,
       fee_limit_v AS fee_limit,
       "timestamp" + 60000 AS expiration,
       coalesce(fail, 'SUCCESS') AS contract_ret,
       energy_fee + net_fee + CASE WHEN memo <> '' THEN 1000000 ELSE 0 END + CASE WHEN kid = 11 OR acct_new THEN 1000000 ELSE 0 END AS fee,
       net_usage, net_fee, energy_usage, energy_fee, origin_energy_usage, energy_usage_total, energy_penalty_total,
       size_bytes,
       CASE fail WHEN 'REVERT' THEN 'REVERT opcode executed'
                 WHEN 'OUT_OF_ENERGY' THEN 'Not enough energy for ''SSTORE'' operation executing: curInvokeEnergyLimit['
                      || energy_usage_total || '], curOpEnergy[20000], usedEnergy[' || greatest(0, energy_usage_total - 5000) || ']'
       END AS res_message,
       wd_amt AS withdraw_amount,
       unf_amt AS unfreeze_amount,
       log_count, internal_count
FROM fin;
