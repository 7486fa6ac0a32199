-- /api/account/analysis: one address's figures per UTC day of [$start_day, $end_day] inside the lake (every lake day
-- of the range, 0 on a day without activity): the TRX balance at the end of the day (NULL without an account snapshot)
-- and that day's TRX price text, transactions signed / received, energy and bandwidth by who paid. The balance is the
-- opening (newest snapshot balance − the address's flows up to the snapshot block) plus its flows up to the end of the
-- day: one read of the address's rows in its bucket (address_block_activity), whatever the range.
-- @param address VARCHAR
-- @param start_day VARCHAR
-- @param end_day VARCHAR
WITH a AS (
  SELECT block_number, strftime(epoch_ms("timestamp"), '%Y-%m-%d') AS day, trx_delta, tx_out, tx_in, energy_usage,
         origin_energy_usage, energy_burn, energy_usage_total, net_usage, net_burn
  FROM address_block_activity WHERE bucket = address_bucket($address) AND address = $address
),
snap AS (
  SELECT balance, as_of_block FROM accounts WHERE address = $address
),
opening AS (
  SELECT s.balance - coalesce((SELECT sum(trx_delta) FROM a WHERE a.block_number <= s.as_of_block), 0) AS balance FROM snap s
),
per_day AS (
  SELECT day, sum(trx_delta) AS delta, sum(tx_out) AS tx_out, sum(tx_in) AS tx_in, sum(energy_usage) AS energy_usage,
         sum(origin_energy_usage) AS origin_energy_usage, sum(energy_burn) AS energy_burn,
         sum(energy_usage_total) AS energy_usage_total, sum(net_usage) AS net_usage,
         CASE WHEN bool_or(net_burn IS NULL) THEN NULL ELSE sum(net_burn) END AS net_burn
  FROM a GROUP BY day
),
running AS (
  SELECT day, sum(delta) OVER (ORDER BY day) AS flows_to_date FROM per_day
),
days AS (
  SELECT day FROM daily_network_series WHERE day BETWEEN $start_day AND $end_day
)
SELECT d.day,
       CAST((SELECT balance FROM opening) + coalesce(r.flows_to_date, 0) AS BIGINT) AS balance,
       pr.price,
       CAST(coalesce(p.tx_out, 0) AS BIGINT) AS tx_out, CAST(coalesce(p.tx_in, 0) AS BIGINT) AS tx_in,
       CAST(coalesce(p.energy_usage, 0) AS BIGINT) AS energy_usage,
       CAST(coalesce(p.origin_energy_usage, 0) AS BIGINT) AS origin_energy_usage,
       CAST(coalesce(p.energy_burn, 0) AS BIGINT) AS energy_burn,
       CAST(coalesce(p.energy_usage_total, 0) AS BIGINT) AS energy_usage_total,
       CAST(coalesce(p.net_usage, 0) AS BIGINT) AS net_usage,
       CAST(CASE WHEN p.day IS NULL THEN 0 ELSE p.net_burn END AS BIGINT) AS net_burn
FROM days d
ASOF LEFT JOIN running r ON d.day >= r.day
LEFT JOIN per_day p ON p.day = d.day
LEFT JOIN (SELECT day, price FROM trx_day_prices WHERE day BETWEEN $start_day AND $end_day) pr ON pr.day = d.day
