/**
 * The TRX supply figures of issue 33 recomputed from the raw tables (docs/compat.md "TRX supply and staking"), for the
 * turnover, funds and freezeresource tests and daily_supply's: per UTC day the blocks, the rewards at the parameter in
 * force at each block (the raw chain_parameters snapshots, from the first block at or after their block, or from the
 * lake's first block when the node's proposal listing shows no approved change before them, and the node's approved
 * proposals, from their expiration; a snapshot wins a tie), and the fees burned by kind; the anchors
 * before the lake's first block; the supply = genesis + issued − burned. All sun, bigint.
 */
import { sql, testManifest } from './lake.ts';

export const GENESIS_SUN = 100_000_000_000n * 1_000_000n;

export interface SupplyDay {
  day: string;
  blocks: bigint;
  unknown: bigint;
  blockPay: bigint;
  nodePay: bigint;
  energy: bigint;
  bandwidth: bigint;
  memo: bigint;
  accountCreation: bigint;
  srApplication: bigint;
  trc10Issue: bigint;
  other: bigint;
  burn: bigint;
}

const NUMBER_OF = `CASE x.key WHEN 5 THEN 'getWitnessPayPerBlock' WHEN 31 THEN 'getWitness127PayPerBlock' WHEN 68 THEN 'getMemoFee' END`;
const PARAMS = `
  approved AS (
    SELECT ${NUMBER_OF} AS getter, x.value, expiration_time
    FROM (SELECT expiration_time, unnest(from_json(parameters_json, '[{"key":"BIGINT","value":"BIGINT"}]')) AS x
          FROM (SELECT * FROM snap_proposals QUALIFY row_number() OVER (PARTITION BY proposal_id ORDER BY as_of_block DESC) = 1)
          WHERE state = 'APPROVED')
  ), snaps AS (
    SELECT key AS getter, value, as_of_block, (SELECT min(b."timestamp") FROM raw_blocks b WHERE b.block_number >= c.as_of_block) AS ts
    FROM snap_chain_parameters c
  ), params AS (
    SELECT getter, value, ts, 1 AS snap FROM snaps
    UNION ALL
    SELECT getter, value, expiration_time, 0 FROM approved
    UNION ALL
    -- docs/compat.md "Proposals and chain parameters": a getter's earliest snapshot also holds from the first block
    -- when the node's listing (as of that snapshot or later) has no approved proposal setting it from the first block
    -- up to the snapshot (a proposal that did is in the rows above from its expiration)
    SELECT s.getter, s.value, (SELECT min("timestamp") FROM raw_blocks), 1 FROM snaps s
    WHERE s.as_of_block = (SELECT min(as_of_block) FROM snaps o WHERE o.getter = s.getter)
      AND (SELECT max(as_of_block) FROM snap_proposals) >= s.as_of_block
      AND NOT EXISTS (SELECT 1 FROM approved a WHERE a.getter = s.getter AND a.expiration_time <= s.ts
                        AND a.expiration_time >= (SELECT min("timestamp") FROM raw_blocks))
  )`;

let cached: Promise<SupplyDay[]> | undefined;

/** Every UTC day of the lake, oldest first. */
export function supplyDays(): Promise<SupplyDay[]> {
  cached ??= (async () => {
    const rows = await sql(`
      WITH ${PARAMS},
      pay AS (
        SELECT b.block_number, b."timestamp",
               arg_max(p.value, (p.ts, p.snap)) FILTER (WHERE p.getter = 'getWitnessPayPerBlock') AS bp,
               arg_max(p.value, (p.ts, p.snap)) FILTER (WHERE p.getter = 'getWitness127PayPerBlock') AS vp
        FROM raw_blocks b LEFT JOIN params p ON p.ts <= b."timestamp" AND p.getter IN ('getWitnessPayPerBlock', 'getWitness127PayPerBlock')
        GROUP BY ALL
      ), blk AS (
        SELECT strftime(epoch_ms("timestamp"), '%Y-%m-%d') AS day, count(*) AS blocks,
               count(*) FILTER (WHERE block_number > 0 AND (bp IS NULL OR vp IS NULL)) AS unknown,
               coalesce(sum(CASE WHEN block_number > 0 AND bp IS NOT NULL AND vp IS NOT NULL THEN bp END), 0)::HUGEINT AS block_pay,
               coalesce(sum(CASE WHEN block_number > 0 AND bp IS NOT NULL AND vp IS NOT NULL THEN vp END), 0)::HUGEINT AS node_pay
        FROM pay GROUP BY 1
      ), fees AS (
        SELECT strftime(epoch_ms("timestamp"), '%Y-%m-%d') AS day, sum(energy_fee)::HUGEINT AS energy, sum(net_fee)::HUGEINT AS bandwidth,
               sum(fee)::HUGEINT AS burn
        FROM raw_transactions GROUP BY 1
      ), beyond AS (
        SELECT t.tx_hash, strftime(epoch_ms(t."timestamp"), '%Y-%m-%d') AS day, t.contract_type, t.fee - t.energy_fee - t.net_fee AS rest,
               CASE WHEN t.memo <> '' THEN least(coalesce(arg_max(p.value, (p.ts, p.snap)), 0), t.fee - t.energy_fee - t.net_fee) ELSE 0 END AS memo
        FROM raw_transactions t LEFT JOIN params p ON p.getter = 'getMemoFee' AND p.ts <= t."timestamp"
        WHERE t.fee <> t.energy_fee + t.net_fee
        GROUP BY t.tx_hash, t."timestamp", t.contract_type, t.fee, t.energy_fee, t.net_fee, t.memo
      ), kinds AS (
        SELECT day, sum(memo)::HUGEINT AS memo,
               coalesce(sum(rest - memo) FILTER (WHERE contract_type = 0), 0)::HUGEINT AS account_creation,
               coalesce(sum(rest - memo) FILTER (WHERE contract_type = 5), 0)::HUGEINT AS sr_application,
               coalesce(sum(rest - memo) FILTER (WHERE contract_type = 6), 0)::HUGEINT AS trc10_issue,
               coalesce(sum(rest - memo) FILTER (WHERE contract_type NOT IN (0, 5, 6)), 0)::HUGEINT AS other
        FROM beyond GROUP BY 1
      )
      SELECT blk.*, coalesce(f.energy, 0) AS energy, coalesce(f.bandwidth, 0) AS bandwidth, coalesce(f.burn, 0) AS burn,
             coalesce(k.memo, 0) AS memo, coalesce(k.account_creation, 0) AS account_creation, coalesce(k.sr_application, 0) AS sr_application,
             coalesce(k.trc10_issue, 0) AS trc10_issue, coalesce(k.other, 0) AS other
      FROM blk LEFT JOIN fees f USING (day) LEFT JOIN kinds k USING (day)
      ORDER BY day`);
    const b = (v: unknown): bigint => BigInt(String(v));
    return rows.map((r) => ({
      day: String(r.day), blocks: b(r.blocks), unknown: b(r.unknown), blockPay: b(r.block_pay), nodePay: b(r.node_pay),
      energy: b(r.energy), bandwidth: b(r.bandwidth), memo: b(r.memo), accountCreation: b(r.account_creation),
      srApplication: b(r.sr_application), trc10Issue: b(r.trc10_issue), other: b(r.other), burn: b(r.burn),
    }));
  })();
  return cached;
}

/**
 * The block and vote rewards of the raw blocks matching `where` (a filter over raw_blocks b, e.g. `b."timestamp" > 0`)
 * at the parameters in force at each one; null when one of them (past genesis) has an unknown reward.
 */
export async function rewardsOf(where: string): Promise<bigint | null> {
  const [r] = await sql(`
    WITH ${PARAMS},
    pay AS (
      SELECT b.block_number,
             arg_max(p.value, (p.ts, p.snap)) FILTER (WHERE p.getter = 'getWitnessPayPerBlock') AS bp,
             arg_max(p.value, (p.ts, p.snap)) FILTER (WHERE p.getter = 'getWitness127PayPerBlock') AS vp
      FROM raw_blocks b LEFT JOIN params p ON p.ts <= b."timestamp" AND p.getter IN ('getWitnessPayPerBlock', 'getWitness127PayPerBlock')
      WHERE ${where}
      GROUP BY ALL
    )
    SELECT count(*) FILTER (WHERE block_number > 0 AND (bp IS NULL OR vp IS NULL)) AS unknown,
           coalesce(sum(bp + vp) FILTER (WHERE block_number > 0), 0)::HUGEINT AS pay
    FROM pay`);
  return Number(r!.unknown) > 0 ? null : BigInt(String(r!.pay));
}

/** The chain_anchors `name` as of the block before the lake's first (0 from genesis), or null. */
export async function anchorBefore(name: 'issued_sun' | 'burned_sun'): Promise<bigint | null> {
  const m = await testManifest();
  const first = BigInt(m.first.number);
  if (first === 0n) return 0n;
  const rows = await sql(`SELECT value_raw FROM ref_chain_anchors WHERE name = '${name}' AND as_of_block = ${first - 1n}`);
  return rows.length === 0 ? null : BigInt(String(rows[0]!.value_raw));
}

/** Supply at the end of each day (null without the anchors or after a day of unknown rewards), by day. */
export async function supplyByDay(): Promise<Map<string, bigint | null>> {
  const [days, issued, burned] = await Promise.all([supplyDays(), anchorBefore('issued_sun'), anchorBefore('burned_sun')]);
  const out = new Map<string, bigint | null>();
  let minted = 0n;
  let burnt = 0n;
  let unknown = false;
  for (const d of days) {
    minted += d.blockPay + d.nodePay;
    burnt += d.burn;
    unknown ||= d.unknown > 0n;
    out.set(d.day, issued === null || burned === null || unknown ? null : GENESIS_SUN + issued + minted - burned - burnt);
  }
  return out;
}

/** Sun as the exact TRX literal the endpoints print (6 decimals, trailing zeros dropped), e.g. 1500000n → '1.5'. */
export function trxText(sun: bigint | null): string {
  if (sun === null) return 'null';
  const neg = sun < 0n;
  const a = neg ? -sun : sun;
  const frac = String(a % 1_000_000n).padStart(6, '0').replace(/0+$/, '');
  const text = `${a / 1_000_000n}${frac ? `.${frac}` : ''}`;
  return neg && text !== '0' ? `-${text}` : text;
}
