-- Rows per address in the by-address copies address_token_transfers and address_internal_transactions (those of
-- address_transactions are account_activity's tx_total): the list kit knows a busy address before reading its page.
{{> fragments/address-row-counts main}}
