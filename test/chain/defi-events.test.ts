/**
 * Issue 34: the DeFi registry and its decoders (src/chain/defi-events.ts). Every topic0 is keccak256 of its signature;
 * logs are built here by hand from the reference layouts (defi-stablecoin-events.md §2.1-§5.1: which args are
 * indexed, the data words in order) for every venue, and the rows are checked against values written out here.
 * The shipped sample datasets/reference/*.csv lists the registry.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { Db } from '../../src/duckdb/duck.ts';
import { base58ToHex } from '../../src/chain/address.ts';
import * as defi from '../../src/chain/defi-events.ts';
import { type DefiContract, decodeDexLog, decodeLendingLog, DEFI_CONTRACTS, DEFI_PROJECTS, defiRegistry } from '../../src/chain/defi-events.ts';

const keccak = (s: string): string => bytesToHex(keccak_256(utf8ToBytes(s)));
const topic = (signature: string): string => keccak(signature);
const word = (n: bigint): string => (n < 0n ? (1n << 256n) + n : n).toString(16).padStart(64, '0');
const addrWord = (b58: string): string => '0'.repeat(24) + base58ToHex(b58).slice(2);
const hex20 = (b58: string): string => base58ToHex(b58).slice(2);

// Addresses used as parties and tokens (real mainnet contracts or accounts; their role here is only a label).
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const WTRX = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR';
const USDD = 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz';
const TUSD = 'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4';
const ALICE = 'TNetvjBAsvEfubprr3t3uti1TPQkekPhkE';
const BOB = 'TH2DJurYvmLGApguMsSigCYFz5aMrvoWdA';
const OWNER = 'TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f';
const tx = { owner: OWNER, callData: null };
const BIG = 2n ** 60n + 7n; // beyond 2^53: a double would round it

// Synthetic pools for the venues the shipped registry has no decodable pool of (V1, V3, a 3-coin pool); a real one
// for V2, the 2pool, the PSM and the markets.
const byAddress = (a: string): DefiContract => DEFI_CONTRACTS.find((c) => c.address === a)!;
const V1: DefiContract = { address: 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF', project: 'sunswap', venue: 'sunswap_v1', role: 'pool', tokens: ['_', USDT], decimals: [6, 6], confirmed: true, source: 'test' };
const V2 = byAddress('TFGDbUyP8xez44C76fin3bn3Ss6jugoUwJ'); // WTRX/USDT
const V3: DefiContract = { address: 'TThJt8zaJzJMhCEScH7zWKnp5buVZqys9x', project: 'sunswap', venue: 'sunswap_v3', role: 'pool', tokens: [WTRX, USDT], decimals: [6, 6], confirmed: true, source: 'test' };
const POOL2 = byAddress('TNTfaTpkdd4AQDeqr8SGG7tgdkdjdhbP5c'); // USDD-old, USDT
const POOL3: DefiContract = { address: 'TKVsYedAY23WFchBniU7kcx1ybJnmRSbGt', project: 'sunio', venue: 'sun_stableswap', role: 'pool', tokens: [USDD, TUSD, USDT], decimals: [18, 18, 6], confirmed: false, source: 'test' };
const PSM = byAddress('TBXW4hS5KYjjbJXDpnrPf4zhkLwrpUjbyz'); // gem USDT, USDD 2.0
const JTRX = byAddress('TE2RzoSV3wFK99w6J9UnnZ4vLfXYoxvRwP');
const JUSDT = byAddress('TXJgMdjVX5dKiQaUi9QobwNxtSQaFqccvd');

const legs = (rows: ReturnType<typeof decodeDexLog>) => rows.map((r) => [r.leg, r.token_address, r.direction, r.amount_raw, r.fee_raw]);

describe('DeFi topics', () => {
  it.each(Object.entries(defi.DEFI_TOPIC_SIGNATURES))('%s = keccak(%s)', (t, sig) => {
    expect(keccak(sig)).toBe(t);
  });

  it('covers every exported TOPIC_ constant; stable-pool N is part of the signature', () => {
    const exported = Object.entries(defi).filter(([k]) => k.startsWith('TOPIC_')).map(([, v]) => v);
    expect(new Set(exported)).toEqual(new Set(Object.keys(defi.DEFI_TOPIC_SIGNATURES)));
    expect(defi.TOPIC_STABLE_ADD_LIQUIDITY_2).not.toBe(defi.TOPIC_STABLE_ADD_LIQUIDITY_3);
    // §1.9: the jToken Mint and the V2 pair Mint are one topic0
    expect(defi.TOPIC_JTOKEN_MINT).toBe(topic('Mint(address,uint256,uint256)'));
  });
});

describe('SunSwap V1 (every argument indexed: amounts in topics, TRX side "_")', () => {
  const log = (sig: string, who: string, a: bigint, b: bigint) => ({ contract_address: hex20(V1.address), topics: [topic(sig), addrWord(who), word(a), word(b)], data: '' });
  it('TokenPurchase: TRX in, token out; TrxPurchase: token in, TRX out', () => {
    const buy = decodeDexLog(log('TokenPurchase(address,uint256,uint256)', ALICE, 5_000_000n, BIG), V1, tx);
    expect(legs(buy)).toEqual([[0, '_', 'in', '5000000', null], [1, USDT, 'out', BIG.toString(), null]]);
    expect(buy[0]).toMatchObject({ event_name: 'TokenPurchase', action: 'swap', account_address: ALICE, operator_address: OWNER, venue: 'sunswap_v1', project: 'sunswap' });
    const sell = decodeDexLog(log('TrxPurchase(address,uint256,uint256)', ALICE, 9n, 4n), V1, tx);
    expect(legs(sell)).toEqual([[0, USDT, 'in', '9', null], [1, '_', 'out', '4', null]]);
  });
  it('AddLiquidity / RemoveLiquidity / Snapshot', () => {
    expect(legs(decodeDexLog(log('AddLiquidity(address,uint256,uint256)', BOB, 1n, 2n), V1, tx))).toEqual([[0, '_', 'in', '1', null], [1, USDT, 'in', '2', null]]);
    expect(legs(decodeDexLog(log('RemoveLiquidity(address,uint256,uint256)', BOB, 3n, 4n), V1, tx))).toEqual([[0, '_', 'out', '3', null], [1, USDT, 'out', '4', null]]);
    const snap = decodeDexLog(log('Snapshot(address,uint256,uint256)', BOB, 30n, 40n), V1, tx);
    expect(legs(snap)).toEqual([[0, '_', 'reserve', '30', null], [1, USDT, 'reserve', '40', null]]);
    expect(snap[0]!.action).toBe('reserves');
  });
  it('a V1 event with data words (another layout) is no row', () => {
    expect(decodeDexLog({ ...log('TokenPurchase(address,uint256,uint256)', ALICE, 1n, 2n), data: word(1n) }, V1, tx)).toEqual([]);
  });
});

describe('SunSwap V2 pair', () => {
  const swapSig = 'Swap(address,uint256,uint256,uint256,uint256,address)';
  it('Swap: one leg per non-zero amount, up to 4, exact beyond 2^53', () => {
    const one = decodeDexLog({ contract_address: hex20(V2.address), topics: [topic(swapSig), addrWord(ALICE), addrWord(BOB)], data: word(BIG) + word(0n) + word(0n) + word(123n) }, V2, tx);
    expect(legs(one)).toEqual([[0, WTRX, 'in', BIG.toString(), null], [1, USDT, 'out', '123', null]]);
    expect(one[0]).toMatchObject({ event_name: 'Swap', action: 'swap', account_address: ALICE, pool_address: V2.address, amount: Number(BIG) });
    const four = decodeDexLog({ contract_address: '41' + hex20(V2.address), topics: [topic(swapSig), addrWord(ALICE), addrWord(BOB)], data: word(1n) + word(2n) + word(3n) + word(4n) }, V2, tx);
    expect(legs(four)).toEqual([[0, WTRX, 'in', '1', null], [1, USDT, 'in', '2', null], [2, WTRX, 'out', '3', null], [3, USDT, 'out', '4', null]]);
  });
  it('Mint (2 topics, 2 words) / Burn (3 topics) / Sync (1 topic)', () => {
    const mint = decodeDexLog({ contract_address: V2.address, topics: [topic('Mint(address,uint256,uint256)'), addrWord(ALICE)], data: word(10n) + word(20n) }, V2, tx);
    expect(legs(mint)).toEqual([[0, WTRX, 'in', '10', null], [1, USDT, 'in', '20', null]]);
    expect(mint[0]!.action).toBe('add_liquidity');
    const burn = decodeDexLog({ contract_address: V2.address, topics: [topic('Burn(address,uint256,uint256,address)'), addrWord(ALICE), addrWord(BOB)], data: word(10n) + word(20n) }, V2, tx);
    expect(legs(burn)).toEqual([[0, WTRX, 'out', '10', null], [1, USDT, 'out', '20', null]]);
    const sync = decodeDexLog({ contract_address: V2.address, topics: [topic('Sync(uint112,uint112)'), null, null, null], data: word(BIG) + word(5n) }, V2, tx);
    expect(legs(sync)).toEqual([[0, WTRX, 'reserve', BIG.toString(), null], [1, USDT, 'reserve', '5', null]]);
    expect(sync[0]).toMatchObject({ action: 'reserves', account_address: null });
  });
  it("another contract's log, or the pair's log handed to another contract, is no row", () => {
    const log = { contract_address: V2.address, topics: [topic(swapSig), addrWord(ALICE), addrWord(BOB)], data: word(1n) + word(0n) + word(0n) + word(1n) };
    expect(decodeDexLog(log, POOL2, tx)).toEqual([]);
    expect(decodeDexLog({ ...log, topics: log.topics.slice(0, 2) }, V2, tx)).toEqual([]);
  });
});

describe('the Mint collision (§1.9): jToken Mint (1 topic, 3 words) vs V2 Mint (2 topics, 2 words)', () => {
  const MINT = topic('Mint(address,uint256,uint256)');
  const jMint = { contract_address: hex20(JTRX.address), topics: [MINT], data: addrWord(ALICE) + word(6_000_000_000n) + word(29_871_334_567n) };
  it('the market decodes its own Mint; the pool decoder gives none for it', () => {
    expect(decodeLendingLog(jMint, JTRX, tx)).toEqual({
      project: 'justlend', market_address: JTRX.address, underlying_address: '_', event_name: 'Mint', action: 'supply', operator_address: OWNER,
      account_address: ALICE, borrower_address: null, amount_raw: '6000000000', amount: 6_000_000_000, jtoken_amount_raw: '29871334567',
      collateral_market: null, account_borrows_raw: null, total_borrows_raw: null,
    });
    expect(decodeDexLog(jMint, JTRX, tx)).toEqual([]);
    const asPool = { ...JTRX, venue: 'sunswap_v2' as const, role: 'pool' as const, tokens: [WTRX, USDT] };
    expect(decodeDexLog(jMint, asPool, tx)).toEqual([]); // 1 topic, 3 words: not the pair layout
  });
  it('a V2-shaped Mint at a market is no lending row', () => {
    const v2Mint = { contract_address: JTRX.address, topics: [MINT, addrWord(ALICE)], data: word(1n) + word(2n) };
    expect(decodeLendingLog(v2Mint, JTRX, tx)).toBeNull();
  });
});

describe('SunSwap V3 pool', () => {
  it('Swap: signed deltas, the sign gives the direction', () => {
    const data = word(BIG) + word(-777n) + word(1n << 96n) + word(10n ** 20n) + word(-5n);
    const rows = decodeDexLog({ contract_address: V3.address, topics: [topic('Swap(address,address,int256,int256,uint160,uint128,int24)'), addrWord(ALICE), addrWord(BOB)], data }, V3, tx);
    expect(legs(rows)).toEqual([[0, WTRX, 'in', BIG.toString(), null], [1, USDT, 'out', '777', null]]);
    const other = decodeDexLog({ contract_address: V3.address, topics: [topic('Swap(address,address,int256,int256,uint160,uint128,int24)'), addrWord(ALICE), addrWord(BOB)], data: word(-1n) + word(2n) + word(0n) + word(0n) + word(0n) }, V3, tx);
    expect(legs(other)).toEqual([[0, WTRX, 'out', '1', null], [1, USDT, 'in', '2', null]]);
  });
  it('Mint (sender in data; owner and ticks indexed) and Collect (recipient in data)', () => {
    const mint = decodeDexLog({ contract_address: V3.address, topics: [topic('Mint(address,address,int24,int24,uint128,uint256,uint256)'), addrWord(ALICE), word(-600n), word(600n)], data: addrWord(BOB) + word(999n) + word(11n) + word(BIG) }, V3, tx);
    expect(legs(mint)).toEqual([[0, WTRX, 'in', '11', null], [1, USDT, 'in', BIG.toString(), null]]);
    expect(mint[0]).toMatchObject({ account_address: ALICE, action: 'add_liquidity' });
    const collect = decodeDexLog({ contract_address: V3.address, topics: [topic('Collect(address,address,int24,int24,uint128,uint128)'), addrWord(ALICE), word(-600n), word(600n)], data: addrWord(BOB) + word(3n) + word(4n) }, V3, tx);
    expect(legs(collect)).toEqual([[0, WTRX, 'out', '3', null], [1, USDT, 'out', '4', null]]);
  });
});

describe('SUN.io stable pools', () => {
  it('TokenExchange: sold coin in, bought coin out (coin order of the pool)', () => {
    const bought = 875_299_153n;
    const sold = 879_177_575_278_237_581_312n; // the real 2pool log of ref §3.0 (S11): 879.177… USDD for 875.299153 USDT
    const rows = decodeDexLog({ contract_address: hex20(POOL2.address), topics: [topic('TokenExchange(address,int128,uint256,int128,uint256)'), addrWord(ALICE)], data: word(0n) + word(sold) + word(1n) + word(bought) }, POOL2, tx);
    expect(legs(rows)).toEqual([[0, POOL2.tokens[0], 'in', sold.toString(), null], [1, USDT, 'out', '875299153', null]]);
    expect(rows[0]).toMatchObject({ venue: 'sun_stableswap', project: 'sunio', action: 'swap', account_address: ALICE });
    const outOfRange = decodeDexLog({ contract_address: POOL2.address, topics: [topic('TokenExchange(address,int128,uint256,int128,uint256)'), addrWord(ALICE)], data: word(2n) + word(1n) + word(0n) + word(1n) }, POOL2, tx);
    expect(outOfRange).toEqual([]);
  });

  it('AddLiquidity / RemoveLiquidity / Imbalance with N = 2 and N = 3 arrays (topic0 differs by N), fees per coin', () => {
    const add2 = decodeDexLog({ contract_address: POOL2.address, topics: [topic('AddLiquidity(address,uint256[2],uint256[2],uint256,uint256)'), addrWord(BOB)], data: [BIG, 7n, 1n, 2n, 100n, 200n].map(word).join('') }, POOL2, tx);
    expect(legs(add2)).toEqual([[0, POOL2.tokens[0], 'in', BIG.toString(), '1'], [1, USDT, 'in', '7', '2']]);
    const add3 = decodeDexLog({ contract_address: POOL3.address, topics: [topic('AddLiquidity(address,uint256[3],uint256[3],uint256,uint256)'), addrWord(BOB)], data: [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n].map(word).join('') }, POOL3, tx);
    expect(legs(add3)).toEqual([[0, USDD, 'in', '1', '4'], [1, TUSD, 'in', '2', '5'], [2, USDT, 'in', '3', '6']]);
    const rem3 = decodeDexLog({ contract_address: POOL3.address, topics: [topic('RemoveLiquidity(address,uint256[3],uint256[3],uint256)'), addrWord(BOB)], data: [1n, 2n, 3n, 0n, 0n, 0n, 9n].map(word).join('') }, POOL3, tx);
    expect(legs(rem3)).toEqual([[0, USDD, 'out', '1', '0'], [1, TUSD, 'out', '2', '0'], [2, USDT, 'out', '3', '0']]);
    const rem2 = decodeDexLog({ contract_address: POOL2.address, topics: [topic('RemoveLiquidity(address,uint256[2],uint256[2],uint256)'), addrWord(BOB)], data: [5n, 6n, 0n, 0n, 9n].map(word).join('') }, POOL2, tx);
    expect(legs(rem2)).toEqual([[0, POOL2.tokens[0], 'out', '5', '0'], [1, USDT, 'out', '6', '0']]);
    const imb2 = decodeDexLog({ contract_address: POOL2.address, topics: [topic('RemoveLiquidityImbalance(address,uint256[2],uint256[2],uint256,uint256)'), addrWord(BOB)], data: [5n, 6n, 1n, 1n, 9n, 9n].map(word).join('') }, POOL2, tx);
    expect(legs(imb2).map((l) => l[2])).toEqual(['out', 'out']);
    expect(imb2[0]!.event_name).toBe('RemoveLiquidityImbalance');
    const imb3 = decodeDexLog({ contract_address: POOL3.address, topics: [topic('RemoveLiquidityImbalance(address,uint256[3],uint256[3],uint256,uint256)'), addrWord(BOB)], data: [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n].map(word).join('') }, POOL3, tx);
    expect(legs(imb3)).toEqual([[0, USDD, 'out', '1', '4'], [1, TUSD, 'out', '2', '5'], [2, USDT, 'out', '3', '6']]);
    // a 3-coin event at a 2-coin pool is no row
    expect(decodeDexLog({ contract_address: POOL2.address, topics: [topic('AddLiquidity(address,uint256[3],uint256[3],uint256,uint256)'), addrWord(BOB)], data: [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n].map(word).join('') }, POOL2, tx)).toEqual([]);
  });

  it('RemoveLiquidityOne: the coin from the calldata of remove_liquidity_one_coin; none without it', () => {
    const log = { contract_address: POOL3.address, topics: [topic('RemoveLiquidityOne(address,uint256,uint256)'), addrWord(BOB)], data: word(10n ** 18n) + word(BIG) };
    const call = (sig: string, i: bigint) => keccak(sig).slice(0, 8) + word(10n ** 18n) + word(i) + word(1n);
    const viaInt = decodeDexLog(log, POOL3, { owner: OWNER, callData: call('remove_liquidity_one_coin(uint256,int128,uint256)', 2n) });
    expect(legs(viaInt)).toEqual([[0, USDT, 'out', BIG.toString(), null]]);
    const viaUint = decodeDexLog(log, POOL3, { owner: OWNER, callData: call('remove_liquidity_one_coin(uint256,uint128,uint256)', 1n) });
    expect(legs(viaUint)).toEqual([[0, TUSD, 'out', BIG.toString(), null]]);
    const vyper = { ...log, topics: [topic('RemoveLiquidityOne(address,uint256,uint256,uint256)'), addrWord(BOB)], data: word(1n) + word(42n) + word(3n) };
    expect(legs(decodeDexLog(vyper, POOL3, { owner: OWNER, callData: call('remove_liquidity_one_coin(uint256,int128,uint256)', 0n) }))).toEqual([[0, USDD, 'out', '42', null]]);
    expect(decodeDexLog(log, POOL3, tx)).toEqual([]); // no calldata
    expect(decodeDexLog(log, POOL3, { owner: OWNER, callData: call('exchange(int128,int128,uint256,uint256)', 0n) })).toEqual([]);
    expect(decodeDexLog(log, POOL3, { owner: OWNER, callData: call('remove_liquidity_one_coin(uint256,int128,uint256)', 3n) })).toEqual([]); // no coin 3
  });

  it('a pool whose coin order the reference does not give is never decoded', () => {
    const unknown = byAddress('TKcEU8ekq2ZoFzLSGFYCUY6aocJBX9X31b');
    expect(unknown.tokens).toEqual([]);
    expect(decodeDexLog({ contract_address: unknown.address, topics: [topic('TokenExchange(address,int128,uint256,int128,uint256)'), addrWord(ALICE)], data: word(0n) + word(1n) + word(1n) + word(1n) }, unknown, tx)).toEqual([]);
  });
});

describe('USDD PSM (§4.1: value in gem units, fee in USDD wad)', () => {
  it('SellGem: gem in, USDD out = value × 1e12 − fee; BuyGem: gem out, USDD in = value × 1e12 + fee', () => {
    const sell = decodeDexLog({ contract_address: PSM.address, topics: [topic('SellGem(address,uint256,uint256)'), addrWord(ALICE)], data: word(1_000_000n) + word(10n ** 15n) }, PSM, tx);
    expect(legs(sell)).toEqual([[0, USDT, 'in', '1000000', null], [1, USDD, 'out', '999000000000000000', '1000000000000000']]);
    expect(sell[0]).toMatchObject({ venue: 'usdd_psm', project: 'usdd', event_name: 'SellGem', action: 'swap', account_address: ALICE });
    const buy = decodeDexLog({ contract_address: PSM.address, topics: [topic('BuyGem(address,uint256,uint256)'), addrWord(ALICE)], data: word(2_000_000n) + word(0n) }, PSM, tx);
    expect(legs(buy)).toEqual([[0, USDT, 'out', '2000000', null], [1, USDD, 'in', '2000000000000000000', '0']]);
  });
});

describe('JustLend markets', () => {
  const at = (sig: string, data: string) => ({ contract_address: hex20(JUSDT.address), topics: [topic(sig)], data });
  it('Redeem, Borrow, RepayBorrow, LiquidateBorrow: nothing indexed, every argument a data word', () => {
    expect(decodeLendingLog(at('Redeem(address,uint256,uint256)', addrWord(ALICE) + word(BIG) + word(5n)), JUSDT, tx)).toMatchObject({
      event_name: 'Redeem', action: 'redeem', account_address: ALICE, underlying_address: USDT, amount_raw: BIG.toString(), jtoken_amount_raw: '5', borrower_address: null,
    });
    expect(decodeLendingLog(at('Borrow(address,uint256,uint256,uint256,uint256)', addrWord(BOB) + word(7n) + word(70n) + word(BIG) + word(1n)), JUSDT, tx)).toMatchObject({
      event_name: 'Borrow', action: 'borrow', account_address: BOB, borrower_address: BOB, amount_raw: '7', account_borrows_raw: '70', total_borrows_raw: BIG.toString(), jtoken_amount_raw: null,
    });
    expect(decodeLendingLog(at('RepayBorrow(address,address,uint256,uint256,uint256,uint256)', addrWord(ALICE) + addrWord(BOB) + word(3n) + word(67n) + word(100n) + word(1n)), JUSDT, tx)).toMatchObject({
      event_name: 'RepayBorrow', action: 'repay', account_address: ALICE, borrower_address: BOB, amount_raw: '3', account_borrows_raw: '67', total_borrows_raw: '100',
    });
    expect(decodeLendingLog(at('LiquidateBorrow(address,address,uint256,address,uint256)', addrWord(ALICE) + addrWord(BOB) + word(9n) + addrWord(JTRX.address) + word(BIG)), JUSDT, tx)).toMatchObject({
      event_name: 'LiquidateBorrow', action: 'liquidate', account_address: ALICE, borrower_address: BOB, amount_raw: '9', collateral_market: JTRX.address, jtoken_amount_raw: BIG.toString(),
    });
  });
  it('a short data, or an event of no decoded kind (AccrueInterest), is no row', () => {
    expect(decodeLendingLog(at('Borrow(address,uint256,uint256,uint256,uint256)', addrWord(BOB) + word(7n)), JUSDT, tx)).toBeNull();
    expect(decodeLendingLog(at('AccrueInterest(uint256,uint256,uint256,uint256)', word(1n) + word(2n) + word(3n) + word(4n)), JUSDT, tx)).toBeNull();
  });
});

describe('the registry', () => {
  it('looks contracts up by Base58 or hex; addresses are unique; tokens and decimals line up', () => {
    const reg = defiRegistry(DEFI_CONTRACTS);
    expect(reg.get(JTRX.address)).toBe(JTRX);
    expect(reg.get('412c7c9963111905d29eb8da37d28b0f53a7bb5c28')).toBe(JTRX);
    expect(reg.get('2c7c9963111905d29eb8da37d28b0f53a7bb5c28')).toBe(JTRX);
    expect(reg.get(hex20(USDT))).toBeUndefined();
    expect(new Set(DEFI_CONTRACTS.map((c) => c.address)).size).toBe(DEFI_CONTRACTS.length);
    for (const c of DEFI_CONTRACTS) {
      expect(c.decimals.length, c.address).toBe(c.tokens.length);
      expect(DEFI_PROJECTS.map((p) => p.project), c.address).toContain(c.project);
      // what the source marks UNCONFIRMED (or knows from a third party only) is not confirmed
      if (/UNCONFIRMED|3p/.test(c.source)) expect(c.confirmed, c.address).toBe(false);
    }
  });

  it('the shipped sample (datasets/reference/projects.csv, project_contracts.csv) lists the registry', async () => {
    const db = await Db.open({ threads: 1 });
    try {
      const dir = path.join(import.meta.dirname, '../../datasets/reference');
      const contracts = await db.all(`SELECT * FROM read_csv('${dir}/project_contracts.csv', header = true, all_varchar = true) ORDER BY contract_address`);
      expect(contracts.map((r) => [r.contract_address, r.project, r.venue, r.role, r.name, r.tokens, r.token_decimals, r.lp_token, r.confirmed, r.source])).toEqual(
        [...DEFI_CONTRACTS].sort((a, b) => (a.address < b.address ? -1 : 1)).map((c) => [
          c.address, c.project, c.venue, c.role, c.name ?? c.address, c.tokens.length ? c.tokens.join(',') : null, c.decimals.length ? c.decimals.join(',') : null,
          c.lpToken ?? null, String(c.confirmed), c.source,
        ]),
      );
      const projects = await db.all(`SELECT * FROM read_csv('${dir}/projects.csv', header = true, all_varchar = true) ORDER BY project`);
      expect(projects.map((r) => [r.project, r.name, r.category, r.url, r.source])).toEqual(
        [...DEFI_PROJECTS].sort((a, b) => (a.project < b.project ? -1 : 1)).map((p) => [p.project, p.name, p.category, p.url, p.source]),
      );
    } finally {
      db.close();
    }
  });
});

// File-level check that the CSV header is the declaration's column list (the loader rejects any other).
it('project_contracts.csv header = the project_contracts declaration', async () => {
  const { projectContracts, projects } = await import('../../src/lake/datasets/index.ts');
  const header = (f: string) => readFileSync(path.join(import.meta.dirname, '../../datasets/reference', f), 'utf8').split('\n', 1)[0];
  expect(header('project_contracts.csv')).toBe(projectContracts.columns.map((c) => c.name).join(','));
  expect(header('projects.csv')).toBe(projects.columns.map((c) => c.name).join(','));
});
