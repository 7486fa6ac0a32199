/**
 * /api/multiple/chain/query against plain SQL over the dimensions and the references (contracts, tokens,
 * address_labels, multichain_addresses): every address the multichain reference lists (when loaded), a token
 * contract, a plain account; no key needed, 400 without or with a malformed address.
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testApp } from '../../helpers/lake.ts';

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;

async function expected(address: string) {
  const a = q(address);
  const [f] = await sql(`
    SELECT EXISTS (SELECT 1 FROM dim_contracts WHERE address = ${a}) AS is_contract,
           (SELECT min(logo_url) FROM dim_tokens WHERE token_id = ${a} AND token_standard <> 'trc10') AS logo,
           (SELECT min(description) FROM dim_tokens WHERE token_id = ${a} AND token_standard <> 'trc10') AS description,
           EXISTS (SELECT 1 FROM dim_tokens WHERE token_id = ${a} AND token_standard <> 'trc10') AS is_token,
           (SELECT min(public_tag) FROM ref_address_labels WHERE address = ${a}) AS tag`);
  const chains = await sql(`SELECT * FROM ref_multichain_addresses WHERE tron_address = ${a} ORDER BY name`);
  return {
    isToken: f!.is_token,
    isContract: f!.is_contract,
    tronAddress: address,
    tronLogo: String(f!.logo ?? ''),
    redTag: '',
    publicTag: String(f!.tag ?? ''),
    description: f!.is_contract ? String(f!.description ?? '') : '',
    multipleChain: chains.map((c) => ({
      exist: c.exists, chain: c.chain, name: c.name, title: c.title, address: c.address, logo: String(c.logo ?? ''), url: String(c.url ?? ''),
      ...(c.type === null ? {} : { type: c.type }),
    })),
  };
}

describe('GET /api/multiple/chain/query', () => {
  it('no API key needed (SPEC §5 asks it of keyEvents only); 400 without or with a malformed address', async () => {
    const app = await testApp();
    const [a] = await sql('SELECT owner_address AS a FROM raw_transactions ORDER BY tx_hash LIMIT 1');
    expect((await app.inject({ method: 'GET', url: `/api/multiple/chain/query?address=${a!.a}` })).statusCode).toBe(200);
    expect((await get('/api/multiple/chain/query')).status).toBe(400);
    expect((await get('/api/multiple/chain/query?address=0x1234')).status).toBe(400);
  });

  it('the listed addresses, a token contract and a plain account, as the tables say', async () => {
    const picks = await sql(`
      (SELECT DISTINCT tron_address AS a FROM ref_multichain_addresses ORDER BY a LIMIT 20)
      UNION (SELECT min(token_id) FROM dim_tokens WHERE token_standard = 'trc20')
      UNION (SELECT min(owner_address) FROM raw_transactions WHERE owner_address NOT IN (SELECT address FROM dim_contracts))`);
    const addresses = picks.map((p) => String(p.a)).filter((a) => /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(a));
    expect(addresses.length).toBeGreaterThan(1);
    let listed = 0;
    for (const address of addresses) {
      const r = await get(`/api/multiple/chain/query?address=${address}`);
      expect(r.status, address).toBe(200);
      expect(r.body, address).toEqual(await expected(address));
      if (r.body.multipleChain.length > 0) listed++;
    }
    // The generated lake's synthetic rows reach the answers; a lake without the reference answers [] everywhere.
    const [n] = await sql('SELECT count(*) AS n FROM ref_multichain_addresses');
    expect(listed > 0).toBe(Number(n!.n) > 0);
  });
});
