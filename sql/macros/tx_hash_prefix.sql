-- The key tx_by_hash stores for a transaction id: its first 15 hex digits as an integer (60 bits; NULL when they are
-- not hex), e.g. tx_hash_prefix('0000000005386c4…') = 5393004. Sorted, the integers take ~5 bytes a row against
-- ~32 for the hex text; a lookup checks the whole id on the transaction row it finds.
CREATE OR REPLACE MACRO tx_hash_prefix(tx_hash) AS TRY_CAST(('0x' || left(tx_hash, 15)) AS BIGINT);
