-- /api/tokenholders: every TRC10 token with its issuer and holder count (positive balances, token_stats), read once per
-- version (a few thousand rows on the chain): a request finds the tokens its `address` stands for, and a ranked page
-- its count, in memory instead of two statements.
SELECT t.token_id, t.issuer_address, CAST(coalesce(s.holder_count, 0) AS BIGINT) AS holders
FROM tokens t
LEFT JOIN token_stats s ON s.token_id = t.token_id AND s.token_standard = 'trc10'
WHERE t.token_standard = 'trc10'
ORDER BY t.token_id
