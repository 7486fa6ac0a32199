-- Issue 33: TRX's daily USD candles per price source, for /api/trx/volume and its sourceList: the price_candles
-- reference (asset '_', quote USD, under its own source names) and the chain's SunSwap prices (dex_prices' day rows of
-- TRX, source 'sunswap'; of several USD pools the one with the most trades that day, then by pool). Market cap only
-- where the source gives it (price_candles): the lake holds no exact whole-chain TRX supply for sunswap's days.
-- Bounded by the lake's days × sources.
SELECT source, "time", open, high, low, close, volume, market_cap
FROM price_candles WHERE asset = '_' AND quote = 'USD'
UNION ALL
SELECT 'sunswap', "time", open_usd, high_usd, low_usd, close_usd, volume_usd, NULL
FROM dex_prices WHERE granularity = 'day' AND asset = '_'
QUALIFY row_number() OVER (PARTITION BY "time" ORDER BY trade_count DESC, pool) = 1
ORDER BY source, "time"
