-- /api/account/resource/unfreeze: what an account could unstake now (stake_positions, as of the head time).
-- @param address VARCHAR
SELECT frozen_v2_bandwidth, frozen_v2_energy, frozen_v2_tron_power, frozen_v1_bandwidth, frozen_v1_bandwidth_expire,
       frozen_v1_energy, frozen_v1_energy_expire
FROM stake_positions WHERE address = $address
