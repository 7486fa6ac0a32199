-- Every address a risk list names (riskListed of the responses, kept per version when the reference is small enough).
SELECT address
FROM risk_addresses;
