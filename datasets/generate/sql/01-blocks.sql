-- Produced slots: one every 3 s in [start, end). The first 2 slots of every 6-hour maintenance period are skipped
-- (tron-chain-data.md §4.1), and a few slots are missed, more often by some SRs than others.
-- The 24 random bytes of a block id are sha256 of the slot, computed once; the parent id reuses the previous row's.
CREATE TABLE g_slot AS
SELECT s, ({{start_ts}} + s * 3000)::BIGINT AS ts, substr(sha256('blk:' || {{seed}} || ':' || s), 1, 48) AS sha
FROM range({{n_slots}}) t(s)
WHERE ({{start_ts}} + s * 3000) % 21600000 >= 6000
  AND uf(mix(hash('slot:' || {{seed}}), s), 0) >= 0.0004 * (1 + ((({{start_ts}} + s * 3000) // 3000) % 27) % 5);

-- Blocks with their planned transaction count. The producer rotates over the 27 SRs by absolute slot, so a missed
-- slot counts against the SR that owned it. The rate follows a trend, a daily cycle peaking in the UTC afternoon,
-- quieter weekends and day-to-day noise; counts are geometric (half fixed + half geometric when busy).
-- The last blocks always carry transactions so the unconfirmed window (head - 19 .. head) is never empty.
CREATE TABLE g_block AS
WITH n AS (
  SELECT ts, sha,
         {{first_number}} + row_number() OVER w - 1 AS block_number,
         coalesce(lag(sha) OVER w, substr(sha256('blk:' || {{seed}} || ':genesis-parent'), 1, 48)) AS parent_sha
  FROM g_slot
  WINDOW w AS (ORDER BY s)
), lam AS (
  SELECT block_number, ts, sha, parent_sha,
         ((ts // 3000) % 27 + 1)::INTEGER AS sr_rank,
         {{lambda}}
           * (1 + {{growth}} * ((ts - {{start_ts}}) / {{span_ms}} - 0.5))
           * (1 + 0.25 * sin(2 * pi() * ((ts % 86400000) / 3600000.0 - 8) / 24))
           * (CASE WHEN dayofweek(epoch_ms(ts)) IN (0, 6) THEN 0.88 ELSE 1.05 END)
           * (0.9 + 0.2 * uf(mix(hash('day:' || {{seed}}), ts // 86400000), 0)) AS lam,
         uf(mix(hash('ntx:' || {{seed}}), block_number), 0) AS u
  FROM n
)
SELECT block_number, ts AS "timestamp", sr_rank,
       printf('%016x', block_number) || sha AS block_hash,
       printf('%016x', block_number - 1) || parent_sha AS parent_hash,
       least(2000, greatest(
         CASE WHEN block_number > (SELECT {{first_number}} + count(*) - 1 FROM g_slot) - 25 THEN 2 ELSE 0 END,
         CASE WHEN lam <= 4 THEN floor(ln(1 - u) / ln(lam / (1 + lam)))
              ELSE floor(lam / 2) + floor(ln(1 - u) / ln((lam / 2) / (1 + lam / 2))) END))::INTEGER AS n_tx
FROM lam;
