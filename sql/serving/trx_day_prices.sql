-- TRX's USD price per UTC day as exact decimal text (/api/account/analysis type 0), by the price rule of
-- token_day_prices (made before this table: serving tables are made in name order). A day without a price has no
-- row: its USD fields are left out, never 0.
SELECT day, price, priced_by FROM token_day_prices WHERE token_id = '_' ORDER BY day
