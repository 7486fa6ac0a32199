-- /api/tokens/position-distribution: the precomputed holder-rank bands of one token (derived at publish).
-- @param token_id VARCHAR
SELECT holders, total_raw AS total, rank1_10_raw AS r1_10, rank11_50_raw AS r11_50, rank51_100_raw AS r51_100,
       rank101_500_raw AS r101_500, other_raw AS other
FROM token_position_bands
WHERE token_id = $token_id;
