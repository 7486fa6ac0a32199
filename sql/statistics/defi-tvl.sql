-- /api/defiTvl's rows, read once per version (issue 34): per lake day (daily_network_stats' days), project contract and
-- token of daily_contract_balances (TRC20, or '_' TRX: 6 decimals), the balance at the end of the day (its last row on
-- or before the day: a day without a move keeps the balance), the token's decimals and its USD price that day by the price rule
-- (token_day_prices; NULL: none). The endpoint multiplies exactly and adds up per project and day. Bounded by the
-- lake's days × the project contracts' tokens. With the project's display name, category and site (projects).
WITH days AS (
  SELECT DISTINCT day FROM daily_network_stats
),
keys AS (
  SELECT DISTINCT project, contract_address, token_address FROM daily_contract_balances
),
grid AS (
  SELECT k.project, k.contract_address, k.token_address, d.day FROM keys k CROSS JOIN days d
),
held AS (
  SELECT g.day, g.project, g.contract_address, g.token_address, b.balance_raw
  FROM grid g ASOF JOIN daily_contract_balances b
    ON b.contract_address = g.contract_address AND b.token_address = g.token_address AND g.day >= b.day
)
SELECT h.day, epoch_ms(CAST(CAST(h.day AS DATE) AS TIMESTAMP)) AS day_ts, h.project, h.contract_address, h.token_address,
       h.balance_raw, CASE WHEN h.token_address = '_' THEN 6 ELSE t.decimals END AS decimals, p.price, j.name AS project_name, j.category, j.url
FROM held h
LEFT JOIN projects j ON j.project = h.project
LEFT JOIN tokens t ON t.token_id = h.token_address AND t.token_standard = 'trc20'
LEFT JOIN token_day_prices p ON p.token_id = h.token_address AND p.day = h.day
WHERE h.balance_raw <> '0'
ORDER BY h.day, h.project, h.contract_address, h.token_address
