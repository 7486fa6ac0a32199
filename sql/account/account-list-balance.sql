-- /api/account/list sorted by balance (either way): sql/account/account-page.sql over accounts_by_balance.
{{> account/account-page accounts_by_balance}}
