-- One row: where whole-chain figures start (fragments/whole-anchors), computed once per version so a request reads a
-- one-row table instead of six subqueries over the anchor files (transfer/statistics paid ~50 ms per request for them).
WITH {{> fragments/whole-anchors}}
SELECT * FROM whole_anchors
