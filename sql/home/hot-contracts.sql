-- /api/search/hot: the contracts ranked by their TriggerSmartContract calls over the last 7 UTC days up to the head's
-- (daily_contract_call_stats: 7 day files), ties by address, with the sum over every contract beside each row (the
-- score denominator, hot_c_sum_all). Read once per version (ctx.versionRows: since_day is derived from the head).
-- @param since_day VARCHAR
-- @param top INTEGER
WITH calls AS (
  SELECT contract_address, sum(call_count) AS triggers
  FROM daily_contract_call_stats WHERE "day" >= $since_day
  GROUP BY contract_address
)
SELECT k.contract_address, coalesce(c.name, '') AS name, coalesce(c.tag, '') AS tag, k.triggers,
       sum(k.triggers) OVER () AS triggers_all
FROM calls k LEFT JOIN contracts c ON c.address = k.contract_address
QUALIFY row_number() OVER (ORDER BY k.triggers DESC, k.contract_address) <= $top
ORDER BY k.triggers DESC, k.contract_address
