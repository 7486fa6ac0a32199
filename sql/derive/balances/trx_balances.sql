-- Each address's TRX balance at the lake's head (sun), for the addresses whose TRX moved in the lake: its newest
-- account snapshot at or before the head plus its flows after that snapshot's block (trx_flows). An address with no
-- such snapshot starts from 0: it did not exist before its first flow (both sources snapshot every address a batch
-- touched; test/endpoints/accounts/trx-balance-reconciliation.test.ts). A snapshot above the head (state read ahead
-- of the blocks published so far) is not used. daily_trx_holders walks it back over the newest days.
WITH moved AS (
  SELECT address, block_number, delta FROM trx_flows
),
snap AS (
  SELECT address, balance, as_of_block FROM account_snapshots
  WHERE as_of_block <= (SELECT max(block_number) FROM blocks) AND address IN (SELECT address FROM moved)
  QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1
)
SELECT m.address,
       CAST(coalesce(any_value(s.balance), 0) + coalesce(sum(m.delta) FILTER (WHERE m.block_number > coalesce(s.as_of_block, -1)), 0) AS BIGINT) AS balance
FROM moved m
LEFT JOIN snap s USING (address)
GROUP BY m.address
