-- /api/security/transaction/data `sameTailAttach` (our rule): whether $address dealt, before block $block, with a
-- look-alike of $other: another address with the same first five characters (T and four) and the same last four.
-- Reads $address's range files of address_counterparty_daily.
-- @param other VARCHAR
-- @param block BIGINT
SELECT count(*) AS n
FROM {{> fragments/address-copy address_counterparty_daily f}}
WHERE f.address = $address AND f.bucket = address_bucket($address) AND f.block_number < $block
  AND f.counterparty <> $other AND left(f.counterparty, 5) = left($other, 5) AND right(f.counterparty, 4) = right($other, 4)
