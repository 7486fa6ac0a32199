-- Rows per address in each by-address copy (address_transactions, address_token_transfers,
-- address_internal_transactions): the list kit knows a busy address before reading its page.
{{> fragments/address-row-counts main}}
