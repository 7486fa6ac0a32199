-- /api/top10 type 0: the network's figures over the last hour, day and week (sql/serving/top10_overview.sql).
SELECT * FROM top10_overview
