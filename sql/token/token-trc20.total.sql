-- /api/token_trc20: number of tokens matching the filters of token-trc20.sql.
SELECT count(*) AS n
FROM tokens t
WHERE {{> token/token-trc20.where t}};
