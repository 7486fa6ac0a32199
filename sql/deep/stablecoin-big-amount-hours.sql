-- /api/deep/stableCoin/bigAmount's kept hour counts (read once per served version): classified_transfers' rows per
-- hour (timestamp ÷ 3,600,000), contract and protocol type, so a time-ordered list without an address or value bound
-- counts its window's whole hours from memory and reads only its edge hours and the hours its page spans.
SELECT CAST("timestamp" // 3600000 AS BIGINT) AS hour_index, contract_address, protocol_type, count(*) AS n_rows
FROM classified_transfers
GROUP BY ALL
ORDER BY 1, 2, 3
