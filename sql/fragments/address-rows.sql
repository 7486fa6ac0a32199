-- The rows of $address in a by-address copy aliased {{1}}, read through fragments/address-copy (which names the
-- files): the address's row groups inside them. The bucket condition prunes by folder when the copy is read whole
-- (a lake whose manifest lists no range files) or from a file of another bucket (an address never seen).
-- @param address VARCHAR
{{1}}.address = $address AND {{1}}.bucket = address_bucket($address)
