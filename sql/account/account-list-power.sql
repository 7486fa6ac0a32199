-- /api/account/list sorted by power (either way): sql/account/account-page.sql over accounts_by_power.
{{> account/account-page accounts_by_power}}
