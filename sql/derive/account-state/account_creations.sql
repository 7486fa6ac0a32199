-- account_creations: every account's creation time, sorted, so /api/account/list counts the accounts created since a
-- time from the row groups after it only.
SELECT create_time FROM accounts
