-- address_risk_flags.sql over the new blocks, added to the previous rows.
SELECT address,
       CAST(coalesce(p.dust_memo_transfers, 0) + coalesce(d.dust_memo_transfers, 0) AS BIGINT) AS dust_memo_transfers,
       CAST(coalesce(p.zero_value_spoofs, 0) + coalesce(d.zero_value_spoofs, 0) AS BIGINT) AS zero_value_spoofs,
       greatest(p.last_ts, d.last_ts) AS last_ts
FROM prev.address_risk_flags p
FULL OUTER JOIN ({{> fragments/address-risk-flags delta}}) d USING (address)
