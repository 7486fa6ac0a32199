-- The public tags of the given addresses (addressTags of a response when the reference is too large to keep).
-- @param addresses VARCHAR[]
SELECT address, public_tag
FROM address_labels
WHERE address IN (SELECT unnest($addresses));
