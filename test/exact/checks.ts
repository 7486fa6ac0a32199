/**
 * The exactness audit of issue 16: every amount, supply and sum the served endpoints answer, compared to the last
 * digit with plain SQL over the raw tables of a lake (never the rollups or the endpoints' templates). Used by
 * test/exact/compare.test.ts on the tiny lake and by test/exact/default-lake.ts on the default lake.
 *
 * Values are compared as the text of the response (a JSON number literal, or a string), so a double on the way
 * shows as a mismatch; expected literals are formatted here with bigint arithmetic.
 */
import type { Row } from '../../src/duckdb/duck.ts';
import type { Ctx, Io } from './context.ts';
import { wholeChain } from './context.ts';
import { allDatasets } from '../../src/lake/datasets/index.ts';
import { emptyColumnsDDL } from '../../src/lake/views.ts';
import { accountChecks } from './account.ts';
import { governanceChecks } from './governance.ts';
import { accountsChecks } from './accounts.ts';
import { accountAnalysisChecks } from './account-analysis.ts';
import { counterChecks } from './counters.ts';
import { listChecks } from './lists.ts';
import { statsChecks } from './stats.ts';
import { top10Checks } from './top10.ts';
import { holdingChecks, walletChecks } from './wallet.ts';
import { stablecoinChecks } from './stablecoins.ts';
import { stablecoinHolderChecks } from './stablecoin-holders.ts';
import { LEDGER_20 } from '../endpoints/token/ledgers.ts';
import { SUPPLY_LEDGER, expectedLiteral, numberLiterals } from '../endpoints/token/supply-ledger.ts';
import { arrayPart, field, objects } from './json-text.ts';

export type { Io } from './context.ts';

/** Registered endpoints the audit does not compare, with the reason (test/exact/compare.test.ts holds every other one to it). */
export const NOT_AUDITED: Readonly<Record<string, string>> = {
  // Contract statistics: counts and energy sums per contract, each compared with plain SQL over raw transactions
  '/api/contracts/trigger': 'every row and the window counts of each bound alone and both are compared with raw transactions in test/endpoints/contract/contracts-trigger.test.ts',
  '/api/onecontractenergystatistic': 'every day\'s energy split (burned units with raw resource prices) and totalEnergy are compared with raw transactions in test/endpoints/contract/one-contract-energy-statistic.test.ts',
  '/api/onecontracttriggerstatistic': 'every day\'s calls and totalAmount are compared with raw transactions in test/endpoints/contract/one-contract-trigger-statistic.test.ts',
  '/api/onecontractcallerstatistic': 'every day\'s distinct callers and the range\'s distinct callers are compared with raw transactions in test/endpoints/contract/one-contract-caller-statistic.test.ts',
  '/api/onecontractcallers': 'every caller\'s calls, the day\'s callers and calls are compared with raw transactions in test/endpoints/contract/one-contract-callers.test.ts',
  '/api/contracts/top_call': 'lifetime calls and callers, the top callers and methods with their ratios and the 7-day calls are compared with raw transactions in test/endpoints/contract/top-call.test.ts',
  '/api/security/sign/data': 'answers no amount, count or sum (permission flags and address lists)',
  // security block: amounts are raw approval / transfer amounts copied as text, compared with the raw tables
  '/api/account/approve/list': "every amount is compared with the test's ledger of the raw approvals in test/endpoints/account/approve-list.test.ts",
  '/api/account/approve/change': "every amount is compared with the test's allowance ledger over raw approvals and transfers in test/endpoints/account/approve-change.test.ts",
  '/api/security/auth/data': 'its counts are compared with plain SQL over the raw approvals and the reference lists in test/endpoints/security/auth-data.test.ts',
  '/api/security/account/data': 'answers flags only (compared with plain SQL over raw tables in test/endpoints/security/account-data.test.ts)',
  '/api/security/token/data': 'answers flags and levels only (compared with plain SQL over raw tables in test/endpoints/security/token-data.test.ts)',
  '/api/security/url/data': 'answers one flag from a reference list',
  '/api/security/transaction/data': 'answers flags only (compared with plain SQL over raw tables in test/endpoints/security/transaction-data.test.ts)',
  // issue 34, DeFi flows (test/endpoints/deep/counterparty-expected.ts: plain SQL over the raw transfers)
  '/api/deep/account/relatedAccount': 'every count and USD sum per counterparty is compared with the raw transfers in test/endpoints/deep/related-account.test.ts',
  '/api/deep/account/transferAmount': 'every count, USD sum and section total is compared with the raw transfers in test/endpoints/deep/account-transfer-amount.test.ts',
  '/api/deep/stableCoin/liquidity/transaction': 'every event value and token value is compared with raw dex_pool_events and token_prices in test/endpoints/deep/liquidity-transaction.test.ts',
  '/api/deep/stableCoin/bigAmount': 'every amount, USD value and type of every row is compared with raw token_transfers, logs decoded in the test and the price rule in test/endpoints/deep/stablecoin-big-amount.test.ts',
  '/api/deep/account/token/bigAmount': 'every amount, USD value and type of every row is compared with raw token_transfers, logs decoded in the test and the price rule in test/endpoints/deep/account-token-big-amount.test.ts',
  '/api/participate_project': 'every position, balance, TRX and USD value and total is compared as exact fractions with raw token_transfers anchored on trc20_snapshots, lending logs decoded in the test and the price tables in test/endpoints/account/participate-project.test.ts',
  '/api/deep/account/holderToken/basicInfo/trc20/transfer': 'its two counts are compared with raw token_transfers in test/endpoints/deep/holder-token-trc20-transfer.test.ts',
  '/api/account/holderToken/asset/changeBalance': 'every change and balance is compared with ledgers over the raw tables in test/endpoints/deep/holder-token-change-balance.test.ts',
  '/api/account/holderToken/asset/valueInfo': 'every balance, price and value is compared with ledgers and prices over the raw tables in test/endpoints/deep/holder-token-value-info.test.ts',
  '/api/account/holderToken/basicInfo': 'balance, amount, times and value are compared with ledgers over the raw tables in test/endpoints/deep/holder-token-basic-info.test.ts',
  '/api/stableCoin/totalSupply': 'every coin\'s supply is compared with supply computed from decoded raw logs, snapshots and transfers in test/endpoints/deep/stablecoin-total-supply.test.ts',
  '/api/stableCoin/totalSupply/change': 'every day\'s supply per coin is compared with the independent supply in test/endpoints/deep/stablecoin-supply-change.test.ts',
  '/api/stableCoin/tokenSupply/turnover': 'every day\'s supply, minted and burned amount is compared with the independent supply in test/endpoints/deep/stablecoin-supply-turnover.test.ts',
  '/api/trx/volume': "every candle is compared with the USDT/WTRX Swap logs decoded in the test (sunswap) or the price_candles file (other sources) in test/endpoints/statistics/trx-volume.test.ts",
  '/api/trx/volume/sourceList': "the sources and their day counts are compared with the price_candles file and the decoded swaps in test/endpoints/statistics/trx-volume.test.ts",
  '/api/tokenTvc': 'every market cap, the total and the daily line are compared with exact supply × the price rule over the raw files in test/endpoints/statistics/token-tvc.test.ts',
  '/api/stableCoin/overview': 'supply, holders, both 24 h transfer counts, market cap, pool liquidity and every change are compared per contract and aggregated with the decoded supply, the independent ledger, raw transfers and prices in test/endpoints/deep/stablecoin-overview.test.ts',
  '/api/turnover': 'every period\'s rewards, burn, net and supply (days, months, quarters, years) is compared as sent with the supply recomputed from the raw blocks, transactions, parameter snapshots and anchors in test/endpoints/statistics/turnover.test.ts',
  '/api/funds': 'burn, supply and the last day\'s burn are compared as sent with the raw transactions and anchors in test/endpoints/statistics/funds.test.ts',
  '/api/freezeresource': 'supply, stake weights, ratios, costs and 24 h changes are compared per day with the raw tables in test/endpoints/statistics/freezeresource.test.ts',
  // issue 34 (DEX pools and TVL)
  '/api/stableCoin/tvl': 'every pool token balance and pool TVL is compared with the anchored ledger over raw transfers × the price rule\'s tables in test/endpoints/deep/stablecoin-tvl.test.ts',
  '/api/stableCoin/pool/info': 'its pools are the tvl endpoint\'s, compared field by field in test/endpoints/deep/pool-info.test.ts',
  '/api/stableCoin/pool/overview': 'its tokens and TVL are pool/info\'s, compared in test/endpoints/deep/pool-overview.test.ts',
  '/api/defiTvl': 'every project\'s locked value, its breakdown and the head day\'s line point are compared with raw balances × prices in test/endpoints/statistics/defi-tvl.test.ts',
  '/api/stableCoin/pool/change': 'every token balance and the TVL of three days per pool are compared with the anchored ledger over raw transfers × prices in test/endpoints/deep/pool-change.test.ts',
  '/api/stableCoin/pool/trend': 'every link is compared with the raw pool events\' swap legs × the day\'s price in test/endpoints/deep/pool-trend.test.ts',
  // search and homepage
  '/api/search/v2': 'balances and transaction counts are compared with the newest account snapshot and raw transactions, holders ordered, transactions and blocks with the raw rows in test/endpoints/home/search-v2.test.ts',
  '/api/account/tag': 'answers labels and rule tags only; each rule\'s threshold is decided over the raw tables in test/endpoints/deep/account-tag.test.ts',
  '/api/search/hot': 'every holder count (independent ledgers), 24 h transfer count, contract call count, sum and score is compared with the raw tables in test/endpoints/home/search-hot.test.ts',
  '/api/search/bar': 'its tokens are ranked from the independent ledgers and raw transfers in test/endpoints/home/search-hot.test.ts',
  '/api/system/homepage-bundle': 'each section is its own (audited) endpoint\'s answer, compared in test/endpoints/home/homepage-bundle.test.ts; yesterday\'s transactions with raw_transactions',
  '/api/multiple/chain/query': 'answers flags, labels and reference rows only, compared with the tables in test/endpoints/account/multiple-chain-query.test.ts',
  // contract detail
  '/api/contracts': 'every row\'s balance and transactions received, the counts and the head day\'s calls are compared with the raw transactions, snapshots and flows in test/endpoints/contract/contracts.test.ts',
  '/api/contract': 'balance, calls, its USD value and the deploy\'s figures are compared with the raw transactions, snapshots and the price rule in test/endpoints/contract/contract.test.ts',
  '/api/contracts/smart-contract-triggers-batch': 'a POST (the audit GETs): every call, call value and decoded event argument is compared with the raw transactions and logs decoded by the test\'s own decoder in test/endpoints/contract/smart-contract-triggers-batch.test.ts',
  '/api/contract/analysis': 'every day\'s balance, transfers, energy, bandwidth, calls, callers and burned sun is compared with the raw transactions and transfers in test/endpoints/contract/contract-analysis.test.ts',
};

export interface Mismatch {
  endpoint: string;
  key: string;
  got: string | undefined;
  want: string;
}

export interface Audit {
  /** Comparisons per endpoint. */
  counts: Record<string, number>;
  mismatches: Mismatch[];
}

const DAY = 86_400_000;
const s = (v: unknown): string => String(v);

/** The JSON literal of Σ raw_i / 10^decimals_i, exact. */
function fractionSum(parts: { raw: string; decimals: number }[]): string {
  const scale = Math.max(0, ...parts.map((p) => p.decimals));
  let total = 0n;
  for (const p of parts) total += BigInt(p.raw) * 10n ** BigInt(scale - p.decimals);
  return expectedLiteral(total.toString(), scale);
}

export async function audit(io: Io): Promise<Audit> {
  const counts: Record<string, number> = {};
  const mismatches: Mismatch[] = [];
  const check = (endpoint: string, key: string, got: string | undefined, want: string): void => {
    counts[endpoint] = (counts[endpoint] ?? 0) + 1;
    if (got !== want) mismatches.push({ endpoint, key, got, want });
  };
  const get = async (url: string): Promise<string> => {
    const r = await io.get(url);
    if (r.status !== 200) throw new Error(`${url}: HTTP ${r.status}`);
    return r.text;
  };
  const near = (endpoint: string, key: string, got: string | undefined, want: number, decimals: number): void => {
    const ok = got !== undefined && Math.abs(Number(got) - want) <= 10 ** -decimals + Math.abs(want) * 1e-12;
    check(endpoint, key, got, ok ? got! : want.toFixed(decimals));
  };
  const ctx: Ctx = { io, get, check, near };

  // Supplies: mints minus burns (TRC20/721/1155), the issued supply (TRC10), scaled by decimals.
  const supplies = await io.sql(SUPPLY_LEDGER);
  const supplyOf = new Map(supplies.map((t) => [s(t.token_id), expectedLiteral(s(t.supply), Number(t.decimals))]));
  for (const t of supplies.filter((x) => x.token_standard === 'trc20')) {
    check('/api/token_trc20/totalSupply', s(t.token_id), await get(`/api/token_trc20/totalSupply?address=${t.token_id}`), supplyOf.get(s(t.token_id))!);
  }
  for (let start = 0; ; start += 500) {
    const text = await get(`/api/tokens/overview?limit=500&start=${start}&verifier=all&sort=init`);
    const rows = objects(arrayPart(text, 'tokens'));
    for (const o of rows) {
      const id = field(o, 'contractAddress')!;
      check('/api/tokens/overview', `${id} supply`, field(o, 'supply'), id === '_' ? '0' : supplyOf.get(id) ?? 'unknown token');
    }
    if (rows.length < 500) break;
  }
  for (let start = 0; ; start += 500) {
    const text = await get(`/api/token/all?limit=500&start=${start}`);
    const rows = objects(arrayPart(text, 'data'));
    for (const o of rows) check('/api/token/all', `${field(o, 'contract')} total supply`, field(o, 'total supply'), supplyOf.get(field(o, 'contract')!) ?? 'unknown token');
    if (rows.length < 500) break;
  }

  // Statistics: exact sums over the raw transactions and transfers.
  const lastDay = Math.floor(io.head / DAY) * DAY - DAY;
  const inLastDay = `timestamp >= ${lastDay} and timestamp < ${lastDay + DAY}`;
  const sum = (filter: string) => `cast(coalesce(sum(cast(amount as hugeint)) filter (where ${filter}), 0) as varchar)`;
  const [c] = await io.sql(`select ${sum('contract_type not in (2, 9)')} tx, ${sum(`contract_type not in (2, 9) and ${inLastDay}`)} day_tx,
      ${sum('contract_type = 1')} trx, ${sum(`contract_type = 1 and ${inLastDay}`)} day_trx, ${sum('contract_type = 2')} trc10,
      ${sum('contract_type = 31')} trig, ${sum('contract_type in (11, 54)')} frz, ${sum('contract_type not in (1, 2, 31, 4, 11, 54, 9)')} oth
    from raw_transactions`);
  const votes = await io.sql(`select parameter_json p from raw_transactions where contract_type = 4`);
  let voteTotal = 0n;
  for (const v of votes) for (const x of (JSON.parse(s(v.p)).votes ?? []) as { vote_count: number }[]) voteTotal += BigInt(x.vote_count);
  const moved = (await io.sql(`select t.contract_address c, cast(sum(cast(t.amount_raw as hugeint)) as varchar) raw, coalesce(k.decimals, 0) d
      from raw_token_transfers t left join dim_tokens k on k.token_id = t.contract_address and k.token_standard = 'trc20'
      where t.token_standard = 'trc20' group by t.contract_address, k.decimals`)).map((r) => ({ c: s(r.c), raw: s(r.raw), decimals: Number(r.d) }));
  const trc20 = fractionSum(moved);
  // All time is the whole chain: the lake's sums only from genesis, else null (no per-kind anchor; docs/compat.md
  // "Whole-chain figures"); the last day's amounts are exact on any lake.
  const w = await wholeChain(io);
  const txs = await get('/api/transaction/statistics');
  const lit = (text: string, f: string) => numberLiterals(text, f)[0];
  for (const [f, want] of [
    ['lastDayTxAmount', expectedLiteral(s(c!.day_tx), 6)],
  ] as const) check('/api/transaction/statistics', f, lit(txs, f), want);
  for (const [f, want] of [
    ['txAmount', expectedLiteral(s(c!.tx), 6)],
    ['trxTransferAmount', expectedLiteral(s(c!.trx), 6)], ['trc10TransferAmount', s(c!.trc10)], ['trc20Amount', trc20],
    ['triggerAmount', expectedLiteral(s(c!.trig), 6)], ['votesAmount', voteTotal.toString()],
    ['freezeBalanceAmount', expectedLiteral(s(c!.frz), 6)], ['othersAmount', expectedLiteral(s(c!.oth), 6)],
  ] as const) check('/api/transaction/statistics', f, field(txs, f), w.whole(want));
  if (!w.fromGenesis) check('/api/transaction/statistics', 'triggerTop10', field(txs, 'triggerTop10'), 'null');
  const movedOf = new Map(moved.map((m) => [m.c, expectedLiteral(m.raw, m.decimals)]));
  for (const o of objects(arrayPart(txs, 'trc20Top10'))) check('/api/transaction/statistics', `trc20Top10 ${field(o, 'address')}`, field(o, 'amount'), movedOf.get(field(o, 'address')!) ?? '?');
  const calls = new Map((await io.sql(`select contract_address a, cast(sum(cast(amount as hugeint)) as varchar) v from raw_transactions where contract_type = 31 group by 1`))
    .map((x) => [s(x.a), expectedLiteral(s(x.v), 6)]));
  for (const o of objects(arrayPart(txs, 'triggerTop10'))) check('/api/transaction/statistics', `triggerTop10 ${field(o, 'address')}`, field(o, 'amount'), calls.get(field(o, 'address')!) ?? '?');
  const tfs = await get('/api/transfer/statistics');
  check('/api/transfer/statistics', 'lastDayTransfersAmount', lit(tfs, 'lastDayTransfersAmount'), expectedLiteral(s(c!.day_trx), 6));
  for (const [f, want] of [
    ['transfersAmount', expectedLiteral(s(c!.trx), 6)],
    ['trxTransferAmount', expectedLiteral(s(c!.trx), 6)], ['trc10TransferAmount', s(c!.trc10)], ['trc20Amount', trc20],
  ] as const) check('/api/transfer/statistics', f, field(tfs, f), w.whole(want));

  // Holders and position bands of the five most transferred TRC20 tokens: an independent ledger.
  const busiest = await io.sql(`select contract_address c from raw_token_transfers where token_standard = 'trc20' group by 1 order by count(*) desc, 1 limit 5`);
  for (const { c: token } of busiest) {
    const ledger = await io.sql(`select holder_address h, cast(bal as varchar) b from (${LEDGER_20}) where contract_address = '${token}' and bal > 0 order by bal desc, h`);
    const balOf = new Map(ledger.map((r) => [s(r.h), s(r.b)]));
    const text = await get(`/api/token_trc20/holders?contract_address=${token}&limit=50`);
    for (const o of objects(arrayPart(text, 'trc20_tokens'))) check('/api/token_trc20/holders', `${token} ${field(o, 'holder_address')}`, field(o, 'balance'), balOf.get(field(o, 'holder_address')!) ?? 'not a holder');
    const bands = [[1, 10, 'rank1-10'], [11, 50, 'rank11-50'], [51, 100, 'rank51-100'], [101, 500, 'rank101-500'], [501, Infinity, 'other']] as const;
    const dist = await get(`/api/tokens/position-distribution?tokenId=${token}`);
    for (const [lo, hi, name] of bands) {
      const want = ledger.slice(lo - 1, hi === Infinity ? undefined : hi).reduce((a, r) => a + BigInt(s(r.b)), 0n).toString();
      check('/api/tokens/position-distribution', `${token} ${name}`, field(dist, name), want);
    }
  }

  // Blocks: the newest page's fee, energy and bandwidth against the sums over their transactions.
  const blocks = objects(arrayPart(await get('/api/block?limit=50'), 'data'));
  const nums = blocks.map((o) => field(o, 'number')!).join(', ');
  const sums = new Map((await io.sql(`select block_number n, cast(coalesce(sum(fee), 0) as varchar) fee, cast(coalesce(sum(energy_usage_total), 0) as varchar) e,
      cast(coalesce(sum(net_usage + net_fee // 1000), 0) as varchar) net from raw_transactions where block_number in (${nums}) group by 1`)).map((r) => [s(r.n), r]));
  for (const o of blocks) {
    const r = sums.get(field(o, 'number')!);
    check('/api/block', `${field(o, 'number')} fee`, field(o, 'fee'), expectedLiteral(s(r?.fee ?? '0'), 6)); // whole TRX
    check('/api/block', `${field(o, 'number')} energyUsage`, field(o, 'energyUsage'), s(r?.e ?? '0'));
    check('/api/block', `${field(o, 'number')} netUsage`, field(o, 'netUsage'), s(r?.net ?? '0'));
  }
  const [burn] = await io.sql(`select cast(coalesce(sum(fee), 0) as varchar) a, cast(coalesce(sum(fee) filter (where timestamp > ${io.head - DAY}), 0) as varchar) d from raw_transactions`);
  const stat = await get('/api/block/statistic');
  // Whole-chain burn (docs/compat.md "Whole-chain figures"): the burned_sun anchor before the first block + the lake's.
  const [whole] = await io.sql(`select min(block_number) lo, max(block_number) + 1 blocks from raw_blocks`);
  const [burnedBefore] = BigInt(s(whole!.lo)) === 0n ? [{ v: '0' }]
    : await io.sql(`select value_raw v from ref_chain_anchors where name = 'burned_sun' and as_of_block = ${s(whole!.lo)} - 1`);
  check('/api/block/statistic', 'whole_block_count', lit(stat, 'whole_block_count'), s(whole!.blocks));
  check('/api/block/statistic', 'last_day_total_burn', lit(stat, 'last_day_total_burn') ?? 'null',
    burnedBefore ? expectedLiteral((BigInt(s(burnedBefore.v)) + BigInt(s(burn!.a))).toString(), 6) : 'null');
  check('/api/block/statistic', 'last_day_burn', lit(stat, 'last_day_burn'), expectedLiteral(s(burn!.d), 6));

  // Lists: the newest page's amounts against the raw rows.
  const trx = objects(arrayPart(await get('/api/transfer?limit=50'), 'data'));
  const hashes = (xs: string[]) => xs.map((h) => `'${h}'`).join(', ') || "''";
  const amountOf = new Map((await io.sql(`select tx_hash h, cast(amount as varchar) a from raw_transactions where tx_hash in (${hashes(trx.map((o) => field(o, 'transactionHash')!))})`)).map((r) => [s(r.h), s(r.a)]));
  for (const o of trx) check('/api/transfer', `${field(o, 'transactionHash')} amount`, field(o, 'amount'), amountOf.get(field(o, 'transactionHash')!) ?? '?');
  const tt = objects(arrayPart(await get('/api/token_trc20/transfers?limit=50'), 'token_transfers'));
  const rawTt = await io.sql(`select tx_hash h, from_address f, to_address t, token_standard std, token_id id, amount_raw a from raw_token_transfers
      where tx_hash in (${hashes(tt.map((o) => field(o, 'transaction_id')!))})`);
  for (const o of tt) {
    const k = (r: Row) => `${r.h}|${r.f}|${r.t}`;
    const want = rawTt.filter((r) => k(r) === `${field(o, 'transaction_id')}|${field(o, 'from_address')}|${field(o, 'to_address')}`)
      .map((r) => s(r.std === 'trc721' ? r.id : r.a));
    const got = field(o, 'quant');
    check('/api/token_trc20/transfers', `${field(o, 'transaction_id')} quant`, got, want.includes(s(got)) ? s(got) : want.join('|'));
  }
  for (const [url, key, hashField] of [['/api/transaction?limit=50', 'data', 'hash'], ['/api/asset/transfer?limit=50', 'Data', 'transactionHash']] as const) {
    const page = objects(arrayPart(await get(url), key));
    const of = new Map((await io.sql(`select tx_hash h, cast(amount as varchar) a from raw_transactions where tx_hash in (${hashes(page.map((o) => field(o, hashField)!))})`)).map((r) => [s(r.h), s(r.a)]));
    for (const o of page) check(url.split('?')[0]!, `${field(o, hashField)} amount`, field(o, 'amount'), of.get(field(o, hashField)!) ?? '?');
  }
  const t1155 = objects(arrayPart(await get('/api/token_trc1155/transfers?limit=50'), 'token_transfers'));
  const raw1155 = await io.sql(`select tx_hash h, from_address f, to_address t, token_id id, amount_raw a from raw_token_transfers
      where token_standard = 'trc1155' and tx_hash in (${hashes(t1155.map((o) => field(o, 'transaction_id')!))})`);
  for (const o of t1155) {
    const want = raw1155.filter((r) => `${r.h}|${r.f}|${r.t}|${r.id}` === `${field(o, 'transaction_id')}|${field(o, 'from_address')}|${field(o, 'to_address')}|${field(o, 'token_id')}`).map((r) => s(r.a));
    const got = field(o, 'quant');
    check('/api/token_trc1155/transfers', `${field(o, 'transaction_id')} quant`, got, want.includes(s(got)) ? s(got) : want.join('|'));
  }

  // Token lists: raw supplies as strings.
  const rawSupply = new Map(supplies.map((t) => [s(t.token_id), s(t.supply)]));
  for (let start = 0; ; start += 50) {
    const rows = objects(arrayPart(await get(`/api/token_trc20?showAll=1&limit=50&start=${start}`), 'trc20_tokens'));
    for (const o of rows) check('/api/token_trc20', `${field(o, 'contract_address')} total_supply_with_decimals`, field(o, 'total_supply_with_decimals'), rawSupply.get(field(o, 'contract_address')!) ?? '?');
    if (rows.length < 50) break;
  }
  for (let start = 0; ; start += 50) {
    const rows = objects(arrayPart(await get(`/api/token?showAll=1&limit=50&start=${start}`), 'data'));
    for (const o of rows) check('/api/token', `${field(o, 'id')} totalSupply`, field(o, 'totalSupply'), rawSupply.get(field(o, 'id')!) ?? '?');
    if (rows.length < 50) break;
  }

  await counterChecks(ctx);
  await listChecks(ctx);
  await statsChecks(ctx);
  await top10Checks(ctx);
  await accountChecks(ctx);
  await governanceChecks(ctx);
  await accountsChecks(ctx);
  await accountAnalysisChecks(ctx);
  await walletChecks(ctx);
  await holdingChecks(ctx);
  await stablecoinChecks(ctx);
  await stablecoinHolderChecks(ctx);
  return { counts, mismatches };
}

/**
 * `raw_<dataset>` / `dim_<dataset>` / `snap_<dataset>` / `ref_<dataset>` views over a published version, as the
 * tests' `sql()` has them (test/helpers/lake.ts): a dataset without rows, or absent, is an empty table.
 */
export function rawViewStatements(versionDir: string, tables: Record<string, { kind: string; rows: number }>): string[] {
  const out: string[] = [];
  const prefix: Record<string, string> = { raw: 'raw', dimension: 'dim', snapshot: 'snap', reference: 'ref' };
  for (const ds of allDatasets) {
    const p = prefix[ds.kind];
    if (!p) continue;
    const t = tables[ds.name];
    if (!t || t.rows === 0) out.push(`CREATE TABLE ${p}_${ds.name} (${emptyColumnsDDL(ds)})`);
    else if (ds.kind === 'raw') out.push(`CREATE VIEW raw_${ds.name} AS SELECT * FROM read_parquet('${versionDir}/raw/${ds.name}/*/*.parquet', hive_partitioning = true)`);
    else out.push(`CREATE VIEW ${p}_${ds.name} AS SELECT * FROM read_parquet('${versionDir}/${p}/${ds.name}.parquet')`);
  }
  return out;
}
