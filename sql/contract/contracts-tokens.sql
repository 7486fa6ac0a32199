-- /api/contracts' `trc20token` of the page's token contracts (TRC20 / 721 / 1155): the tokens dimension and its
-- holder count (token_stats); one row per token contract of $addresses.
-- @param addresses VARCHAR[]
SELECT k.token_id, k.token_standard, k.name, k.symbol, k.decimals, k.issuer_address, k.logo_url, k.level,
       k.total_supply_raw, k.created_ts, k.home_page, k.description, s.holder_count
FROM tokens k
LEFT JOIN token_stats s ON s.token_id = k.token_id AND s.token_standard = k.token_standard
WHERE k.token_standard <> 'trc10' AND k.token_id IN (SELECT unnest($addresses))
