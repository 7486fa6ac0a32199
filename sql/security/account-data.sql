-- /api/security/account/data: what our rules counted for the address (address_risk_flags), the risk types a risk list
-- gives it (risk_addresses), its tokens the listing marks UNSAFE (tokens.level 4) and the stablecoins whose blacklist
-- holds it now (its newest addition or removal per contract, stablecoin_events in memory). Point lookups only.
-- @param address VARCHAR
SELECT
  (SELECT coalesce(max(dust_memo_transfers), 0) FROM address_risk_flags WHERE address = $address) AS dust_memo_transfers,
  (SELECT coalesce(max(zero_value_spoofs), 0) FROM address_risk_flags WHERE address = $address) AS zero_value_spoofs,
  (SELECT coalesce(string_agg(risk_type, ',' ORDER BY risk_type), '') FROM risk_addresses WHERE address = $address) AS listed_types,
  (SELECT count(*) FROM tokens WHERE issuer_address = $address AND level = 4) AS unsafe_tokens,
  (SELECT count(*) FROM (
     SELECT blacklist_effect FROM stablecoin_events_served
     WHERE target_address = $address AND blacklist_effect IN ('add', 'remove')
     QUALIFY row_number() OVER (PARTITION BY contract_address ORDER BY block_number DESC, tx_index DESC, log_index DESC) = 1
   ) WHERE blacklist_effect = 'add') AS blacklisted_on
