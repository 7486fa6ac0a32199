-- Accounts holding TRX and all accounts at the end of each lake day (/api/overview/accountswithtrx), computed once per
-- version from the fragment /api/stats/overview's account fields also come from (sql/fragments/trx-holder-days.sql:
-- the chain_anchors figures + the lake's changes; NULL without the anchor, docs/compat.md "Accounts").
WITH {{> fragments/trx-holder-days}}
SELECT day, day_ts, account_with_trx, total_address FROM holder_days ORDER BY day
