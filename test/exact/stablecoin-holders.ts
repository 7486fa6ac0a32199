/**
 * The audit's stablecoin holder section (issue 31; docs/compat.md "Stablecoin holders"): every amount of
 * /api/stableCoin/holder/top (each coin of each listed holder), the per-contract totals of holder/balance/overview,
 * distribution and distribution/change's last point, the current holder counts of holder/change, and the 24 h USD figures of transferAmount, compared as
 * the literals sent with plain SQL over the raw transfers and opening snapshots (the independent TRC20 ledger).
 */
import { LEDGER_20 } from '../endpoints/token/ledgers.ts';
import { expectedLiteral } from '../endpoints/token/supply-ledger.ts';
import { type Ctx, s } from './context.ts';
import { arrayPart, field, objectPart, objects } from './json-text.ts';

const CONTRACTS = [
  ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'usdtAmount', 6],
  ['TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 'usdcoldAmount', 6],
  ['TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz', 'usddAmount', 18],
  ['TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn', 'usddAmount', 18],
  ['TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT', 'usdjAmount', 18],
  ['TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4', 'tusdAmount', 18],
] as const;
const IN = CONTRACTS.map(([a]) => `'${a}'`).join(', ');

export async function stablecoinHolderChecks({ io, get, check, near }: Ctx): Promise<void> {
  const positions = await io.sql(`SELECT contract_address c, holder_address h, CAST(bal AS VARCHAR) b FROM (${LEDGER_20}) WHERE contract_address IN (${IN}) AND bal > 0`);
  // Per holder and amount key the exact raw sum; per contract its total and holders.
  const held = new Map<string, Map<string, bigint>>();
  const total = new Map<string, bigint>();
  const holders = new Map<string, number>();
  for (const p of positions) {
    const [, key] = CONTRACTS.find(([a]) => a === p.c)!;
    const m = held.get(s(p.h)) ?? new Map<string, bigint>();
    m.set(key, (m.get(key) ?? 0n) + BigInt(s(p.b)));
    held.set(s(p.h), m);
    total.set(s(p.c), (total.get(s(p.c)) ?? 0n) + BigInt(s(p.b)));
    holders.set(s(p.c), (holders.get(s(p.c)) ?? 0) + 1);
  }

  for (const sort of ['USDT', 'USDC', 'USDD', 'USDJ', 'TUSD']) {
    for (const o of objects(arrayPart(await get(`/api/stableCoin/holder/top?sort=${sort}`), 'data'))) {
      const a = field(o, 'address')!;
      for (const [, key, decimals] of CONTRACTS) {
        const raw = held.get(a)?.get(key) ?? 0n;
        const want = raw > 0n || key === 'usdtAmount' ? expectedLiteral(raw.toString(), decimals) : 'absent';
        check('/api/stableCoin/holder/top', `${sort} ${a} ${key}`, field(o, key) ?? 'absent', want);
      }
    }
  }

  for (const o of objects(arrayPart(await get('/api/stableCoin/holder/balance/overview'), 'data'))) {
    const c = field(o, 'tokenAddress')!;
    const sum = objects(arrayPart(o, 'statistic')).reduce((a, x) => a + BigInt(field(x, 'balance')!), 0n);
    check('/api/stableCoin/holder/balance/overview', `${c} Σ categories`, sum.toString(), (total.get(c) ?? 0n).toString());
  }

  for (const [c] of CONTRACTS) {
    const text = await get(`/api/stableCoin/distribution?token=${c}`);
    const sum = BigInt(field(objectPart(text, 'addresses'), 'value')!) + BigInt(field(objectPart(text, 'contract'), 'value')!);
    check('/api/stableCoin/distribution', `${c} addresses + contract`, sum.toString(), (total.get(c) ?? 0n).toString());
  }

  for (const [c] of CONTRACTS) {
    // The last point is the head: its categories hold every positive balance (a contract without history has none).
    const last = objects(arrayPart(await get(`/api/stableCoin/distribution/change?token=${c}`), 'data')).at(-1);
    if (last === undefined) continue;
    const sum = ['exchange', 'JustLend', 'SunSwap', 'SunCurve', 'others'].reduce((a, k) => a + BigInt(field(last, k)!), 0n);
    check('/api/stableCoin/distribution/change', `${c} last point Σ categories`, sum.toString(), (total.get(c) ?? 0n).toString());
  }

  const latest = objects(arrayPart(await get('/api/stableCoin/holder/change'), 'latest'));
  for (const o of latest) {
    const c = field(o, 'tokenAddress')!;
    check('/api/stableCoin/holder/change', `${c} latest holders`, field(o, 'holderNum'), String(holders.get(c) ?? 0));
  }

  // The last 24 hours' USD value per contract: each day's exact amount at that day's close (a double by definition:
  // compared within its 6 places); a day that moved without a price makes it null.
  const moved = await io.sql(`SELECT t.contract_address c, CAST(sum(CAST(t.amount_raw AS HUGEINT)) AS VARCHAR) raw, any_value(p.price_usd) price
      FROM raw_token_transfers t LEFT JOIN rule_day_prices p ON p.token_id = t.contract_address AND p.day = t."date"
      WHERE t.token_standard = 'trc20' AND t.contract_address IN (${IN}) AND t."timestamp" BETWEEN ${io.head - 86_400_000} AND ${io.head}
      GROUP BY t.contract_address, t."date"`);
  for (const o of objects(arrayPart(await get('/api/stableCoin/transferAmount'), 'stableAmount24h'))) {
    const c = field(o, 'contractAddress')!;
    const [, , decimals] = CONTRACTS.find(([a]) => a === c)!;
    const days = moved.filter((r) => r.c === c && BigInt(s(r.raw)) !== 0n);
    if (days.some((r) => r.price === null)) check('/api/stableCoin/transferAmount', `${c} amount24h`, field(o, 'amount24h'), 'null');
    else near('/api/stableCoin/transferAmount', `${c} amount24h`, field(o, 'amount24h'), days.reduce((a, r) => a + Number(expectedLiteral(s(r.raw), decimals)) * Number(r.price), 0), 6);
  }
}
