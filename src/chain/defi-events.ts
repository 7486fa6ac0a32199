/**
 * Issue 34: the DeFi registry (which contracts belong to which project, in which role, holding which tokens in which
 * order) and the decoders of their pool and lending events into `dex_pool_events` / `lending_events` rows
 * (src/lake/datasets/raw.ts). Generator and ingester both decode through `decodeDexLog` / `decodeLendingLog`, so both
 * lakes hold the same rows for the same logs. Facts from the team's DeFi research notes (defi-stablecoin-events.md
 * §2-§5, not part of the repository; cited per entry as "ref §x, Sn"); what they mark UNCONFIRMED (or know only from a
 * third party) is `confirmed: false` here and listed in docs/compat.md "DeFi registry and events (issue 34)". Each
 * topic0 is checked against keccak256 of its signature in test/chain/defi-events.test.ts; the shipped sample
 * datasets/reference/project_contracts.csv is checked equal to DEFI_CONTRACTS there too.
 *
 * Dispatch is by (emitter venue and role, topic0, number of topics), never topic0 alone (ref §1.9): a JustLend jToken
 * `Mint(address,uint256,uint256)` (1 topic, 3 data words) shares topic0 with the SunSwap V2 pair `Mint` (2 topics,
 * 2 data words). A log whose layout does not match (topic count, data length, a coin id out of range) is no row:
 * chain data is untrusted and one bad log must not stop an ingest.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58ToHex, hexToBase58 } from './address.ts';

export type DefiVenue = 'sunswap_v1' | 'sunswap_v2' | 'sunswap_v3' | 'sun_stableswap' | 'usdd_psm' | 'justlend';
export type DefiRole = 'pool' | 'market' | 'psm' | 'gem_join' | 'router' | 'factory' | 'comptroller';

export interface DefiContract {
  /** Base58, the log emitter. */
  address: string;
  /** projects.project: 'sunswap' | 'sunio' | 'usdd' | 'justlend' (or a synthetic id). */
  project: string;
  venue: DefiVenue;
  role: DefiRole;
  /** Display name, e.g. 'USDD 2pool (USDD+USDT)' (project_contracts.name; the address when absent). */
  name?: string;
  /**
   * The tokens in the contract's own order (V2/V3: token0, token1; V1: '_', token; stable pool: coins(i); PSM: gem,
   * USDD; jToken market: its underlying; gem join: its gem), '_' = TRX. Empty when it holds none or the order is not
   * known (an unknown-order pool is never decoded: a coin id could not name its token).
   */
  tokens: string[];
  /** Decimals of `tokens`, same order. */
  decimals: number[];
  /** The LP token (V1 / V2: the pool itself) or the jToken itself. */
  lpToken?: string;
  confirmed: boolean;
  source: string;
}

export interface DefiProject {
  project: string;
  name: string;
  category: 'dex' | 'stableswap' | 'lending' | 'psm';
  url: string;
  source: string;
}

/** The event columns of a `dex_pool_events` row (the block / transaction / log position columns are the caller's). */
export interface DexLegRow {
  leg: number;
  project: string;
  venue: DefiVenue;
  pool_address: string;
  event_name: string;
  action: 'swap' | 'add_liquidity' | 'remove_liquidity' | 'reserves';
  operator_address: string;
  account_address: string | null;
  token_address: string;
  direction: 'in' | 'out' | 'reserve';
  amount_raw: string;
  amount: number;
  fee_raw: string | null;
}

/** The event columns of a `lending_events` row (the block / transaction / log position columns are the caller's). */
export interface LendingRow {
  project: string;
  market_address: string;
  underlying_address: string;
  event_name: 'Mint' | 'Redeem' | 'Borrow' | 'RepayBorrow' | 'LiquidateBorrow';
  action: 'supply' | 'redeem' | 'borrow' | 'repay' | 'liquidate';
  operator_address: string;
  account_address: string;
  borrower_address: string | null;
  amount_raw: string;
  amount: number;
  jtoken_amount_raw: string | null;
  collateral_market: string | null;
  account_borrows_raw: string | null;
  total_borrows_raw: string | null;
}

export interface DefiLog {
  /** The emitter: Base58, or hex (41-prefixed or the bare 20 bytes). */
  contract_address: string;
  /** topic0..topic3 as 64 hex; absent topics null or left out. */
  topics: (string | null)[];
  /** Non-indexed data, hex without 0x ('' when none). */
  data: string;
}

export interface DefiTx {
  /** The transaction's owner (signer), Base58. */
  owner: string;
  /** The call data hex without 0x (TriggerSmartContract), or null. */
  callData: string | null;
}

// ---- topic0 of every decoded event (ref §2.1, §2.2, §2.3, §3.1, §4.1, §5.1); checked against keccak in the test.

export const TOPIC_V1_TOKEN_PURCHASE = 'cd60aa75dea3072fbc07ae6d7d856b5dc5f4eee88854f5b4abf7b680ef8bc50f';
export const TOPIC_V1_TRX_PURCHASE = 'dad9ec5c9b9c82bf6927bf0b64293dcdd1f82c92793aef3c5f26d7b93a4a5306';
export const TOPIC_V1_ADD_LIQUIDITY = '06239653922ac7bea6aa2b19dc486b9361821d37712eb796adfd38d81de278ca';
export const TOPIC_V1_REMOVE_LIQUIDITY = '0fbf06c058b90cb038a618f8c2acbf6145f8b3570fd1fa56abb8f0f3f05b36e8';
export const TOPIC_V1_SNAPSHOT = 'cc7244d3535e7639366f8c5211527112e01de3ec7449ee3a6e66b007f4065a70';
export const TOPIC_V2_SWAP = 'd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822';
export const TOPIC_V2_SYNC = '1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1';
/** Also the jToken `Mint(address,uint256,uint256)` (ref §1.9): same signature types, nothing indexed there. */
export const TOPIC_V2_MINT = '4c209b5fc8ad50758f13e2e1088ba56a560dff690a1c6fef26394f4c03821c4f';
export const TOPIC_V2_BURN = 'dccd412f0b1252819cb1fd330b93224ca42612892bb3f4f789976e6d81936496';
export const TOPIC_V3_SWAP = 'c42079f94a6350d7e6235f29174924f928cc2ac818eb64fed8004e115fbcca67';
export const TOPIC_V3_MINT = '7a53080ba414158be7ec69b987b5fb7d07dee101fe85488f0853ae16239d0bde';
export const TOPIC_V3_COLLECT = '70935338e69775456a85ddef226c395fb668b63fa0115f5f20610b388e6ca9c0';
export const TOPIC_STABLE_TOKEN_EXCHANGE = '8b3e96f2b889fa771c53c981b40daf005f63f637f1869f707052d15a3dd97140';
export const TOPIC_STABLE_ADD_LIQUIDITY_2 = '26f55a85081d24974e85c6c00045d0f0453991e95873f52bff0d21af4079a768';
export const TOPIC_STABLE_ADD_LIQUIDITY_3 = '423f6495a08fc652425cf4ed0d1f9e37e571d9b9529b1c1c23cce780b2e7df0d';
export const TOPIC_STABLE_REMOVE_LIQUIDITY_2 = '7c363854ccf79623411f8995b362bce5eddff18c927edc6f5dbbb5e05819a82c';
export const TOPIC_STABLE_REMOVE_LIQUIDITY_3 = 'a49d4cf02656aebf8c771f5a8585638a2a15ee6c97cf7205d4208ed7c1df252d';
export const TOPIC_STABLE_REMOVE_IMBALANCE_2 = '2b5508378d7e19e0d5fa338419034731416c4f5b219a10379956f764317fd47e';
export const TOPIC_STABLE_REMOVE_IMBALANCE_3 = '173599dbf9c6ca6f7c3b590df07ae98a45d74ff54065505141e7de6c46a624c2';
/** Solidity 2pool / 3pool form (3 args). */
export const TOPIC_STABLE_REMOVE_ONE = '9e96dd3b997a2a257eec4df9bb6eaf626e206df5f543bd963682d143300be310';
/** Vyper metapool form (4 args, token_supply last; ref §3.1: S7 prints it beside the 3-arg declaration). */
export const TOPIC_STABLE_REMOVE_ONE_SUPPLY = '5ad056f2e28a8cec232015406b843668c1e36cda598127ec3b8c59b8c72773a0';
export const TOPIC_PSM_SELL_GEM = 'ef75f5a47cc9a929968796ceb84f19e7541617b4577f2c228ea95200e1572081';
export const TOPIC_PSM_BUY_GEM = '085d06ecf4c34b237767a31c0888e121d89546a77f186f1987c6b8715e1a8caa';
export const TOPIC_JTOKEN_MINT = TOPIC_V2_MINT;
export const TOPIC_JTOKEN_REDEEM = 'e5b754fb1abb7f01b499791d0b820ae3b6af3424ac1c59768edb53f4ec31a929';
export const TOPIC_JTOKEN_BORROW = '2dd79f4fccfd18c360ce7f9132f3621bf05eee18f995224badb32d17f172df73';
export const TOPIC_JTOKEN_REPAY_BORROW = '6fadbf7329d21f278e724fa0d4511001a158f2a97ee35c5bc4cf8b64417399ef';
export const TOPIC_JTOKEN_LIQUIDATE_BORROW = '298637f684da70674f26509b10f07ec2fbc77a335ab1e7d6215a4b2484d8bb52';

/** Canonical signature of each topic above (what the test hashes; ref §2-§5 declarations). */
export const DEFI_TOPIC_SIGNATURES: Record<string, string> = {
  [TOPIC_V1_TOKEN_PURCHASE]: 'TokenPurchase(address,uint256,uint256)',
  [TOPIC_V1_TRX_PURCHASE]: 'TrxPurchase(address,uint256,uint256)',
  [TOPIC_V1_ADD_LIQUIDITY]: 'AddLiquidity(address,uint256,uint256)',
  [TOPIC_V1_REMOVE_LIQUIDITY]: 'RemoveLiquidity(address,uint256,uint256)',
  [TOPIC_V1_SNAPSHOT]: 'Snapshot(address,uint256,uint256)',
  [TOPIC_V2_SWAP]: 'Swap(address,uint256,uint256,uint256,uint256,address)',
  [TOPIC_V2_SYNC]: 'Sync(uint112,uint112)',
  [TOPIC_V2_MINT]: 'Mint(address,uint256,uint256)',
  [TOPIC_V2_BURN]: 'Burn(address,uint256,uint256,address)',
  [TOPIC_V3_SWAP]: 'Swap(address,address,int256,int256,uint160,uint128,int24)',
  [TOPIC_V3_MINT]: 'Mint(address,address,int24,int24,uint128,uint256,uint256)',
  [TOPIC_V3_COLLECT]: 'Collect(address,address,int24,int24,uint128,uint128)',
  [TOPIC_STABLE_TOKEN_EXCHANGE]: 'TokenExchange(address,int128,uint256,int128,uint256)',
  [TOPIC_STABLE_ADD_LIQUIDITY_2]: 'AddLiquidity(address,uint256[2],uint256[2],uint256,uint256)',
  [TOPIC_STABLE_ADD_LIQUIDITY_3]: 'AddLiquidity(address,uint256[3],uint256[3],uint256,uint256)',
  [TOPIC_STABLE_REMOVE_LIQUIDITY_2]: 'RemoveLiquidity(address,uint256[2],uint256[2],uint256)',
  [TOPIC_STABLE_REMOVE_LIQUIDITY_3]: 'RemoveLiquidity(address,uint256[3],uint256[3],uint256)',
  [TOPIC_STABLE_REMOVE_IMBALANCE_2]: 'RemoveLiquidityImbalance(address,uint256[2],uint256[2],uint256,uint256)',
  [TOPIC_STABLE_REMOVE_IMBALANCE_3]: 'RemoveLiquidityImbalance(address,uint256[3],uint256[3],uint256,uint256)',
  [TOPIC_STABLE_REMOVE_ONE]: 'RemoveLiquidityOne(address,uint256,uint256)',
  [TOPIC_STABLE_REMOVE_ONE_SUPPLY]: 'RemoveLiquidityOne(address,uint256,uint256,uint256)',
  [TOPIC_PSM_SELL_GEM]: 'SellGem(address,uint256,uint256)',
  [TOPIC_PSM_BUY_GEM]: 'BuyGem(address,uint256,uint256)',
  [TOPIC_JTOKEN_REDEEM]: 'Redeem(address,uint256,uint256)',
  [TOPIC_JTOKEN_BORROW]: 'Borrow(address,uint256,uint256,uint256,uint256)',
  [TOPIC_JTOKEN_REPAY_BORROW]: 'RepayBorrow(address,address,uint256,uint256,uint256,uint256)',
  [TOPIC_JTOKEN_LIQUIDATE_BORROW]: 'LiquidateBorrow(address,address,uint256,address,uint256)',
};

/**
 * Selectors of `remove_liquidity_one_coin(uint256 _token_amount, int128|uint128 i, uint256 min_amount)`: the coin a
 * RemoveLiquidityOne paid out is only in the call data (ref §3.1, "int128/uint128 i"; S11 reads calldata `i`).
 */
const selectorOf = (signature: string): string => bytesToHex(keccak_256(utf8ToBytes(signature))).slice(0, 8);
export const SELECTORS_REMOVE_LIQUIDITY_ONE_COIN: readonly string[] = [
  selectorOf('remove_liquidity_one_coin(uint256,int128,uint256)'),
  selectorOf('remove_liquidity_one_coin(uint256,uint128,uint256)'),
];

// ---- the registry (ref §2.0, §3.0, §4.0, §5.0: every contract with a full Base58 address and a role below)

const TRX = '_';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'; // ref §1.0 (S1), 6 dp
const WTRX = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR'; // ref §1.0, §1.7 (S1), 6 dp
const USDD = 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz'; // USDD 2.0, ref §1.0 (S3, S5; conflict resolved there), 18 dp
const USDD_OLD = 'TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn'; // ref §1.0 (S1), 18 dp
const USDJ = 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT'; // ref §1.0 (S1, S5), 18 dp
const TUSD = 'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4'; // ref §1.0 (S1), 18 dp
const USDC = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8'; // Circle USDC, ref §1.0, 6 dp
const USDC_BRIDGED = 'TLZSucJRjnqBKwvQz6n5hd29gbS4P7u7w8'; // ref §1.0 (S14), 6 dp
const USD1 = 'TPFqcBAaaUMCSVRCqPaQ9QnzKhmuoLR6Rc'; // ref §1.0 (S5), 18 dp

export const DEFI_PROJECTS: readonly DefiProject[] = [
  { project: 'sunswap', name: 'SunSwap', category: 'dex', url: 'https://sun.io', source: 'ref §2 (S7, S8, S9)' },
  { project: 'sunio', name: 'SUN.io StableSwap', category: 'stableswap', url: 'https://sun.io', source: 'ref §3 (S7, S10, S11)' },
  { project: 'usdd', name: 'USDD PSM', category: 'psm', url: 'https://usdd.io', source: 'ref §4 (S2, S3, S4)' },
  { project: 'justlend', name: 'JustLend DAO', category: 'lending', url: 'https://justlend.org', source: 'ref §5 (S5, S6)' },
];

const none = { tokens: [] as string[], decimals: [] as number[] };
const sunswap = (address: string, name: string, venue: DefiVenue, role: DefiRole, source: string, confirmed = true, more: Partial<DefiContract> = {}): DefiContract =>
  ({ address, name, project: 'sunswap', venue, role, ...none, confirmed, source, ...more });
// A stable pool whose coin order the reference does not give: listed (it is SUN.io's, ref §3.0 S7), never decoded.
const stableUnknown = (address: string, name: string, source: string): DefiContract =>
  ({ address, name, project: 'sunio', venue: 'sun_stableswap', role: 'pool', ...none, confirmed: false, source });
const market = (address: string, name: string, underlying: string, decimals: number, source: string, confirmed = true): DefiContract =>
  ({ address, name, project: 'justlend', venue: 'justlend', role: 'market', tokens: [underlying], decimals: [decimals], lpToken: address, confirmed, source });

export const DEFI_CONTRACTS: readonly DefiContract[] = [
  // SunSwap (ref §2.0, S7 unless marked). Routers and the V3 position manager hold no liquidity and emit no decoded
  // event: listed so flows through them can be attributed to the project.
  sunswap('TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF', 'SunSwap V1 factory', 'sunswap_v1', 'factory', 'ref §2.0 (S7, S11): V1 factory'),
  sunswap('TKWJdrQkqHisa1X8HUdHEfREvTzw4pMAaY', 'SunSwap V2 factory', 'sunswap_v2', 'factory', 'ref §2.0 (S7, S11): V2 factory'),
  sunswap('TXF1xDbVGdxFGbovmmmXvBGu8ZiE3Lq4mR', 'SunSwap V2 router', 'sunswap_v2', 'router', 'ref §2.0 (S7): V2 router (current)'),
  sunswap('TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ax', 'SunSwap V2 router (deprecated)', 'sunswap_v2', 'router', 'ref §2.0 (S7): V2 router (deprecated)'),
  sunswap('TThJt8zaJzJMhCEScH7zWKnp5buVZqys9x', 'SunSwap V3 factory', 'sunswap_v3', 'factory', 'ref §2.0 (S7): V3 factory'),
  sunswap('TQAvWQpT9H916GckwWDJNhYZvQMkuRL7PN', 'SunSwap V3 swap router', 'sunswap_v3', 'router', 'ref §2.0 (S7): V3 swap router'),
  sunswap('TLSWrv7eC1AZCXkRjpqMZUmvgd99cj7pPF', 'SunSwap V3 NonfungiblePositionManager', 'sunswap_v3', 'router', 'ref §2.0 (S7): V3 NonfungiblePositionManager (periphery, listed as router)'),
  // WTRX 41891c… < USDT 41a614…: token0 = WTRX (§2.1 sort rule); the pair address is a 3p getPair result.
  sunswap('TFGDbUyP8xez44C76fin3bn3Ss6jugoUwJ', 'SunSwap V2 WTRX/USDT', 'sunswap_v2', 'pool', 'ref §2.0 (3p getPair result, UNCONFIRMED); token order by §2.1 token0 < token1', false,
    { tokens: [WTRX, USDT], decimals: [6, 6], lpToken: 'TFGDbUyP8xez44C76fin3bn3Ss6jugoUwJ' }),

  // SUN.io stable pools (ref §3.0, addresses S7 "curveswap" list).
  // coin0 USDD (18 dp), coin1 USDT (6 dp): PRECISION_MUL = [1, 1e12] (S10) and a real log (S11); which USDD is coin0
  // is UNCONFIRMED: USDD-old per a 3p DefiLlama listing (the pool predates USDD 2.0).
  { address: 'TNTfaTpkdd4AQDeqr8SGG7tgdkdjdhbP5c', name: 'USDD 2pool (USDD+USDT)', project: 'sunio', venue: 'sun_stableswap', role: 'pool', tokens: [USDD_OLD, USDT], decimals: [18, 6], confirmed: false,
    source: 'ref §3.0 (S7, S10, S11): USDD 2pool; coin0 = USDD-old per 3p (UNCONFIRMED)' },
  stableUnknown('TAUGwRhmCP518Bm4VBqv7hDun9fg8kYjC4', 'Old 2pool (USDD+USDT)', 'ref §3.0 (S7): old 2pool USDD+USDT; coin order not given'),
  // coin0 18 dp, coin1 6 dp from a 3p monitor: TUSD, USDT.
  { address: 'TS8d3ZrSxiGZkqhJqMzFKHEC1pjaowFMBJ', name: '2pool (TUSD+USDT)', project: 'sunio', venue: 'sun_stableswap', role: 'pool', tokens: [TUSD, USDT], decimals: [18, 6], confirmed: false,
    source: 'ref §3.0 (S7): 2pool TUSD+USDT; coin order from decimals per 3p monitor (UNCONFIRMED)' },
  stableUnknown('TExeaZuD5YPi747PN5yEwk3Ro9eT2jJfB6', 'USDC 2pool (USDC+USDT)', 'ref §3.0 (S7): USDC 2pool USDC+USDT; layout UNCONFIRMED'),
  stableUnknown('TKVsYedAY23WFchBniU7kcx1ybJnmRSbGt', '3pool (USDD+TUSD+USDT)', 'ref §3.0 (S7, S10): 3pool USDD+TUSD+USDT; coin2 = USDT, coin0/coin1 order UNCONFIRMED'),
  stableUnknown('TKcEU8ekq2ZoFzLSGFYCUY6aocJBX9X31b', 'Old 3pool (USDJ+TUSD+USDT)', 'ref §3.0 (S7): old 3pool USDJ+TUSD+USDT; coin0/coin1 order UNCONFIRMED'),
  stableUnknown('TQx6CdLHqjwVmJ45ecRzodKfVumAsdoRXH', 'Old USDC (USDC + old 3pool LP)', 'ref §3.0 (S7, S10): old USDC metapool (USDC + old-3pool LP); token addresses not given'),
  stableUnknown('TE7SB1v9vRbYRe5aJMWQWp9yfE2k9hnn3s', 'USDC Pool (USDC+TUSD+USDT)', 'ref §3.0 (S7): USDC pool USDC+TUSD+USDT; layout UNCONFIRMED'),
  stableUnknown('TKBqNLyGJRQbpuMhaT49qG7adcxxmFaVxd', 'USDJ Pool (USDJ+TUSD+USDT)', 'ref §3.0 (S7): USDJ pool USDJ+TUSD+USDT; layout UNCONFIRMED'),
  stableUnknown('TLssvTsY4YZeDPwemQvUzLdoqhFCbVxDGo', 'Usdd pool (USDD+TUSD+USDT)', 'ref §3.0 (S7): Usdd pool USDD+TUSD+USDT; layout UNCONFIRMED'),
  stableUnknown('TGG5AWMNjssDtLgsHg2QSN8CTwVTCHQMF6', 'Old BUSD pool', 'ref §3.0 (S7): old BUSD pool; layout UNCONFIRMED'),
  stableUnknown('TNU9LfegfzLcJo2ZxTQXDYE2uh7JuxZfnP', 'Old USDD pool', 'ref §3.0 (S7): old USDD pool; layout UNCONFIRMED'),
  stableUnknown('TSbahrnT5sJwjCzN6LPa1pE5d9pdVwRQ1E', 'Old USDJ pool', 'ref §3.0 (S7): old USDJ pool; layout UNCONFIRMED'),
  stableUnknown('TLZacPrPKfrfbsimu5dDdrgMT16m9cnpL9', 'Old TUSD pool', 'ref §3.0 (S7): old TUSD pool; layout UNCONFIRMED'),
  stableUnknown('THJCvwFmu6uDqKY59JbULHDgfddy2Zojty', 'Candidate current pool', 'ref §3.0 (3p only): candidate current pool, UNCONFIRMED'),

  // USDD PSM (ref §4.0). USDD 2.0: S3 and S2's deployment table agree; gem USDT 6 dp, USDD 2.0 18 dp.
  { address: 'TBXW4hS5KYjjbJXDpnrPf4zhkLwrpUjbyz', name: 'USDD PSM (USDT)', project: 'usdd', venue: 'usdd_psm', role: 'psm', tokens: [USDT, USDD], decimals: [6, 18], confirmed: true,
    source: 'ref §4.0 (S3 PSM-USDT, S2 MCD_PSM_USDT_A), §4.1 (S4)' },
  { address: 'TSUYvQ5tdd3DijCD1uGunGLpftHuSZ12sQ', name: 'USDD PSM USDT GemJoin', project: 'usdd', venue: 'usdd_psm', role: 'gem_join', tokens: [USDT], decimals: [6], confirmed: true,
    source: 'ref §4.0 (S3, S2 JOIN_PSM_USDT_A)' },
  // Legacy PSMs (USDD old side): SellGem / BuyGem signature per S11; their source was not read (UNCONFIRMED).
  { address: 'TM9gWuCdFGNMiT1qTq1bgw4tNhJbsESfjA', name: 'Legacy USDD PSM (USDT)', project: 'usdd', venue: 'usdd_psm', role: 'psm', tokens: [USDT, USDD_OLD], decimals: [6, 18], confirmed: false,
    source: 'ref §4.0 (S2 legacy PSM, S11): USDT PSM; events per S11, source not read (UNCONFIRMED)' },
  // The legacy USDC PSM's gem: SUN's indexer maps it to Circle USDC TEkxi… (ref §1.0 conflict note, S11).
  { address: 'TUcj1rpMgJCcFZULyq7uLbkmfh9xMnYTmA', name: 'Legacy USDD PSM (USDC)', project: 'usdd', venue: 'usdd_psm', role: 'psm', tokens: [USDC, USDD_OLD], decimals: [6, 18], confirmed: false,
    source: 'ref §4.0 (S2 legacy PSM, S11): USDC PSM; gem per S11 (UNCONFIRMED)' },
  { address: 'TY2op6AKcEkFhv8hxNJj3FBUfjManxYLSe', name: 'Legacy USDD PSM (TUSD)', project: 'usdd', venue: 'usdd_psm', role: 'psm', tokens: [TUSD, USDD_OLD], decimals: [18, 18], confirmed: false,
    source: 'ref §4.0 (S2 legacy PSM, S11): TUSD PSM; events per S11, source not read (UNCONFIRMED)' },
  { address: 'TVS3rVDUSd3ySeXV5moRH2J2t5B9reJfLR', name: 'Legacy USDD PSM (USDJ)', project: 'usdd', venue: 'usdd_psm', role: 'psm', tokens: [USDJ, USDD_OLD], decimals: [18, 18], confirmed: false,
    source: 'ref §4.0 (S2 legacy PSM): USDJ PSM; events per S11, source not read (UNCONFIRMED)' },
  { address: 'TMn5WeW8a8KH9o8rBQux4RCgckD2SuMZmS', name: 'Legacy USDT GemJoin', project: 'usdd', venue: 'usdd_psm', role: 'gem_join', tokens: [USDT], decimals: [6], confirmed: true,
    source: 'ref §4.0 (S2 legacy PSM; S1 GemJoin source)' },
  { address: 'TRGTuMiDYAbztetdndYyMzYvtaRmucjz5q', name: 'Legacy USDC GemJoin', project: 'usdd', venue: 'usdd_psm', role: 'gem_join', tokens: [USDC], decimals: [6], confirmed: false,
    source: 'ref §4.0 (S2 legacy PSM; S1 USDC GemJoin source); which USDC per S11 (UNCONFIRMED)' },
  { address: 'TPxcmB9dQC3LHswCNEc4rJs1HFGb8McYjT', name: 'Legacy TUSD GemJoin', project: 'usdd', venue: 'usdd_psm', role: 'gem_join', tokens: [TUSD], decimals: [18], confirmed: true,
    source: 'ref §4.0 (S2 legacy PSM)' },
  { address: 'TKAovR61zwp1t9Rg1UE4UY5mXt7QTJdDXg', name: 'Legacy USDJ GemJoin', project: 'usdd', venue: 'usdd_psm', role: 'gem_join', tokens: [USDJ], decimals: [18], confirmed: true,
    source: 'ref §4.0 (S2 legacy PSM)' },

  // JustLend DAO (ref §5.0, S5; underlying decimals from S5 contracts.json; every jToken has 8 dp).
  { address: 'TGjYzgCyPobsNS9n6WcbdLVR9dH7mWqFx7', name: 'JustLend Comptroller', project: 'justlend', venue: 'justlend', role: 'comptroller', ...none, confirmed: true, source: 'ref §5.0 (S5): Comptroller proxy (Unitroller)' },
  market('TE2RzoSV3wFK99w6J9UnnZ4vLfXYoxvRwP', 'jTRX', TRX, 6, 'ref §5.0 (S5; S1 jTRX source): jTRX'),
  market('TXJgMdjVX5dKiQaUi9QobwNxtSQaFqccvd', 'jUSDT', USDT, 6, 'ref §5.0 (S5): jUSDT'),
  market('TKFRELGGoRgiayhwJTNNLqCNjFoLBh3Mnf', 'jUSDD', USDD, 18, 'ref §5.0 (S5): jUSDD'),
  market('TSXv71Fy5XdL3Rh2QfBoUu3NAaM4sMif8R', 'jTUSD', TUSD, 18, 'ref §5.0 (S5): jTUSD'),
  market('TBEKggwqFkrc4KckQVR9BLucAmQugafEZf', 'jUSD1', USD1, 18, 'ref §5.0 (S5): jUSD1'),
  market('TX7kybeP6UwTBRHLNPYmswFESHfyjm9bAS', 'jUSDDOLD', USDD_OLD, 18, 'ref §5.0 (S5): jUSDDOLD (legacy)'),
  market('TL5x9MtSnDy537FXKx53yAaHRRNdg9TkkA', 'jUSDJ', USDJ, 18, 'ref §5.0 (S5): jUSDJ (legacy)'),
  // S5 names the bridged TLZSuc… as underlying; the market predates that token (ref §1.0 conflict): UNCONFIRMED.
  market('TNSBA6KvSvMoTqQcEgpVK7VhHT3z7wifxy', 'jUSDCOLD', USDC_BRIDGED, 6, 'ref §5.0 (S5): jUSDCOLD (legacy); underlying per S5, UNCONFIRMED (§1.0 conflict)', false),
];

// ---- lookup

const hex40 = (address: string): string | null => {
  const h = (address.startsWith('0x') ? address.slice(2) : address).toLowerCase();
  if (/^41[0-9a-f]{40}$/.test(h)) return h.slice(2);
  if (/^[0-9a-f]{40}$/.test(h)) return h;
  return null;
};

/**
 * The registry as a lookup by emitter (Base58 or hex), e.g. `defiRegistry(DEFI_CONTRACTS).get(log.contract_address)`;
 * the generator builds one over its synthetic contracts the same way.
 */
export function defiRegistry(contracts: readonly DefiContract[]): { get(address: string): DefiContract | undefined } {
  const byBase58 = new Map(contracts.map((c) => [c.address, c]));
  const byHex = new Map<string, DefiContract>();
  for (const c of contracts) {
    // Base58 → hex without address.ts's checksum cost on every lookup: decode once here.
    const h = hexOfBase58(c.address);
    if (h) byHex.set(h, c);
  }
  return {
    get(address: string): DefiContract | undefined {
      if (address.length === 34 && address[0] === 'T') return byBase58.get(address);
      // the ingester's hot path sees every log: no regex, no Base58 for an emitter that is not listed
      return byHex.get(address.slice(-40).toLowerCase());
    },
  };
}

function hexOfBase58(address: string): string | null {
  try {
    return base58ToHex(address).slice(-40).toLowerCase();
  } catch {
    return null;
  }
}

// ---- decoding helpers

const WORD = 64;
const TWO_256 = 1n << 256n;

function topicsOf(log: DefiLog): string[] {
  const out: string[] = [];
  for (const t of log.topics) {
    if (t === null || t === undefined || t === '') break;
    const h = (t.startsWith('0x') ? t.slice(2) : t).toLowerCase();
    out.push(h);
  }
  return out;
}

function cleanData(data: string | null | undefined): string | null {
  const d = (data ?? '').startsWith('0x') ? (data ?? '').slice(2) : (data ?? '');
  return /^[0-9a-fA-F]*$/.test(d) && d.length % WORD === 0 ? d.toLowerCase() : null;
}

function uint(word: string | undefined): bigint | null {
  if (word === undefined || !/^[0-9a-f]{64}$/.test(word)) return null;
  return BigInt('0x' + word);
}

function int(word: string | undefined): bigint | null {
  const u = uint(word);
  if (u === null) return null;
  return u >= TWO_256 / 2n ? u - TWO_256 : u;
}

function addressWord(word: string | undefined): string | null {
  if (word === undefined || !/^[0-9a-f]{64}$/.test(word)) return null;
  return hexToBase58('41' + word.slice(-40));
}

function words(data: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < data.length; i += WORD) out.push(data.slice(i, i + WORD));
  return out;
}

/** The contract of the log when it is `c` (the caller dispatched by emitter; checked here so a mismatch is no row). */
function sameEmitter(log: DefiLog, c: DefiContract): boolean {
  const a = log.contract_address;
  if (a.length === 34 && a[0] === 'T') return a === c.address;
  let h = HEX_OF.get(c);
  if (h === undefined) HEX_OF.set(c, (h = hexOfBase58(c.address)));
  return h !== null && hex40(a) === h;
}
const HEX_OF = new WeakMap<DefiContract, string | null>();

interface Leg { token: string; direction: DexLegRow['direction']; amount: bigint; fee?: bigint | null }

function legRows(c: DefiContract, event: string, action: DexLegRow['action'], tx: DefiTx, account: string | null, legs: Leg[]): DexLegRow[] {
  if (legs.some((l) => l.amount < 0n || (l.fee ?? 0n) < 0n)) return [];
  return legs.map((l, leg) => ({
    leg, project: c.project, venue: c.venue, pool_address: c.address, event_name: event, action,
    operator_address: tx.owner, account_address: account, token_address: l.token, direction: l.direction,
    amount_raw: l.amount.toString(), amount: Number(l.amount), fee_raw: l.fee === undefined || l.fee === null ? null : l.fee.toString(),
  }));
}

// ---- pool events

/**
 * The `dex_pool_events` legs of a log emitted by pool / PSM `c`, in the event's amount order, or [] when the log is
 * not a decoded event of c (another venue's layout, a wrong topic count or data length, an unknown coin order),
 * e.g. a V2 Swap of 1 token0 in for 2 token1 out → two legs: token0 'in' 1, token1 'out' 2 (zero amounts left out).
 */
export function decodeDexLog(log: DefiLog, c: DefiContract, tx: DefiTx): DexLegRow[] {
  if ((c.role !== 'pool' && c.role !== 'psm') || !sameEmitter(log, c)) return [];
  const topics = topicsOf(log);
  const data = cleanData(log.data);
  if (topics.length === 0 || data === null) return [];
  const w = words(data);
  switch (c.venue) {
    case 'sunswap_v1': return sunswapV1(c, tx, topics, w);
    case 'sunswap_v2': return sunswapV2(c, tx, topics, w);
    case 'sunswap_v3': return sunswapV3(c, tx, topics, w);
    case 'sun_stableswap': return stableSwap(c, tx, topics, w);
    case 'usdd_psm': return psm(c, tx, topics, w);
    default: return [];
  }
}

// ref §2.2: every arg indexed (buyer/provider/operator, then two amounts in topics[2], topics[3]); data empty; the
// exchange pairs TRX ('_', tokens[0]) with one token (tokens[1]).
const V1_EVENTS: Record<string, { name: string; action: DexLegRow['action']; first: 'trx' | 'token'; dirs: [DexLegRow['direction'], DexLegRow['direction']] }> = {
  [TOPIC_V1_TOKEN_PURCHASE]: { name: 'TokenPurchase', action: 'swap', first: 'trx', dirs: ['in', 'out'] },
  [TOPIC_V1_TRX_PURCHASE]: { name: 'TrxPurchase', action: 'swap', first: 'token', dirs: ['in', 'out'] },
  [TOPIC_V1_ADD_LIQUIDITY]: { name: 'AddLiquidity', action: 'add_liquidity', first: 'trx', dirs: ['in', 'in'] },
  [TOPIC_V1_REMOVE_LIQUIDITY]: { name: 'RemoveLiquidity', action: 'remove_liquidity', first: 'trx', dirs: ['out', 'out'] },
  [TOPIC_V1_SNAPSHOT]: { name: 'Snapshot', action: 'reserves', first: 'trx', dirs: ['reserve', 'reserve'] },
};

function sunswapV1(c: DefiContract, tx: DefiTx, topics: string[], w: string[]): DexLegRow[] {
  const e = V1_EVENTS[topics[0]!];
  if (!e || topics.length !== 4 || w.length !== 0 || c.tokens.length !== 2) return [];
  const [trx, token] = c.tokens as [string, string];
  const a = uint(topics[2]);
  const b = uint(topics[3]);
  if (a === null || b === null) return [];
  const order = e.first === 'trx' ? [trx, token] : [token, trx];
  return legRows(c, e.name, e.action, tx, addressWord(topics[1]), [
    { token: order[0]!, direction: e.dirs[0], amount: a },
    { token: order[1]!, direction: e.dirs[1], amount: b },
  ]);
}

// ref §2.1 (S8): Swap 3 topics + 4 words; Mint 2 topics + 2 words; Burn 3 topics + 2 words; Sync 1 topic + 2 words.
function sunswapV2(c: DefiContract, tx: DefiTx, topics: string[], w: string[]): DexLegRow[] {
  if (c.tokens.length !== 2) return [];
  const [t0, t1] = c.tokens as [string, string];
  const t = topics[0];
  if (t === TOPIC_V2_SWAP && topics.length === 3 && w.length === 4) {
    const [in0, in1, out0, out1] = w.map(uint);
    if (in0 == null || in1 == null || out0 == null || out1 == null) return [];
    // A swap states all four amounts; the zero ones are no leg (up to 4 legs: a swap can pay in both sides).
    const legs: Leg[] = [
      { token: t0, direction: 'in', amount: in0 }, { token: t1, direction: 'in', amount: in1 },
      { token: t0, direction: 'out', amount: out0 }, { token: t1, direction: 'out', amount: out1 },
    ].filter((l) => l.amount !== 0n) as Leg[];
    return legRows(c, 'Swap', 'swap', tx, addressWord(topics[1]), legs);
  }
  if ((t === TOPIC_V2_MINT && topics.length === 2) || (t === TOPIC_V2_BURN && topics.length === 3)) {
    if (w.length !== 2) return [];
    const [a0, a1] = w.map(uint);
    if (a0 == null || a1 == null) return [];
    const mint = t === TOPIC_V2_MINT;
    const dir = mint ? 'in' : 'out';
    return legRows(c, mint ? 'Mint' : 'Burn', mint ? 'add_liquidity' : 'remove_liquidity', tx, addressWord(topics[1]), [
      { token: t0, direction: dir, amount: a0 }, { token: t1, direction: dir, amount: a1 },
    ]);
  }
  if (t === TOPIC_V2_SYNC && topics.length === 1 && w.length === 2) {
    const [r0, r1] = w.map(uint);
    if (r0 == null || r1 == null) return [];
    return legRows(c, 'Sync', 'reserves', tx, null, [{ token: t0, direction: 'reserve', amount: r0 }, { token: t1, direction: 'reserve', amount: r1 }]);
  }
  return [];
}

// ref §2.3 (S9): Swap's amount0/amount1 are signed pool deltas (> 0 into the pool, < 0 out); Mint (tokens in) and
// Collect (tokens out) carry the actual flows. Burn only moves liquidity to "owed" (tokens stay until Collect): no row.
function sunswapV3(c: DefiContract, tx: DefiTx, topics: string[], w: string[]): DexLegRow[] {
  if (c.tokens.length !== 2) return [];
  const [t0, t1] = c.tokens as [string, string];
  const t = topics[0];
  if (t === TOPIC_V3_SWAP && topics.length === 3 && w.length === 5) {
    const d0 = int(w[0]);
    const d1 = int(w[1]);
    if (d0 === null || d1 === null) return [];
    const legs: Leg[] = [];
    for (const [token, d] of [[t0, d0], [t1, d1]] as const) {
      if (d !== 0n) legs.push({ token, direction: d > 0n ? 'in' : 'out', amount: d > 0n ? d : -d });
    }
    return legRows(c, 'Swap', 'swap', tx, addressWord(topics[1]), legs);
  }
  if (t === TOPIC_V3_MINT && topics.length === 4 && w.length === 4) {
    const a0 = uint(w[2]);
    const a1 = uint(w[3]);
    if (a0 === null || a1 === null) return [];
    return legRows(c, 'Mint', 'add_liquidity', tx, addressWord(topics[1]), [{ token: t0, direction: 'in', amount: a0 }, { token: t1, direction: 'in', amount: a1 }]);
  }
  if (t === TOPIC_V3_COLLECT && topics.length === 4 && w.length === 3) {
    const a0 = uint(w[1]);
    const a1 = uint(w[2]);
    if (a0 === null || a1 === null) return [];
    return legRows(c, 'Collect', 'remove_liquidity', tx, addressWord(topics[1]), [{ token: t0, direction: 'out', amount: a0 }, { token: t1, direction: 'out', amount: a1 }]);
  }
  return [];
}

// ref §3.1 (S10, S7, S11): uint256[N] arrays are inlined, so N is in the signature and topic0 says N.
const STABLE_ARRAYS: Record<string, { name: string; n: number; action: DexLegRow['action']; direction: 'in' | 'out'; words: number }> = {
  [TOPIC_STABLE_ADD_LIQUIDITY_2]: { name: 'AddLiquidity', n: 2, action: 'add_liquidity', direction: 'in', words: 6 },
  [TOPIC_STABLE_ADD_LIQUIDITY_3]: { name: 'AddLiquidity', n: 3, action: 'add_liquidity', direction: 'in', words: 8 },
  [TOPIC_STABLE_REMOVE_LIQUIDITY_2]: { name: 'RemoveLiquidity', n: 2, action: 'remove_liquidity', direction: 'out', words: 5 },
  [TOPIC_STABLE_REMOVE_LIQUIDITY_3]: { name: 'RemoveLiquidity', n: 3, action: 'remove_liquidity', direction: 'out', words: 7 },
  [TOPIC_STABLE_REMOVE_IMBALANCE_2]: { name: 'RemoveLiquidityImbalance', n: 2, action: 'remove_liquidity', direction: 'out', words: 6 },
  [TOPIC_STABLE_REMOVE_IMBALANCE_3]: { name: 'RemoveLiquidityImbalance', n: 3, action: 'remove_liquidity', direction: 'out', words: 8 },
};

function stableSwap(c: DefiContract, tx: DefiTx, topics: string[], w: string[]): DexLegRow[] {
  const n = c.tokens.length;
  if (n < 2 || topics.length !== 2) return [];
  const t = topics[0]!;
  const account = addressWord(topics[1]);
  if (t === TOPIC_STABLE_TOKEN_EXCHANGE) {
    if (w.length !== 4) return [];
    const sold = int(w[0]);
    const bought = int(w[2]);
    const amountSold = uint(w[1]);
    const amountBought = uint(w[3]);
    if (sold === null || bought === null || amountSold === null || amountBought === null) return [];
    if (sold < 0n || sold >= BigInt(n) || bought < 0n || bought >= BigInt(n)) return [];
    return legRows(c, 'TokenExchange', 'swap', tx, account, [
      { token: c.tokens[Number(sold)]!, direction: 'in', amount: amountSold },
      { token: c.tokens[Number(bought)]!, direction: 'out', amount: amountBought },
    ]);
  }
  const arr = STABLE_ARRAYS[t];
  if (arr) {
    if (arr.n !== n || w.length !== arr.words) return [];
    const legs: Leg[] = [];
    for (let i = 0; i < n; i++) {
      const amount = uint(w[i]);
      const fee = uint(w[n + i]);
      if (amount === null || fee === null) return [];
      legs.push({ token: c.tokens[i]!, direction: arr.direction, amount, fee });
    }
    return legRows(c, arr.name, arr.action, tx, account, legs);
  }
  if ((t === TOPIC_STABLE_REMOVE_ONE && w.length === 2) || (t === TOPIC_STABLE_REMOVE_ONE_SUPPLY && w.length === 3)) {
    const i = removeOneCoinIndex(tx.callData);
    const coinAmount = uint(w[1]);
    if (i === null || i >= n || coinAmount === null) return [];
    return legRows(c, 'RemoveLiquidityOne', 'remove_liquidity', tx, account, [{ token: c.tokens[i]!, direction: 'out', amount: coinAmount }]);
  }
  return [];
}

/**
 * The coin index `i` of a direct `remove_liquidity_one_coin(uint256, int128|uint128 i, uint256)` call, or null when
 * the transaction called something else (a router or zap: the event alone does not say which coin, ref §3.1).
 */
export function removeOneCoinIndex(callData: string | null): number | null {
  if (!callData) return null;
  const d = (callData.startsWith('0x') ? callData.slice(2) : callData).toLowerCase();
  if (d.length < 8 + 3 * WORD || !SELECTORS_REMOVE_LIQUIDITY_ONE_COIN.includes(d.slice(0, 8))) return null;
  const i = int(d.slice(8 + WORD, 8 + 2 * WORD));
  return i === null || i < 0n || i > 255n ? null : Number(i);
}

// ref §4.1 (S4 psm.sol): value in gem units, fee in USDD wad. SellGem: USDD minted to owner = value × 10^(18 − gem
// decimals) − fee; BuyGem: USDD taken = value × 10^(18 − gem decimals) + fee (the USDT PSM's 1e12). tokens = [gem, USDD].
function psm(c: DefiContract, tx: DefiTx, topics: string[], w: string[]): DexLegRow[] {
  if (c.tokens.length !== 2 || topics.length !== 2 || w.length !== 2) return [];
  const sell = topics[0] === TOPIC_PSM_SELL_GEM;
  if (!sell && topics[0] !== TOPIC_PSM_BUY_GEM) return [];
  const value = uint(w[0]);
  const fee = uint(w[1]);
  const [gemDec, usddDec] = c.decimals as [number, number];
  if (value === null || fee === null || !(usddDec >= gemDec)) return [];
  const usdd = value * 10n ** BigInt(usddDec - gemDec);
  const [gem, usddToken] = c.tokens as [string, string];
  return legRows(c, sell ? 'SellGem' : 'BuyGem', 'swap', tx, addressWord(topics[1]), [
    { token: gem, direction: sell ? 'in' : 'out', amount: value },
    { token: usddToken, direction: sell ? 'out' : 'in', amount: sell ? usdd - fee : usdd + fee, fee },
  ]);
}

// ---- lending events

/**
 * The `lending_events` row of a log emitted by JustLend market `c`, or null, e.g. jTRX `Mint(minter, 1e6, 4.9e7)` →
 * `{ action: 'supply', account_address: minter, amount_raw: '1000000', jtoken_amount_raw: '49000000', … }`.
 * ref §5.1 (S6, S1): nothing indexed, 1 topic, every arg a data word.
 */
export function decodeLendingLog(log: DefiLog, c: DefiContract, tx: DefiTx): LendingRow | null {
  if (c.venue !== 'justlend' || c.role !== 'market' || c.tokens.length !== 1 || !sameEmitter(log, c)) return null;
  const topics = topicsOf(log);
  const data = cleanData(log.data);
  if (topics.length !== 1 || data === null) return null;
  const w = words(data);
  const base = { project: c.project, market_address: c.address, underlying_address: c.tokens[0]!, operator_address: tx.owner };
  const row = (event_name: LendingRow['event_name'], action: LendingRow['action'], account: string | null, amount: bigint | null,
    more: Partial<Record<'borrower_address' | 'collateral_market', string | null> & Record<'jtoken_amount_raw' | 'account_borrows_raw' | 'total_borrows_raw', bigint | null>>): LendingRow | null => {
    if (account === null || amount === null) return null;
    const text = (v: bigint | null | undefined): string | null => (v === null || v === undefined ? null : v.toString());
    return Object.assign({}, base, { event_name, action, account_address: account, borrower_address: more.borrower_address ?? null,
      amount_raw: amount.toString(), amount: Number(amount), jtoken_amount_raw: text(more.jtoken_amount_raw),
      collateral_market: more.collateral_market ?? null, account_borrows_raw: text(more.account_borrows_raw), total_borrows_raw: text(more.total_borrows_raw),
    });
  };
  switch (topics[0]) {
    case TOPIC_JTOKEN_MINT:
      return w.length === 3 ? row('Mint', 'supply', addressWord(w[0]), uint(w[1]), { jtoken_amount_raw: uint(w[2]) }) : null;
    case TOPIC_JTOKEN_REDEEM:
      return w.length === 3 ? row('Redeem', 'redeem', addressWord(w[0]), uint(w[1]), { jtoken_amount_raw: uint(w[2]) }) : null;
    case TOPIC_JTOKEN_BORROW: {
      if (w.length !== 5) return null;
      const borrower = addressWord(w[0]);
      return row('Borrow', 'borrow', borrower, uint(w[1]), { borrower_address: borrower, account_borrows_raw: uint(w[2]), total_borrows_raw: uint(w[3]) });
    }
    case TOPIC_JTOKEN_REPAY_BORROW:
      return w.length === 6
        ? row('RepayBorrow', 'repay', addressWord(w[0]), uint(w[2]), { borrower_address: addressWord(w[1]), account_borrows_raw: uint(w[3]), total_borrows_raw: uint(w[4]) })
        : null;
    case TOPIC_JTOKEN_LIQUIDATE_BORROW:
      return w.length === 5
        ? row('LiquidateBorrow', 'liquidate', addressWord(w[0]), uint(w[2]), { borrower_address: addressWord(w[1]), collateral_market: addressWord(w[3]), jtoken_amount_raw: uint(w[4]) })
        : null;
    default:
      return null;
  }
}
