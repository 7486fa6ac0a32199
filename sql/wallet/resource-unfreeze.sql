-- /api/account/resource/unfreeze: what an account could unstake now: the stakes of its newest snapshot
-- (account_details, as stake_positions copies them; the in-memory serving table where it fits, else one bucket's file).
-- No row without a snapshot.
-- @param address VARCHAR
SELECT frozen_v2_bandwidth, frozen_v2_energy, frozen_v2_tron_power, frozen_v1_bandwidth, frozen_v1_bandwidth_expire,
       frozen_v1_energy, frozen_v1_energy_expire
FROM account_details_served WHERE bucket = address_bucket($address) AND address = $address AND has_snapshot
