/**
 * The three wallet transfer lists (/api/transfer/trx, /token10, /trc20): every row of an address, per direction,
 * against plain SQL over the raw tables (raw_transactions, raw_token_transfers), never the by-address copies.
 */
import { readdirSync, rmSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/http/app.ts';
import { endpoints } from '../../../src/endpoints/index.ts';
import { budget } from '../../helpers/budget.ts';
import { get, linkedLakeCopy, sql, testManifest } from '../../helpers/lake.ts';

const n = (v: unknown) => Number(v);
type Row = { hash: string; block: number; block_timestamp: number; from: string; to: string; amount: string; direction: number; confirmed: number; revert: number; contract_ret: string };

/** Every row of a wallet list (pages of 50, start + limit within 10000). */
async function walk(url: string): Promise<Row[]> {
  const out: Row[] = [];
  for (let start = 0; start < 10_000; start += 50) {
    const { status, body } = await get(`${url}&start=${start}&limit=50`);
    expect(status, url).toBe(200);
    expect(body.page_size).toBe(body.data.length);
    out.push(...body.data);
    if (body.data.length < 50) break;
  }
  return out;
}

/** An address that both sends and receives rows of `table` under `where`, with at most `max` rows (so a walk is short). */
async function twoWay(table: 'tx' | 'tt', where: string, max = 400): Promise<string> {
  const [from, to] = table === 'tx' ? ['owner_address', 'to_address'] : ['from_address', 'to_address'];
  const src = table === 'tx' ? 'raw_transactions' : 'raw_token_transfers';
  const [r] = await sql(`select a from (select ${from} a, 'out' d from ${src} where ${where} union all select ${to} a, 'in' d from ${src} where ${where})
                         where a <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' group by a having count(distinct d) = 2 and count(*) <= ${max}
                         order by count(*) desc, a limit 1`);
  expect(r, `no two-way address for ${where}`).toBeDefined();
  return String(r!.a);
}

const keyOf = (r: Row) => `${r.hash}|${r.from}|${r.to}|${r.amount}`;
const sorted = (xs: string[]) => [...xs].sort();

describe('GET /api/transfer/trx', () => {
  it('direction 2 / 1 / 0: exactly the raw outgoing / incoming / all TransferContract rows of the address', async () => {
    const a = await twoWay('tx', 'contract_type = 1');
    const raw = async (w: string) =>
      (await sql(`select tx_hash, owner_address, to_address, amount from raw_transactions where contract_type = 1 and (${w})`)).map(
        (r) => `${r.tx_hash}|${r.owner_address}|${r.to_address}|${r.amount}`,
      );
    const out = await walk(`/api/transfer/trx?address=${a}&direction=2`);
    expect(out.length).toBeGreaterThan(0);
    expect(sorted(out.map(keyOf))).toEqual(sorted(await raw(`owner_address = '${a}'`)));
    expect(out.every((r) => r.direction === 2 && r.from === a)).toBe(true);
    const inb = await walk(`/api/transfer/trx?address=${a}&direction=1`);
    expect(sorted(inb.map(keyOf))).toEqual(sorted(await raw(`to_address = '${a}'`)));
    // The default direction is 1 (inbound).
    expect((await walk(`/api/transfer/trx?address=${a}`)).map(keyOf)).toEqual(inb.map(keyOf));
    const both = await walk(`/api/transfer/trx?address=${a}&direction=0`);
    expect(sorted(both.map(keyOf))).toEqual(sorted(await raw(`owner_address = '${a}' or to_address = '${a}'`)));
  });

  it('newest first by default, oldest first with reverse=false, fields from the raw row', async () => {
    const a = await twoWay('tx', 'contract_type = 1');
    const m = await testManifest();
    const rows = await sql(`select tx_hash, block_number, timestamp, contract_ret from raw_transactions
                            where contract_type = 1 and (owner_address = '${a}' or to_address = '${a}') order by timestamp desc, block_number desc, tx_index desc`);
    const { body } = await get(`/api/transfer/trx?address=${a}&direction=0&limit=50`);
    expect(body.code).toBe(200);
    expect(body).not.toHaveProperty('total');
    expect(body.tokenInfo.tokenId).toBe('_');
    expect(body.data.map((r: Row) => r.hash)).toEqual(rows.slice(0, 50).map((r) => r.tx_hash));
    const first = body.data[0];
    expect(first).toMatchObject({
      block: n(rows[0]!.block_number),
      block_timestamp: n(rows[0]!.timestamp),
      contract_type: 'TransferContract',
      contractType: 1,
      confirmed: n(rows[0]!.block_number) <= m.solidBlock ? 1 : 0,
      contract_ret: rows[0]!.contract_ret,
      decimals: 6,
      symbol: 'TRX',
    });
    const asc = await get(`/api/transfer/trx?address=${a}&direction=0&limit=50&reverse=false`);
    const oldest = [...rows].reverse().slice(0, 50).map((r) => r.tx_hash);
    expect(asc.body.data.map((r: Row) => r.hash)).toEqual(oldest);
  });

  it('fee=true adds one row per sent transaction that burned TRX, its amount the fee', async () => {
    const [s] = await sql(`select owner_address a from raw_transactions where fee > 0 group by 1 having count(*) between 3 and 300 order by count(*) desc, 1 limit 1`);
    const a = String(s!.a);
    const fees = await sql(`select tx_hash, fee from raw_transactions where owner_address = '${a}' and fee > 0`);
    const sent = await sql(`select tx_hash, owner_address, to_address, amount from raw_transactions where contract_type = 1 and owner_address = '${a}'`);
    const rows = await walk(`/api/transfer/trx?address=${a}&direction=2&fee=true`);
    const feeRows = rows.filter((r) => r.to === '');
    expect(sorted(feeRows.map((r) => `${r.hash}|${r.amount}`))).toEqual(sorted(fees.map((f) => `${f.tx_hash}|${f.fee}`)));
    expect(sorted(rows.filter((r) => r.to !== '').map(keyOf))).toEqual(sorted(sent.map((r) => `${r.tx_hash}|${r.owner_address}|${r.to_address}|${r.amount}`)));
    // Inbound only: no fee rows.
    expect((await walk(`/api/transfer/trx?address=${a}&direction=1&fee=true`)).some((r) => r.to === '')).toBe(false);
  });

  it('a hub: each direction, fee and order, first and deep pages equal the raw rows (windows sized by key files, issue 32)', async () => {
    // The address with the most transactions (signed or received) among those with TRX transfers both ways and fees.
    const [h] = await sql(`select a, count(*) k from (select owner_address a, tx_hash from raw_transactions union select to_address a, tx_hash from raw_transactions where to_address is not null)
                           where a in (select owner_address from raw_transactions where contract_type = 1 and fee > 0)
                             and a in (select to_address from raw_transactions where contract_type = 1)
                           group by 1 order by 2 desc, 1 limit 1`);
    const a = String(h!.a);
    for (const direction of [0, 1, 2]) {
      const sides = direction === 1 ? `to_address = '${a}'` : direction === 2 ? `owner_address = '${a}'` : `(owner_address = '${a}' or to_address = '${a}')`;
      for (const fee of [true, false]) {
        const feeRows = fee && direction !== 1
          ? `union all select tx_hash, "timestamp", block_number, tx_index, 1 r, owner_address f, '' t, fee::varchar v from raw_transactions where owner_address = '${a}' and fee > 0`
          : '';
        for (const reverse of [true, false]) {
          const dir = reverse ? 'desc' : 'asc';
          for (const start of [0, 400]) {
            const want = await sql(`select tx_hash, f, t, v from (
                select tx_hash, "timestamp", block_number, tx_index, 0 r, owner_address f, to_address t, amount::varchar v from raw_transactions
                where contract_type = 1 and ${sides} and coalesce(owner_address, '') <> '' and coalesce(to_address, '') <> '' ${feeRows})
              order by "timestamp" ${dir}, block_number ${dir}, tx_index ${dir}, r ${dir} limit 20 offset ${start}`);
            const url = `/api/transfer/trx?address=${a}&direction=${direction}&fee=${fee}&reverse=${reverse}&start=${start}&limit=20`;
            const { body } = await get(url);
            if (start === 0) expect(want.length, url).toBeGreaterThan(0);
            expect(body.data.map(keyOf), url).toEqual(want.map((r) => `${r.tx_hash}|${r.f}|${r.t}|${r.v}`));
          }
        }
      }
    }
  });

  it('without fee (or inbound only), pages come from the copy\'s key files, byte for byte what its statements answer', async () => {
    const a = await twoWay('tx', 'contract_type = 1');
    const urls: string[] = [];
    for (const direction of [0, 1, 2]) {
      for (const reverse of [true, false]) {
        for (const dbVersion of [0, 1]) urls.push(`/api/transfer/trx?address=${a}&direction=${direction}&reverse=${reverse}&db_version=${dbVersion}&start=3&limit=7`);
      }
    }
    urls.push(`/api/transfer/trx?address=${a}&limit=0`, `/api/transfer/trx?address=${a}&direction=0&start_timestamp=1500000000000&end_timestamp=1800000000000`);
    urls.push(`/api/transfer/trx?address=${a}&direction=1&fee=true`, `/api/transfer/trx?address=${a}&direction=1&fee=true&reverse=false&start=2`);
    await sameWithoutKeyFiles(urls, 'wallet_transfer-trx');
  }, budget(30));

  it('with fee, pages come from the transactions\' copy\'s key files, byte for byte what its statements answer', async () => {
    // An address that sends TRX transfers and pays fees, with few enough rows for the key files' scan.
    const [h] = await sql(`select owner_address a from raw_transactions where contract_type = 1 and fee > 0 group by 1 having count(*) >= 3 order by count(*), 1 limit 1`);
    const a = String(h!.a);
    const urls: string[] = [];
    // Inbound only there are no fee rows: those pages are the transfers' copy's (the test above).
    for (const direction of [0, 2]) {
      for (const reverse of [true, false]) urls.push(`/api/transfer/trx?address=${a}&direction=${direction}&reverse=${reverse}&fee=true&start=1&limit=9`);
    }
    urls.push(`/api/transfer/trx?address=${a}&direction=2&fee=true&db_version=1&limit=50`);
    await sameWithoutKeyFiles(urls, 'wallet_transfer-trx', 'address_transactions');
  }, budget(30));

  it('time window in ms, and bad input is a 400 naming the parameter', async () => {
    const a = await twoWay('tx', 'contract_type = 1');
    const [w] = await sql(`select min(timestamp) lo, max(timestamp) hi from raw_transactions where contract_type = 1 and (owner_address = '${a}' or to_address = '${a}')`);
    const mid = Math.floor((n(w!.lo) + n(w!.hi)) / 2);
    const [c] = await sql(`select count(*) k from raw_transactions where contract_type = 1 and (owner_address = '${a}' or to_address = '${a}') and timestamp >= ${mid}`);
    const rows = await walk(`/api/transfer/trx?address=${a}&direction=0&start_timestamp=${mid}`);
    expect(rows.length).toBe(n(c!.k));
    for (const [q, param] of [
      ['direction=3', 'direction'],
      ['db_version=2', 'db_version'],
      ['reverse=maybe', 'reverse'],
      ['fee=x', 'fee'],
    ]) {
      const r = await get(`/api/transfer/trx?address=${a}&${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param).toBe(param);
    }
    const none = await get('/api/transfer/trx');
    expect(none.status).toBe(400);
    expect(none.body.param).toBe('address');
  });
});

describe('GET /api/transfer/token10', () => {
  it('direction 2 / 1: exactly the raw outgoing / incoming transfers of that TRC10 token', async () => {
    // The busiest sender of the busiest TRC10 token (a real node range may hold no address both sending and receiving one).
    const [t] = await sql(`select token_id from raw_transactions where contract_type = 2 group by 1 order by count(*) desc, 1 limit 1`);
    const id = String(t!.token_id);
    const [s] = await sql(`select owner_address a from raw_transactions where contract_type = 2 and token_id = '${id}' group by 1 order by count(*) desc, 1 limit 1`);
    const a = String(s!.a);
    const raw = async (w: string) =>
      (await sql(`select tx_hash, owner_address, to_address, amount from raw_transactions where contract_type = 2 and token_id = '${id}' and (${w})`)).map(
        (r) => `${r.tx_hash}|${r.owner_address}|${r.to_address}|${r.amount}`,
      );
    const out = await walk(`/api/transfer/token10?address=${a}&trc10Id=${id}&direction=2`);
    expect(out.length).toBeGreaterThan(0);
    expect(sorted(out.map(keyOf))).toEqual(sorted(await raw(`owner_address = '${a}'`)));
    const inb = await walk(`/api/transfer/token10?address=${a}&trc10Id=${id}&direction=1`);
    expect(sorted(inb.map(keyOf))).toEqual(sorted(await raw(`to_address = '${a}'`)));
    const { body } = await get(`/api/transfer/token10?address=${a}&trc10Id=${id}&direction=0&limit=1`);
    expect(body.tokenInfo.tokenId).toBe(id);
    expect(body.data[0]).toMatchObject({ id: Number(id), contractType: 2, contract_type: 'TransferAssetContract' });
    const bad = await get(`/api/transfer/token10?address=${a}&trc10Id=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.param).toBe('trc10Id');
  });
});

describe('GET /api/transfer/token10 from key files', () => {
  it('pages come from the copy\'s key files, byte for byte what its statements answer', async () => {
    const [t] = await sql(`select token_id, owner_address a from raw_transactions where contract_type = 2 group by 1, 2 order by count(*) desc, 1, 2 limit 1`);
    const urls: string[] = [];
    for (const direction of [0, 1, 2]) {
      for (const reverse of [true, false]) urls.push(`/api/transfer/token10?address=${t!.a}&trc10Id=${t!.token_id}&direction=${direction}&reverse=${reverse}&start=1&limit=5`);
    }
    urls.push(`/api/transfer/token10?address=${t!.a}&trc10Id=${t!.token_id}&direction=0&db_version=1`);
    await sameWithoutKeyFiles(urls, 'wallet_transfer-token10');
  }, budget(30));
});

describe('GET /api/transfer/trc20', () => {
  it('pages come from the TRC20 copy\'s key files, byte for byte what its statements answer', async () => {
    const [t] = await sql(`select contract_address c, from_address a from raw_token_transfers where token_standard = 'trc20' group by 1, 2 having count(*) between 10 and 400 order by count(*) desc, 1, 2 limit 1`);
    const urls: string[] = [];
    for (const direction of [0, 1, 2]) {
      for (const reverse of [true, false]) urls.push(`/api/transfer/trc20?address=${t!.a}&trc20Id=${t!.c}&direction=${direction}&reverse=${reverse}&start=2&limit=6`);
    }
    urls.push(`/api/transfer/trc20?address=${t!.a}&trc20Id=${t!.c}&direction=0&db_version=1`);
    await sameWithoutKeyFiles(urls, 'wallet_transfer-trc20', 'address_trc20_transfers');
  }, budget(30));

  it('direction 2 / 1: exactly the raw outgoing / incoming Transfer logs of that token', async () => {
    const [t] = await sql(`select contract_address c from raw_token_transfers where token_standard = 'trc20' group by 1 order by count(*) desc, 1 limit 1`);
    const token = String(t!.c);
    const a = await twoWay('tt', `token_standard = 'trc20' and contract_address = '${token}'`);
    const raw = async (w: string) =>
      (await sql(`select tx_hash, from_address, to_address, amount_raw from raw_token_transfers where contract_address = '${token}' and (${w})`)).map(
        (r) => `${r.tx_hash}|${r.from_address}|${r.to_address}|${r.amount_raw}`,
      );
    const out = await walk(`/api/transfer/trc20?address=${a}&trc20Id=${token}&direction=2`);
    expect(out.length).toBeGreaterThan(0);
    expect(sorted(out.map(keyOf))).toEqual(sorted(await raw(`from_address = '${a}'`)));
    const inb = await walk(`/api/transfer/trc20?address=${a}&trc20Id=${token}&direction=1`);
    expect(sorted(inb.map(keyOf))).toEqual(sorted(await raw(`to_address = '${a}'`)));
    const { body } = await get(`/api/transfer/trc20?address=${a}&trc20Id=${token}&direction=0&limit=1`);
    expect(body.tokenInfo.tokenId).toBe(token);
    expect(body.data[0]).toMatchObject({ id: token, status: 0, event_type: 'Transfer', approval_amount: '0', contract_ret: 'SUCCESS', revert: 0 });
    // Another token's transfers are not listed.
    const [o] = await sql(`select contract_address c from raw_token_transfers where token_standard = 'trc20' and contract_address <> '${token}'
                           and (from_address = '${a}' or to_address = '${a}') group by 1 limit 1`);
    if (o) expect((await walk(`/api/transfer/trc20?address=${a}&trc20Id=${token}&direction=0`)).length).toBe((await raw(`from_address = '${a}' or to_address = '${a}'`)).length);
  });

  it('a busy address: the newest page searched in time windows equals the raw newest rows', async () => {
    const [t] = await sql(`select contract_address c, to_address a, count(*) k from raw_token_transfers where token_standard = 'trc20' group by 1, 2 order by 3 desc, 1, 2 limit 1`);
    const token = String(t!.c);
    const a = String(t!.a);
    const rows = await sql(`select tt.tx_hash, tt.from_address, tt.to_address, tt.amount_raw from raw_token_transfers tt join raw_transactions x on x.tx_hash = tt.tx_hash
                            where tt.contract_address = '${token}' and tt.to_address = '${a}' order by tt.timestamp desc, tt.block_number desc, x.tx_index desc, tt.log_index desc limit 50`);
    const { body } = await get(`/api/transfer/trc20?address=${a}&trc20Id=${token}&direction=1&limit=50`);
    expect(body.data.map(keyOf)).toEqual(rows.map((r) => `${r.tx_hash}|${r.from_address}|${r.to_address}|${r.amount_raw}`));
  });
});

/**
 * Asks `urls` of the test lake (each must be answered from `dataset`'s key files, not by `statement`) and of a
 * hard-linked copy without those key files (each answered by `statement`), and expects the same bytes.
 */
async function sameWithoutKeyFiles(urls: string[], statement: string, dataset = 'address_trx_transfers'): Promise<void> {
  const keyed: string[] = [];
  for (const url of urls) {
    const r = await get(url);
    expect(r.status, url).toBe(200);
    expect(String(r.headers['server-timing']), url).toContain(`keys.${dataset};`);
    expect(String(r.headers['server-timing']), url).not.toContain(`${statement};`);
    keyed.push(r.text);
  }
  expect(keyed.filter((t) => JSON.parse(t).data.length > 0).length, 'pages with rows').toBeGreaterThan(urls.length / 2);
  const copy = linkedLakeCopy('tronlake-no-keys-');
  const dir = path.join(copy, 'versions', (await testManifest()).version, 'derived', dataset);
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.keys'))) unlinkSync(path.join(dir, f));
  const app = await buildApp({ dataDir: copy, endpoints, cacheBytes: 0 });
  try {
    for (const [i, url] of urls.entries()) {
      const r = await app.inject({ method: 'GET', url });
      expect(String(r.headers['server-timing']), url).toContain(`${statement};`);
      expect(r.body, url).toBe(keyed[i]);
    }
  } finally {
    await app.close();
    rmSync(path.dirname(copy), { recursive: true, force: true });
  }
}
