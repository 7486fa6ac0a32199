-- The value bounds of a bigAmount page (deep/stablecoin-big-amount, deep/big-amount-address) over rows with
-- `amount_key` (the amount as integer text at one scale: compared by length, then digits, with bounds brought to that
-- scale in code: exact), `usd_sort` (the DOUBLE USD helper, NULL unpriced) and the chain key. The USD bounds are
-- exact: `usd_sort` only pre-filters with a margin ($min_usd_lo, $max_usd_hi); $near_only reads the rows within the
-- margin of a bound, which code decides exactly, and $excluded (block:tx:log keys) cuts the ones it rejected.
-- @param min_key VARCHAR
-- @param max_key VARCHAR
-- @param min_usd_lo DOUBLE
-- @param min_usd_hi DOUBLE
-- @param max_usd_lo DOUBLE
-- @param max_usd_hi DOUBLE
-- @param near_only BOOLEAN
-- @param excluded VARCHAR[]
($min_key IS NULL OR length(amount_key) > length($min_key) OR (length(amount_key) = length($min_key) AND amount_key >= $min_key))
  AND ($max_key IS NULL OR length(amount_key) < length($max_key) OR (length(amount_key) = length($max_key) AND amount_key <= $max_key))
  AND ($min_usd_lo IS NULL OR usd_sort >= $min_usd_lo) AND ($max_usd_hi IS NULL OR usd_sort <= $max_usd_hi)
  AND (NOT $near_only OR coalesce(usd_sort < $min_usd_hi, false) OR coalesce(usd_sort > $max_usd_lo, false))
  AND (len($excluded) = 0 OR NOT list_contains($excluded, concat(block_number, ':', tx_index, ':', log_index)))
