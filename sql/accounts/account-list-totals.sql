-- /api/account/list envelope: accounts in the lake, those created since $since, those created after the anchor
-- block (first block of the lake) and the pre-window account count when chain_anchors holds one.
-- @param since BIGINT
-- @param first_ts BIGINT
SELECT count(*) AS n,
       count(*) FILTER (WHERE create_time > $since) AS created_since,
       count(*) FILTER (WHERE create_time >= $first_ts) AS created_in_lake,
       (SELECT max(value_raw) FROM chain_anchors WHERE name = 'account_count') AS anchor
FROM accounts
