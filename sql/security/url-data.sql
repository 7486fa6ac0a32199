-- /api/security/url/data: how many of the URL host's domains (the host and each parent domain, computed by the
-- endpoint) a risk list names (risk_urls; an operator file, absent = not listed).
-- @param domains VARCHAR[]
SELECT count(*) AS n FROM risk_urls WHERE domain IN (SELECT unnest($domains))
