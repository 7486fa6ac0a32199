-- /api/system/tps: the serving table sql/serving/tps_figures.sql (its header says what each figure is).
SELECT recent_tx, max_block_tx, anchor_max_tps FROM tps_figures
