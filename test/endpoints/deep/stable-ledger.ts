/**
 * Independent expectations of the stablecoin holder tests (plain SQL over the raw tables, never the endpoints'
 * templates): the stablecoin positions of the independent TRC20 ledger, the holder categories, exact scaling.
 */
import { LEDGER_20, OPENING_20, ZERO } from '../token/ledgers.ts';

/** The contracts, as the registry's reference §1 gives them (typed here, not imported: the test states the facts). */
export const CONTRACTS = [
  { key: 'USDT', coin: 'USDT', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6 },
  { key: 'USDCOLD', coin: 'USDC', address: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', decimals: 6 },
  { key: 'USDD', coin: 'USDD', address: 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz', decimals: 18 },
  { key: 'USDDOLD', coin: 'USDD', address: 'TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn', decimals: 18 },
  { key: 'USDJ', coin: 'USDJ', address: 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT', decimals: 18 },
  { key: 'TUSD', coin: 'TUSD', address: 'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4', decimals: 18 },
] as const;
export const IN_LIST = CONTRACTS.map((c) => `'${c.address}'`).join(', ');

/** Positive stablecoin positions now: (contract_address, holder_address, bal HUGEINT). */
export const POSITIONS = `SELECT contract_address, holder_address, bal FROM (${LEDGER_20}) WHERE contract_address IN (${IN_LIST}) AND bal > 0`;

/** Positive positions at the end of a UTC day `day` (a SQL expression): openings + transfers of that day and before. */
export function positionsAt(day: string): string {
  return `SELECT contract_address, h AS holder_address, sum(d) AS bal FROM (
      SELECT contract_address, to_address AS h, CAST(amount_raw AS HUGEINT) AS d FROM raw_token_transfers WHERE token_standard = 'trc20' AND contract_address IN (${IN_LIST}) AND "date" <= ${day}
      UNION ALL SELECT contract_address, from_address, -CAST(amount_raw AS HUGEINT) FROM raw_token_transfers WHERE token_standard = 'trc20' AND contract_address IN (${IN_LIST}) AND "date" <= ${day}
      UNION ALL SELECT contract_address, holder_address, d FROM (${OPENING_20}) WHERE contract_address IN (${IN_LIST})
    ) WHERE h <> '${ZERO}' GROUP BY ALL HAVING sum(d) > 0`;
}

/** raw / 10^decimals as a decimal text without trailing zeros, e.g. scaled(1500000n, 6) = '1.5'. */
export function scaled(raw: bigint, decimals: number): string {
  const neg = raw < 0n;
  const s = (neg ? -raw : raw).toString().padStart(decimals + 1, '0');
  const whole = s.slice(0, s.length - decimals);
  const frac = s.slice(s.length - decimals).replace(/0+$/, '');
  return (neg ? '-' : '') + (frac ? `${whole}.${frac}` : whole);
}
