-- /api/internal-transaction: rows matching the filters of internal-transaction.sql (rangeTotal).
WITH {{> transaction/internal-transaction.ctes}}
SELECT count(*) AS n
FROM internal_transactions i
WHERE {{> transaction/internal-transaction.where i}};
