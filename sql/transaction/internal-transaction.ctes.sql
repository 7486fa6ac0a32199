-- CTEs of /api/internal-transaction shared by its rows and count: `failed`, the transactions that failed and
-- produced internal transactions (the only ones whose rows are state 2), and `parents`, the transactions that called
-- or created $contract (the by-address copy does not file calls under the called contract).
-- @param contract VARCHAR
-- @param confirm INTEGER[]
failed AS (
  SELECT x.tx_hash FROM transactions x
  WHERE $confirm IS NOT NULL AND x.contract_ret <> 'SUCCESS' AND x.internal_count > 0
    AND {{> fragments/day-window x}}
),
parents AS (
  SELECT x.tx_hash FROM transactions x
  WHERE $contract IS NOT NULL AND x.contract_address = $contract
    AND {{> fragments/day-window x}}
)
