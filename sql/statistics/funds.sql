-- /api/funds' figures, one row per version (issue 33; docs/compat.md "TRX supply and staking"). Running totals at the
-- head: TRX issued = the issued_sun anchor + the lake's rewards (NULL without the anchor or with a block of unknown
-- rewards), burned = the burned_sun anchor + the lake's fees (NULL without it); the split of rewards into block and
-- vote pay only from genesis (the anchor has no split). The burn of the head's day − 1 (the endpoint answers it only
-- when the lake holds all of that day). Balances at the head of the foundation-labelled addresses and of $address (the
-- genesis blackhole): an account snapshot plus the flows after it (trx_balances), the snapshot alone without flows;
-- an address with neither, or with flows but no snapshot on a lake not starting at genesis, is unknown. Bounded:
-- days of the lake, the labelled addresses.
-- @param address VARCHAR
WITH lake AS (
  SELECT coalesce(sum(block_pay::HUGEINT), 0) AS block_pay, coalesce(sum(node_pay::HUGEINT), 0) AS node_pay,
         coalesce(sum(burn_total::HUGEINT), 0) AS burn, coalesce(sum(reward_unknown_blocks), 0) AS unknown_blocks,
         max(burn_total) FILTER (WHERE day = strftime(epoch_ms((head_ts() // 86400000 - 1) * 86400000), '%Y-%m-%d')) AS last_day_burn
  FROM daily_supply
), wanted AS (
  SELECT address, 'foundation' AS role FROM address_labels WHERE category = 'foundation'
  UNION ALL
  SELECT $address, 'blackhole'
), snap AS (
  SELECT address, arg_max(balance, as_of_block) AS balance
  FROM account_snapshots
  WHERE address IN (SELECT address FROM wanted) AND as_of_block <= head_block()
  GROUP BY address
), held AS (
  SELECT w.role,
         CASE WHEN b.address IS NOT NULL AND (s.address IS NOT NULL OR a.first_block = 0) THEN b.balance::HUGEINT
              WHEN b.address IS NULL AND s.address IS NOT NULL THEN s.balance::HUGEINT END AS balance
  FROM wanted w
  CROSS JOIN whole_anchors a
  LEFT JOIN trx_balances b ON b.address = w.address
  LEFT JOIN snap s ON s.address = w.address
)
SELECT CASE WHEN lake.unknown_blocks = 0 THEN a.issued_sun + lake.block_pay + lake.node_pay END AS issued_sun,
       a.burned_sun + lake.burn AS burned_sun,
       CASE WHEN a.first_block = 0 AND lake.unknown_blocks = 0 THEN lake.block_pay END AS block_pay_sun,
       CASE WHEN a.first_block = 0 AND lake.unknown_blocks = 0 THEN lake.node_pay END AS node_pay_sun,
       coalesce(lake.last_day_burn, 0) AS last_day_burn_sun,
       (SELECT count(*) FROM held WHERE role = 'foundation') AS foundation_addresses,
       (SELECT CASE WHEN count(*) = count(balance) THEN sum(balance) END FROM held WHERE role = 'foundation') AS foundation_sun,
       (SELECT max(balance) FROM held WHERE role = 'blackhole') AS blackhole_sun
FROM lake CROSS JOIN whole_anchors a
