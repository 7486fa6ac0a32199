-- Lifetime transaction counts and times per address (accounts reads it).
{{> fragments/account-activity main}}
