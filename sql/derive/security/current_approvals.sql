-- The newest approval of each (owner, token, spender, token id): an approval overwrites the allowance (docs/compat.md
-- "Security and approvals"). The rule is in the fragment (shared with the merge).
{{> fragments/current-approvals main}}
