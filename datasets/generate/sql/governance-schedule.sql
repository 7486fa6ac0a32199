-- Governance schedule (issue 13): what the witnesses do over the whole window, drawn from the window alone (never
-- from the batch), so every batch of a batched build sees the same schedule and writes the events of its own days
-- (governance-transactions.sql). Every event time is at least a minute past a 6-hour maintenance boundary, so it
-- falls after the first produced slot of its period and inside exactly one batch.
--
-- Proposals (tron-chain-data.md §4.5, java-tron ProposalCreateActuator / ProposalController): one every 10 days and one
-- 36 h before the end of the window (still PENDING at the head). The
-- expiration is the first maintenance boundary after create + 3 days (getProposalExpireTime); at that maintenance the
-- node counts the approvals of the active SRs (ranks 1-27): ≥ 18 → APPROVED, its parameters in force from then on,
-- else DISAPPROVED. The proposer may delete it before (CANCELED; no approval after that). n_sr of the 27 SRs approve
-- (a seeded subset, 14-25 of them), at seeded times before the expiration; on odd proposals the first partner (rank
-- 28) approves too, which never counts. The middle proposal of the window changes the energy price (getEnergyFee, #11)
-- and passes: the receipts after its maintenance burn at the new price (04-transactions.sql, resource_prices).
CREATE TABLE g_gov_prop AS
WITH k AS (SELECT range AS k FROM range(1000)),
p0 AS (
  SELECT k.k, 100 + k.k AS proposal_id,
         {{window_start_ts}} + 2 * 86400000 + k.k * 10 * 86400000 + 3600000 * (k.k % 7) + 60000 * (1 + k.k % 5) AS create_ts
  FROM k WHERE {{window_start_ts}} + 2 * 86400000 + k.k * 10 * 86400000 < {{window_start_ts}} + {{window_span_ms}}
), e AS (
  SELECT (count(*) - 1) // 2 AS k_energy FROM p0
), p AS (
  -- and one created 36 h before the end of the window: still in its approval period at the head (PENDING)
  SELECT * FROM p0
  UNION ALL
  SELECT count(*), 100 + count(*), {{window_start_ts}} + {{window_span_ms}} - 36 * 3600000 + 120000 FROM p0
)
SELECT p.k, p.proposal_id, p.create_ts,
       (p.create_ts // 21600000 + 1) * 21600000 + 3 * 86400000 AS expiration_ts,
       1 + (p.k * 7) % 27 AS proposer_rank,
       CASE WHEN p.k = e.k_energy THEN 11 ELSE [47, 68, 61, 75][1 + p.k % 4] END AS param_key,
       CASE WHEN p.k = e.k_energy THEN {{energy_price_after}}
            ELSE [15000000000 + 1000000000 * p.k, 1000000 + 500000 * p.k, 600 + 100 * p.k, 12000 + 1000 * p.k][1 + p.k % 4] END AS param_value,
       -- k % 8 = 3 (odd: the partner approves too): 17 SRs, so 18 approvals of which 17 count → DISAPPROVED
       CASE WHEN p.k = e.k_energy THEN 22 WHEN p.k % 8 = 3 THEN 17
            ELSE 14 + floor(uf(mix(hash('prop:' || {{seed}}), p.k), 0) * 12)::INTEGER END AS n_sr,
       CASE WHEN p.k % 4 = 2 AND p.k <> e.k_energy THEN p.create_ts + 86400000 + 3600000 END AS delete_ts,
       p.k = e.k_energy AS is_energy
FROM p, e;

-- Approvals: SR rank r approves proposal k when it is among the first n_sr ranks by a seeded order; its time is
-- spread over the approval period (10 min after creation to 7 h before the expiration); a deleted proposal keeps only
-- the approvals before its deletion. The partner of rank 28 approves the odd proposals (a vote that does not count).
CREATE TABLE g_gov_approval AS
WITH c AS (
  SELECT p.k, p.proposal_id, r.range AS rank, p.create_ts, p.expiration_ts, p.delete_ts, p.n_sr,
         row_number() OVER (PARTITION BY p.k ORDER BY uf(mix(mix(hash('appr:' || {{seed}}), p.k), r.range), 0), r.range) AS place
  FROM g_gov_prop p, range(1, 28) r
), a AS (
  SELECT k, proposal_id, rank, create_ts + 600000 + floor(uf(mix(mix(hash('apprts:' || {{seed}}), k), rank), 0) * (expiration_ts - create_ts - 600000 - 7 * 3600000))::BIGINT AS ts, delete_ts
  FROM c WHERE place <= n_sr
  UNION ALL
  SELECT k, proposal_id, 28 AS rank, create_ts + 2 * 3600000 AS ts, delete_ts FROM g_gov_prop WHERE k % 2 = 1
)
SELECT k, proposal_id, rank, CASE WHEN ts % 21600000 < 60000 THEN ts + 60000 ELSE ts END AS ts
FROM a WHERE delete_ts IS NULL OR ts < delete_ts;

-- The energy price from the energy proposal's maintenance on (none when the window is too short to hold it).
CREATE TABLE g_gov_energy AS
SELECT expiration_ts AS from_ts, param_value AS price_sun FROM g_gov_prop WHERE is_energy AND expiration_ts < {{window_start_ts}} + {{window_span_ms}};

-- Other witness transactions, a few each: SRs setting their account name (AccountUpdate, once per account: an SR's
-- name is its account name, docs/compat.md), URL updates (WitnessUpdate), commission changes (UpdateBrokerage: the
-- witness's brokerage in the dimension is the last one set) and new candidates (WitnessCreate: the three last
-- candidates apply inside the window; their creation time in the dimension is the application's block time).
CREATE TABLE g_gov_other AS
SELECT kind, rank, CASE WHEN ts % 21600000 < 60000 THEN ts + 60000 ELSE ts END AS ts FROM (
  SELECT 10 AS kind, rank, {{window_start_ts}} + (1 + rank) * 86400000 + 3600000 * (rank % 11) + 137000 AS ts
  FROM (VALUES (3::BIGINT), (7), (11), (15), (19), (23)) v(rank)
  UNION ALL
  SELECT 8, rank, {{window_start_ts}} + (3 + 2 * rank) * 86400000 + 3600000 * (rank % 13) + 211000 FROM (VALUES (2::BIGINT), (9), (16), (30)) v(rank)
  UNION ALL
  SELECT 49, rank, {{window_start_ts}} + (4 + rank % 29) * 86400000 + 3600000 * (rank % 17) + 305000 FROM (VALUES (4::BIGINT), (12), (20), (40), (60), (131)) v(rank)
  UNION ALL
  SELECT 5, rank, {{window_start_ts}} + (6 + 9 * (157 - rank)) * 86400000 + 3600000 * (rank % 19) + 419000 FROM (VALUES (155::BIGINT), (156), (157)) v(rank)
) v
WHERE ts < {{window_start_ts}} + {{window_span_ms}};
