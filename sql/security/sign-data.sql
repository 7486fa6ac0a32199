-- /api/security/sign/data: the permissions of an account's newest snapshot (account_details, computed at publish: the
-- in-memory serving table where it fits, else one bucket's file). A NULL (default permissions) in the newest snapshot
-- wins over an older multi-signature one. n = 0 without a snapshot.
-- @param address VARCHAR
SELECT owner_permission_json, active_permissions_json, witness_permission_json, CASE WHEN has_snapshot THEN 1 ELSE 0 END AS n
FROM account_details_served WHERE bucket = address_bucket($address) AND address = $address
