-- /api/asset/transfer with address / relatedAddress: the same rows from the copy clustered by address (each
-- transfer once per side; a self transfer once).
-- @total
-- @param address VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT {{> token/asset-transfer.columns t}}
FROM {{> fragments/address-copy address_transactions t}}
WHERE {{> fragments/address-rows t}}
  AND {{> fragments/time-window t}}
  AND {{> token/asset-transfer.where t}}
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
