-- Witness and proposal transactions, one row each (src/lake/derived.ts governanceEvents).
{{> fragments/governance-events}}
