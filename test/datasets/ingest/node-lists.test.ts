/**
 * The node's lists as snapshot datasets (issue 13, part B; datasets/ingest/node-lists.ts): network_nodes,
 * chain_parameters, proposals and witness_snapshots read from the fake node as of the solid head, when they are due
 * (first publish at the head, then each new maintenance period), a node that closed some of them, and
 * `snapshots: false`. Expectations come from the fake node's own constants and the lake's raw blocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToBase58 } from '../../../src/chain/address.ts';
import { runIngest, type IngestOptions } from '../../../datasets/ingest/index.ts';
import { MAINTENANCE_MS, NodeListSchedule } from '../../../datasets/ingest/node-lists.ts';
import { CHAIN_PARAMETERS, type FakeNode, NODE_HOSTS, REAL_BLOCK, WITNESSES, WITNESS_HISTORY, blockAt, realBlock, startFakeNode, tallyOf } from './fake-node.ts';
import { openLake, tempLake } from './lake-read.ts';
import { rederive } from '../../../src/lake/publish/publish.ts';
import { versionDir } from '../../../src/lake/manifest.ts';
import { budget } from '../../helpers/budget.ts';

const LIST_APIS = ['/wallet/listnodes', '/wallet/getchainparameters', '/wallet/listproposals', '/wallet/listwitnesses'];
const PRODUCER = hexToBase58(String(realBlock.block_header.raw_data.witness_address));

let node: FakeNode;
const cleanups: (() => void)[] = [];
const logs: string[] = [];
const lake = (): string => {
  const t = tempLake();
  cleanups.push(t.cleanup);
  return t.dir;
};
const ingest = (out: string, o: Partial<IngestOptions>) =>
  runIngest({ node: node.url, out, progress: false, backoffMs: 1, log: (l) => logs.push(l), ...o });
const listCalls = (): number => node.state.requests.filter((r) => LIST_APIS.includes(r.path)).length;

beforeAll(async () => {
  node = await startFakeNode({ low: REAL_BLOCK - 3, head: REAL_BLOCK + 3, solid: REAL_BLOCK + 3 });
});

afterAll(async () => {
  await node?.close();
  for (const c of cleanups) c();
});

describe('node lists', () => {
  it('are read as of the solid head into their snapshot datasets, as the node prints them', async () => {
    const dir = lake();
    await ingest(dir, { from: REAL_BLOCK - 3, to: REAL_BLOCK + 3 });
    const l = await openLake(dir);
    try {
      const asOf = REAL_BLOCK + 3;
      expect(await l.q('SELECT DISTINCT as_of_block FROM network_nodes')).toEqual([{ as_of_block: asOf }]);
      expect((await l.q('SELECT host, port FROM network_nodes ORDER BY host')).map((r) => `${r.host}:${r.port}`)).toEqual(
        NODE_HOSTS.map((h, i) => `${h}:${18888 + (i === 2 ? 1 : 0)}`).sort(),
      );
      // A parameter printed without a value (0 is the default) is 0.
      expect((await l.q('SELECT key, value FROM chain_parameters ORDER BY key')).map((r) => [r.key, Number(r.value)])).toEqual(
        [...CHAIN_PARAMETERS].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
      );
      const props = await l.q('SELECT proposal_id, state, approvals_json, parameters_json, proposer_address FROM proposals ORDER BY proposal_id');
      expect(props.map((p) => [Number(p.proposal_id), p.state])).toEqual([[1, 'DISAPPROVED'], [2, 'PENDING']]);
      expect(JSON.parse(String(props[0]!.approvals_json))).toContain(PRODUCER);
      expect(JSON.parse(String(props[0]!.parameters_json))).toEqual([{ key: 11, value: 420 }]);
      expect(String(props[1]!.proposer_address)).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      // Witnesses: the producer's lifetime count is its history before the node's first block plus its blocks in
      // the lake up to the as-of block; the as-of time is that block's.
      const [{ n, ts }] = (await l.q(`SELECT count(*) AS n, max("timestamp") FILTER (WHERE block_number = ${asOf}) AS ts FROM blocks WHERE witness_address = '${PRODUCER}' AND block_number <= ${asOf}`)) as [{ n: number; ts: number }];
      const w = await l.q('SELECT address, as_of_block, as_of_ts, total_produced, total_missed, latest_block_num, url FROM witness_snapshots ORDER BY total_produced');
      const producer = w.find((r) => r.address === PRODUCER)!;
      expect(Number(producer.total_produced)).toBe(WITNESS_HISTORY[0]!.produced + Number(n));
      expect(Number(producer.total_missed)).toBe(WITNESS_HISTORY[0]!.missed);
      expect(Number(producer.latest_block_num)).toBe(asOf);
      expect([Number(producer.as_of_block), Number(producer.as_of_ts)]).toEqual([asOf, Number(ts)]);
      expect(producer.url).toBe('https://producer.example');
      const other = w.find((r) => r.address !== PRODUCER)!;
      expect([Number(other.total_produced), Number(other.latest_block_num)]).toEqual([WITNESS_HISTORY[1]!.produced, WITNESS_HISTORY[1]!.latest]);
    } finally {
      l.close();
    }
  });

  it('a node that closed some lists: one warning per API, their datasets keep the previous rows', async () => {
    const dir = lake();
    node.state.solid = REAL_BLOCK;
    await ingest(dir, { from: REAL_BLOCK - 3, to: REAL_BLOCK });
    Object.assign(node.state, { solid: REAL_BLOCK + 3, noNodeLists: true });
    logs.length = 0;
    try {
      await ingest(dir, { to: REAL_BLOCK + 3 });
    } finally {
      node.state.noNodeLists = false;
    }
    for (const api of ['/wallet/listnodes', '/wallet/getchainparameters', '/wallet/listproposals']) {
      expect(logs.filter((l) => l.includes(`does not serve ${api}`)), api).toHaveLength(1);
    }
    const l = await openLake(dir);
    try {
      // The first run read all four as of its solid head; the second only the witnesses, the others kept.
      expect(await l.q('SELECT DISTINCT as_of_block FROM witness_snapshots ORDER BY 1')).toEqual([{ as_of_block: REAL_BLOCK }, { as_of_block: REAL_BLOCK + 3 }]);
      for (const t of ['network_nodes', 'chain_parameters', 'proposals']) expect(await l.q(`SELECT DISTINCT as_of_block FROM ${t}`), t).toEqual([{ as_of_block: REAL_BLOCK }]);
    } finally {
      l.close();
    }
  });

  it('with snapshots off, none is asked for', async () => {
    const dir = lake();
    const before = listCalls();
    await ingest(dir, { from: REAL_BLOCK - 3, to: REAL_BLOCK + 3, snapshots: false });
    // listwitnesses is still asked for the witnesses dimension (votes, URLs), not for a snapshot: at the start, and at
    // the first publish at the solid head (the schedule's first time; one maintenance period here).
    expect(listCalls() - before).toBe(2);
    const l = await openLake(dir);
    try {
      for (const t of ['network_nodes', 'chain_parameters', 'proposals', 'witness_snapshots']) expect(await l.q(`SELECT count(*) AS n FROM ${t}`), t).toEqual([{ n: 0 }]);
    } finally {
      l.close();
    }
  });
});

describe('the witnesses dimension', () => {
  it('is refreshed on the node lists\' schedule by chain time (each maintenance period the solid head enters), also with snapshots off', async () => {
    const SLOT = 14_400_000; // blocks 4 h apart: 4 blocks span 12 h, so the solid head crosses maintenance boundaries
    const period = (n: number): number => Math.floor(Number(blockAt(n, 0, SLOT).block_header.raw_data.timestamp) / MAINTENANCE_MS);
    const periods = new Set(Array.from({ length: 4 }, (_, i) => period(REAL_BLOCK - 1 + i)));
    expect(periods.size).toBeGreaterThan(1);
    const witnessCalls = (): number => node.state.requests.filter((r) => r.path === '/wallet/listwitnesses').length;
    for (const snapshots of [true, false]) {
      const dir = lake();
      // A node whose tally gains 1,000 votes at each maintenance; the solid head moves one block per publish.
      Object.assign(node.state, { low: REAL_BLOCK - 1, head: REAL_BLOCK + 2, solid: REAL_BLOCK - 1, slotMs: SLOT, tallyStep: 1000 });
      const before = witnessCalls();
      try {
        await runIngest({
          node: node.url, out: dir, from: REAL_BLOCK - 1, follow: true, followUntil: REAL_BLOCK + 2, pollSeconds: 0.05, publishEveryBlocks: 1,
          progress: false, backoffMs: 1, snapshots,
          log: (line) => {
            if (line.startsWith('published') && node.state.solid < REAL_BLOCK + 2) node.state.solid++;
          },
        });
        // At the start of the run, then once per maintenance period of the published solid heads (chain time; the
        // wall-clock 6 h of the run never pass), from the same request as the witness_snapshots rows.
        expect(witnessCalls() - before, `snapshots ${snapshots}`).toBe(1 + periods.size);
        const l = await openLake(dir);
        try {
          const dim = await l.q('SELECT address, votes, url FROM witnesses ORDER BY address');
          const producer = dim.find((w) => w.address === PRODUCER)!;
          // The tally of the last maintenance before the head, not of the run's start.
          expect(Number(producer.votes), `snapshots ${snapshots}`).toBe(WITNESSES[0]!.voteCount + 1000 * tallyOf({ solid: REAL_BLOCK + 2, slotMs: SLOT }));
          expect(producer.url).toBe('https://producer.example');
          if (snapshots) {
            const snaps = await l.q(`SELECT as_of_block, vote_count FROM witness_snapshots WHERE address = '${PRODUCER}' ORDER BY as_of_block`);
            expect(Number(snaps.at(-1)!.vote_count)).toBe(Number(producer.votes));
            expect(new Set(snaps.map((r) => period(Number(r.as_of_block))))).toEqual(periods);
          }
        } finally {
          l.close();
        }
        if (snapshots) {
          // witness_cycle_votes grown publish by publish, re-anchored by each period's witness snapshot, equals one
          // full derive of the lake; its last tally is the node's voteCount read in the head's period.
          const cycles = async (): Promise<string[]> => {
            const l2 = await openLake(dir);
            try {
              const rows = await l2.q(`SELECT cycle_ts, candidate_address, votes FROM read_parquet('${versionDir(dir, l2.manifest)}/derived/witness_cycle_votes/*.parquet') ORDER BY ALL`);
              return rows.map((r) => `${r.cycle_ts} ${r.candidate_address} ${r.votes}`);
            } finally {
              l2.close();
            }
          };
          const grown = await cycles();
          const last = Math.floor(Number(blockAt(REAL_BLOCK + 2, 0, SLOT).block_header.raw_data.timestamp) / MAINTENANCE_MS) * MAINTENANCE_MS;
          expect(grown).toContain(`${last} ${PRODUCER} ${WITNESSES[0]!.voteCount + 1000 * tallyOf({ solid: REAL_BLOCK + 2, slotMs: SLOT })}`);
          await rederive(dir, undefined, { all: true });
          expect(await cycles()).toEqual(grown);
        }
      } finally {
        Object.assign(node.state, { slotMs: 3000, tallyStep: 0, low: REAL_BLOCK - 3, head: REAL_BLOCK + 3, solid: REAL_BLOCK + 3 });
      }
    }
  }, budget(80));
});

describe('NodeListSchedule', () => {
  it('due at first, then once per later maintenance period of the as-of block time', () => {
    const s = new NodeListSchedule();
    const t0 = 5 * MAINTENANCE_MS + 1000;
    expect(s.due(t0)).toBe(true);
    s.done(t0);
    expect(s.due(t0 + 3_000)).toBe(false);
    expect(s.due(6 * MAINTENANCE_MS - 3_000)).toBe(false);
    expect(s.due(6 * MAINTENANCE_MS)).toBe(true);
    s.done(6 * MAINTENANCE_MS + 3_000);
    expect(s.due(7 * MAINTENANCE_MS - 1)).toBe(false);
    expect(s.warnings(['/wallet/listnodes (404)'])).toHaveLength(1);
    expect(s.warnings(['/wallet/listnodes (404)', '/wallet/listproposals (404)'])).toEqual([expect.stringContaining('/wallet/listproposals')]);
  });
});
