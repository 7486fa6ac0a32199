-- /api/search/hot and /api/search/bar: the shown fungible tokens (TRC10, TRC20; can_show = 1) ranked by the on-chain
-- hot rule of shapes/hot-rankings.ts: half by the token's share of all transfers in the 24 h before the head block,
-- half by its share of all holders (token_stats), ties by id. The sums of both come beside every row (the score
-- denominators, hot_sum_all). Read once per version (ctx.versionRows): bounded by the tokens dimension.
-- @param top INTEGER
WITH s AS (
  SELECT t.token_id, t.token_standard, t.name, t.symbol, t.vip, t.logo_url,
         coalesce(x.holder_count, 0) AS holder_count, coalesce(x.transfer_count_24h, 0) AS transfer_count_24h
  FROM tokens t LEFT JOIN token_stats x ON x.token_id = t.token_id AND x.token_standard = t.token_standard
  WHERE t.token_standard IN ('trc10', 'trc20') AND t.can_show = 1
), total AS (
  SELECT sum(holder_count) AS holders_all, sum(transfer_count_24h) AS transfers_all FROM s
)
SELECT s.token_id, s.token_standard, s.name, s.symbol, s.vip, s.logo_url, s.holder_count, s.transfer_count_24h,
       total.holders_all, total.transfers_all, p.price_usd
FROM s CROSS JOIN total
LEFT JOIN latest_usd_prices p ON p.token_id = s.token_id
-- transfers / T + holders / H compared exactly, times T·H (T or H of 0: every row's part is 0, so 1 stands for it).
ORDER BY s.transfer_count_24h * greatest(total.holders_all, 1) + s.holder_count * greatest(total.transfers_all, 1) DESC,
         s.token_id, s.token_standard
LIMIT $top
