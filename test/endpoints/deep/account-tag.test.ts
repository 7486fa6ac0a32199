/**
 * /api/account/tag against plain SQL: the label from address_labels, the behaviour tags from the published rules
 * (docs/compat.md "Search and homepage": 1,000,000 TRX, 1,000 lake transactions, created in the last 30 days, token
 * and NFT issuers from the tokens dimension, DeFi contracts from project_contracts, the witness type) computed over the
 * newest account snapshot, raw_transactions and the dimensions; no key needed, 400 without an address.
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testApp } from '../../helpers/lake.ts';
import { EXPECTED_ACCOUNTS_SQL } from '../account/expected-accounts.ts';

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** The tag keys per category the rules give `address`, from the raw tables. */
async function expectedTags(address: string): Promise<Record<string, string[]>> {
  const a = q(address);
  const [f] = await sql(`
    SELECT (SELECT balance FROM (${EXPECTED_ACCOUNTS_SQL}) WHERE address = ${a}) AS balance,
           (SELECT create_time FROM (${EXPECTED_ACCOUNTS_SQL}) WHERE address = ${a}) AS create_time,
           (SELECT tx_total FROM (${EXPECTED_ACCOUNTS_SQL}) WHERE address = ${a}) AS tx_total,
           (SELECT count(*) FROM dim_tokens WHERE issuer_address = ${a} AND token_standard IN ('trc10', 'trc20')) AS fungible,
           (SELECT count(*) FROM dim_tokens WHERE issuer_address = ${a} AND token_standard IN ('trc721', 'trc1155')) AS nft,
           (SELECT min(witness_type) FROM dim_witnesses WHERE address = ${a}) AS witness_type,
           (SELECT count(*) FROM ref_project_contracts WHERE contract_address = ${a}) AS defi,
           (SELECT max("timestamp") FROM raw_blocks) AS head_ts`);
  const tags: Record<string, string[]> = { Assets: [], Activity: [], DeFi: [], NFT: [], Governance: [] };
  if (f!.balance !== null) {
    if (BigInt(String(f!.balance)) >= 1_000_000_000_000n) tags.Assets!.push('chain_tag_trx_whale');
    if (Number(f!.tx_total) >= 1000) tags.Activity!.push('chain_tag_active_account');
    if (Number(f!.create_time) > 0 && Number(f!.head_ts) - Number(f!.create_time) <= 30 * 86_400_000) tags.Activity!.push('chain_tag_new_account');
  }
  if (Number(f!.fungible) > 0) tags.Assets!.push('chain_tag_token_issuer');
  if (Number(f!.nft) > 0) tags.NFT!.push('chain_tag_nft_issuer');
  if (Number(f!.defi) > 0) tags.DeFi!.push('chain_tag_defi_contract');
  const w = f!.witness_type === null ? undefined : ({ 1: 'chain_tag_super_representative', 2: 'chain_tag_sr_partner', 3: 'chain_tag_sr_candidate' } as Record<number, string>)[Number(f!.witness_type)];
  if (w) tags.Governance!.push(w);
  return Object.values(tags).some((t) => t.length > 0) ? tags : {};
}

describe('GET /api/account/tag', () => {
  it('no API key needed (SPEC §5 asks it of keyEvents only); 400 without or with a malformed address', async () => {
    const app = await testApp();
    const [a] = await sql('SELECT owner_address AS a FROM raw_transactions ORDER BY tx_hash LIMIT 1');
    expect((await app.inject({ method: 'GET', url: `/api/account/tag?address=${a!.a}` })).statusCode).toBe(200);
    expect((await get('/api/account/tag')).status).toBe(400);
    expect((await get('/api/account/tag?address=T123')).status).toBe(400);
  });

  it('labels and rule tags of sample addresses: the busiest, each witness type, issuers, DeFi contracts, labelled, whales, new accounts', async () => {
    const picks = await sql(`
      (SELECT address FROM (${EXPECTED_ACCOUNTS_SQL}) ORDER BY tx_total DESC, address LIMIT 2)
      UNION (SELECT min(address) FROM dim_witnesses GROUP BY witness_type)
      UNION (SELECT min(issuer_address) FROM dim_tokens GROUP BY token_standard)
      UNION (SELECT min(contract_address) FROM ref_project_contracts)
      UNION (SELECT min(address) FROM ref_address_labels GROUP BY category)
      UNION (SELECT address FROM (${EXPECTED_ACCOUNTS_SQL}) ORDER BY balance DESC, address LIMIT 1)
      UNION (SELECT address FROM (${EXPECTED_ACCOUNTS_SQL}) ORDER BY create_time DESC, address LIMIT 1)
      UNION (SELECT address FROM (${EXPECTED_ACCOUNTS_SQL}) ORDER BY balance, address LIMIT 1)`);
    const addresses = picks.map((p) => String(p.address)).filter((a) => /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(a));
    expect(addresses.length).toBeGreaterThan(3);
    let tagged = 0;
    for (const address of addresses) {
      const [label] = await sql(`SELECT min(public_tag) AS t FROM ref_address_labels WHERE address = ${q(address)}`);
      const want = await expectedTags(address);
      const r = await get(`/api/account/tag?address=${address}`);
      expect(r.status, address).toBe(200);
      expect([r.body.blueTag, r.body.greyTag, r.body.redTag, r.body.publicTag], address).toEqual(['', '', '', String(label?.t ?? '')]);
      const got = Object.fromEntries(Object.entries(r.body.chainTags as Record<string, any[]>).map(([k, v]) => [k, v.map((t) => t.tagNameKey)]));
      expect(got, address).toEqual(want);
      for (const list of Object.values(r.body.chainTags as Record<string, any[]>)) for (const t of list) expect(t.tagDescKey).toBe(`${t.tagNameKey}_desc`);
      const hasData = Object.keys(want).length > 0 || String(label?.t ?? '') !== '';
      expect('refreshTimeInfo' in r.body, address).toBe(hasData);
      if (hasData) {
        const [h] = await sql('SELECT max("timestamp") AS ts FROM raw_blocks');
        expect(r.body.refreshTimeInfo).toEqual({ type: 'realtime', lastUpdateTime: Math.floor(Number(h!.ts) / 1000) });
      }
      if (Object.keys(want).length > 0) tagged++;
    }
    expect(tagged).toBeGreaterThan(0);
  });
});
