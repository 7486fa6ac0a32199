/**
 * GET /api/overview/transactionnum (SPEC §4.2; shape inferred, docs/compat.md): the chain's total transactions at
 * the end of each UTC day of the last `days` days, oldest first: the pre-window total (pre_window_totals; zero for a
 * lake starting at genesis) plus the lake's transactions up to that day. Without pre-window totals the series counts
 * from the lake's first day and says so in `countedFrom`.
 */
import { defineCumulativeSeries } from '../shapes/cumulative-series.ts';

export default defineCumulativeSeries({
  path: '/api/overview/transactionnum',
  summary: 'Total transactions of the chain at the end of each day, oldest first.',
  sql: 'statistics/transaction-num',
  field: 'totalTransaction',
});
