/**
 * The unclaimed voting reward of every account at the lake's newest snapshot, computed without the lake's reward
 * column (issue 27): on a generated lake from its own chain (the model of docs/generator.md "Opening state",
 * replayed here in bigint over the raw vote, unfreeze and withdrawal transactions, the opening snapshot's votes and the
 * witnesses dimension); on an ingested lake, the fake node's own getReward answer as of the lake's solid head.
 */
import { base58ToHex } from '../../../src/chain/address.ts';
import type { Manifest } from '../../../src/lake/manifest.ts';
import type { Row } from '../../../src/duckdb/duck.ts';

type Sql = (q: string) => Promise<Row[]>;

/** Address → reward in sun, for every address of the newest snapshot (0 when it has none). */
export async function expectedRewards(sql: Sql, manifest: Manifest): Promise<Map<string, bigint>> {
  return manifest.source.kind === 'generate' ? generatorRewards(sql) : fakeNodeRewards(sql, manifest);
}

async function generatorRewards(sql: Sql): Promise<Map<string, bigint>> {
  // The opening and head snapshots' times: the network snapshots written with them.
  const [b] = await sql(`SELECT min(as_of_block) AS open_block, max(as_of_block) AS head_block, min("timestamp") AS open_ts, max("timestamp") AS head_ts
      FROM snap_network_snapshots`);
  const openTs = BigInt(String(b!.open_ts));
  const headTs = BigInt(String(b!.head_ts));
  const srs = new Map<string, bigint>(); // SR of rank 1-127 → 100 − brokerage
  let v127 = 0n;
  for (const w of await sql('SELECT address, votes, brokerage FROM dim_witnesses WHERE rank <= 127')) {
    srs.set(String(w.address), 100n - BigInt(String(w.brokerage)));
    v127 += BigInt(String(w.votes));
  }
  type Vote = { sr: string; n: bigint };
  // Each account's vote sets over time: [from, set], the opening set first.
  const sets = new Map<string, { from: bigint; votes: Vote[] }[]>();
  for (const r of await sql(`SELECT address, votes_json FROM snap_account_snapshots WHERE as_of_block = ${b!.open_block} AND votes_json <> '[]'`)) {
    const votes = (JSON.parse(String(r.votes_json)) as { address: string; count: number }[]).map((v) => ({ sr: v.address, n: BigInt(v.count) }));
    sets.set(String(r.address), [{ from: openTs, votes }]);
  }
  const events = await sql(`SELECT owner_address, "timestamp" AS ts, contract_type, parameter_json FROM raw_transactions
    WHERE contract_type IN (4, 12) AND contract_ret = 'SUCCESS' ORDER BY block_number, tx_index`);
  for (const e of events) {
    const a = String(e.owner_address);
    const votes = Number(e.contract_type) === 4
      ? (JSON.parse(String(e.parameter_json)).votes as { vote_address: string; vote_count: number | string }[]).map((v) => ({ sr: v.vote_address, n: BigInt(v.vote_count) }))
      : [];
    if (!sets.has(a)) sets.set(a, []);
    sets.get(a)!.push({ from: BigInt(String(e.ts)), votes });
  }
  const since = new Map<string, bigint>();
  for (const w of await sql(`SELECT owner_address, max("timestamp") AS ts FROM raw_transactions WHERE contract_type = 13 AND contract_ret = 'SUCCESS' GROUP BY 1`)) {
    since.set(String(w.owner_address), BigInt(String(w.ts)));
  }
  const out = new Map<string, bigint>();
  for (const r of await sql(`SELECT address FROM snap_account_snapshots WHERE as_of_block = ${b!.head_block}`)) out.set(String(r.address), 0n);
  for (const [a, list] of sets) {
    const start = since.get(a) ?? 0n;
    let sum = 0n;
    list.forEach((s, i) => {
      const to = i + 1 < list.length ? list[i + 1]!.from : headTs;
      const from = s.from > start ? s.from : start;
      if (to <= from) return;
      for (const v of s.votes) {
        const share = srs.get(v.sr);
        if (share !== undefined) sum += v.n * (to - from) * share;
      }
    });
    out.set(a, (sum * 128_000_000n) / (300_000n * v127));
  }
  return out;
}

async function fakeNodeRewards(sql: Sql, m: Manifest): Promise<Map<string, bigint>> {
  const { handle, defaultState } = await import('../../datasets/ingest/fake-node.ts');
  const { INGESTED_CHAIN } = await import('../../global-setup-ingested.ts');
  const state = defaultState({ low: m.first!.number, head: m.solidBlock, solid: m.solidBlock, slotMs: INGESTED_CHAIN.slotMs, rich: true, staking: true, record: false });
  const out = new Map<string, bigint>();
  for (const r of await sql('SELECT DISTINCT address FROM snap_account_snapshots')) {
    const answer = JSON.parse(handle(state, '/walletsolidity/getReward', { address: base58ToHex(String(r.address)), visible: false }).text.replace(/:(\d{16,})/g, ':"$1"'));
    out.set(String(r.address), BigInt(answer.reward ?? 0));
  }
  return out;
}
