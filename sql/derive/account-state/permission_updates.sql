-- AccountPermissionUpdate (46): the permissions it set, as the ingester keeps them in parameter_json.
SELECT block_number, "timestamp", tx_hash, tx_index, owner_address,
       CAST(json_extract(parameter_json, '$.owner') AS VARCHAR) AS owner_permission_json,
       CAST(json_extract(parameter_json, '$.witness') AS VARCHAR) AS witness_permission_json,
       CAST(json_extract(parameter_json, '$.actives') AS VARCHAR) AS active_permissions_json
FROM transactions
WHERE contract_type = 46 AND contract_ret = 'SUCCESS'
