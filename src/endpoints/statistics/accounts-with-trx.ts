/**
 * GET /api/overview/accountswithtrx (SPEC §4.2; shape: reference "overview/accountswithtrx", the overview envelope):
 * per UTC day of the last `days` days (default 15, at most 2000), oldest first, the accounts holding TRX at the end
 * of the day (`accountWithTrx`), their share of all accounts (`accountWithTrxPercentage`, a fraction 0..1, 4 places)
 * and all accounts (`totalAddress`). Counted from the chain_anchors figures as of the lake's first block plus the
 * lake's changes (daily_trx_holders, the accounts' creation times); without those anchors the figures are null
 * (docs/compat.md "Accounts").
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { dayMs, dayStartMs, dayString, fraction, overviewEnvelope, overviewResponse, share, unknownCount } from '../shapes/stats-shape.ts';

const count = (c: unknown): number | null => (c === null || c === undefined ? null : Number(c));

export default defineSeries({
  path: '/api/overview/accountswithtrx',
  summary: 'Accounts holding TRX and all accounts per day, oldest first.',
  time: { days: 'days', unit: 'ms', maxDays: 2000, defaultDays: 15 },
  granularities: ['day'],
  sql: 'statistics/accounts-with-trx',
  perVersion: true,
  sum: [],
  row: (r) => {
    const withTrx = count(r.account_with_trx);
    const total = count(r.total_address);
    return { date: dayMs(r.day), dateDayStr: r.day, accountWithTrx: withTrx, accountWithTrxPercentage: share(withTrx, total), totalAddress: total };
  },
  envelope: (items, _p, ctx) => overviewEnvelope(items, ctx),
  response: overviewResponse(z.object({ date: dayStartMs, dateDayStr: dayString, accountWithTrx: unknownCount, accountWithTrxPercentage: fraction, totalAddress: unknownCount })),
});
