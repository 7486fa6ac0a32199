/**
 * GET /api/triggeramountstatistic (SPEC §4.2, §8; shape: reference "triggeramountstatistic"): contracts ranked by
 * calls on one UTC day: trigger_amount (calls), caller_amount (distinct callers), call_value (TRX sent with the
 * calls, sun, exact), and their shares of the network's calls and distinct callers that day (0..1).
 */
import { exactInt } from '../kit/schemas.ts';
import { defineDailyRanking } from '../shapes/daily-ranking.ts';
import { big, fraction, share } from '../shapes/stats-shape.ts';

export default defineDailyRanking({
  path: '/api/triggeramountstatistic',
  summary: "One day's contracts ranked by calls, with distinct callers and TRX sent.",
  sql: 'statistics/trigger-amount-statistic',
  row: (r, t) => ({
    trigger_amount: r.call_count,
    caller_amount: r.caller_count,
    call_value: big(r.call_value_raw),
    trigger_amount_percent: share(Number(r.call_count), t.trigger, 6),
    caller_amount_percent: share(Number(r.caller_count), t.callers, 6),
  }),
  fields: { trigger_amount: exactInt, caller_amount: exactInt, call_value: exactInt, trigger_amount_percent: fraction, caller_amount_percent: fraction },
});
