-- The columns of the rewritten days that do not add up, for derive.ts to join with the measures it combines from the
-- catalog (calls, TRX, energy; a NULL burn figure stays NULL: growth per-day `merge`, derive.ts measuredMerge): the
-- distinct callers add the new blocks' callers (newrows: daily_contract_resources.sql over schema delta) the day's set
-- did not hold for the contract.
{{> fragments/merge-contract-callers daily_contract_resources}}
