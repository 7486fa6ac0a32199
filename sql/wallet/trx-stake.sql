-- The Stake 1.0 and Stake 2.0 amounts of $address from its newest account snapshot (sun; no row without one): own
-- stakes plus what it delegated, per version.
-- @param address VARCHAR
SELECT frozen_v1_bandwidth + frozen_v1_energy + delegated_v1_bandwidth + delegated_v1_energy AS frozen_v1,
       frozen_v2_bandwidth + frozen_v2_energy + frozen_v2_tron_power + delegated_v2_bandwidth + delegated_v2_energy AS frozen_v2
FROM account_snapshots WHERE address = $address ORDER BY as_of_block DESC LIMIT 1
