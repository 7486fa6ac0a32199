/**
 * GET /api/overview/totalblockchainsize (SPEC §2.7, exactly: lastUpdateSeconds, code, success, message, status,
 * data[{date, dateDayStr, blockchainSize}]): the serialized size of every block up to the end of each UTC day of the
 * last `days` days, oldest first: the pre-window size (pre_window_totals; zero from genesis) plus the lake's block
 * sizes. Without pre-window totals it counts from the lake's first day and adds `countedFrom` (docs/compat.md).
 */
import { defineCumulativeSeries } from '../shapes/cumulative-series.ts';

export default defineCumulativeSeries({
  path: '/api/overview/totalblockchainsize',
  summary: 'Size of the blockchain (serialized blocks, bytes) at the end of each day, oldest first.',
  sql: 'statistics/total-blockchain-size',
  field: 'blockchainSize',
});
