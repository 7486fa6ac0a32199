-- CTEs ending in `holder_category`: the category of every distinct `holder_address` of the relation {{1}}, the one
-- place the stablecoin holder categories are decided (sql/deep/distribution.sql: now; sql/deep/distribution-change.sql:
-- the same categories applied to every day of the history; docs/compat.md "Stablecoin holders"):
--   an ordinary account (not in `contracts`): `exchange` when address_labels names it an exchange (`name`: the
--   exchange's entity, else its tag), else `otherAccount`;
--   a contract: `JustLend`, `SunSwap` or `SunCurve` when its label (entity or tag) or its contract name or tag starts
--   with that project's name (case-insensitive), else `otherContract`.
-- `name` is the address itself outside the exchanges. Bounded by {{1}}'s addresses (two lookups of small dimensions).
holder_labels AS (
  SELECT address,
         min(coalesce(nullif(entity, ''), public_tag)) FILTER (WHERE category = 'exchange') AS exchange,
         min(CASE WHEN lower(coalesce(entity, '')) LIKE 'justlend%' OR lower(public_tag) LIKE 'justlend%' THEN 'JustLend'
                  WHEN lower(coalesce(entity, '')) LIKE 'sunswap%' OR lower(public_tag) LIKE 'sunswap%' THEN 'SunSwap'
                  WHEN lower(coalesce(entity, '')) LIKE 'suncurve%' OR lower(public_tag) LIKE 'suncurve%' THEN 'SunCurve' END) AS project
  FROM address_labels
  WHERE address IN (SELECT holder_address FROM {{1}})
  GROUP BY address
),
holder_contracts AS (
  SELECT address,
         min(CASE WHEN lower(name) LIKE 'justlend%' OR lower(tag) LIKE 'justlend%' THEN 'JustLend'
                  WHEN lower(name) LIKE 'sunswap%' OR lower(tag) LIKE 'sunswap%' THEN 'SunSwap'
                  WHEN lower(name) LIKE 'suncurve%' OR lower(tag) LIKE 'suncurve%' THEN 'SunCurve' END) AS project
  FROM contracts
  WHERE address IN (SELECT holder_address FROM {{1}})
  GROUP BY address
),
holder_category AS (
  SELECT h.holder_address,
         CASE WHEN c.address IS NULL THEN CASE WHEN l.exchange IS NOT NULL THEN 'exchange' ELSE 'otherAccount' END
              ELSE coalesce(l.project, c.project, 'otherContract') END AS category,
         CASE WHEN c.address IS NULL AND l.exchange IS NOT NULL THEN l.exchange ELSE h.holder_address END AS name
  FROM (SELECT DISTINCT holder_address FROM {{1}}) h
  LEFT JOIN holder_contracts c ON c.address = h.holder_address
  LEFT JOIN holder_labels l ON l.address = h.holder_address
)
