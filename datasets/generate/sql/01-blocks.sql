-- Slots: one every 3 s in [start, end); the window starts at UTC midnight, so slot s is at position s % 7200 of
-- its 6-hour maintenance period. The first 2 slots of every period are skipped (tron-chain-data.md §4.1) and a few
-- slots are missed, more often by some SRs than others. The numbers are materialized first: range() is a
-- single-threaded source, a table scan is parallel.
CREATE TABLE g_num AS SELECT range AS s FROM range({{n_slots}});

-- Missed slots (rare), then per period: how many were missed before it and which slots of it.
CREATE TABLE g_miss AS
SELECT s // 7200 AS p, s
FROM g_num
WHERE s % 7200 >= 2
  AND uf(mix(hash('slot:' || {{seed}}), s), 0) < 0.0004 * (1 + ((({{start_ts}} + s * 3000) // 3000) % 27) % 5);

CREATE TABLE g_period AS
WITH p AS (SELECT range AS p FROM range(({{n_slots}} + 7199) // 7200)),
     m AS (SELECT p, count(*) AS n, list(s ORDER BY s) AS slots FROM g_miss GROUP BY p)
SELECT p.p, coalesce(m.n, 0) AS n_missed, coalesce(m.slots, []::BIGINT[]) AS missed,
       coalesce(sum(m.n) OVER (ORDER BY p.p ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS missed_before
FROM p LEFT JOIN m USING (p);

-- Blocks with their planned transaction count. Height = first + produced slots before this one (7198 per period
-- minus the missed ones), so no window over millions of rows is needed. The producer rotates over the 27 SRs by
-- absolute slot, so a missed slot counts against the SR that owned it. Ids are 8 bytes of height + 24 bytes of
-- sha256(height); the parent id is the same function of height - 1 (05-facts.sql: the previous block's id, so
-- sha256 runs once per block). The rate follows a trend, a daily cycle
-- peaking in the UTC afternoon, quieter weekends and day-to-day noise; counts are geometric (half fixed + half
-- geometric when busy). The last blocks always carry transactions so the unconfirmed window is never empty (25 of them
-- in the last batch of days, none before). The trend is over the whole window, whatever the batch.
CREATE TABLE g_block AS
WITH n AS (
  SELECT {{first_number}} + (g.s // 7200) * 7198 + (g.s % 7200 - 2) - p.missed_before
           - len(list_filter(p.missed, lambda x: x < g.s)) AS block_number,
         {{start_ts}} + g.s * 3000 AS ts
  FROM g_num g JOIN g_period p ON p.p = g.s // 7200
  WHERE g.s % 7200 >= 2 AND NOT list_contains(p.missed, g.s)
), lam AS (
  SELECT block_number, ts,
         ((ts // 3000) % 27 + 1)::INTEGER AS sr_rank,
         {{lambda}}
           * (1 + {{growth}} * ((ts - {{window_start_ts}}) / {{window_span_ms}} - 0.5))
           * (1 + 0.25 * sin(2 * pi() * ((ts % 86400000) / 3600000.0 - 8) / 24))
           * (CASE WHEN dayofweek(epoch_ms(ts)) IN (0, 6) THEN 0.88 ELSE 1.05 END)
           * (0.9 + 0.2 * uf(mix(hash('day:' || {{seed}}), ts // 86400000), 0)) AS lam,
         uf(mix(hash('ntx:' || {{seed}}), block_number), 0) AS u
  FROM n
)
SELECT block_number, ts AS "timestamp", sr_rank,
       printf('%016x', block_number) || substr(sha256('blk:' || {{seed}} || ':' || block_number), 1, 48) AS block_hash,
       least(2000, greatest(
         CASE WHEN block_number > (SELECT {{first_number}} + count(*) * 7198 - sum(n_missed) - 1 FROM g_period) - {{busy_tail}} THEN 2 ELSE 0 END,
         CASE WHEN lam <= 4 THEN floor(ln(1 - u) / ln(lam / (1 + lam)))
              ELSE floor(lam / 2) + floor(ln(1 - u) / ln((lam / 2) / (1 + lam / 2))) END))::INTEGER AS n_tx
FROM lam;
