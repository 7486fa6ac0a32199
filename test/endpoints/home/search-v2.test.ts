/**
 * /api/search/v2 against plain SQL over the raw tables: the tokens and contracts dimensions, the address_labels
 * reference, the newest account snapshot (expected-accounts.ts), raw_transactions and raw_blocks. Terms are picked
 * with SQL so the test holds on both lakes.
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { EXPECTED_ACCOUNTS_SQL } from '../account/expected-accounts.ts';

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;
const search = (query: string) => get(`/api/search/v2?${query}`);
/** The statements and key files an answer read (Server-Timing names). */
const timing = (h: Record<string, unknown>) => String(h['server-timing'] ?? '').split(', ').map((t) => t.split(';')[0]!).filter((t) => t !== '' && !t.startsWith('total'));

/** Token ids matching `term` exactly (id, name or symbol) then by prefix of name or symbol, each group as a set. */
async function expectedTokens(term: string): Promise<{ exact: string[]; prefix: string[] }> {
  const t = q(term.toLowerCase());
  const rows = await sql(`
    SELECT token_id || '/' || token_standard AS k,
           token_id = ${q(term)} OR lower(name) = ${t} OR lower(symbol) = ${t} AS exact
    FROM dim_tokens
    WHERE token_id = ${q(term)} OR starts_with(lower(name), ${t}) OR starts_with(lower(symbol), ${t})`);
  return { exact: rows.filter((r) => r.exact).map((r) => String(r.k)).sort(), prefix: rows.filter((r) => !r.exact).map((r) => String(r.k)).sort() };
}

describe('GET /api/search/v2', () => {
  it('a missing term, a start of 50, an unknown type and a malformed start or limit are 400s naming the parameter', async () => {
    for (const [query, param] of [
      ['', 'term'],
      ['type=token', 'term'],
      ['term=a&start=50', 'start'],
      ['term=a&start=-1', 'start'],
      ['term=a&limit=x', 'limit'],
      ['term=a&type=wallet', 'type'],
    ] as const) {
      const r = await search(query);
      expect(r.status, query).toBe(400);
      expect(JSON.stringify(r.body), query).toContain(param);
    }
  });

  it('tokens: exact id / name / symbol first, then name or symbol prefixes; holders descending inside each group', async () => {
    const [pick] = await sql(`SELECT symbol FROM dim_tokens WHERE length(symbol) >= 3 ORDER BY token_standard, token_id LIMIT 1`);
    expect(pick).toBeDefined();
    for (const term of [String(pick!.symbol), String(pick!.symbol).slice(0, 2).toLowerCase()]) {
      const want = await expectedTokens(term);
      const r = await search(`term=${encodeURIComponent(term)}&type=token&limit=50`);
      expect(r.status).toBe(200);
      expect(Object.keys(r.body)).toEqual(['token']);
      const got = r.body.token as any[];
      expect(got.length).toBeGreaterThan(0);
      const keys = got.map((x) => `${x.token_id}/${x.token_type}`);
      const n = want.exact.length;
      expect(keys.slice(0, n).sort()).toEqual(want.exact);
      expect(keys.slice(n).sort()).toEqual(want.prefix.slice(0, 50 - n));
      for (const [from, to] of [[0, n], [n, got.length]]) {
        const hs = got.slice(from, to).map((x) => x.holders);
        expect(hs).toEqual([...hs].sort((a, b) => b - a));
      }
      const dims = new Map((await sql(`SELECT token_id || '/' || token_standard AS k, name, symbol, vip, logo_url FROM dim_tokens`)).map((d) => [String(d.k), d]));
      for (const x of got) {
        const d = dims.get(`${x.token_id}/${x.token_type}`)!;
        expect([x.name, x.abbr, x.vip, x.img_url]).toEqual([d.name, d.symbol, d.vip, d.logo_url]);
      }
    }
  });

  it('start and limit cut each kind: both bounds alone and the defaults', async () => {
    const all = (await search('term=t&type=token&limit=50')).body.token as any[];
    const ids = all.map((x) => `${x.token_id}/${x.token_type}`);
    expect((await search('term=t&type=token')).body.token.map((x: any) => `${x.token_id}/${x.token_type}`)).toEqual(ids.slice(0, 10));
    expect((await search('term=t&type=token&start=0')).body.token.length).toBe(Math.min(10, ids.length));
    expect((await search('term=t&type=token&start=49&limit=50')).body.token.map((x: any) => `${x.token_id}/${x.token_type}`)).toEqual(ids.slice(49));
    expect((await search('term=t&type=token&start=1&limit=1')).body.token.map((x: any) => `${x.token_id}/${x.token_type}`)).toEqual(ids.slice(1, 2));
    expect((await search('term=t&type=token&limit=0')).body.token).toEqual([]);
    // Each bound alone (no type): start 0 and 49, limit 0 and 50.
    expect((await search('term=t&start=0')).body.token.map((x: any) => `${x.token_id}/${x.token_type}`)).toEqual(ids.slice(0, 10));
    expect((await search('term=t&start=49')).body.token.map((x: any) => `${x.token_id}/${x.token_type}`)).toEqual(ids.slice(49, 59));
    expect((await search('term=t&limit=0')).body).toEqual({ token: [], contract: [], address: [], transaction: [], block: [] });
    expect((await search('term=t&limit=50')).body.token.map((x: any) => `${x.token_id}/${x.token_type}`)).toEqual(ids);
    expect((await search('term=t&type=token&limit=500')).body.token.length).toBe(ids.length);
    // Without `type`, every kind is answered.
    expect(Object.keys((await search('term=t')).body).sort()).toEqual(['address', 'block', 'contract', 'token', 'transaction']);
  });

  it('contracts: by address, and by name exactly then by prefix', async () => {
    const [c] = await sql(`SELECT address, name, tag FROM dim_contracts WHERE name <> '' ORDER BY address LIMIT 1`);
    if (!c) return expect((await testManifest()).source.kind, "only a lake without them may skip").not.toBe("generate");
    const byAddress = await search(`term=${c.address}&type=contract`);
    expect(byAddress.body.contract).toEqual([{ contract_address: c.address, name: c.name, tag: c.tag, verify_status: 0 }]);
    const term = String(c.name).slice(0, 3);
    const want = await sql(`
      SELECT address, lower(name) = ${q(term.toLowerCase())} AS exact FROM dim_contracts
      WHERE name <> '' AND starts_with(lower(name), ${q(term.toLowerCase())}) ORDER BY exact DESC, address LIMIT 50`);
    const got = (await search(`term=${encodeURIComponent(term)}&type=contract&limit=50`)).body.contract as any[];
    expect(got.map((x) => x.contract_address)).toEqual(want.map((w) => w.address));
  });

  it('addresses: an account by its address (newest snapshot balance, lake transactions) and labelled addresses by label', async () => {
    const [a] = await sql(`SELECT * FROM (${EXPECTED_ACCOUNTS_SQL}) ORDER BY tx_total DESC, address LIMIT 1`);
    expect(a).toBeDefined();
    const [label] = await sql(`SELECT min(public_tag) AS t FROM ref_address_labels WHERE address = ${q(String(a!.address))}`);
    const got = (await search(`term=${a!.address}&type=address`)).body.address;
    expect(got).toEqual([
      { address: a!.address, name: String(a!.account_name ?? ''), address_tag: String(label?.t ?? ''), balance: Number(a!.balance), total_transactions: Number(a!.tx_total) },
    ]);
    const [l] = await sql(`SELECT public_tag FROM ref_address_labels ORDER BY address LIMIT 1`);
    if (!l) return expect((await testManifest()).source.kind, "only a lake without them may skip").not.toBe("generate");
    const term = String(l.public_tag).slice(0, 4);
    const want = await sql(`
      SELECT address, bool_or(lower(public_tag) = ${q(term.toLowerCase())}) AS exact FROM ref_address_labels
      WHERE starts_with(lower(public_tag), ${q(term.toLowerCase())}) GROUP BY address ORDER BY exact DESC, address LIMIT 50`);
    const byLabel = (await search(`term=${encodeURIComponent(term)}&type=address&limit=50`)).body.address as any[];
    expect(byLabel.map((x) => x.address)).toEqual(want.map((w) => w.address));
    const accounts = new Map((await sql(`SELECT address, balance FROM (${EXPECTED_ACCOUNTS_SQL})`)).map((r) => [String(r.address), Number(r.balance)]));
    for (const x of byLabel) expect(x.balance, x.address).toBe(accounts.get(x.address) ?? 0);
  });

  it('a transaction by its id (any case, 0x accepted); an id one digit off finds none', async () => {
    const [t] = await sql(`SELECT tx_hash, block_number, "timestamp", owner_address, to_address, contract_type, contract_ret FROM raw_transactions ORDER BY tx_hash LIMIT 1`);
    const want = [{
      hash: t!.tx_hash, block: Number(t!.block_number), timestamp: Number(t!.timestamp), ownerAddress: t!.owner_address,
      toAddress: t!.to_address ?? '', contractType: Number(t!.contract_type), contractRet: t!.contract_ret,
    }];
    for (const term of [String(t!.tx_hash), `0x${String(t!.tx_hash).toUpperCase()}`]) {
      const r = await search(`term=${term}&type=transaction`);
      const got = r.body.transaction as any[];
      expect(got.map(({ confirmed: _c, ...rest }) => rest)).toEqual(want);
      // From the key files alone: no statement.
      expect(timing(r.headers)).toContain('keys.tx_by_hash');
      expect(timing(r.headers).every((t) => t.startsWith('keys.')), timing(r.headers).join()).toBe(true);
    }
    const off = String(t!.tx_hash).slice(0, 63) + (String(t!.tx_hash).endsWith('0') ? '1' : '0');
    expect((await search(`term=${off}&type=transaction`)).body.transaction).toEqual([]);
    expect((await search('term=12345&type=transaction')).body.transaction).toEqual([]);
  });

  it('a block by height or by id; past the head finds none', async () => {
    const [b] = await sql(`SELECT block_number, block_hash, "timestamp", witness_address, tx_count FROM raw_blocks ORDER BY tx_count DESC, block_number LIMIT 1`);
    const want = [{ number: Number(b!.block_number), hash: b!.block_hash, timestamp: Number(b!.timestamp), witness_address: b!.witness_address, nrOfTrx: Number(b!.tx_count) }];
    for (const term of [String(b!.block_number), String(b!.block_hash)]) {
      const r = await search(`term=${term}&type=block`);
      const got = r.body.block as any[];
      expect(got.map(({ confirmed: _c, ...rest }) => rest)).toEqual(want);
      expect(timing(r.headers)).toEqual(['keys.blocks_by_number']);
    }
    const [head] = await sql('SELECT max(block_number) + 1 AS n FROM raw_blocks');
    expect((await search(`term=${head!.n}&type=block`)).body.block).toEqual([]);
  });
});
