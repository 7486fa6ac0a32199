/**
 * Independent supply ledger for the exact-digit tests (plain SQL over the raw tables, exact HUGEINT sums) and an
 * independent formatter (bigint quotient and remainder, not the app's string helper).
 */
import { OPENING_1155, OPENING_20, ZERO } from './ledgers.ts';

/**
 * Supply in the smallest unit per token, text: TRC20 / TRC1155 = its opening balances (snapshot rows before the
 * first block, issue 12) plus mints minus burns (zero-address transfers and the stablecoin moves without a Transfer), so
 * its holders sum to it; TRC721 = mints minus burns; TRC10 = the
 * issued supply.
 */
export const SUPPLY_LEDGER = `
  SELECT k.token_id, k.token_standard, k.decimals, CAST(CASE WHEN k.token_standard = 'trc10' THEN CAST(k.total_supply_raw AS HUGEINT)
    ELSE coalesce(f.minted, 0) - coalesce(f.burned, 0) + CASE WHEN k.token_standard IN ('trc20', 'trc1155') THEN coalesce(o.opening, 0) ELSE 0 END END AS VARCHAR) AS supply
  FROM dim_tokens k LEFT JOIN (
    SELECT contract_address, sum(CAST(amount_raw AS HUGEINT)) FILTER (WHERE from_address = '${ZERO}') AS minted,
           sum(CAST(amount_raw AS HUGEINT)) FILTER (WHERE to_address = '${ZERO}') AS burned
    FROM (SELECT contract_address, from_address, to_address, amount_raw FROM raw_token_transfers
          UNION ALL -- the stablecoin moves without a Transfer (test/helpers/stablecoin-moves.ts): a mint from, a burn to the zero address
          SELECT contract_address, CASE WHEN delta > 0 THEN '${ZERO}' ELSE holder_address END, CASE WHEN delta < 0 THEN '${ZERO}' ELSE holder_address END,
                 CAST(abs(delta) AS VARCHAR) FROM raw_stablecoin_balance_moves)
    GROUP BY 1
  ) f ON f.contract_address = k.token_id
  LEFT JOIN (SELECT contract_address, sum(d) AS opening FROM (
      SELECT contract_address, holder_address, d FROM (${OPENING_20}) UNION ALL SELECT contract_address, holder_address, d FROM (${OPENING_1155})
    ) WHERE holder_address <> '${ZERO}' GROUP BY 1) o
    ON o.contract_address = k.token_id`;

/** The JSON number literal of `raw / 10^decimals`, e.g. `expectedLiteral('1500', 3)` = '1.5'. */
export function expectedLiteral(raw: string, decimals: number): string {
  const v = BigInt(raw);
  const sign = v < 0n ? '-' : '';
  const a = v < 0n ? -v : v;
  const unit = 10n ** BigInt(decimals);
  const frac = decimals ? (a % unit).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return sign + (a / unit).toString() + (frac ? `.${frac}` : '');
}

/** The raw text of a field's number in a JSON body, e.g. `numberLiterals(text, 'supply')`, in document order. */
export function numberLiterals(text: string, field: string): string[] {
  const re = new RegExp(`"${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}":(-?[0-9.eE+-]+)`, 'g');
  return [...text.matchAll(re)].map((m) => m[1]!);
}
