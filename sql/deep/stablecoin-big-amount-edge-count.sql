-- /api/deep/stableCoin/bigAmount: the rows of the asked contracts and protocol types within two time ranges (a window's
-- partial edge hours; the whole hours come from the kept hour counts, deep/stablecoin-big-amount-hours). An empty range
-- is passed as lo > hi.
-- @param tokens VARCHAR[]
-- @param protocol_types INTEGER[]
-- @param lo1 BIGINT
-- @param hi1 BIGINT
-- @param lo2 BIGINT
-- @param hi2 BIGINT
SELECT (SELECT count(*) FROM classified_transfers
        WHERE "timestamp" >= $lo1 AND "timestamp" <= $hi1 AND list_contains($tokens, contract_address)
          AND list_contains($protocol_types, protocol_type))
     + (SELECT count(*) FROM classified_transfers
        WHERE "timestamp" >= $lo2 AND "timestamp" <= $hi2 AND list_contains($tokens, contract_address)
          AND list_contains($protocol_types, protocol_type)) AS n_rows
