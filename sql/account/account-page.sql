-- A page of /api/account/list from one sort's dataset ({{1}}: accounts_by_balance, _power or _tx, sorted by place):
-- the places $lo … $hi (the handler turns the page into places, counted from the end for the ascending sorts), so
-- the scan reads the row groups holding them only.
-- @param lo BIGINT
-- @param hi BIGINT
-- lifetime_tx: tx_total when it is the account's whole life (sql/macros/began_in_window.sql), else NULL.
SELECT address, balance, power, tx_total, latest_operation_time,
       CASE WHEN began_in_window(create_time) THEN tx_total END AS lifetime_tx
FROM {{1}}
WHERE rank BETWEEN $lo AND $hi
ORDER BY {{order_by}}
