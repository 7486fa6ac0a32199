import { describe, expect, it } from 'vitest';
import { readdirSync, rmSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { get, linkedLakeCopy, sql, testManifest } from '../../helpers/lake.ts';
import { buildApp } from '../../../src/http/app.ts';
import { endpoints } from '../../../src/endpoints/index.ts';
import { budget } from '../../helpers/budget.ts';
import { wordToBase58 } from '../../../src/chain/address.ts';
import { confirmingBlocks } from '../../../src/endpoints/transaction/transaction-info.ts';
import type { Manifest } from '../../../src/lake/manifest.ts';
import type { Row } from '../../../src/duckdb/duck.ts';

const n = (v: unknown) => Number(v);

describe('GET /api/transaction-info', () => {
  it('returns a USDT transfer with its receipt and the transfer its call data implies', async () => {
    const [r] = await sql(`select * from raw_transactions where contract_type = 31 and method_id = 'a9059cbb'
                           and contract_address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' and contract_ret = 'SUCCESS' order by block_number desc limit 1`);
    const m = await testManifest();
    const { status, body } = await get(`/api/transaction-info?hash=${String(r!.tx_hash).toUpperCase()}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      hash: r!.tx_hash,
      block: n(r!.block_number),
      timestamp: n(r!.timestamp),
      ownerAddress: r!.owner_address,
      contractType: 31,
      confirmed: n(r!.block_number) <= m.solidBlock,
      confirmations: m.head.number - n(r!.block_number),
      contractRet: 'SUCCESS',
      revert: false,
      cheat_status: 0,
      fee_limit: n(r!.fee_limit),
    });
    expect(body.cost).toMatchObject({
      fee: n(r!.fee),
      energy_fee: n(r!.energy_fee),
      energy_usage: n(r!.energy_usage),
      energy_usage_total: n(r!.energy_usage_total),
      energy_penalty_total: n(r!.energy_penalty_total),
      net_usage: n(r!.net_usage),
      net_fee: n(r!.net_fee),
      date_created: Math.floor(n(r!.timestamp) / 1000),
    });
    const data = String(r!.call_data);
    const to = wordToBase58(data.slice(8, 72));
    const amount = BigInt('0x' + data.slice(72, 136)).toString();
    expect(body.trc20TransferInfo).toHaveLength(1);
    expect(body.trc20TransferInfo[0]).toMatchObject({
      from_address: r!.owner_address,
      to_address: to,
      amount_str: amount,
      contract_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      decimals: 6,
      tokenType: 'trc20',
      type: 'Transfer',
    });
    expect(body.contract_map['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t']).toBe(true);
    expect(body.event_count).toBe(n(r!.log_count));
  });

  it('contract_type is trc10 for a TRC10 transfer as for a TRX one, empty for other types without transfers (issue 16)', async () => {
    for (const type of [1, 2]) {
      const [r] = await sql(`select tx_hash from raw_transactions where contract_type = ${type} order by tx_hash limit 1`);
      const { body } = await get(`/api/transaction-info?hash=${r!.tx_hash}`);
      expect(body.contract_type, `contract type ${type}`).toBe('trc10');
    }
    const [v] = await sql(`select tx_hash from raw_transactions where contract_type not in (1, 2, 31) order by tx_hash limit 1`);
    // The generated lake holds other types; the lake ingested from the fake node holds only types 1, 2 and 31.
    if (v) expect((await get(`/api/transaction-info?hash=${v.tx_hash}`)).body.contract_type).toBe('');
  });

  it('lists internal transactions and the confirming SRs', async () => {
    const [r] = await sql(`select tx_hash, block_number, internal_count from raw_transactions where internal_count > 0 order by block_number limit 1`);
    const internals = await sql(`select internal_hash, call_value from raw_internal_transactions where tx_hash = '${r!.tx_hash}' order by internal_index`);
    const producers = await sql(`select b.witness_address, w.name, w.url, min(b.block_number) as block from raw_blocks b left join dim_witnesses w on w.address = b.witness_address
                                 where b.block_number > ${r!.block_number} and b.block_number <= ${n(r!.block_number) + 19} group by all order by block`);
    const { body } = await get(`/api/transaction-info?hash=${r!.tx_hash}`);
    const list = body.internal_transactions[String(r!.tx_hash)];
    expect(list).toHaveLength(n(r!.internal_count));
    expect(list.map((i: { hash: string }) => i.hash)).toEqual(internals.map((i) => i.internal_hash));
    expect(list[0].callValueInfo[0].callValue).toBe(n(internals[0]!.call_value));
    expect(new Set(body.srConfirmList.map((s: { address: string }) => s.address))).toEqual(new Set(producers.map((p) => p.witness_address)));
    // Each SR with the first block it confirmed, its name and url (the witnesses dimension), in block order.
    expect(body.srConfirmList).toEqual(producers.map((p) => ({ address: p.witness_address, name: p.name ?? '', block: n(p.block), url: p.url ?? '' })));
  });

  it('answers from key files with no statement, each part equal to plain SQL over the raw tables (issue 32)', async () => {
    const m = await testManifest();
    // Transactions with internal transactions and token transfers, with either, with neither, failed, the lake's last.
    const picks = await sql(`
      (select tx_hash from raw_transactions where internal_count > 0 and tx_hash in (select tx_hash from raw_token_transfers) order by block_number desc, tx_index limit 2)
      union (select tx_hash from raw_transactions where internal_count > 0 and tx_hash not in (select tx_hash from raw_token_transfers) order by block_number limit 1)
      union (select tx_hash from raw_transactions where tx_hash in (select tx_hash from raw_token_transfers group by 1 having count(*) > 1) order by block_number limit 1)
      union (select tx_hash from raw_transactions where internal_count = 0 and log_count = 0 order by block_number, tx_index limit 1)
      union (select tx_hash from raw_transactions where contract_ret <> 'SUCCESS' order by block_number limit 1)
      union (select tx_hash from raw_transactions order by block_number desc, tx_index desc limit 1)
      union (select tx_hash from raw_transactions order by block_number, tx_index limit 1)`);
    expect(picks.length).toBeGreaterThanOrEqual(4);
    let internals = 0;
    let transfers = 0;
    for (const { tx_hash: h } of picks) {
      const [t] = await sql(`select * from raw_transactions where tx_hash = '${h}'`);
      const inner = await sql(`select internal_hash, caller_address, to_address, call_value, note, rejected from raw_internal_transactions where tx_hash = '${h}' order by internal_index`);
      const moves = await sql(`select from_address, to_address, contract_address, amount_raw, event_type, token_standard, token_id from raw_token_transfers
                               where tx_hash = '${h}' order by log_index, batch_index`);
      const srs = await sql(`select witness_address, min(block_number) as b from raw_blocks where block_number > ${t!.block_number} and block_number <= ${n(t!.block_number) + 19}
                             group by 1 order by b`);
      const r = await get(`/api/transaction-info?hash=${h}`);
      const what = String(h);
      expect(r.status, what).toBe(200);
      expect(r.body, what).toMatchObject({
        hash: h, block: n(t!.block_number), timestamp: n(t!.timestamp), ownerAddress: t!.owner_address, contractRet: t!.contract_ret,
        confirmed: n(t!.block_number) <= m.solidBlock, confirmations: m.head.number - n(t!.block_number), event_count: n(t!.log_count), fee_limit: n(t!.fee_limit),
      });
      const list = r.body.internal_transactions[what] ?? [];
      expect(list.map((i: any) => [i.hash, i.caller_address, i.transferTo_address, i.callValueInfo[0].callValue, i.note, i.rejected]), what).toEqual(
        inner.map((i) => [i.internal_hash, i.caller_address, i.to_address, n(i.call_value), i.note, i.rejected]),
      );
      expect((r.body.trc20TransferInfo ?? []).map((x: any) => [x.from_address, x.to_address, x.contract_address, x.amount_str, x.type, x.tokenType, x.token_id ?? null]), what).toEqual(
        moves.map((x) => [x.from_address, x.to_address, x.contract_address, x.amount_raw, x.event_type, x.token_standard, x.token_id]),
      );
      expect(r.body.srConfirmList.map((x: any) => [x.address, x.block]), what).toEqual(srs.map((x) => [x.witness_address, n(x.b)]));
      const timing = String(r.headers['server-timing'] ?? '').split(', ').map((x) => x.split(';')[0]!);
      expect(timing, what).toContain('keys.tx_by_hash');
      expect(timing.filter((x) => x.startsWith('transaction_')), what).toEqual([]);
      internals += inner.length;
      transfers += moves.length;
    }
    expect(internals).toBeGreaterThan(0);
    expect(transfers).toBeGreaterThan(0);
  });

  it('a version whose copies by block have no key files answers with the statements, the same bytes (issue 32)', async () => {
    // A hard-linked copy of the lake (read only: files are only unlinked in it) without those datasets' key files:
    // tx_by_hash's still answer the first step, then the statements answer the whole request.
    const copy = linkedLakeCopy('tronlake-no-keys-');
    const m = await testManifest();
    for (const ds of ['transactions_by_block', 'internal_transactions_by_block', 'token_transfers_by_block']) {
      const dir = path.join(copy, 'versions', m.version, 'derived', ds);
      for (const f of readdirSync(dir).filter((x) => x.endsWith('.keys'))) unlinkSync(path.join(dir, f));
    }
    const app = await buildApp({ dataDir: copy, endpoints, cacheBytes: 0 });
    try {
      const hashes = await sql(`(select tx_hash from raw_transactions where internal_count > 0 order by block_number desc limit 2)
                                union (select tx_hash from raw_token_transfers order by block_number, log_index limit 2)
                                union (select tx_hash from raw_transactions order by tx_hash limit 3)`);
      const [b] = await sql('select block_number b from raw_internal_transactions group by 1 order by count(*) desc, 1 limit 1');
      const urls = [...hashes.map((h) => `/api/transaction-info?hash=${h.tx_hash}`), `/api/transaction-info?hash=${'ab'.repeat(32)}`,
        `/api/transaction?block=${b!.b}&limit=50`, `/api/internal-transaction?block=${b!.b}&limit=50`, '/api/transaction?sort=block&start=33'];
      for (const url of urls) {
        const [keyed, statements] = [await get(url), await app.inject({ method: 'GET', url })];
        expect(statements.statusCode, url).toBe(200);
        // An unknown hash is known absent from tx_by_hash's key file alone: {} with no statement, in both.
        if (statements.body !== '{}') expect(String(statements.headers['server-timing']), url).toMatch(/transaction_/);
        expect(String(keyed.headers['server-timing']), url).not.toMatch(/transaction_(transaction|internal)/);
        expect(keyed.text, url).toBe(statements.body);
      }
    } finally {
      await app.close();
      rmSync(path.dirname(copy), { recursive: true, force: true });
    }
  }, budget(30));

  it('an unknown hash is 200 {}, a malformed or missing one a 400', async () => {
    expect((await get(`/api/transaction-info?hash=${'ab'.repeat(32)}`)).body).toEqual({});
    const bad = await get('/api/transaction-info?hash=xyz');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'BAD_PARAMETER', param: 'hash' });
    const missing = await get('/api/transaction-info');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'MISSING_PARAMETER', param: 'hash' });
  });

  it('a hash sharing a transaction\'s first 15 hex digits (the hash index key) but not the rest is unknown', async () => {
    const [r] = await sql(`select tx_hash from raw_transactions order by tx_hash desc limit 1`);
    const real = String(r!.tx_hash);
    expect((await get(`/api/transaction-info?hash=${real}`)).body).toMatchObject({ hash: real });
    const twin = real.slice(0, 15) + [...real.slice(15)].map((ch) => (ch === '0' ? '1' : '0')).join('');
    expect((await get(`/api/transaction-info?hash=${twin}`)).body).toEqual({});
  });
});

describe('confirmingBlocks (the confirmations from blocks_by_number key files)', () => {
  // Blocks 100 … 140, one each 3 s, produced in turn by five witnesses; `gap` left out of the file.
  const blocksOf = (gap: number | null): Row[] => Array.from({ length: 41 }, (_, i) => 100 + i)
    .filter((b) => b !== gap)
    .map((b) => ({ block_number: b, timestamp: b * 3000, witness_address: `W${b % 5}` }));
  const ctxOf = (rows: Row[]) => ({
    manifest: { first: { number: 100 }, head: { number: 140 } } as unknown as Manifest,
    keyedPage: (_d: string, _k: unknown, p: { from: number | null; offset: number; limit: number }) => {
      const span = p.from === null ? rows : rows.filter((r) => Number(r.timestamp) >= p.from!);
      return { rows: span.slice(p.offset, p.offset + p.limit), total: span.length };
    },
  });
  /** Each producer of blocks block+1 … block+19 once, at its first block, in block order (the rule, written again). */
  const expected = (rows: Row[], block: number) => {
    const seen = new Map<string, number>();
    for (const r of rows) if (Number(r.block_number) > block && Number(r.block_number) <= block + 19 && !seen.has(String(r.witness_address))) seen.set(String(r.witness_address), Number(r.block_number));
    return [...seen].map(([witness_address, block_number]) => ({ witness_address, block_number }));
  };

  it('read at the block offset when the file holds every block; from the block time when a block is missing', () => {
    for (const gap of [null, 105, 130]) {
      const rows = blocksOf(gap);
      for (const block of [100, 101, 110, 125, 139, 140]) {
        expect(confirmingBlocks(ctxOf(rows), block, block * 3000), `gap ${gap}, block ${block}`).toEqual(expected(rows, block));
      }
    }
    expect(expected(blocksOf(null), 101).map((x) => x.block_number)).toEqual([102, 103, 104, 105, 106]);
    expect(confirmingBlocks(ctxOf(blocksOf(null)), 140, 140 * 3000)).toEqual([]);
  });
});
