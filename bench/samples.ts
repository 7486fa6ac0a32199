/**
 * Realistic request parameters for the benchmark, drawn from the lake itself (busy and quiet addresses, real
 * hashes, blocks, token contracts), and the URL list per endpoint path.
 */
import path from 'node:path';
import { Db } from '../src/engine/duck.ts';

export interface Samples {
  addresses: string[];
  busyAddresses: string[];
  hashes: string[];
  blocks: number[];
  producers: string[];
  trc20: string[];
  usdtHolders: string[];
  trc1155: string[];
  internalAddresses: string[];
  internalContracts: string[];
  head: number;
  first: number;
}

/** Draws samples with plain SQL over the version's Parquet files. */
export async function sampleParameters(dir: string): Promise<Samples> {
  const db = await Db.open({ threads: 2 });
  const raw = (name: string) => `read_parquet('${path.join(dir, 'raw', name, '*', '*.parquet')}', hive_partitioning = true)`;
  const col = async (sql: string): Promise<string[]> => (await db.all(sql)).map((r) => String(Object.values(r)[0]));
  try {
    const [h] = await db.all(`SELECT max("timestamp") AS head, min("timestamp") AS first FROM ${raw('blocks')}`);
    return {
      busyAddresses: await col(`SELECT owner_address FROM ${raw('transactions')} GROUP BY 1 ORDER BY count(*) DESC LIMIT 10`),
      addresses: await col(`SELECT owner_address FROM ${raw('transactions')} USING SAMPLE reservoir(40 ROWS) REPEATABLE (1)`),
      hashes: await col(`SELECT tx_hash FROM ${raw('transactions')} USING SAMPLE reservoir(50 ROWS) REPEATABLE (2)`),
      blocks: (await col(`SELECT block_number FROM ${raw('blocks')} USING SAMPLE reservoir(50 ROWS) REPEATABLE (3)`)).map(Number),
      producers: await col(`SELECT DISTINCT witness_address FROM ${raw('blocks')} LIMIT 27`),
      trc20: await col(`SELECT contract_address FROM ${raw('token_transfers')} WHERE token_standard = 'trc20' GROUP BY 1 ORDER BY count(*) DESC LIMIT 10`),
      usdtHolders: await col(`SELECT to_address FROM ${raw('token_transfers')} WHERE contract_address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' USING SAMPLE reservoir(40 ROWS) REPEATABLE (4)`),
      trc1155: await col(`SELECT DISTINCT contract_address FROM ${raw('token_transfers')} WHERE token_standard = 'trc1155'`),
      internalAddresses: await col(`SELECT caller_address FROM ${raw('internal_transactions')} USING SAMPLE reservoir(20 ROWS) REPEATABLE (5)`),
      internalContracts: await col(`SELECT DISTINCT contract_address FROM ${raw('transactions')} WHERE internal_count > 0 LIMIT 10`),
      head: Number(h?.head ?? 0),
      first: Number(h?.first ?? 0),
    };
  } finally {
    db.close();
  }
}

const DAY = 86_400_000;

/** URLs for an endpoint path; an endpoint without a recipe is measured on its bare path. */
export function urlsFor(p: string, s: Samples): string[] {
  const pick = <T>(xs: T[], n: number): T[] => xs.slice(0, n);
  const win = (i: number) => `start_timestamp=${s.head - (i + 1) * 7 * DAY}&end_timestamp=${s.head - i * 7 * DAY}`;
  const recipes: Record<string, () => string[]> = {
    '/api/block': () => [
      '/api/block',
      '/api/block?start=20&limit=20',
      ...pick(s.blocks, 10).map((b) => `/api/block?number=${b}`),
      ...pick(s.producers, 10).map((a) => `/api/block?producer=${a}&limit=20`),
      ...[0, 1, 2].map((i) => `/api/block?${win(i)}&sort=number`),
    ],
    '/api/block/statistic': () => ['/api/block/statistic'],
    '/api/transaction': () => [
      '/api/transaction',
      '/api/transaction?start=100&limit=50',
      ...pick(s.addresses, 15).map((a) => `/api/transaction?address=${a}`),
      ...pick(s.busyAddresses, 5).map((a) => `/api/transaction?address=${a}&direction=out&limit=20`),
      ...pick(s.blocks, 10).map((b) => `/api/transaction?block=${b}`),
      '/api/transaction?type=1&confirm=0,1',
      `/api/transaction?${win(1)}`,
    ],
    '/api/transaction-info': () => s.hashes.map((h) => `/api/transaction-info?hash=${h}`),
    '/api/transaction/statistics': () => ['/api/transaction/statistics'],
    '/api/token_trc20/transfers': () => [
      '/api/token_trc20/transfers',
      ...pick(s.trc20, 5).map((c) => `/api/token_trc20/transfers?contract_address=${c}`),
      ...pick(s.usdtHolders, 15).map((a) => `/api/token_trc20/transfers?relatedAddress=${a}`),
      `/api/token_trc20/transfers?${win(2)}`,
    ],
    '/api/token_trc1155/transfers': () => [
      '/api/token_trc1155/transfers',
      ...s.trc1155.map((c) => `/api/token_trc1155/transfers?contract_address=${c}`),
    ],
    '/api/transfer': () => [
      '/api/transfer',
      ...pick(s.addresses, 15).map((a) => `/api/transfer?address=${a}`),
      ...pick(s.blocks, 5).map((b) => `/api/transfer?block=${b}`),
      '/api/transfer?tokens=_',
    ],
    '/api/internal-transaction': () => [
      ...pick(s.internalAddresses, 10).map((a) => `/api/internal-transaction?address=${a}`),
      ...pick(s.internalContracts, 5).map((c) => `/api/internal-transaction?contract=${c}`),
      ...pick(s.blocks, 5).map((b) => `/api/internal-transaction?block=${b}`),
    ],
    '/api/token_trc20/transfers-with-status': () =>
      pick(s.usdtHolders, 20).flatMap((a) => [
        `/api/token_trc20/transfers-with-status?trc20Id=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t&address=${a}`,
        `/api/token_trc20/transfers-with-status?trc20Id=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t&address=${a}&direction=2`,
      ]),
    '/api/transfer/statistics': () => ['/api/transfer/statistics'],
  };
  const urls = recipes[p]?.() ?? [p];
  return urls.length > 0 ? urls : [p];
}
