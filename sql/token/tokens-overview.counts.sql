-- /api/tokens/overview: token counts per standard (TRX counted as one TRC10 row) and tokens created in the week
-- before the head block.
SELECT count(*) + 1 AS total_all,
       count(*) FILTER (WHERE token_standard = 'trc10') + 1 AS total10,
       count(*) FILTER (WHERE token_standard = 'trc20') AS total20,
       count(*) FILTER (WHERE token_standard = 'trc721') AS total721,
       count(*) FILTER (WHERE token_standard = 'trc1155') AS total1155,
       count(*) FILTER (WHERE created_ts > head_ts() - 7 * 86400000) AS current_week
FROM tokens;
