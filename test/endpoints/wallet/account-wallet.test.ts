/**
 * /api/account/wallet and /api/account/token_asset_overview: the holdings of the address with the most TRC20 and TRC10
 * positions against the independent ledgers (tokens/ledgers.ts) scaled by the tokens' decimals, and the portfolio
 * arithmetic (totals = sums of the rows, shares add up to 1).
 */
import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { LEDGER_10, LEDGER_20, ZERO } from '../token/ledgers.ts';
import { expectedLiteral as scaleDecimal } from '../token/supply-ledger.ts';

/** TRX's daily prices (a dimension: empty when the lake has none). */
const PRICES = 'rule_day_prices';
const FUNGIBLE = `SELECT holder_address h, contract_address id, bal FROM (${LEDGER_20}) WHERE bal > 0
  UNION ALL SELECT holder, token_id, bal FROM (${LEDGER_10}) WHERE bal > 0 AND holder <> '${ZERO}'`;

type Holder = { a: string; want: Map<string, { raw: string; decimals: number }> };
let cached: Promise<Holder> | undefined;
/** The holder with the most fungible positions and its expected positions (the ledgers run once per file). */
const holder = (): Promise<Holder> => (cached ??= findHolder());

async function findHolder(): Promise<Holder> {
  const [top] = await sql(`SELECT h FROM (${FUNGIBLE}) GROUP BY h ORDER BY count(*) DESC, h LIMIT 1`);
  const a = String(top!.h);
  const rows = await sql(`SELECT f.id, CAST(f.bal AS VARCHAR) b, t.decimals d FROM (${FUNGIBLE}) f JOIN dim_tokens t ON t.token_id = f.id WHERE f.h = '${a}'`);
  return { a, want: new Map(rows.map((r) => [String(r.id), { raw: String(r.b), decimals: Number(r.d) }])) };
}

describe('GET /api/account/wallet', () => {
  it('asset_type=1: TRX first with its stakes, then each fungible position decimal-adjusted', async () => {
    const { a, want } = await holder();
    const { status, body } = await get(`/api/account/wallet?address=${a}&asset_type=1`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, status: '1', message: 'request ok', count: want.size + 1 });
    const [trx, ...rest] = body.data;
    expect(trx).toMatchObject({ token_id: '_', token_type: 0, token_decimal: 6 });
    const [snap] = await sql(`SELECT CAST(balance AS VARCHAR) b, frozen_v2_bandwidth + frozen_v2_energy + frozen_v2_tron_power + delegated_v2_bandwidth + delegated_v2_energy AS v2
                              FROM snap_account_snapshots WHERE address = '${a}' ORDER BY as_of_block DESC LIMIT 1`);
    expect(trx.balance).toBe(scaleDecimal(snap ? String(snap.b) : '0', 6));
    expect(trx.frozenV2).toBe(snap ? Number(snap.v2) : 0);
    const got = new Map(rest.map((t: { token_id: string; balance: string }) => [t.token_id, t.balance]));
    expect(got).toEqual(new Map([...want].map(([id, w]) => [id, scaleDecimal(w.raw, w.decimals)])));
    for (const t of rest) expect([10, 20]).toContain(t.token_type);
    // totalValueInUsd: the sum of the rows' USD values (those with a price).
    const usd = body.data.map((t: { token_value_in_usd?: string }) => Number(t.token_value_in_usd ?? 0)).reduce((x: number, y: number) => x + y, 0);
    if (body.totalValueInUsd !== null) expect(body.totalValueInUsd).toBeCloseTo(usd, 6);
  });
});

describe('GET /api/account/wallet frozen_token_value_in_usd / frozenV2_token_value_in_usd (issue 27)', () => {
  it('the TRX row values its Stake 1.0 and 2.0 amounts in USD at TRX\'s latest daily price, both left out without a price', async () => {
    const picks = await sql(`WITH s AS (SELECT * FROM snap_account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1)
      SELECT address, frozen_v1_bandwidth + frozen_v1_energy + delegated_v1_bandwidth + delegated_v1_energy AS v1,
             frozen_v2_bandwidth + frozen_v2_energy + frozen_v2_tron_power + delegated_v2_bandwidth + delegated_v2_energy AS v2
      FROM s ORDER BY v1 + v2 DESC, address LIMIT 1`);
    const [p] = await sql(`SELECT price_usd FROM ${PRICES} WHERE token_id = '_' ORDER BY day_ts DESC LIMIT 1`);
    const usd = p?.price_usd === null || p?.price_usd === undefined ? undefined : Number(p.price_usd);
    for (const w of [...picks, { address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', v1: 0, v2: 0 }]) {
      const trx = (await get(`/api/account/wallet?address=${w.address}`)).body.data[0];
      if (usd === undefined) {
        expect(trx.frozen_token_value_in_usd).toBeUndefined();
        expect(trx.frozenV2_token_value_in_usd).toBeUndefined();
        continue;
      }
      expect(Number(trx.frozen_token_value_in_usd)).toBeCloseTo((Number(w.v1) / 1e6) * usd, 6);
      expect(Number(trx.frozenV2_token_value_in_usd)).toBeCloseTo((Number(w.v2) / 1e6) * usd, 6);
    }
    expect(Number(picks[0]!.v2)).toBeGreaterThan(0);
  });
});

describe('GET /api/account/token_asset_overview', () => {
  it('the fungible positions with raw balances; totals are the rows\' sums; shares add to 1; sort=true by USD value', async () => {
    const { a, want } = await holder();
    const { status, body } = await get(`/api/account/token_asset_overview?address=${a}`);
    expect(status).toBe(200);
    expect(body.totalTokenCount).toBe(want.size + 1);
    expect(body.data[0].tokenId).toBe('_');
    expect(new Map(body.data.slice(1).map((t: { tokenId: string; balance: string }) => [t.tokenId, t.balance]))).toEqual(
      new Map([...want].map(([id, w]) => [id, w.raw])),
    );
    const sum = (k: string) => body.data.reduce((x: number, t: Record<string, number>) => x + (t[k] ?? 0), 0);
    expect(body.totalAssetInTrx).toBeCloseTo(sum('assetInTrx'), 6);
    expect(body.totalAssetInUsd).toBeCloseTo(sum('assetInUsd'), 6);
    if (body.totalAssetInTrx > 0) expect(sum('percent')).toBeCloseTo(1, 9);
    const sorted = (await get(`/api/account/token_asset_overview?address=${a}&sort=true`)).body.data as { assetInUsd?: number }[];
    const v = sorted.map((t) => t.assetInUsd ?? -1);
    for (let i = 1; i < v.length; i++) expect(v[i - 1]!).toBeGreaterThanOrEqual(v[i]!);
  });
});
