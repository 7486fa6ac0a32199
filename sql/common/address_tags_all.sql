-- Every public tag (addressTags of the responses, kept per version when the reference is small enough).
SELECT address, public_tag
FROM address_labels;
