-- The TRX balance and the Stake 1.0 / 2.0 amounts (own stakes plus what it delegated, per version; sun) of $address
-- from its newest account snapshot (NULL without one; the in-memory serving table account_details_served), and TRX's
-- latest USD price (latest_usd_prices, the price rule's latest day; NULL without one).
-- @param address VARCHAR
WITH s AS (
  SELECT balance, frozen_v1_bandwidth + frozen_v1_energy + delegated_v1_bandwidth + delegated_v1_energy AS frozen_v1,
         frozen_v2_bandwidth + frozen_v2_energy + frozen_v2_tron_power + delegated_v2_bandwidth + delegated_v2_energy AS frozen_v2
  FROM account_details_served WHERE bucket = address_bucket($address) AND address = $address AND has_snapshot
)
SELECT (SELECT balance FROM s) AS balance, (SELECT frozen_v1 FROM s) AS frozen_v1, (SELECT frozen_v2 FROM s) AS frozen_v2,
       (SELECT price_usd FROM latest_usd_prices WHERE token_id = '_') AS price_usd
