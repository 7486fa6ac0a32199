-- @rows-of stablecoin_events
-- stablecoin_events held in memory where it fits (SERVING_ROW_CAP): the stablecoins' admin events are few (3,049 on
-- the default lake; on the chain, thousands a year), but a day-partitioned table spreads them over a file a day, and
-- keyEvents / blackList filter and sort all of them: 96-130 ms a request opening the default lake's 90 day files,
-- against a scan of a few thousand rows in memory. Past the cap it stays a view of the day files.
SELECT * FROM stablecoin_events
