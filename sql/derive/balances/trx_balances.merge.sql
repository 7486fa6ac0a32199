-- trx_balances.sql over the new blocks: an address already held gets its new flows added; one moving for the first
-- time starts from its newest snapshot at or before the head (0 without one) plus its new flows after that block.
-- The new flows are trx_flows' rows of the new blocks (derived just before, schema delta), not the flow rules run again.
WITH moved AS (
  SELECT address, block_number, delta FROM delta.trx_flows
),
held AS (
  SELECT p.address, p.balance + coalesce(sum(m.delta), 0) AS balance
  FROM prev.trx_balances p LEFT JOIN moved m USING (address)
  GROUP BY p.address, p.balance
),
fresh AS (
  SELECT address, block_number, delta FROM moved WHERE address NOT IN (SELECT address FROM prev.trx_balances)
),
snap AS (
  SELECT address, balance, as_of_block FROM account_snapshots
  WHERE as_of_block <= (SELECT max(block_number) FROM blocks) AND address IN (SELECT address FROM fresh)
  QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1
)
SELECT address, CAST(balance AS BIGINT) AS balance FROM held
UNION ALL
SELECT f.address,
       CAST(coalesce(any_value(s.balance), 0) + coalesce(sum(f.delta) FILTER (WHERE f.block_number > coalesce(s.as_of_block, -1)), 0) AS BIGINT)
FROM fresh f
LEFT JOIN snap s USING (address)
GROUP BY f.address
