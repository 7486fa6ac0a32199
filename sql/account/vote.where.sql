-- The filters of /api/vote, shared by its rows and totals.
-- @param candidate VARCHAR
-- @param voter VARCHAR
({{1}}.candidate_address = $candidate OR $candidate IS NULL) AND ({{1}}.voter_address = $voter OR $voter IS NULL)
