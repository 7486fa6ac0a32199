-- /api/security/sign/data: the permissions of an account's newest snapshot (arg_max: measured 9 ms on the default
-- lake where ORDER BY as_of_block DESC LIMIT 1 took 85 ms, a top-N that read every column of the matching groups).
-- @param address VARCHAR
-- arg_max_null: a NULL (default permissions) in the newest snapshot wins over an older multi-signature one; arg_max
-- would skip it.
SELECT arg_max_null(owner_permission_json, as_of_block) AS owner_permission_json,
       arg_max_null(active_permissions_json, as_of_block) AS active_permissions_json,
       arg_max_null(witness_permission_json, as_of_block) AS witness_permission_json,
       count(*) AS n
FROM account_snapshots WHERE address = $address
