-- Logs, token transfers, approvals and internal transactions: the semantic rows of g_ev / g_batch / g_int with
-- addresses encoded (Base58 for columns, 12 zero bytes + 20-byte address for topics).
INSERT INTO logs BY NAME
SELECT e.block_number, e."timestamp", e.tx_hash, e.log_index, c.b58 AS contract_address, e.topic0,
       w_a(a1.hex) AS topic1, w_a(a2.hex) AS topic2, coalesce(w_a(a3.hex), e.t3_x) AS topic3, e.data
FROM g_ev e
JOIN g_addr c ON c.i = e.contract_i
LEFT JOIN g_addr a1 ON a1.i = e.t1_i
LEFT JOIN g_addr a2 ON a2.i = e.t2_i
LEFT JOIN g_addr a3 ON a3.i = e.t3_i;

INSERT INTO token_transfers BY NAME
SELECT e.block_number, e."timestamp", e.tx_hash, e.tx_index, e.log_index, 0 AS batch_index, e.std AS token_standard,
       e.etype AS event_type, c.b58 AS contract_address, f.b58 AS from_address, t.b58 AS to_address,
       op.b58 AS operator_address, e.token_id, e.raw_s AS amount_raw, e.amt_d AS amount
FROM g_ev e
JOIN g_addr c ON c.i = e.contract_i
JOIN g_addr f ON f.i = e.from_i
JOIN g_addr t ON t.i = e.to_i
LEFT JOIN g_addr op ON op.i = e.op_i
WHERE e.tt
UNION ALL BY NAME
SELECT b.block_number, b."timestamp", b.tx_hash, b.tx_index, b.log_index, b.batch_index, 'trc1155' AS token_standard,
       'TransferBatch' AS event_type, c.b58 AS contract_address, f.b58 AS from_address, t.b58 AS to_address,
       op.b58 AS operator_address, b.token_id, b.raw::VARCHAR AS amount_raw, b.raw::DOUBLE AS amount
FROM g_batch b
JOIN g_addr c ON c.i = b.contract_i
JOIN g_addr f ON f.i = b.from_i
JOIN g_addr t ON t.i = b.to_i
JOIN g_addr op ON op.i = b.op_i;

INSERT INTO token_approvals BY NAME
SELECT e.block_number, e."timestamp", e.tx_hash, e.tx_index, e.log_index, e.std AS token_standard, e.etype AS event_type,
       c.b58 AS contract_address, o.b58 AS owner_address, s.b58 AS spender_address, e.token_id,
       e.raw_s AS amount_raw, e.amt_d AS amount
FROM g_ev e
JOIN g_addr c ON c.i = e.contract_i
JOIN g_addr o ON o.i = e.from_i
JOIN g_addr s ON s.i = e.to_i
WHERE e.etype IN ('Approval', 'ApprovalForAll');

INSERT INTO internal_transactions BY NAME
SELECT i.block_number, i."timestamp", i.tx_hash, i.internal_index,
       hex64('itx:' || i.tx_hash || ':' || i.internal_index) AS internal_hash,
       c.b58 AS caller_address, t.b58 AS to_address, '_' AS token_id, i.call_value, 'call' AS note, i.rejected
FROM g_int i
JOIN g_addr c ON c.i = i.caller_i
JOIN g_addr t ON t.i = i.to_i;

-- Blocks: totals are exact sums over the block's transactions. net_usage is the bandwidth the block used, as the
-- catalog defines it and the ingester computes it: sum of (net_usage + net_fee / 1000) of its transactions.
-- An empty block's txTrieRoot is 32 zero bytes, as on mainnet.
INSERT INTO blocks BY NAME
WITH agg AS (
  SELECT block_number, count(*) AS n, sum(size_bytes) AS sz, sum(net_usage + net_fee // 1000) AS nu,
         sum(energy_usage_total) AS eu, sum(fee) AS fee
  FROM transactions GROUP BY block_number
)
SELECT b.block_number, b.block_hash,
       -- heights are consecutive: the parent is the previous block of the batch, or (the batch's first block) the
       -- same id function of height - 1 as 01-blocks.sql
       coalesce(p.block_hash, printf('%016x', b.block_number - 1) || substr(sha256('blk:' || {{seed}} || ':' || (b.block_number - 1)), 1, 48)) AS parent_hash,
       b."timestamp", {{wit_b58_list}}[b.sr_rank] AS witness_address,
       CASE WHEN a.n > 0 THEN hex64('trie:' || b.block_hash) ELSE '{{zero64}}' END AS tx_trie_root,
       CASE WHEN b."timestamp" >= {{v34_ts}} THEN 34 ELSE 31 END AS version,
       200 + coalesce(a.sz, 0) AS size_bytes, coalesce(a.n, 0) AS tx_count, coalesce(a.nu, 0) AS net_usage,
       coalesce(a.eu, 0) AS energy_usage, coalesce(a.fee, 0) AS fee
FROM g_block b
LEFT JOIN g_block p ON p.block_number = b.block_number - 1
LEFT JOIN agg a ON a.block_number = b.block_number;
