import { describe, expect, it } from 'vitest';
import { get, listAll, sql, testManifest } from '../../helpers/lake.ts';

const UINT256_MAX = (1n << 256n) - 1n;
const ZERO = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

interface Event { type: 'approve' | 'transfer'; hash: string; block: number; order: [number, number, number, number]; amount: bigint; initiator: string }

/**
 * The test's own allowance ledger of (token, owner, spender), from the raw tables in chain order: an approval sets
 * the allowance (unlimited at 2^256-1), a TRC20 transfer out of an account's balance (never a contract's) spends it
 * when the owner did not move it by calling the token itself, and the spender moved it: it signed a call of the token
 * (a direct transferFrom), or it is the contract the signer called (a router).
 */
async function ledger(token: string, owner: string, spender: string) {
  const approvals = await sql(`SELECT a.tx_hash, a.block_number, a.tx_index, a.log_index, a.amount_raw, x.owner_address AS signer
    FROM raw_token_approvals a JOIN raw_transactions x ON x.block_number = a.block_number AND x.tx_index = a.tx_index
    WHERE a.contract_address = '${token}' AND a.owner_address = '${owner}' AND a.spender_address = '${spender}'`);
  const transfers = await sql(`SELECT t.tx_hash, t.block_number, t.tx_index, t.log_index, t.batch_index, t.amount_raw, x.owner_address AS signer, x.contract_address AS called
    FROM raw_token_transfers t JOIN raw_transactions x ON x.block_number = t.block_number AND x.tx_index = t.tx_index
    WHERE t.token_standard = 'trc20' AND t.contract_address = '${token}' AND t.from_address = '${owner}' AND t.from_address <> '${ZERO}'
      AND NOT EXISTS (SELECT 1 FROM dim_contracts c WHERE c.address = t.from_address)`);
  const events: Event[] = [
    ...approvals.map((r): Event => ({ type: 'approve', hash: String(r.tx_hash), block: Number(r.block_number), order: [Number(r.block_number), Number(r.tx_index), Number(r.log_index), 0], amount: BigInt(String(r.amount_raw)), initiator: String(r.signer) })),
    ...transfers
      .filter((r) => r.called !== null && !(r.signer === owner && r.called === token))
      .filter((r) => (r.called === token ? r.signer === spender : r.called === spender))
      .map((r): Event => ({ type: 'transfer', hash: String(r.tx_hash), block: Number(r.block_number), order: [Number(r.block_number), Number(r.tx_index), Number(r.log_index), Number(r.batch_index)], amount: BigInt(String(r.amount_raw)), initiator: String(r.signer) })),
  ];
  events.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2] || a.order[3] - b.order[3]);
  // Replay: what the allowance is after each event (a spend past it floors at 0: the lake may start after the approval).
  let allowance: bigint | null = null;
  const after: (bigint | null)[] = [];
  for (const e of events) {
    if (e.type === 'approve') allowance = e.amount;
    else if (allowance !== null && allowance !== UINT256_MAX) allowance = allowance > e.amount ? allowance - e.amount : 0n;
    after.push(allowance);
  }
  return { events, after, allowance };
}

/** The (token, owner, spender) with the most approve and transfer events together, from plain SQL over the raw tables. */
async function busiestAllowance(): Promise<{ token: string; owner: string; spender: string } | undefined> {
  const [r] = await sql(`WITH a AS (SELECT contract_address AS token, owner_address AS owner, spender_address AS spender, count(*) AS n
      FROM raw_token_approvals WHERE token_standard = 'trc20' GROUP BY ALL),
    s AS (SELECT t.contract_address AS token, t.from_address AS owner,
             CASE WHEN x.contract_address = t.contract_address THEN x.owner_address ELSE x.contract_address END AS spender, count(*) AS m
      FROM raw_token_transfers t JOIN raw_transactions x ON x.block_number = t.block_number AND x.tx_index = t.tx_index
      WHERE t.token_standard = 'trc20' AND x.contract_address IS NOT NULL
        AND NOT (x.owner_address = t.from_address AND x.contract_address = t.contract_address)
        AND t.from_address NOT IN (SELECT address FROM dim_contracts) GROUP BY ALL)
    SELECT a.token, a.owner, a.spender FROM a LEFT JOIN (SELECT token, owner, spender, sum(m) AS m FROM s GROUP BY ALL) s USING (token, owner, spender)
    ORDER BY coalesce(s.m, 0) DESC, a.n DESC, a.token, a.owner, a.spender LIMIT 1`);
  return r ? { token: String(r.token), owner: String(r.owner), spender: String(r.spender) } : undefined;
}

const url = (a: { token: string; owner: string; spender: string }, more = '') =>
  `/api/account/approve/change?contract_address=${a.token}&from_address=${a.owner}&to_address=${a.spender}${more}`;

describe('GET /api/account/approve/change', () => {
  it("type=approve (default) and type=transfer: the ledger's events of each type, newest first", async () => {
    const a = await busiestAllowance();
    expect(a, 'the lake holds an approval').toBeDefined();
    const { events } = await ledger(a!.token, a!.owner, a!.spender);
    if ((await testManifest()).source.kind === 'generate') expect(events.filter((e) => e.type === 'transfer').length, 'spends of the busiest allowance').toBeGreaterThan(0);
    for (const type of ['approve', 'transfer'] as const) {
      const expected = events.filter((e) => e.type === type).reverse();
      const got = await listAll(url(a!, type === 'approve' ? '' : '&type=transfer'));
      expect(got.map((x) => [x.hash, x.block, x.amount_str, x.from_address])).toEqual(expected.map((e) => [e.hash, e.block, e.amount.toString(), e.initiator]));
      for (const x of got) {
        expect(x.type).toBe(type);
        expect([x.owner_address, x.to_address, x.contract_address]).toEqual([a!.owner, a!.spender, a!.token]);
        expect(x.unlimited).toBe(type === 'approve' && BigInt(x.amount_str) === UINT256_MAX);
        expect(x.revert).toBe(false);
        expect(x.contract_ret).toBe('SUCCESS');
      }
    }
  });

  it("a contract's payout in a call someone else signed (a pool paying a swap out) is no spend of an allowance", async () => {
    const payouts = await sql(`SELECT t.contract_address AS token, t.from_address AS owner, x.owner_address AS signer, x.contract_address AS called
      FROM raw_token_transfers t JOIN raw_transactions x ON x.block_number = t.block_number AND x.tx_index = t.tx_index
      WHERE t.token_standard = 'trc20' AND x.owner_address <> t.from_address AND t.from_address IN (SELECT address FROM dim_contracts)
      GROUP BY ALL ORDER BY count(*) DESC, 1, 2, 3, 4 LIMIT 3`);
    if ((await testManifest()).source.kind === 'generate') expect(payouts.length).toBeGreaterThan(0);
    for (const p of payouts) {
      for (const spender of [String(p.signer), String(p.called)]) {
        const r = await get(url({ token: String(p.token), owner: String(p.owner), spender }, '&type=transfer'));
        expect(r.status).toBe(200);
        expect(r.body.total, `${p.owner} → ${spender}`).toBe(0);
      }
    }
  });

  it("the newest approval's amount is what approve/list shows for the key; the ledger's allowance never exceeds it unless unlimited", async () => {
    const a = (await busiestAllowance())!;
    expect(a, 'the lake holds an approval').toBeDefined();
    const { events, allowance } = await ledger(a.token, a.owner, a.spender);
    const lastApproval = events.filter((e) => e.type === 'approve').at(-1)!;
    const [first] = (await get(url(a))).body.data;
    expect(first.amount_str).toBe(lastApproval.amount.toString());
    const list = await listAll(`/api/account/approve/list?address=${a.owner}&type=token`);
    const shown = list.find((x) => x.contract_address === a.token && x.to_address === a.spender);
    if (lastApproval.amount === 0n) expect(shown).toBeUndefined();
    else expect(shown.amount).toBe(lastApproval.amount.toString());
    if (allowance !== null && lastApproval.amount !== UINT256_MAX) expect(allowance <= lastApproval.amount).toBe(true);
  });

  it('paging and totals: the default 10, start and limit each alone, limit clamped at 50, start past the end', async () => {
    const a = await busiestAllowance();
    if (!a) return expect((await testManifest()).source.kind, "only a lake without them may skip").not.toBe("generate");
    const all = await listAll(url(a, '&type=transfer'));
    const d = await get(url(a, '&type=transfer'));
    expect(d.body.data).toEqual(all.slice(0, 10));
    expect(d.body.rangeTotal).toBe(all.length);
    expect(d.body.total).toBe(Math.min(all.length, 10000));
    expect((await get(url(a, '&type=transfer&start=1'))).body.data).toEqual(all.slice(1, 11));
    expect((await get(url(a, '&type=transfer&limit=3'))).body.data).toEqual(all.slice(0, 3));
    expect((await get(url(a, '&type=transfer&limit=80'))).body.data).toEqual(all.slice(0, 50));
    const past = await get(url(a, `&type=transfer&start=${all.length + 5}`));
    expect(past.body.data).toEqual([]);
    expect(past.body.rangeTotal).toBe(all.length);
  });

  it("fromAddressTag / toAddressTag: the owner's and the spender's public tags (address_labels), absent without one", async () => {
    // Allowances with a labelled side first (the generated lakes label some owners), then unlabelled ones.
    const keys = await sql(`SELECT DISTINCT contract_address AS token, owner_address AS owner, spender_address AS spender,
        (owner_address IN (SELECT address FROM ref_address_labels)) OR (spender_address IN (SELECT address FROM ref_address_labels)) AS labelled
      FROM raw_token_approvals WHERE token_standard = 'trc20' ORDER BY labelled DESC, token, owner, spender LIMIT 4`);
    const labels = new Map((await sql('SELECT address, public_tag FROM ref_address_labels')).map((r) => [String(r.address), String(r.public_tag)]));
    if ((await testManifest()).source.kind === 'generate') expect(keys.some((k) => k.labelled === true)).toBe(true);
    for (const k of keys) {
      const r = await get(url({ token: String(k.token), owner: String(k.owner), spender: String(k.spender) }, '&limit=50'));
      expect(r.status).toBe(200);
      expect(r.body.data.length).toBeGreaterThan(0);
      for (const item of r.body.data) {
        expect(item.fromAddressTag, String(k.owner)).toBe(labels.get(String(k.owner)) || undefined);
        expect(item.toAddressTag, String(k.spender)).toBe(labels.get(String(k.spender)) || undefined);
      }
    }
  });

  it('an allowance never given: empty; each required address missing or malformed, a bad type or a negative start: 400', async () => {
    const none = await get(`/api/account/approve/change?contract_address=${ZERO}&from_address=${ZERO}&to_address=${ZERO}`);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ total: 0, rangeTotal: 0, data: [] });
    const ok = `contract_address=${ZERO}&from_address=${ZERO}&to_address=${ZERO}`;
    for (const name of ['contract_address', 'from_address', 'to_address']) {
      const without = ok.split('&').filter((kv) => !kv.startsWith(`${name}=`)).join('&');
      expect((await get(`/api/account/approve/change?${without}`)).status).toBe(400);
      expect((await get(`/api/account/approve/change?${without}&${name}=Tbad`)).status).toBe(400);
    }
    expect((await get(`/api/account/approve/change?${ok}&type=mint`)).status).toBe(400);
    expect((await get(`/api/account/approve/change?${ok}&start=-1`)).status).toBe(400);
  });
});
