-- /api/deep/account/holderToken/basicInfo/trc20/transfer (SPEC §4.4): $address's Transfer logs of TRC20 token
-- $contract counted by side, over the lake's window (docs/compat.md "Account holder token (issue 31)"), from the copy
-- clustered by address (a few range files). A transfer to itself is one in and one out.
-- @param address VARCHAR
-- @param contract VARCHAR
SELECT count(*) FILTER (WHERE t.direction IN ('in', 'self')) AS transfer_in,
       count(*) FILTER (WHERE t.direction IN ('out', 'self')) AS transfer_out
FROM {{> fragments/address-copy address_token_transfers t}}
WHERE {{> fragments/address-rows t}}
  AND t.token_standard = 'trc20'
  AND t.contract_address = $contract
