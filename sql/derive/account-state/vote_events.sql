-- One row per (VoteWitness transaction, candidate); set_total is the whole set, which replaces the previous one.
WITH v AS (
  SELECT block_number, "timestamp", tx_hash, tx_index, owner_address,
         from_json(json_extract(parameter_json, '$.votes'), '[{"vote_address":"VARCHAR","vote_count":"BIGINT"}]') AS vs
  FROM transactions WHERE contract_type = 4 AND contract_ret = 'SUCCESS'
)
SELECT block_number, "timestamp", tx_hash, tx_index, owner_address AS voter_address,
       vs[k].vote_address AS candidate_address, coalesce(vs[k].vote_count, 0) AS votes, (k - 1)::INTEGER AS vote_index,
       coalesce(list_sum(list_transform(vs, x -> coalesce(x.vote_count, 0))), 0)::BIGINT AS set_total
FROM v, range(1, len(vs) + 1) r(k)
