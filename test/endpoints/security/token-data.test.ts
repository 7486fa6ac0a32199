import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

const ZERO = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
// The published rule (docs/compat.md "Security and approvals"): a URL or a domain in the name or symbol.
const URL_IN_TEXT = /(https?:\/\/|www\.|t\.me\/|[a-z0-9-]+\.(com|net|org|io|xyz|top|vip|cc|me|app|site|info|link|club|pro|example)\b)/i;

async function expected(id: string) {
  const [t] = await sql(`SELECT token_standard, vip, level, name, symbol FROM dim_tokens WHERE token_id = '${id}'`);
  if (!t) return undefined;
  const [f] = await sql(`SELECT
    (SELECT count(*) FROM raw_token_transfers WHERE contract_address = '${id}' AND from_address = '${ZERO}' AND amount_raw <> '0') AS mints,
    (SELECT count(*) FROM raw_stablecoin_events WHERE contract_address = '${id}' AND supply_effect = 'mint') AS stable_mints,
    (SELECT count(*) FROM raw_stablecoin_events WHERE contract_address = '${id}' AND blacklist_effect IS NOT NULL) AS blacklist,
    (SELECT count(*) FROM ref_dex_pools WHERE token0 = '${id}' OR token1 = '${id}') AS pools,
    (SELECT count(*) FROM ref_project_contracts WHERE ',' || coalesce(tokens, '') || ',' LIKE '%,${id},%') AS contracts`);
  const trc10 = t.token_standard === 'trc10';
  return {
    is_vip: t.vip === true,
    black_list_type: trc10 ? 2 : Number(f!.blacklist) > 0 ? 1 : 0,
    increase_total_supply: trc10 ? 2 : Number(f!.mints) + Number(f!.stable_mints) > 0 ? 1 : 0,
    token_level: String(t.level),
    has_url: URL_IN_TEXT.test(String(t.name)) || URL_IN_TEXT.test(String(t.symbol)),
    swap_token: Number(f!.pools) + Number(f!.contracts) > 0,
    open_source: false,
    is_proxy: false,
  };
}

describe('GET /api/security/token/data', () => {
  it('each token of the tokens table (up to 40): listing fields and the lake rules', async () => {
    const ids = await sql(`SELECT token_id FROM dim_tokens ORDER BY level DESC, vip DESC, token_standard, token_id LIMIT 40`);
    expect(ids.length).toBeGreaterThan(0);
    for (const r of ids) {
      const id = String(r.token_id);
      const got = await get(`/api/security/token/data?address=${id}`);
      expect(got.status).toBe(200);
      expect(got.body, id).toEqual(await expected(id));
    }
  });

  it('an unknown token answers the defaults; a missing or malformed id is a 400', async () => {
    const defaults = { is_vip: false, black_list_type: 0, increase_total_supply: 0, token_level: '0', has_url: false, swap_token: false, open_source: false, is_proxy: false };
    expect((await get(`/api/security/token/data?address=${ZERO}`)).body).toEqual((await expected(ZERO)) ?? defaults);
    expect((await get('/api/security/token/data?address=9999999999')).body).toEqual(defaults);
    expect((await get('/api/security/token/data')).status).toBe(400);
    expect((await get('/api/security/token/data?address=abc')).status).toBe(400);
  });
});
