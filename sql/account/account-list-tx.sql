-- /api/account/list sorted by tx (either way): sql/account/account-page.sql over accounts_by_tx.
{{> account/account-page accounts_by_tx}}
