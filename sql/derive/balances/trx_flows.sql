-- Every TRX movement of an address, one row per side, signed (sun): what changes a TRX balance. The balance of an
-- address at the end of a day = its newest snapshot balance − the deltas after that day (docs/compat.md "Accounts").
-- The rules are in the fragment (shared with daily_trx_holders).
{{> fragments/trx-flows transactions internal_transactions}}
