-- /api/search/v2 tokens: the tokens whose id equals the term, or whose name or symbol does (any case), then those
-- whose name or symbol starts with it (any case); within each, most holders first (token_stats), then the id. Reads
-- the in-memory tokens dimension and token_stats (one row per token), never a fact table.
-- @param term VARCHAR
-- @param lim INTEGER
-- @param off INTEGER
WITH hits AS (
  SELECT token_id, token_standard, name, symbol, vip, logo_url, description, home_page,
         CASE WHEN token_id = $term OR lower(name) = lower($term) OR lower(symbol) = lower($term) THEN 0 ELSE 1 END AS match_rank
  FROM tokens
  WHERE token_id = $term OR starts_with(lower(name), lower($term)) OR starts_with(lower(symbol), lower($term))
)
SELECT h.token_id, h.token_standard, h.name, h.symbol, h.vip, h.logo_url, h.description, h.home_page, h.match_rank,
       coalesce(s.holder_count, 0) AS holder_count, p.price_usd
FROM hits h
LEFT JOIN token_stats s ON s.token_id = h.token_id AND s.token_standard = h.token_standard
LEFT JOIN latest_usd_prices p ON p.token_id = h.token_id
ORDER BY h.match_rank, holder_count DESC, h.token_id, h.token_standard
LIMIT $lim OFFSET $off
