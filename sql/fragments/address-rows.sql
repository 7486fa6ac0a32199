-- The rows of $address in a by-address copy aliased {{1}}: its bucket folder only (pruned at bind time), the
-- address's row groups inside it.
-- @param address VARCHAR
{{1}}.address = $address AND {{1}}.bucket = address_bucket($address)
