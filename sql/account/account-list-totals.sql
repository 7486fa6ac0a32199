-- /api/account/list envelope: accounts in the lake, those created since $since, those created after the anchor
-- block (first block of the lake) and the pre-window account count when chain_anchors holds one. The counts read
-- account_creations (sorted by time: the row groups after the time only) and a count of accounts_by_balance (its
-- Parquet footers).
-- @param since BIGINT
-- @param first_ts BIGINT
SELECT (SELECT count(*) FROM accounts_by_balance) AS n,
       (SELECT count(*) FROM account_creations WHERE create_time > $since) AS created_since,
       (SELECT count(*) FROM account_creations WHERE create_time >= $first_ts) AS created_in_lake,
       (SELECT max(value_raw) FROM chain_anchors WHERE name = 'account_count') AS anchor
