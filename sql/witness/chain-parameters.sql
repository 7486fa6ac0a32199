-- /api/chainparameters: the parameters of the newest chain_parameters snapshot.
SELECT key, value FROM chain_parameters
WHERE as_of_block = (SELECT max(as_of_block) FROM chain_parameters)
ORDER BY key
