-- account_activity.sql over the new blocks, added to the previous version's rows.
SELECT address,
       CAST(coalesce(p.tx_out, 0) + coalesce(d.tx_out, 0) AS BIGINT) AS tx_out,
       CAST(coalesce(p.tx_in, 0) + coalesce(d.tx_in, 0) AS BIGINT) AS tx_in,
       CAST(coalesce(p.tx_total, 0) + coalesce(d.tx_total, 0) AS BIGINT) AS tx_total,
       least(p.first_ts, d.first_ts) AS first_ts,
       greatest(p.last_ts, d.last_ts) AS last_ts,
       greatest(p.last_out_ts, d.last_out_ts) AS last_out_ts
FROM prev.account_activity p
FULL OUTER JOIN ({{> fragments/account-activity delta}}) d USING (address)
