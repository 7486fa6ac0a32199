-- /api/turnover's daily rollup (issue 33; docs/compat.md "TRX supply and staking"), read once per version over the
-- lake's days (perVersion): per UTC day the TRX minted (block and vote rewards, NULL on a day with a block whose
-- reward parameters the lake does not know) and burned (every fee), sun, and the running totals at the end of the
-- day: issued = the issued_sun anchor + the lake's rewards up to the day (NULL without the anchor or after a day of
-- unknown rewards), burned = the burned_sun anchor + the lake's fees (NULL without it); supply = genesis + issued −
-- burned (the endpoint). Bounded: one row per day of the lake.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
WITH d AS (
  SELECT day, reward_unknown_blocks, block_pay, node_pay, burn_total,
         sum(block_pay::HUGEINT + node_pay) OVER w AS issued_in_lake,
         sum(burn_total::HUGEINT) OVER w AS burned_in_lake,
         sum(reward_unknown_blocks) OVER w AS unknown_blocks_so_far
  FROM daily_supply
  WINDOW w AS (ORDER BY day)
)
SELECT d.day,
       CASE WHEN d.reward_unknown_blocks = 0 THEN d.block_pay END AS block_pay,
       CASE WHEN d.reward_unknown_blocks = 0 THEN d.node_pay END AS node_pay,
       d.burn_total AS burn,
       CASE WHEN d.unknown_blocks_so_far = 0 THEN a.issued_sun + d.issued_in_lake END AS issued_end,
       a.burned_sun + d.burned_in_lake AS burned_end
FROM d CROSS JOIN whole_anchors a
WHERE d.day BETWEEN $start_day AND $end_day
