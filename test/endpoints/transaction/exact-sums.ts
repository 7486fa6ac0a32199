/**
 * Independent exact figures for the statistics tests (issue 16): plain SQL over the raw tables with HUGEINT sums
 * (never the rollups), and an independent bigint sum of amounts with different decimals.
 */
import { sql } from '../../helpers/lake.ts';
import { expectedLiteral } from '../token/supply-ledger.ts';

/** Per TRC20 token: the exact amount moved (smallest units, text), its transfer count and decimals. */
export async function trc20Moved(): Promise<{ contract: string; raw: string; n: number; decimals: number }[]> {
  const rows = await sql(`select t.contract_address c, cast(sum(cast(t.amount_raw as hugeint)) as varchar) raw, count(*) n, coalesce(k.decimals, 0) d
                          from raw_token_transfers t left join dim_tokens k on k.token_id = t.contract_address and k.token_standard = 'trc20'
                          where t.token_standard = 'trc20' group by t.contract_address, k.decimals`);
  return rows.map((r) => ({ contract: String(r.c), raw: String(r.raw), n: Number(r.n), decimals: Number(r.d) }));
}

/** The JSON literal of Σ raw_i / 10^decimals_i, e.g. [('15', 1), ('25', 2)] → '1.75'. */
export function fractionSumLiteral(parts: { raw: string; decimals: number }[]): string {
  const scale = Math.max(0, ...parts.map((p) => p.decimals));
  let total = 0n;
  for (const p of parts) total += BigInt(p.raw) * 10n ** BigInt(scale - p.decimals);
  return expectedLiteral(total.toString(), scale);
}

/** The raw JSON text between two keys of a body, e.g. one array of a statistics object. */
export function between(text: string, from: string, to?: string): string {
  const a = text.indexOf(`"${from}"`);
  const b = to ? text.indexOf(`"${to}"`, a) : text.length;
  return text.slice(a, b);
}

/**
 * Where the lake's window starts and what the whole chain's transaction count is anchored on, read from the raw
 * blocks and the pre-window totals (docs/compat.md "Whole-chain figures"): `fromGenesis` when the first block is 0
 * (the lake's sums are then the whole chain's), `preTx` the pre-window transaction total as of the block just before
 * the first one (0 from genesis), null without one.
 */
export async function windowStart(): Promise<{ first: bigint; fromGenesis: boolean; preTx: bigint | null }> {
  const [b] = await sql('select min(block_number) as first from raw_blocks');
  const first = BigInt(String(b!.first));
  if (first === 0n) return { first, fromGenesis: true, preTx: 0n };
  const pre = await sql(`select cast(tx_count as varchar) as tx from dim_pre_window_totals where as_of_block = ${first - 1n}`);
  return { first, fromGenesis: false, preTx: pre.length === 0 ? null : BigInt(String(pre[0]!.tx)) };
}
