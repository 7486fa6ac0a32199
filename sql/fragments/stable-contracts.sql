-- CTE `stable_contracts(contract_address, coin, contract_key)`: the six contracts of the stablecoin registry
-- (src/chain/stablecoins.ts; USDD's two contracts apart), the one list the derive SQL reads
-- (test/endpoints/deep/stablecoin-total-supply.test.ts checks it against the registry).
stable_contracts(contract_address, coin, contract_key) AS (
  VALUES ('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'USDT', 'USDT'), ('TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 'USDC', 'USDCOLD'),
         ('TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz', 'USDD', 'USDD'), ('TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn', 'USDD', 'USDDOLD'),
         ('TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT', 'USDJ', 'USDJ'), ('TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4', 'TUSD', 'TUSD')
)
