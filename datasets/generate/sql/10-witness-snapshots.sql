-- The witness list as a node would have answered it just before the window (issue 13, part B): each witness's
-- lifetime blocks produced and slots missed up to the block before the lake's first one, so /api/pagewitness's
-- lifetime figures are this snapshot plus the window's production. Plausible, not real: an SR (rank 1-27) has
-- produced ~its 1/27 of the slots since it applied (90-100 % of the time in the top 27), a partner a share
-- falling with its rank (it was an SR now and then), a candidate none; 0.05-0.45 % of its slots missed; its latest
-- block shortly before the window (an SR within the last rotation, a partner within ~a week).
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
)
SELECT as_of_block, as_of_ts, address, url, votes AS vote_count, produced AS total_produced,
       floor(produced * (0.0005 + 0.004 * uf(h, 2)))::BIGINT AS total_missed,
       CASE WHEN produced = 0 THEN 0
            ELSE greatest(as_of_block - floor(uf(h, 3) * CASE WHEN rank <= 27 THEN 27 ELSE 200000 END)::BIGINT, 1) END AS latest_block_num
FROM w2;
