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

/**
 * Positive positions at the end of a UTC day `day` (a SQL expression): openings + transfers and the stablecoin moves
 * without a Transfer (test/helpers/stablecoin-moves.ts) of that day and before; `held` = '<> 0': every non-zero one.
 */
export function positionsAt(day: string, held = '> 0'): string {
  return `SELECT contract_address, h AS holder_address, sum(d) AS bal FROM (
      SELECT contract_address, to_address AS h, CAST(amount_raw AS HUGEINT) AS d FROM raw_token_transfers WHERE token_standard = 'trc20' AND contract_address IN (${IN_LIST}) AND "date" <= ${day}
      UNION ALL SELECT contract_address, from_address, -CAST(amount_raw AS HUGEINT) FROM raw_token_transfers WHERE token_standard = 'trc20' AND contract_address IN (${IN_LIST}) AND "date" <= ${day}
      UNION ALL SELECT contract_address, holder_address, delta FROM raw_stablecoin_balance_moves WHERE contract_address IN (${IN_LIST}) AND day <= CAST(${day} AS VARCHAR)
      UNION ALL SELECT contract_address, holder_address, d FROM (${OPENING_20}) WHERE contract_address IN (${IN_LIST})
    ) WHERE h <> '${ZERO}' GROUP BY ALL HAVING sum(d) ${held}`;
}

/** raw / 10^decimals as a decimal text without trailing zeros, e.g. scaled(1500000n, 6) = '1.5'. */
export function scaled(raw: bigint, decimals: number): string {
  const neg = raw < 0n;
  const s = (neg ? -raw : raw).toString().padStart(decimals + 1, '0');
  const whole = s.slice(0, s.length - decimals);
  const frac = s.slice(s.length - decimals).replace(/0+$/, '');
  return (neg ? '-' : '') + (frac ? `${whole}.${frac}` : whole);
}

/** A category as the distribution endpoints name it. */
export type Category = 'exchange' | 'otherAccount' | 'JustLend' | 'SunSwap' | 'SunCurve' | 'otherContract';

const PROJECTS = [['justlend', 'JustLend'], ['sunswap', 'SunSwap'], ['suncurve', 'SunCurve']] as const;
const projectOf = (texts: readonly (string | null)[]) => {
  for (const [prefix, name] of PROJECTS) if (texts.some((t) => (t ?? '').toLowerCase().startsWith(prefix))) return name;
  return undefined;
};

/**
 * Every positive stablecoin position with its category and the name it is listed under (an exchange's name, else the
 * address), by the rule of docs/compat.md "Stablecoin holders", computed here in TypeScript from the raw reference
 * and dimension rows.
 */
export async function categorized(sql: (q: string) => Promise<Record<string, unknown>[]>): Promise<{ contract: string; category: Category; name: string; bal: bigint }[]> {
  const labels = new Map<string, { category: string; entity: string | null; public_tag: string }[]>();
  for (const r of await sql('SELECT address, category, entity, public_tag FROM ref_address_labels')) {
    const l = labels.get(String(r.address)) ?? [];
    l.push({ category: String(r.category), entity: (r.entity as string | null) ?? null, public_tag: String(r.public_tag) });
    labels.set(String(r.address), l);
  }
  const contracts = new Map<string, { name: string; tag: string }[]>();
  for (const r of await sql('SELECT address, name, tag FROM dim_contracts')) {
    const l = contracts.get(String(r.address)) ?? [];
    l.push({ name: String(r.name), tag: String(r.tag) });
    contracts.set(String(r.address), l);
  }
  const out: { contract: string; category: Category; name: string; bal: bigint }[] = [];
  for (const r of await sql(`SELECT contract_address, holder_address, CAST(bal AS VARCHAR) AS bal FROM (${POSITIONS})`)) {
    const a = String(r.holder_address);
    const ls = labels.get(a) ?? [];
    const cs = contracts.get(a);
    let category: Category;
    let name = a;
    if (!cs) {
      const ex = ls.filter((l) => l.category === 'exchange').map((l) => (l.entity ? l.entity : l.public_tag)).sort();
      category = ex.length ? 'exchange' : 'otherAccount';
      if (ex.length) name = ex[0]!;
    } else {
      category = projectOf(ls.flatMap((l) => [l.entity, l.public_tag])) ?? projectOf(cs.flatMap((c) => [c.name, c.tag])) ?? 'otherContract';
    }
    out.push({ contract: String(r.contract_address), category, name, bal: BigInt(String(r.bal)) });
  }
  return out;
}

/** part / whole rounded half up to `places` decimals, as text with exactly `places` decimals. */
export function share(part: bigint, whole: bigint, places = 6): string {
  if (whole === 0n) return `0.${'0'.repeat(places)}`;
  const unit = 10n ** BigInt(places);
  const q = (part * unit * 2n + whole) / (whole * 2n);
  return `${q / unit}.${(q % unit).toString().padStart(places, '0')}`;
}
