-- /api/account/list sorted by power (either way): sql/accounts/account-page.sql over accounts_by_power.
{{> accounts/account-page accounts_by_power}}
