import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

/**
 * The four flags of an address by our published rules (docs/compat.md "Security and approvals"), from plain SQL over
 * the raw tables and the reference lists.
 */
async function expected(address: string) {
  const [r] = await sql(`SELECT
    (SELECT count(*) FROM raw_transactions WHERE owner_address = '${address}' AND contract_type = 1 AND amount < 1000000 AND memo <> '') AS dust,
    (SELECT count(*) FROM raw_token_transfers t JOIN raw_transactions x ON x.block_number = t.block_number AND x.tx_index = t.tx_index
      WHERE x.owner_address = '${address}' AND t.token_standard = 'trc20' AND t.amount_raw = '0' AND t.from_address <> '${address}') AS spoofs,
    (SELECT count(*) FROM dim_tokens WHERE issuer_address = '${address}' AND level = 4) AS unsafe,
    (SELECT list(risk_type) FROM ref_risk_addresses WHERE address = '${address}') AS listed`);
  const events = await sql(`SELECT contract_address, blacklist_effect FROM raw_stablecoin_events
    WHERE target_address = '${address}' AND blacklist_effect IN ('add', 'remove') ORDER BY block_number, tx_index, log_index`);
  const state = new Map<string, string>();
  for (const e of events) state.set(String(e.contract_address), String(e.blacklist_effect));
  const listed = new Set((r!.listed as string[] | null) ?? []);
  return {
    send_ad_by_memo: Number(r!.dust) >= 10 || listed.has('ad_spam'),
    has_fraud_transaction: Number(r!.spoofs) > 0 || listed.has('fraud') || listed.has('phishing') || listed.has('scam'),
    fraud_token_creator: Number(r!.unsafe) > 0 || listed.has('fraud_token'),
    is_black_list: [...state.values()].includes('add'),
  };
}

describe('GET /api/security/account/data', () => {
  it('an ad spammer, an UNSAFE-token issuer, a blacklisted address, a listed one and a plain sender, each as the rules give', async () => {
    const samples = await sql(`
      (SELECT owner_address AS a FROM raw_transactions WHERE contract_type = 1 AND amount < 1000000 AND memo <> '' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 2)
      UNION ALL (SELECT issuer_address FROM dim_tokens WHERE level = 4 ORDER BY 1 LIMIT 1)
      UNION ALL (SELECT target_address FROM raw_stablecoin_events WHERE blacklist_effect IS NOT NULL AND target_address IS NOT NULL ORDER BY block_number DESC LIMIT 2)
      UNION ALL (SELECT address FROM ref_risk_addresses ORDER BY address LIMIT 1)
      UNION ALL (SELECT owner_address FROM raw_transactions WHERE contract_type = 1 ORDER BY block_number LIMIT 1)`);
    expect(samples.length).toBeGreaterThan(0);
    for (const s of samples) {
      const a = String(s.a);
      const r = await get(`/api/security/account/data?address=${a}`);
      expect(r.status).toBe(200);
      expect(r.body, a).toEqual(await expected(a));
    }
  });

  it('an unknown address is all false; a missing or malformed address is a 400', async () => {
    expect((await get('/api/security/account/data?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).body)
      .toEqual(await expected('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'));
    expect((await get('/api/security/account/data')).status).toBe(400);
    expect((await get('/api/security/account/data?address=TXYZ')).status).toBe(400);
  });
});
