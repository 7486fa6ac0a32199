-- CTEs ending in `stable_positions`: every positive balance (trc20_balances) of the stablecoin contracts $contracts,
-- `(contract_address, holder_address, bal HUGEINT, category, name)`, its holder's category and name decided by
-- fragments/stable-holder-category. The head's categorized positions, shared by /api/stableCoin/distribution (and
-- holder/balance/overview) and /api/stableCoin/overview's DEX pools.
-- @param contracts VARCHAR[]
pos AS (
  SELECT contract_address, holder_address, CAST(balance_raw AS HUGEINT) AS bal
  FROM trc20_balances
  WHERE contract_address IN (SELECT unnest($contracts)) AND holder_rank IS NOT NULL
),
{{> fragments/stable-holder-category pos}},
stable_positions AS (
  SELECT p.contract_address, p.holder_address, p.bal, h.category, h.name
  FROM pos p JOIN holder_category h ON h.holder_address = p.holder_address
)
