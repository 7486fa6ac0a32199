/**
 * GET /api/funds (SPEC §4.2; shape: reference "GET /api/funds", a flat object, whole TRX): the TRX supply at the head
 * and what it is made of. `genesisBlockIssue` the genesis issue; `totalBlockPay` / `totalNodePay` the block and vote
 * rewards minted so far (only on a lake from genesis: the issued anchor has no split); `burnByCharge` every fee burned
 * so far (the burned anchor + the lake's fees); `totalTurnOver` = genesis + issued − burned; `turnOver` (circulating)
 * = that minus the foundation's balances; `burnPerDay` the burn of the last whole UTC day (the head's day − 1);
 * `fundTrx` / `fundSumBalance` / `totalFundBalance` Σ balances of the addresses address_labels names 'foundation';
 * `donateBalance` / `totalDonateBalance` the genesis blackhole's balance; `burnUsddByCharge` null (no on-chain meaning
 * known). A figure the lake cannot give (no anchor, no foundation label, an address without an account snapshot) is
 * null. Read once per version (sql/statistics/funds.sql). docs/compat.md "TRX supply and staking".
 */
import { z } from 'zod';
import { GENESIS_SUPPLY_TRX } from '../../chain/economics.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { exactInt, exactNumber } from '../kit/schemas.ts';
import { utcDay } from '../kit/time-window.ts';
import { bigOrNull as big, numOr0 } from '../shapes/cells.ts';
import { trx } from '../shapes/stats-shape.ts';
import { BLACKHOLE_ADDRESS, shiftDay, supplySun, wholeTrx } from '../shapes/supply-shape.ts';

const QUERIES = { figures: 'statistics/funds' } as const;

const int = exactInt.nullable();
const num = exactNumber.nullable();

export default defineEndpoint({
  path: '/api/funds',
  method: 'GET',
  summary: 'TRX supply now: genesis issue, rewards, burns, circulating supply, foundation and blackhole balances (whole TRX).',
  params: z.object({}),
  response: z
    .object({
      genesisBlockIssue: exactInt,
      totalBlockPay: int,
      totalNodePay: int,
      burnPerDay: int,
      burnByCharge: num,
      burnUsddByCharge: z.null(),
      totalTurnOver: num,
      turnOver: num,
      fundTrx: num,
      fundSumBalance: int,
      totalFundBalance: int,
      donateBalance: int,
      totalDonateBalance: int,
    })
    .strict(),
  queries: QUERIES,
  async handle(_p, ctx) {
    const [f] = await ctx.versionRows(QUERIES.figures, { address: BLACKHOLE_ADDRESS });
    const supply = supplySun(f?.issued_sun, f?.burned_sun);
    const fund = numOr0(f?.foundation_addresses) > 0 ? big(f?.foundation_sun) : null;
    const blackhole = big(f?.blackhole_sun);
    // The head's day − 1 is whole in the lake when the lake starts at genesis or by that day's UTC midnight.
    const lastDay = shiftDay(utcDay(ctx.now), -1);
    const first = ctx.manifest.first;
    const holdsLastDay = first.number === 0 || first.timestamp <= Date.parse(`${lastDay}T00:00:00Z`);
    return {
      genesisBlockIssue: Number(GENESIS_SUPPLY_TRX),
      totalBlockPay: wholeTrx(big(f?.block_pay_sun)),
      totalNodePay: wholeTrx(big(f?.node_pay_sun)),
      burnPerDay: holdsLastDay ? wholeTrx(big(f?.last_day_burn_sun)) : null,
      burnByCharge: trx(big(f?.burned_sun)),
      burnUsddByCharge: null,
      totalTurnOver: trx(supply),
      turnOver: trx(supply === null || fund === null ? null : supply - fund),
      fundTrx: trx(fund),
      fundSumBalance: wholeTrx(fund),
      totalFundBalance: wholeTrx(fund),
      donateBalance: wholeTrx(blackhole),
      totalDonateBalance: wholeTrx(blackhole),
    };
  },
});
