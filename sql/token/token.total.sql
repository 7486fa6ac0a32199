-- /api/token: number of TRC10 tokens matching the filters of token.sql, and of all TRC10 tokens (totalAll=1).
SELECT count(*) FILTER (WHERE {{> token/token.where t}}) AS n, count(*) AS n_all
FROM tokens t
WHERE t.token_standard = 'trc10';
