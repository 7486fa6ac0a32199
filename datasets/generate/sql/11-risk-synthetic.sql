-- Synthetic risk lists (SPEC §4.11), so the security endpoints' list paths are exercised, consistent
-- with this chain: the ad spammers (the pool indices 100..119 that sign the dust-memo kind, 02-tx-base.sql kid 2) as
-- ad_spam, the issuers of the tokens the listing marks UNSAFE (the fake USDT among them) as fraud_token, and the
-- domains of the ad memos (reference.ts AD_MEMOS) as ad_spam URLs. Source 'synthetic'; `tronlake reference load`
-- replaces them with an operator's files.
INSERT INTO risk_addresses BY NAME
SELECT address, risk_type, 'synthetic' AS source FROM (
  SELECT a.b58 AS address, 'ad_spam' AS risk_type FROM g_addr a WHERE a.i BETWEEN 100 AND 119
  UNION ALL
  SELECT t.issuer_address, 'fraud_token' FROM tokens t WHERE t.level = 4
)
QUALIFY row_number() OVER (PARTITION BY address ORDER BY risk_type) = 1;

INSERT INTO risk_urls BY NAME
SELECT DISTINCT lower(d) AS domain, 'ad_spam' AS risk_type, 'synthetic' AS source
FROM (SELECT unnest(regexp_extract_all(m, '([a-z0-9-]+(?:\.[a-z0-9-]+)*\.example)')) AS d FROM (SELECT unnest({{ad_memos}}) AS m));
