/**
 * The synthetic chain generator: determinism (fingerprint) and internal consistency of a tiny lake, checked with
 * plain SQL over the published Parquet files and decoding in TypeScript (never with the generator's own SQL).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generate } from '../../datasets/generate/index.ts';
import { TOPICS, UINT256_MAX } from '../../datasets/generate/reference.ts';
import { Db, type Row } from '../../src/duckdb/duck.ts';
import { createInputViews } from '../helpers/input-views.ts';
import type { Manifest } from '../../src/lake/manifest.ts';
import { hexToBase58, isBase58Address, wordToBase58, ZERO_ADDRESS } from '../../src/chain/address.ts';
import { TEST_SEED } from '../global-setup.ts';
import { budget } from '../helpers/budget.ts';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const END = Date.UTC(2026, 10, 1); // default end date 2026-11-01, exclusive
const DAY = 86_400_000;

let root: string;
let lake: string;
let manifest: Manifest;
let db: Db;

async function q(sql: string): Promise<Row[]> {
  return db.all(sql);
}
async function one(sql: string): Promise<Row> {
  const [r] = await db.all(sql);
  return r!;
}
const num = (v: unknown): number => Number(v);

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-gen-test-'));
  // Reuse the suite's tiny lake (same generator, seed TEST_SEED) when the global setup made one.
  const shared = inject('lakeDir');
  if (shared && existsSync(path.join(shared, 'manifest.json'))) {
    lake = shared;
  } else {
    lake = path.join(root, 'a');
    await generate({ profile: 'tiny', seed: TEST_SEED, out: lake });
  }
  db = await Db.open({ threads: 2 });
  manifest = await createInputViews(db, lake);
}, budget(40));

afterAll(() => {
  db?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('determinism', () => {
  it('the same seed gives the same fingerprint, another seed a different one', async () => {
    const again = await generate({ profile: 'tiny', seed: TEST_SEED, out: path.join(root, 'again') });
    expect(again.fingerprint).toBe(manifest.fingerprint);
    for (const [name, t] of Object.entries(manifest.tables)) expect(again.tables[name]?.rows, name).toBe(t.rows);
    const other = await generate({ profile: 'tiny', seed: TEST_SEED + 1, out: path.join(root, 'other') });
    expect(other.fingerprint).not.toBe(manifest.fingerprint);
  }, budget(60)); // two tiny generations: ~20 s on an idle machine, more when the cores are shared
});

describe('blocks', () => {
  it('cover at least 35 days inside [start, endDate), one block per 3-second slot', async () => {
    const r = await one(`SELECT min("timestamp") AS lo, max("timestamp") AS hi, count(*) AS n,
      min(block_number) AS first, max(block_number) AS head FROM blocks`);
    expect(num(r.hi) - num(r.lo)).toBeGreaterThanOrEqual(35 * DAY);
    expect(num(r.hi)).toBeLessThan(END);
    expect(num(r.head) - num(r.first) + 1).toBe(num(r.n));
    expect(manifest.head.number).toBe(num(r.head));
    // heights are plausible for late 2026 (mainnet passed 78.8 M on 2026-01-01)
    expect(num(r.head)).toBeGreaterThan(78_000_000);
    expect(num(r.head)).toBeLessThan(100_000_000);
    const gaps = await one(`SELECT count(*) FILTER (WHERE d % 3000 <> 0 OR d <= 0) AS bad, max(d) AS maxgap
      FROM (SELECT "timestamp" - lag("timestamp") OVER (ORDER BY block_number) AS d FROM blocks) WHERE d IS NOT NULL`);
    expect(num(gaps.bad)).toBe(0);
    expect(num(gaps.maxgap)).toBeLessThanOrEqual(4 * 3000);
  });

  it('chain ids: height prefix, parent = previous block id, 64 hex', async () => {
    const r = await one(`SELECT
        count(*) FILTER (WHERE parent_hash <> prev) AS bad_parent,
        count(*) FILTER (WHERE NOT regexp_full_match(block_hash, '[0-9a-f]{64}')) AS bad_hex,
        count(*) FILTER (WHERE NOT regexp_full_match(tx_trie_root, '[0-9a-f]{64}')) AS bad_root
      FROM (SELECT *, lag(block_hash) OVER (ORDER BY block_number) AS prev FROM blocks) WHERE prev IS NOT NULL`);
    expect(r).toEqual({ bad_parent: 0, bad_hex: 0, bad_root: 0 });
    for (const b of await q('SELECT block_number, block_hash FROM blocks WHERE block_number % 9973 = 0')) {
      expect(parseInt(String(b.block_hash).slice(0, 16), 16)).toBe(num(b.block_number));
    }
    expect(num((await one('SELECT count(DISTINCT block_hash) AS n FROM blocks')).n)).toBe(manifest.tables.blocks!.rows);
  });

  it('are produced by the 27 Super Representatives in rotation', async () => {
    const producers = await q(`SELECT witness_address, count(*) AS n FROM blocks GROUP BY ALL`);
    expect(producers).toHaveLength(27);
    const srs = await q(`SELECT address FROM witnesses WHERE witness_type = 1`);
    expect(new Set(srs.map((r) => r.address))).toEqual(new Set(producers.map((r) => r.witness_address)));
    const w = await one(`SELECT count(*) AS n, count(*) FILTER (WHERE witness_type = 2) AS partners,
      count(*) FILTER (WHERE witness_type = 3) AS candidates,
      count(*) FILTER (WHERE votes >= prev) AS not_decreasing
      FROM (SELECT *, lag(votes) OVER (ORDER BY rank) AS prev FROM witnesses)`);
    expect(num(w.partners)).toBe(100);
    expect(num(w.candidates)).toBeGreaterThan(0);
    expect(num(w.not_decreasing)).toBe(0);
  });

  // net_usage of a block = bandwidth used = sum of (net_usage + net_fee / 1000), as the catalog defines it
  it('totals are exact sums over their transactions', async () => {
    const r = await one(`WITH t AS (
        SELECT block_number, count(*) AS n, sum(fee) AS fee, sum(net_usage + net_fee // 1000) AS net, sum(energy_usage_total) AS energy
        FROM transactions GROUP BY block_number)
      SELECT count(*) FILTER (WHERE b.tx_count <> coalesce(t.n, 0)) AS bad_count,
             count(*) FILTER (WHERE b.fee <> coalesce(t.fee, 0)) AS bad_fee,
             count(*) FILTER (WHERE b.net_usage <> coalesce(t.net, 0)) AS bad_net,
             count(*) FILTER (WHERE b.energy_usage <> coalesce(t.energy, 0)) AS bad_energy,
             sum(b.tx_count) AS txs
      FROM blocks b LEFT JOIN t USING (block_number)`);
    expect(r).toMatchObject({ bad_count: 0, bad_fee: 0, bad_net: 0, bad_energy: 0 });
    expect(num(r.txs)).toBe(manifest.tables.transactions!.rows);
    const orphans = await one(`SELECT count(*) AS n FROM transactions t ANTI JOIN blocks b USING (block_number)`);
    expect(num(orphans.n)).toBe(0);
  });

  it('the last 19 blocks are unconfirmed and hold transactions', async () => {
    expect(manifest.solidBlock).toBe(manifest.head.number - 19);
    const r = await one(`SELECT count(*) AS n FROM transactions WHERE block_number > ${manifest.solidBlock}`);
    expect(num(r.n)).toBeGreaterThan(0);
  });
});

describe('transactions', () => {
  it('have unique hashes, block timestamps and expiration = timestamp + 60 s', async () => {
    const r = await one(`SELECT count(*) AS n, count(DISTINCT tx_hash) AS h,
        count(*) FILTER (WHERE NOT regexp_full_match(tx_hash, '[0-9a-f]{64}')) AS bad_hex,
        count(*) FILTER (WHERE t."timestamp" <> b."timestamp") AS bad_ts,
        count(*) FILTER (WHERE expiration <> t."timestamp" + 60000) AS bad_exp
      FROM transactions t JOIN blocks b USING (block_number)`);
    expect(num(r.n)).toBe(num(r.h));
    expect(r).toMatchObject({ bad_hex: 0, bad_ts: 0, bad_exp: 0 });
    expect(num(r.n)).toBeGreaterThanOrEqual(40_000);
    expect(num(r.n)).toBeLessThanOrEqual(120_000);
  });

  it('log_count and internal_count match the emitted rows', async () => {
    const r = await one(`SELECT
        count(*) FILTER (WHERE t.log_count <> coalesce(l.n, 0)) AS bad_logs,
        count(*) FILTER (WHERE t.internal_count <> coalesce(i.n, 0)) AS bad_internal,
        count(*) FILTER (WHERE t.contract_ret <> 'SUCCESS' AND (t.log_count > 0 OR t.internal_count > 0)) AS failed_with_rows
      FROM transactions t
      LEFT JOIN (SELECT tx_hash, count(*) AS n FROM logs GROUP BY ALL) l USING (tx_hash)
      LEFT JOIN (SELECT tx_hash, count(*) AS n FROM internal_transactions GROUP BY ALL) i USING (tx_hash)`);
    expect(r).toEqual({ bad_logs: 0, bad_internal: 0, failed_with_rows: 0 });
  });

  it('receipts follow the resource arithmetic', async () => {
    // The energy price in force at the block: 100 sun, then the approved getEnergyFee (#11) proposal's value from its
    // expiration's maintenance on (the proposals snapshot, not the generator's price table).
    const r = await one(`WITH ep AS (
        SELECT 0::BIGINT AS from_ts, 100::BIGINT AS price
        UNION ALL
        SELECT expiration_time, CAST(json_extract(parameters_json, '$[0].value') AS BIGINT) FROM proposals
        WHERE state = 'APPROVED' AND CAST(json_extract(parameters_json, '$[0].key') AS INTEGER) = 11
      ), creating AS (
        -- a TRX / TRC10 transfer that creates its receiver: the first transaction naming it, at its account's creation time
        SELECT x.tx_hash FROM (
          SELECT tx_hash, to_address, "timestamp", contract_type,
                 row_number() OVER (PARTITION BY to_address ORDER BY block_number, tx_index) AS k
          FROM transactions WHERE to_address IS NOT NULL) x
        JOIN account_snapshots s ON s.address = x.to_address AND s.create_time = x."timestamp"
        WHERE x.k = 1 AND x.contract_type IN (1, 2)
      ), t AS (SELECT t.*, ep.price, (t.contract_type = 0 OR t.tx_hash IN (SELECT tx_hash FROM creating)) AS creates
               FROM transactions t ASOF JOIN ep ON t."timestamp" >= ep.from_ts)
      SELECT
        count(*) FILTER (WHERE energy_usage_total <> energy_usage + origin_energy_usage + energy_fee / price) AS bad_energy,
        count(*) FILTER (WHERE energy_fee % price <> 0) AS bad_energy_fee,
        count(*) FILTER (WHERE fee <> energy_fee + net_fee + CASE WHEN memo <> '' THEN 1000000 ELSE 0 END
                                     + CASE WHEN creates THEN 1000000 WHEN contract_type = 46 THEN 100000000
                                            WHEN contract_type = 5 THEN 9999000000 ELSE 0 END) AS bad_fee,
        count(*) FILTER (WHERE net_usage > 0 AND net_fee > 0) AS both_bandwidth,
        count(*) FILTER (WHERE net_usage = 0 AND net_fee <> CASE WHEN creates THEN 100000 ELSE size_bytes * 1000 END) AS bad_net_fee,
        count(*) FILTER (WHERE energy_penalty_total > energy_usage_total) AS bad_penalty,
        count(*) FILTER (WHERE contract_type IN (30, 31) AND fee_limit < energy_fee) AS over_limit
      FROM t`);
    expect(r).toEqual({ bad_energy: 0, bad_energy_fee: 0, bad_fee: 0, both_bandwidth: 0, bad_net_fee: 0, bad_penalty: 0, over_limit: 0 });
    const usdt = await q(`SELECT DISTINCT energy_usage_total AS e, energy_penalty_total AS p, size_bytes AS s FROM transactions
      WHERE contract_address = '${USDT}' AND method_id = 'a9059cbb' AND contract_ret = 'SUCCESS'`);
    expect(new Set(usdt.map((x) => `${x.e}/${x.p}/${x.s}`))).toEqual(new Set(['64285/49635/345', '130285/100635/345']));
  });

  it('have the mix of tron-chain-data.md §4.6 and every kind of row', async () => {
    const types = await q(`SELECT contract_type AS t, count(*) AS n FROM transactions GROUP BY ALL`);
    const total = types.reduce((a, r) => a + num(r.n), 0);
    const share = (t: number): number => num(types.find((r) => r.t === t)?.n ?? 0) / total;
    for (const t of [0, 1, 2, 4, 12, 13, 30, 31, 46, 54, 55, 56, 57, 58, 59]) expect(share(t), `type ${t}`).toBeGreaterThan(0);
    expect(share(31)).toBeGreaterThan(0.45);
    expect(share(31)).toBeLessThan(0.55);
    expect(share(1)).toBeGreaterThan(0.3);
    expect(share(1)).toBeLessThan(0.4);
    expect(share(57) + share(58)).toBeGreaterThan(0.05);
    const usdt = await one(`SELECT count(*) FILTER (WHERE contract_address = '${USDT}' AND method_id = 'a9059cbb') / count(*) AS s
      FROM transactions WHERE contract_type = 31`);
    expect(num(usdt.s)).toBeGreaterThan(0.6);
    expect(num(usdt.s)).toBeLessThan(0.7);
    const fails = await q(`SELECT DISTINCT contract_ret AS r FROM transactions WHERE contract_ret <> 'SUCCESS'`);
    expect(fails.map((x) => x.r).sort()).toEqual(['OUT_OF_ENERGY', 'REVERT']);
    const failShare = await one(`SELECT avg((contract_ret <> 'SUCCESS')::INT) AS f FROM transactions WHERE contract_type = 31`);
    expect(num(failShare.f)).toBeGreaterThan(0.015);
    expect(num(failShare.f)).toBeLessThan(0.035);
    const dust = await one(`SELECT count(*) AS n FROM transactions WHERE contract_type = 1 AND amount = 1 AND memo <> ''`);
    expect(num(dust.n)).toBeGreaterThan(0);
    const votes = await q(`SELECT to_address, parameter_json FROM transactions WHERE contract_type = 4 LIMIT 20`);
    for (const v of votes) {
      const p = JSON.parse(String(v.parameter_json)) as { votes: { vote_address: string; vote_count: number }[] };
      expect(p.votes[0]!.vote_address).toBe(v.to_address);
    }
  });

  it('have busy addresses for paging tests', async () => {
    const busiest = await one(`SELECT owner_address, count(*) AS n FROM transactions GROUP BY ALL ORDER BY n DESC LIMIT 1`);
    expect(num(busiest.n)).toBeGreaterThan(60);
    const holder = await one(`SELECT a, count(*) AS n FROM (
        SELECT from_address AS a FROM token_transfers WHERE contract_address = '${USDT}'
        UNION ALL SELECT to_address FROM token_transfers WHERE contract_address = '${USDT}') GROUP BY ALL ORDER BY n DESC LIMIT 1`);
    expect(num(holder.n)).toBeGreaterThan(60);
  });
});

describe('token transfers and logs', () => {
  it('USDT transfers carry exactly the amount and receiver encoded in call_data', async () => {
    const rows = await q(`SELECT t.tx_hash, t.owner_address, t.call_data, tt.from_address, tt.to_address, tt.amount_raw, tt.amount
      FROM transactions t LEFT JOIN token_transfers tt ON tt.tx_hash = t.tx_hash AND tt.contract_address = t.contract_address
      WHERE t.contract_address = '${USDT}' AND t.method_id = 'a9059cbb' AND t.contract_ret = 'SUCCESS'`);
    expect(rows.length).toBeGreaterThan(10_000);
    for (const r of rows) {
      const data = String(r.call_data);
      expect(data).toHaveLength(8 + 64 + 64);
      // the receiver is the last 20 bytes of the word (some wallets put 0x41 in byte 12, tron-chain-data.md §1.8)
      const to = hexToBase58('41' + data.slice(8 + 24, 8 + 64));
      const amount = BigInt('0x' + data.slice(8 + 64));
      expect(r.to_address).toBe(to);
      expect(r.from_address).toBe(r.owner_address);
      expect(String(r.amount_raw)).toBe(amount.toString());
      expect(Number(r.amount)).toBe(Number(amount));
    }
    const reverted = await one(`SELECT count(*) AS n FROM transactions t JOIN token_transfers tt USING (tx_hash)
      WHERE t.contract_ret <> 'SUCCESS'`);
    expect(num(reverted.n)).toBe(0);
  });

  it('every Transfer / Approval row is backed by a log with the real topics', async () => {
    const tr = await q(`SELECT tt.token_standard AS std, tt.from_address, tt.to_address, tt.token_id, tt.amount_raw,
        l.topic0, l.topic1, l.topic2, l.topic3, l.data
      FROM token_transfers tt LEFT JOIN logs l ON l.tx_hash = tt.tx_hash AND l.log_index = tt.log_index
      WHERE tt.event_type = 'Transfer' ORDER BY hash(tt.tx_hash, tt.log_index) LIMIT 3000`);
    for (const r of tr) {
      expect(r.topic0).toBe(TOPICS.transfer);
      expect(wordToBase58(String(r.topic1))).toBe(r.from_address);
      expect(wordToBase58(String(r.topic2))).toBe(r.to_address);
      if (r.std === 'trc20') {
        expect(r.topic3).toBeNull();
        expect(BigInt('0x' + String(r.data)).toString()).toBe(r.amount_raw);
      } else {
        expect(BigInt('0x' + String(r.topic3)).toString()).toBe(r.token_id);
        expect(r.data).toBe('');
      }
    }
    const ap = await q(`SELECT a.amount_raw, l.topic0, l.data FROM token_approvals a
      JOIN logs l ON l.tx_hash = a.tx_hash AND l.log_index = a.log_index WHERE a.token_standard = 'trc20'`);
    expect(ap.length).toBeGreaterThan(0);
    for (const r of ap) {
      expect(r.topic0).toBe(TOPICS.approval);
      expect(BigInt('0x' + String(r.data)).toString()).toBe(r.amount_raw);
    }
    expect(ap.some((r) => r.amount_raw === UINT256_MAX)).toBe(true);
  });

  it('include TRC721, TRC1155 single and batch transfers, mints and USDT admin events', async () => {
    const kinds = await q(`SELECT token_standard AS s, event_type AS e, count(*) AS n,
        count(*) FILTER (WHERE from_address = '${ZERO_ADDRESS}') AS mints, max(batch_index) AS maxb
      FROM token_transfers GROUP BY ALL`);
    const get = (s: string, e: string): Row | undefined => kinds.find((r) => r.s === s && r.e === e);
    expect(num(get('trc20', 'Transfer')?.mints)).toBeGreaterThan(0);
    expect(num(get('trc721', 'Transfer')?.mints)).toBeGreaterThan(0);
    expect(num(get('trc1155', 'TransferSingle')?.n)).toBeGreaterThan(0);
    expect(num(get('trc1155', 'TransferBatch')?.maxb)).toBeGreaterThan(0);
    const nft = await one(`SELECT count(*) FILTER (WHERE token_id IS NULL) AS no_id, count(*) FILTER (WHERE token_standard = 'trc721' AND amount_raw <> '1') AS bad721,
        count(*) FILTER (WHERE token_standard = 'trc1155' AND operator_address IS NULL) AS no_op
      FROM token_transfers WHERE token_standard <> 'trc20'`);
    expect(nft).toEqual({ no_id: 0, bad721: 0, no_op: 0 });
    const admin = await q(`SELECT DISTINCT topic0 FROM logs WHERE contract_address = '${USDT}'`);
    const topics = new Set(admin.map((r) => r.topic0));
    for (const t of [TOPICS.issue, TOPICS.redeem, TOPICS.addedBlackList, TOPICS.removedBlackList, TOPICS.destroyedBlackFunds]) {
      expect(topics.has(t), t).toBe(true);
    }
  });

  it('stablecoin admin events of all five coins, echoed by a Transfer where the contract echoes (issue 31)', async () => {
    const [usdc, usdd, usdj, tusd] = ['TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz', 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT', 'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4'];
    const zero = '0'.repeat(64);
    const count = async (where: string) => num((await one(`SELECT count(*) AS n FROM logs WHERE ${where}`)).n);
    for (const [c, t] of [[usdc, TOPICS.mintTo], [usdc, TOPICS.burn], [usdc, TOPICS.blacklisted], [usdj, TOPICS.mint], [usdj, TOPICS.burn],
      [tusd, TOPICS.mint], [tusd, TOPICS.burn], [tusd, TOPICS.blacklistedFlag]] as const) {
      expect(await count(`contract_address = '${c}' AND topic0 = '${t}'`), `${c} ${t}`).toBeGreaterThan(0);
    }
    expect(await count(`contract_address = '${usdd}' AND topic0 = '${TOPICS.transfer}' AND (topic1 = '${zero}' OR topic2 = '${zero}')`)).toBeGreaterThan(0);
    // an echoed mint / burn has, in its transaction, a Transfer from / to the zero address of the same amount; USDJ's
    // Mint / Burn have none
    const echo = (contract: string, topic: string, side: 'topic1' | 'topic2') => `SELECT count(*) FILTER (WHERE t.tx_hash IS NULL) AS missing, count(*) AS n
      FROM logs e LEFT JOIN logs t ON t.tx_hash = e.tx_hash AND t.contract_address = e.contract_address AND t.topic0 = '${TOPICS.transfer}'
        AND t.${side} = '${zero}' AND t.data = e.data
      WHERE e.contract_address = '${contract}' AND e.topic0 = '${topic}'`;
    for (const [c, t, side] of [[USDT, TOPICS.issue, 'topic1'], [USDT, TOPICS.redeem, 'topic2'], [usdc, TOPICS.mintTo, 'topic1'], [usdc, TOPICS.burn, 'topic2'],
      [tusd, TOPICS.mint, 'topic1'], [tusd, TOPICS.burn, 'topic2']] as const) {
      const r = await one(echo(c, t, side));
      expect(num(r.missing), `${c} ${t}`).toBe(0);
    }
    expect(num((await one(`SELECT count(*) AS n FROM logs e JOIN logs t ON t.tx_hash = e.tx_hash AND t.topic0 = '${TOPICS.transfer}'
      WHERE e.contract_address = '${usdj}' AND e.topic0 IN ('${TOPICS.mint}', '${TOPICS.burn}')`)).n)).toBe(0);
  });

  it('every stablecoin ledger stays non-negative: opening + Transfers + moves without a Transfer, at each block end', async () => {
    const five = `'${USDT}', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz', 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT', 'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4'`;
    // moves without a Transfer, decoded here: USDT DestroyedBlackFunds(user indexed, amount), USDJ Mint / Burn(guy indexed, wad)
    const moves = await q(`SELECT contract_address AS c, topic1, topic0, data, block_number AS b FROM logs
      WHERE (contract_address = '${USDT}' AND topic0 = '${TOPICS.destroyedBlackFunds}')
         OR (contract_address = 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT' AND topic0 IN ('${TOPICS.mint}', '${TOPICS.burn}'))`);
    expect(moves.length).toBeGreaterThan(0);
    const values = moves.map((m) => {
      const v = BigInt('0x' + String(m.data).slice(0, 64)) * (m.topic0 === TOPICS.mint ? 1n : -1n);
      return `('${String(m.c)}', '${wordToBase58(String(m.topic1))}', ${num(m.b)}, ${v}::HUGEINT)`;
    });
    const r = await one(`WITH m(c, h, b, v) AS (VALUES ${values.join(', ')}), d AS (
        SELECT contract_address c, to_address h, block_number b, CAST(amount_raw AS HUGEINT) v FROM token_transfers WHERE contract_address IN (${five})
        UNION ALL SELECT contract_address, from_address, block_number, -CAST(amount_raw AS HUGEINT) FROM token_transfers WHERE contract_address IN (${five})
        UNION ALL SELECT c, h, b, v FROM m
      ), o AS (
        SELECT contract_address c, holder_address h, CAST(balance_raw AS HUGEINT) v FROM trc20_snapshots
        WHERE as_of_block = (SELECT min(as_of_block) FROM trc20_snapshots) AND contract_address IN (${five})
      ), blocks AS (SELECT c, h, b, sum(v) AS v FROM d GROUP BY ALL)
      SELECT count(*) AS n, count(*) FILTER (WHERE run < 0) AS negative FROM (
        SELECT coalesce(o.v, 0) + sum(x.v) OVER (PARTITION BY x.c, x.h ORDER BY x.b) AS run
        FROM blocks x LEFT JOIN o ON o.c = x.c AND o.h = x.h
        WHERE x.h <> '${ZERO_ADDRESS}')`);
    expect(num(r.n)).toBeGreaterThan(0);
    expect(num(r.negative)).toBe(0);
  });

  it('internal transactions carry TRX from swaps and have unique ids', async () => {
    const r = await one(`SELECT count(*) AS n, count(DISTINCT internal_hash) AS h, count(*) FILTER (WHERE call_value > 0) AS valued,
        count(*) FILTER (WHERE token_id <> '_' OR note <> 'call') AS odd FROM internal_transactions`);
    expect(num(r.n)).toBeGreaterThan(0);
    expect(num(r.h)).toBe(num(r.n));
    expect(num(r.valued)).toBeGreaterThan(0);
    expect(num(r.odd)).toBe(0);
  });
});

describe('dimensions and addresses', () => {
  it('tokens and contracts describe every token contract seen', async () => {
    const std = await q(`SELECT token_standard AS s, count(*) AS n FROM tokens GROUP BY ALL`);
    expect(new Set(std.map((r) => r.s))).toEqual(new Set(['trc10', 'trc20', 'trc721', 'trc1155']));
    expect(num(std.find((r) => r.s === 'trc10')?.n)).toBeGreaterThanOrEqual(10);
    const missing = await one(`SELECT count(DISTINCT contract_address) AS n FROM token_transfers
      WHERE contract_address NOT IN (SELECT token_id FROM tokens) OR contract_address NOT IN (SELECT address FROM contracts WHERE is_token)`);
    expect(num(missing.n)).toBe(0);
    const called = await one(`SELECT count(DISTINCT contract_address) AS n FROM transactions
      WHERE contract_address IS NOT NULL AND contract_address NOT IN (SELECT address FROM contracts)`);
    expect(num(called.n)).toBe(0);
    const trc10 = await one(`SELECT count(*) AS n FROM transactions WHERE contract_type = 2 AND token_id NOT IN (SELECT token_id FROM tokens WHERE token_standard = 'trc10')`);
    expect(num(trc10.n)).toBe(0);
  });

  it('every address is valid Base58check', async () => {
    const rows = await q(`SELECT DISTINCT a FROM (
        SELECT witness_address AS a FROM blocks
        UNION SELECT owner_address FROM transactions UNION SELECT to_address FROM transactions
        UNION SELECT contract_address FROM transactions
        UNION SELECT from_address FROM token_transfers UNION SELECT to_address FROM token_transfers
        UNION SELECT operator_address FROM token_transfers UNION SELECT contract_address FROM token_transfers
        UNION SELECT owner_address FROM token_approvals UNION SELECT spender_address FROM token_approvals
        UNION SELECT caller_address FROM internal_transactions UNION SELECT to_address FROM internal_transactions
        UNION SELECT contract_address FROM logs UNION SELECT address FROM witnesses
        UNION SELECT issuer_address FROM tokens UNION SELECT token_id FROM tokens WHERE token_standard <> 'trc10'
        UNION SELECT address FROM contracts UNION SELECT creator_address FROM contracts) WHERE a IS NOT NULL`);
    expect(rows.length).toBeGreaterThan(1000);
    const bad = rows.map((r) => String(r.a)).filter((a) => !isBase58Address(a));
    expect(bad).toEqual([]);
    const votes = await q(`SELECT parameter_json FROM transactions WHERE contract_type = 4`);
    for (const v of votes) {
      for (const x of (JSON.parse(String(v.parameter_json)) as { votes: { vote_address: string }[] }).votes) {
        expect(isBase58Address(x.vote_address)).toBe(true);
      }
    }
  });
});

describe('reference datasets', () => {
  it('TRX candles in USD, EUR and ETH for every priced day; the USD close is token_prices\' close, each candle well formed', async () => {
    const days = await q(`SELECT day_ts, price_usd FROM token_prices WHERE token_id = '_' ORDER BY day_ts`);
    expect(days.length).toBeGreaterThan(30);
    const candles = await q(`SELECT quote, "time", open, high, low, close, volume, market_cap FROM price_candles WHERE asset = '_' ORDER BY quote, "time"`);
    for (const quote of ['ETH', 'EUR', 'USD']) {
      expect(candles.filter((c) => c.quote === quote).map((c) => num(c.time)), quote).toEqual(days.map((d) => num(d.day_ts)));
    }
    const usd = candles.filter((c) => c.quote === 'USD');
    // Printed with 8 decimals from the same price: within half a unit of the 8th decimal.
    usd.forEach((c, i) => expect(Math.abs(Number(c.close) - Number(days[i]!.price_usd))).toBeLessThanOrEqual(5e-9));
    for (const c of candles) {
      const [o, h, l, cl] = [c.open, c.high, c.low, c.close].map(Number) as [number, number, number, number];
      expect(l <= Math.min(o, cl) && h >= Math.max(o, cl) && l > 0, JSON.stringify(c)).toBe(true);
      for (const v of [c.open, c.high, c.low, c.close, c.volume, c.market_cap]) expect(String(v)).toMatch(/^\d+\.\d+$/);
    }
  });

  it('the whole-chain anchors: one transactions figure, issued / burned / TRC10 as of the block before the window', async () => {
    const first = manifest.first!.number;
    // Transactions (and bytes) have one anchor, pre_window_totals: chain_anchors holds no second figure to disagree.
    const [extra] = await q(`SELECT count(*) AS n FROM chain_anchors WHERE name IN ('tx_count', 'blockchain_bytes')`);
    expect(num(extra!.n)).toBe(0);
    const [pre] = await q('SELECT as_of_block, CAST(tx_count AS VARCHAR) AS tx FROM pre_window_totals');
    expect(num(pre!.as_of_block)).toBe(first - 1);
    const rows = await q(`SELECT name, value_raw, as_of_block FROM chain_anchors WHERE name IN ('issued_sun', 'burned_sun', 'trc10_count')`);
    const a = new Map(rows.map((r) => [String(r.name), BigInt(String(r.value_raw))]));
    for (const r of rows) expect(num(r.as_of_block), String(r.name)).toBe(first - 1);
    // Issued: blocks 1..first-1 paid between 48 and 176 TRX each (mainnet's reward history, tron-chain-data §4.1).
    const blocks = BigInt(first - 1);
    expect(a.get('issued_sun')!).toBeGreaterThanOrEqual(blocks * 48_000_000n);
    expect(a.get('issued_sun')!).toBeLessThanOrEqual(blocks * 176_000_000n);
    // Supply = 100 G TRX at genesis + issued − burned, the supply the price candles' market cap is made of.
    const supplySun = 100_000_000_000_000_000n + a.get('issued_sun')! - a.get('burned_sun')!;
    expect(a.get('burned_sun')!).toBeGreaterThan(0n);
    const [c] = await q(`SELECT market_cap, close FROM price_candles WHERE quote = 'USD' ORDER BY "time" LIMIT 1`);
    expect(Number(c!.market_cap) / Number(c!.close) / 1e6).toBeCloseTo(Number(supplySun / 1_000_000n) / 1e6, 0);
    // TRC10: ids are issued in sequence from 1,000,001, so the count is at least the highest id the chain shows.
    const [t] = await q(`SELECT max(CAST(token_id AS BIGINT)) - 1000000 AS n, count(*) AS tokens FROM tokens WHERE token_standard = 'trc10'`);
    expect(a.get('trc10_count')).toBe(BigInt(String(t!.n)));
    expect(a.get('trc10_count')!).toBeGreaterThanOrEqual(BigInt(String(t!.tokens)));
  });

  it('the pre-window anchors: accounts holding TRX are fewer than the accounts', async () => {
    const [a] = await q(`SELECT max(CAST(value_raw AS HUGEINT)) FILTER (WHERE name = 'account_count') AS accounts,
                                max(CAST(value_raw AS HUGEINT)) FILTER (WHERE name = 'accounts_with_trx') AS with_trx FROM chain_anchors`);
    expect(BigInt(String(a!.with_trx))).toBeGreaterThan(0n);
    expect(BigInt(String(a!.with_trx))).toBeLessThan(BigInt(String(a!.accounts)));
  });
});
