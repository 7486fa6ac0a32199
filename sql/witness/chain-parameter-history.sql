-- /api/chainparameters?time=: every row of the parameters' history (a few per parameter); the value in force at the
-- time is picked in code, where getter names and proposal numbers are mapped (src/chain/chain-parameters.ts).
SELECT h.key, h.parameter, h.value, h.from_ts, h.source, h.proposal_id
FROM chain_parameter_history h
ORDER BY h.from_ts, h.source
