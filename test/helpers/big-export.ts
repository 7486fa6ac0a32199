import { z } from 'zod';
import { defineEndpoint, type AnyEndpoint } from '../../src/endpoints/kit/endpoint.ts';

/**
 * A whole-table CSV export (a test-only declaration over the real transaction template): every transaction, megabytes
 * of rows, for the tests of the export lane, stalled readers and export memory (test/http/guards, admission).
 */
export const bigCsv: AnyEndpoint = defineEndpoint({
  path: '/test/all-transactions.csv',
  method: 'GET',
  summary: 'every transaction as CSV (test)',
  params: z.object({}),
  queries: { rows: 'transaction/transaction' },
  handle: async () => ({}),
  csv: {
    columns: ['block_number', 'tx_hash', 'owner_address', 'to_address', 'call_data', 'parameter_json', 'memo'].map((c) => ({ header: c, field: c })),
    plan: async () => ({
      query: 'transaction/transaction',
      binds: { start_ts: null, end_ts: null, start_day: null, end_day: null, block: null, types: null, tokens: null, confirm: null, lim: 10_000_000, off: 0 },
      orderBy: 'block_number',
    }),
    filename: 'all.csv',
    wanted: () => true,
  },
  orderBys: ['block_number'],
});
