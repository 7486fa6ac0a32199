-- Where the cumulative series start: the pre-window totals when the lake has them, and the lake's first block
-- (a lake starting at genesis, block 0, starts from zero without them).
SELECT (SELECT min(first_block) FROM daily_network_stats) AS first_block,
       (SELECT min(day) FROM daily_network_stats) AS first_day,
       p.tx_count AS pre_tx_count,
       p.blockchain_size_bytes AS pre_size_bytes
FROM (SELECT 1) one
LEFT JOIN pre_window_totals p ON true;
