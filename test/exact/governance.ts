/**
 * The audit's witness endpoints (issue 13): votes of the last maintenance (the ledger of the raw vote transactions
 * from the node's tally, test/helpers/governance-ledgers.ts), realtime votes (the same ledger's tally at the boundary
 * after the head: the last maintenance's + the vote changes since), blocks produced (lifetime: the newest witness snapshot + the raw blocks after it) and their transactions
 * (raw blocks), compared as literals on /api/pagewitness, /api/vote/witness and /api/witness/general-info;
 * /api/system/tps from raw blocks and chain_anchors; /api/nodemap and /api/chainparameters from their snapshots and
 * the node_geo reference; /api/proposal from the ledger of the raw ProposalCreate / Approve / Delete transactions and
 * the active SRs (the snapshot alone is right only for a lake published in one batch: proposals created after it are
 * the transactions').
 */
import { type Ctx, s } from './context.ts';
import { arrayPart, field, objectPart, objects } from './json-text.ts';
import { cycleTalliesOver, lastCycleVotesOver, proposalLedger } from '../helpers/governance-ledgers.ts';

export async function governanceChecks({ io, get, check }: Ctx): Promise<void> {
  const dim = await io.sql('SELECT address, rank FROM dim_witnesses ORDER BY rank');
  const cycle = await lastCycleVotesOver(io.sql);
  // Blocks produced, lifetime: the newest witness snapshot's totalProduced plus the raw blocks after its block; a
  // witness without a snapshot row: every raw block when the lake is its whole life (applied at or after the lake's
  // first block, or a lake from genesis), else null; transactions: the lake's under that rule, else null.
  const made = new Map((await io.sql(`
    WITH snap AS (SELECT * FROM snap_witness_snapshots WHERE as_of_block = (SELECT max(as_of_block) FROM snap_witness_snapshots)),
    first AS (SELECT min(block_number) AS b, min("timestamp") AS ts FROM raw_blocks),
    lake AS (
      SELECT witness_address a, count(*) FILTER (WHERE block_number > (SELECT coalesce(max(as_of_block), -1) FROM snap)) AS after,
             count(*) AS blocks, sum(tx_count) AS tx
      FROM raw_blocks GROUP BY 1
    ), who AS (SELECT a FROM lake UNION SELECT address FROM snap UNION SELECT address FROM dim_witnesses),
    began AS (
      SELECT who.a, (SELECT b FROM first) = 0 OR coalesce(d.created_ts > 0 AND d.created_ts >= (SELECT ts FROM first), false) AS began
      FROM who LEFT JOIN dim_witnesses d ON d.address = who.a
    )
    SELECT began.a,
           CASE WHEN snap.address IS NOT NULL THEN CAST(snap.total_produced + coalesce(lake.after, 0) AS VARCHAR)
                WHEN began.began THEN CAST(coalesce(lake.blocks, 0) AS VARCHAR) ELSE 'null' END AS n,
           CASE WHEN began.began THEN CAST(coalesce(lake.tx, 0) AS VARCHAR) ELSE 'null' END AS tx
    FROM began LEFT JOIN lake ON lake.a = began.a LEFT JOIN snap ON snap.address = began.a`)).map((r) => [s(r.a), r]));
  const [hi] = await io.sql('SELECT max("timestamp") AS ts FROM raw_blocks');
  const next = (Math.floor(Number(hi!.ts) / 21_600_000) + 1) * 21_600_000;
  const realtime = new Map([...(await cycleTalliesOver(io.sql, [next])).get(next)!].filter(([, v]) => v !== 0).map(([a, v]) => [a, s(v)]));
  const page = objects(arrayPart(await get('/api/pagewitness?limit=1000'), 'data'));
  check('/api/pagewitness', 'total rows', s(page.length), s(dim.length));
  for (const o of page) {
    const a = field(o, 'address')!;
    check('/api/pagewitness', `${a} votes`, field(o, 'votes'), s(cycle.get(a) ?? 0));
    check('/api/pagewitness', `${a} realTimeVotes`, field(o, 'realTimeVotes'), realtime.get(a) ?? '0');
    check('/api/pagewitness', `${a} producedTotal`, field(o, 'producedTotal'), s(made.get(a)?.n ?? '0'));
    check('/api/pagewitness', `${a} producedTrx`, field(o, 'producedTrx'), s(made.get(a)?.tx ?? '0'));
  }
  const dimSet = new Set(dim.map((d) => s(d.address)));
  const totalRealtime = [...realtime].filter(([a]) => dimSet.has(a)).reduce((t, [, v]) => t + BigInt(v), 0n).toString();
  const all = await get('/api/vote/witness');
  check('/api/vote/witness', 'totalVotes', field(all, 'totalVotes'), totalRealtime);
  for (const d of dim.slice(0, 5)) {
    const one = objectPart(await get(`/api/vote/witness?address=${s(d.address)}`), 'data');
    check('/api/vote/witness', `${s(d.address)} lastCycleVotes`, field(one, 'lastCycleVotes'), s(cycle.get(s(d.address)) ?? 0));
    check('/api/vote/witness', `${s(d.address)} producedTotal`, field(one, 'producedTotal'), s(made.get(s(d.address))?.n ?? '0'));
  }
  const info = await get('/api/witness/general-info');
  check('/api/witness/general-info', 'totalRealtimeVotes', field(info, 'totalRealtimeVotes'), totalRealtime);
  check('/api/witness/general-info', 'total', field(info, 'total'), s(dim.length));

  // TPS: the head height, the last minute's transactions / 60, the largest block / 3 s (or a larger anchor).
  const [b] = await io.sql(`SELECT max(block_number) AS head, max(tx_count) AS most,
      (SELECT coalesce(sum(tx_count), 0) FROM raw_blocks WHERE "timestamp" > ${io.head} - 60000) AS recent FROM raw_blocks`);
  const anchor = (await io.sql(`SELECT max(CAST(value_raw AS BIGINT)) AS v FROM ref_chain_anchors WHERE name = 'max_tps'`))[0]?.v;
  const tps = objectPart(await get('/api/system/tps'), 'data');
  check('/api/system/tps', 'blockHeight', field(tps, 'blockHeight'), s(b!.head));
  check('/api/system/tps', 'currentTps', field(tps, 'currentTps'), s(Math.round(Number(b!.recent) / 60)));
  // maxTps without an anchor (and a lake not from genesis) is null: docs/compat.md "Whole-chain figures".
  const [lowest] = await io.sql(`SELECT min(block_number) AS b FROM raw_blocks`);
  const before = anchor !== null && anchor !== undefined ? Number(anchor) : Number(lowest!.b) === 0 ? 0 : null;
  check('/api/system/tps', 'maxTps', field(tps, 'maxTps'), before === null ? 'null' : s(Math.max(Math.round(Number(b!.most) / 3), before)));

  // Node map: the located nodes of the newest node list, one per IP.
  const [nodes] = await io.sql(`SELECT count(DISTINCT n.host) AS n FROM snap_network_nodes n JOIN ref_node_geo g ON g.ip = n.host
      WHERE n.as_of_block = (SELECT max(as_of_block) FROM snap_network_nodes)`);
  check('/api/nodemap', 'total', field(await get('/api/nodemap'), 'total'), s(nodes!.n));

  // Proposals: how many, and each one's approvals (all, and those of the current SRs) and parameter values.
  const props = await proposalLedger(io.sql);
  const list = await get('/api/proposal?limit=200');
  check('/api/proposal', 'total', field(list, 'total'), s(props.length));
  for (const p of props.slice(0, 10)) {
    const one = await get(`/api/proposal?id=${p.id}`);
    check('/api/proposal', `${p.id} state`, field(one, 'state'), p.state);
    check('/api/proposal', `${p.id} totalVotes`, field(one, 'totalVotes'), s(p.approvals.length));
    check('/api/proposal', `${p.id} validVotes`, field(one, 'validVotes'), s(p.valid));
    const [param] = p.params;
    if (param) check('/api/proposal', `${p.id} value`, field(arrayPart(one, 'paramters'), 'value'), s(param.value));
  }

  // Chain parameters: every value of the newest snapshot.
  const params = await io.sql(`SELECT key, CAST(value AS VARCHAR) AS v FROM snap_chain_parameters WHERE as_of_block = (SELECT max(as_of_block) FROM snap_chain_parameters)`);
  const cp = objects(arrayPart(await get('/api/chainparameters'), 'tronParameters'));
  check('/api/chainparameters', 'count', s(cp.length), s(params.length));
  for (const p of params) check('/api/chainparameters', s(p.key), field(cp.find((o) => field(o, 'key') === s(p.key)) ?? '', 'value'), s(p.v));
}
