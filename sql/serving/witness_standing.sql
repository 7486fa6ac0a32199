-- Every witness with its votes and production, one row per witness (bounded by the witness list: a few hundred),
-- computed once per version instead of per request of the four witness endpoints (sql/witness/witnesses.sql reads
-- it; src/endpoints/shapes/witness-rows.ts turns the rows into the answers). docs/compat.md "Witnesses".
-- cycle_votes: the tally of the last maintenance at or before the head (witness_cycle_votes at head_ts's 6-hour
-- boundary; a witness without a row there had 0 votes), so a maintenance crossed since the witness list was read
-- counts; a lake whose blocks cross no maintenance yet: the witnesses dimension's votes (listwitnesses' voteCount).
-- rank and type are the dimension's (the node's order when the list was read). brokerage: the witness's last
-- UpdateBrokerage in the lake (brokerage_history; what the node's getBrokerage answers, in force from the next
-- maintenance), else the dimension's (the ingester does not read commissions from the node); brokerage_changes and
-- lowest_brokerage: how many UpdateBrokerage the lake holds and the lowest commission it knows in force (those set and
-- the current one). realtime_votes: the votes held at the head, the tally the next maintenance will make
-- (witness_realtime_votes: the last tally + the vote changes since), so every voter counts, not only those the lake's
-- snapshots know. last_block_version: the header version of its latest block in the window (NULL without one).
-- Production is lifetime: the newest witness_snapshots (the node's totalProduced / totalMissed / latestBlockNum as
-- of its block) plus the lake's production after that block: whole days after the snapshot's day from
-- witness_daily_stats, and the rest of the snapshot's day from its raw blocks (the slot rules of
-- sql/fragments/missed-slots.sql over that day's and the next day's files: the slot owners of the whole day, and the
-- gap across midnight), so the cost is a day's blocks, not history. A witness without a row in the newest snapshot (or
-- a lake without witness_snapshots): the lake's window when the window is its whole life (began_in_window of its
-- application time: created at or after the lake's first block, or a lake from genesis), else NULL: the window alone
-- is not its lifetime (docs/compat.md "Whole-chain figures"). produced_trx (transactions in its blocks, which the node
-- does not count): the window's under the same rule, else NULL. last_block and last_block_ts are the window's;
-- last_block is the snapshot's latestBlockNum when the window holds no block of the witness.
WITH snap AS (
  SELECT * FROM witness_snapshots WHERE as_of_block = (SELECT max(as_of_block) FROM witness_snapshots)
), cut AS (
  SELECT coalesce(max(as_of_block), -1) AS block, coalesce(max(as_of_ts), -1) AS ts,
         coalesce(max(as_of_ts), -1) // 86400000 * 86400000 AS day_ts
  FROM snap
), window_prod AS (
  SELECT witness_address, sum(tx_count) AS produced_trx, sum(produced) AS produced, sum(missed) AS missed,
         max(last_block) AS last_block, max(last_block_ts) AS last_block_ts,
         arg_max(last_block_version, last_block) AS last_block_version
  FROM witness_daily_stats GROUP BY witness_address
), later_days AS (
  SELECT witness_address, sum(produced) AS produced, sum(missed) AS missed
  FROM witness_daily_stats WHERE day_ts > (SELECT day_ts FROM cut) GROUP BY witness_address
), cut_day_blocks AS (
  SELECT block_number, "timestamp", witness_address FROM blocks
  WHERE "date" IN (SELECT strftime(epoch_ms(day_ts + d * 86400000), '%Y-%m-%d') FROM cut, range(2) t(d))
), {{> fragments/missed-slots cut_day_blocks}}, cut_day AS (
  SELECT witness_address, count(*) AS produced, 0 AS missed
  FROM slot_b WHERE block_number > (SELECT block FROM cut) AND ts < (SELECT day_ts + 86400000 FROM cut) GROUP BY ALL
  UNION ALL
  SELECT witness_address, 0, count(*)
  FROM missed_by WHERE ts > (SELECT ts FROM cut) AND ts < (SELECT day_ts + 86400000 FROM cut) GROUP BY ALL
), after_snap AS (
  SELECT witness_address, sum(produced) AS produced, sum(missed) AS missed
  FROM (SELECT * FROM later_days UNION ALL BY NAME SELECT * FROM cut_day) GROUP BY witness_address
), last_cycle AS (
  SELECT candidate_address, votes FROM witness_cycle_votes WHERE cycle_ts = head_ts() // 21600000 * 21600000
), commission AS (
  SELECT witness_address, arg_max(brokerage, block_number * 1000000 + tx_index) AS brokerage, count(*) AS changes,
         min(brokerage) AS lowest
  FROM brokerage_history GROUP BY ALL
), rt AS (
  SELECT candidate_address, votes FROM witness_realtime_votes
)
SELECT w.address, w.name, w.url, w.rank, w.witness_type,
       CASE WHEN head_ts() // 21600000 * 21600000 > (SELECT first_ts FROM chain_state) THEN coalesce(lc.votes, 0) ELSE w.votes END::BIGINT AS cycle_votes, coalesce(rt.votes, 0)::BIGINT AS realtime_votes,
       coalesce(cm.brokerage, w.brokerage) AS brokerage, coalesce(cm.changes, 0)::BIGINT AS brokerage_changes,
       least(coalesce(cm.lowest, w.brokerage), coalesce(cm.brokerage, w.brokerage)) AS lowest_brokerage, w.created_ts,
       CASE WHEN s.address IS NOT NULL THEN s.total_produced + coalesce(a.produced, 0)
            WHEN began_in_window(w.created_ts) THEN coalesce(p.produced, 0) END::BIGINT AS produced,
       CASE WHEN s.address IS NOT NULL THEN s.total_missed + coalesce(a.missed, 0)
            WHEN began_in_window(w.created_ts) THEN coalesce(p.missed, 0) END::BIGINT AS missed,
       CASE WHEN began_in_window(w.created_ts) THEN coalesce(p.produced_trx, 0) END::BIGINT AS produced_trx,
       CASE WHEN p.last_block IS NOT NULL THEN p.last_block WHEN s.latest_block_num > 0 THEN s.latest_block_num END AS last_block,
       p.last_block_ts, p.last_block_version
FROM witnesses w
LEFT JOIN window_prod p ON p.witness_address = w.address
LEFT JOIN after_snap a ON a.witness_address = w.address
LEFT JOIN snap s ON s.address = w.address
LEFT JOIN rt ON rt.candidate_address = w.address
LEFT JOIN last_cycle lc ON lc.candidate_address = w.address
LEFT JOIN commission cm ON cm.witness_address = w.address
ORDER BY w.rank
