-- /api/transaction with an address (address / fromAddress / toAddress): the copy clustered by address.
-- $dirs selects sides: ['out','self'] for sent, ['in','self'] for received, all three for both.
-- @total
-- @param address VARCHAR
-- @param dirs VARCHAR[]
-- @param from_address VARCHAR
-- @param to_address VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.* EXCLUDE (address, direction), is_confirmed(t.block_number) AS confirmed
FROM {{> fragments/address-copy address_transactions t}}
WHERE {{> fragments/address-rows t}}
  AND list_contains($dirs, t.direction)
  AND ($from_address IS NULL OR t.owner_address = $from_address)
  AND ($to_address IS NULL OR coalesce(t.to_address, t.contract_address) = $to_address)
  AND {{> fragments/time-window t}}
  AND {{> transaction/transaction.where t}}
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
