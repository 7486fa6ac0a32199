-- Every witness for the lookups' per-version map (src/endpoints/kit/lookups.ts witnessInfo): the columns of
-- witness_info.sql, all rows, in the dimension's order.
SELECT address, name, url, rank
FROM witnesses;
