-- The witness list as a node would have answered it just before the window (issue 13, part B): each witness's
-- lifetime blocks produced and slots missed up to the block before the lake's first one, so /api/pagewitness's
-- lifetime figures are this snapshot plus the window's production. Plausible, not real: an SR (rank 1-27) has
-- produced ~its 1/27 of the slots since it applied (90-100 % of the time in the top 27), a partner a share
-- falling with its rank (it was an SR now and then), a candidate none; 0.05-0.45 % of its slots missed; its latest
-- block shortly before the window (an SR within the last rotation, a partner within ~a week). The vote count covers
-- the lake's own voters (below).
INSERT INTO witness_snapshots BY NAME
WITH w0 AS (
  SELECT w.*, (SELECT min(block_number) FROM blocks) - 1 AS as_of_block, (SELECT min("timestamp") FROM blocks) - 3000 AS as_of_ts,
         mix(hash('lifetime:' || {{seed}}), w.rank) AS h
  FROM witnesses w
), w1 AS (
  SELECT *,
         CASE WHEN rank <= 27 THEN 0.9 + 0.1 * uf(h, 1) WHEN rank <= 127 THEN 0.25 * (128 - rank) / 100.0 * uf(h, 1) ELSE 0 END AS share,
         greatest(as_of_ts - created_ts, 0) AS active_ms
  FROM w0
), w2 AS (
  SELECT *, floor(active_ms / 81000.0 * share)::BIGINT AS produced FROM w1
), known AS (
  -- The lake's own voters' votes at the opening (account_snapshots' opening rows; they vote SRs only).
  SELECT x.address AS sr, sum(x.count)::BIGINT AS n
  FROM account_snapshots s, (SELECT unnest(from_json(s.votes_json, '[{"address":"VARCHAR","count":"BIGINT"}]'), recursive := true)) x
  WHERE s.as_of_block = (SELECT min(block_number) FROM blocks) - 1
  GROUP BY 1
), above AS (SELECT coalesce(max(n), 0) AS top FROM known)
-- A witness's count includes every vote the lake's accounts hold for it, so a tally built from it (witness_cycle_votes:
-- the count plus each voter's new set minus its old one) never goes below zero. Each SR gets the largest such total on
-- top of its synthetic count (the voters outside the lake), which keeps the ranks' order.
SELECT as_of_block, as_of_ts, address, url, votes + CASE WHEN rank <= 27 THEN (SELECT top FROM above) ELSE 0 END AS vote_count,
       produced AS total_produced,
       floor(produced * (0.0005 + 0.004 * uf(h, 2)))::BIGINT AS total_missed,
       CASE WHEN produced = 0 THEN 0
            ELSE greatest(as_of_block - floor(uf(h, 3) * CASE WHEN rank <= 27 THEN 27 ELSE 200000 END)::BIGINT, 1) END AS latest_block_num
FROM w2;
