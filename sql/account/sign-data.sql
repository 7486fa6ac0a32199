-- /api/security/sign/data: the permissions of an account's newest snapshot.
-- @param address VARCHAR
SELECT owner_permission_json, active_permissions_json, witness_permission_json
FROM account_snapshots WHERE address = $address ORDER BY as_of_block DESC LIMIT 1
