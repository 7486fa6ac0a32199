-- Current stakes: the newest snapshot row of each account; pending / withdrawable split at the head's time.
WITH s AS (
  SELECT * FROM account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1
)
SELECT address, as_of_block, frozen_v1_bandwidth, frozen_v1_bandwidth_expire, frozen_v1_energy, frozen_v1_energy_expire,
       frozen_v2_bandwidth, frozen_v2_energy, frozen_v2_tron_power, delegated_v2_bandwidth, delegated_v2_energy,
       acquired_v2_bandwidth, acquired_v2_energy,
       coalesce(list_sum(list_transform(from_json(unfrozen_v2_json, '[{"amount":"BIGINT","expire":"BIGINT"}]'),
                                        u -> CASE WHEN u.expire > derive_head_ts() THEN u.amount ELSE 0 END)), 0)::BIGINT AS pending_unstake,
       coalesce(list_sum(list_transform(from_json(unfrozen_v2_json, '[{"amount":"BIGINT","expire":"BIGINT"}]'),
                                        u -> CASE WHEN u.expire <= derive_head_ts() THEN u.amount ELSE 0 END)), 0)::BIGINT AS withdrawable,
       (frozen_v1_bandwidth + frozen_v1_energy + delegated_v1_bandwidth + delegated_v1_energy + frozen_v2_bandwidth + frozen_v2_energy
        + frozen_v2_tron_power + delegated_v2_bandwidth + delegated_v2_energy)::BIGINT AS tron_power,
       coalesce(list_sum(list_transform(from_json(votes_json, '[{"count":"BIGINT"}]'), v -> v.count)), 0)::BIGINT AS votes_used
FROM s
