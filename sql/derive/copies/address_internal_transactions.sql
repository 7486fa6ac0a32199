-- Each internal transaction filed under its caller and its callee (once when they are the same address), with the
-- result of its top-level transaction (the state of an internal row is its transaction's).
WITH i AS (
  SELECT i.*, coalesce(x.contract_ret, 'SUCCESS') AS contract_ret
  FROM internal_transactions i
  LEFT JOIN (SELECT block_number, tx_hash, contract_ret FROM transactions WHERE internal_count > 0) x
    ON x.block_number = i.block_number AND x.tx_hash = i.tx_hash
)
SELECT caller_address AS address, CASE WHEN to_address = caller_address THEN 'self' ELSE 'out' END AS direction, i.*
FROM i
UNION ALL
SELECT to_address AS address, 'in' AS direction, i.*
FROM i
WHERE to_address IS NOT NULL AND to_address <> caller_address;
