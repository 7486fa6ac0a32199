-- Stake, unstake, withdrawal and delegation transactions typed (design map R1): the ingester and the generator write
-- them into transactions with the same columns and parameter_json, so this is the one place they are read.
SELECT block_number, "timestamp", tx_hash, tx_index, contract_type,
       CASE contract_type WHEN 11 THEN 'freeze_v1' WHEN 12 THEN 'unfreeze_v1' WHEN 13 THEN 'withdraw_reward'
            WHEN 54 THEN 'freeze_v2' WHEN 55 THEN 'unfreeze_v2' WHEN 56 THEN 'withdraw_expire' WHEN 57 THEN 'delegate'
            WHEN 58 THEN 'undelegate' ELSE 'cancel_all_unfreeze' END AS operation,
       owner_address,
       CASE WHEN contract_type IN (11, 12, 57, 58) THEN to_address END AS receiver_address,
       CASE WHEN contract_type IN (11, 12, 54, 55, 57, 58) THEN coalesce(resource, 'BANDWIDTH') END AS resource,
       amount,
       coalesce(TRY_CAST(json_extract(parameter_json, '$.lock') AS BOOLEAN), false) AS "lock",
       coalesce(TRY_CAST(json_extract(parameter_json, '$.lock_period') AS BIGINT), 0) AS lock_period,
       withdraw_amount,
       CASE WHEN contract_type = 59 THEN CAST(json_extract(parameter_json, '$.cancel_unfreezeV2_amount') AS VARCHAR) END AS cancel_json
FROM transactions
WHERE contract_type IN (11, 12, 13, 54, 55, 56, 57, 58, 59) AND contract_ret = 'SUCCESS'
