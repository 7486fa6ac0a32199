/**
 * Constant reference data of the synthetic chain: the transaction mix, tokens, DEX contracts, dapps, witness names,
 * memos and event signatures. Everything here is seed-independent; the seed only drives the SQL pseudo-randomness
 * and the user address pool. Real mainnet addresses come from tron-chain-data.md §4.7.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { BLACKHOLE_ADDRESS } from '../../src/chain/address.ts';

/** keccak256 of an event signature, 64 hex: `topic('Transfer(address,address,uint256)')` = `ddf252ad…`. */
export function topic(signature: string): string {
  return bytesToHex(keccak_256(utf8ToBytes(signature)));
}

/** 4-byte function selector, 8 hex: `selector('transfer(address,uint256)')` = `a9059cbb`. */
export function selector(signature: string): string {
  return topic(signature).slice(0, 8);
}

export const TOPICS = {
  transfer: topic('Transfer(address,address,uint256)'),
  approval: topic('Approval(address,address,uint256)'),
  approvalForAll: topic('ApprovalForAll(address,address,bool)'),
  transferSingle: topic('TransferSingle(address,address,address,uint256,uint256)'),
  transferBatch: topic('TransferBatch(address,address,address,uint256[],uint256[])'),
  issue: topic('Issue(uint256)'),
  redeem: topic('Redeem(uint256)'),
  addedBlackList: topic('AddedBlackList(address)'),
  removedBlackList: topic('RemovedBlackList(address)'),
  destroyedBlackFunds: topic('DestroyedBlackFunds(address,uint256)'),
  deposit: topic('Deposit(address,uint256)'),
  withdrawal: topic('Withdrawal(address,uint256)'),
  swap: topic('Swap(address,uint256,uint256,uint256,uint256,address)'),
  sync: topic('Sync(uint112,uint112)'),
  betSettled: topic('BetSettled(address,uint256,uint256)'),
  // the other stablecoins' admin events (src/chain/stablecoins.ts): Circle's FiatToken, USDJ / TUSD, TUSD's flag
  mintTo: topic('Mint(address,address,uint256)'),
  mint: topic('Mint(address,uint256)'),
  burn: topic('Burn(address,uint256)'),
  blacklisted: topic('Blacklisted(address)'),
  unBlacklisted: topic('UnBlacklisted(address)'),
  blacklistedFlag: topic('Blacklisted(address,bool)'),
  // DeFi (issue 34, defi-stablecoin-events.md): SunSwap V2 pair §2.1 (its Mint shares topic0 with a jToken's Mint,
  // §1.9: 2 topics there, 1 here), SUN.io stable pools §3.1 (N is part of the signature), USDD PSM §4.1, jTokens §5.1
  v2Mint: topic('Mint(address,uint256,uint256)'),
  v2Burn: topic('Burn(address,uint256,uint256,address)'),
  tokenExchange: topic('TokenExchange(address,int128,uint256,int128,uint256)'),
  addLiquidity2: topic('AddLiquidity(address,uint256[2],uint256[2],uint256,uint256)'),
  addLiquidity3: topic('AddLiquidity(address,uint256[3],uint256[3],uint256,uint256)'),
  removeLiquidity2: topic('RemoveLiquidity(address,uint256[2],uint256[2],uint256)'),
  removeLiquidity3: topic('RemoveLiquidity(address,uint256[3],uint256[3],uint256)'),
  sellGem: topic('SellGem(address,uint256,uint256)'),
  buyGem: topic('BuyGem(address,uint256,uint256)'),
  jRedeem: topic('Redeem(address,uint256,uint256)'),
  jBorrow: topic('Borrow(address,uint256,uint256,uint256,uint256)'),
  jRepayBorrow: topic('RepayBorrow(address,address,uint256,uint256,uint256,uint256)'),
  jLiquidateBorrow: topic('LiquidateBorrow(address,address,uint256,address,uint256)'),
} as const;

export const SELECTORS = {
  transfer: selector('transfer(address,uint256)'),
  approve: selector('approve(address,uint256)'),
  setApprovalForAll: selector('setApprovalForAll(address,bool)'),
  swapExactETHForTokens: selector('swapExactETHForTokens(uint256,address[],address,uint256)'),
  swapExactTokensForETH: selector('swapExactTokensForETH(uint256,uint256,address[],address,uint256)'),
  safeTransferFrom721: selector('safeTransferFrom(address,address,uint256)'),
  mint: selector('mint(address,uint256)'),
  mint1155: selector('mint(address,uint256,uint256,bytes)'),
  safeTransferFrom1155: selector('safeTransferFrom(address,address,uint256,uint256,bytes)'),
  safeBatchTransferFrom: selector('safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)'),
  issue: selector('issue(uint256)'),
  redeem: selector('redeem(uint256)'),
  addBlackList: selector('addBlackList(address)'),
  removeBlackList: selector('removeBlackList(address)'),
  destroyBlackFunds: selector('destroyBlackFunds(address)'),
  play: selector('play(uint256,uint256)'),
  burn: selector('burn(uint256)'),
  burnFrom: selector('burn(address,uint256)'),
  blacklist: selector('blacklist(address)'),
  unBlacklist: selector('unBlacklist(address)'),
  setBlacklisted: selector('setBlacklisted(address,bool)'),
  // DeFi calls (issue 34)
  addLiquidityETH: selector('addLiquidityETH(address,uint256,uint256,uint256,address,uint256)'),
  removeLiquidityETH: selector('removeLiquidityETH(address,uint256,uint256,uint256,address,uint256)'),
  exchange: selector('exchange(int128,int128,uint256,uint256)'),
  addLiquidity2: selector('add_liquidity(uint256[2],uint256)'),
  addLiquidity3: selector('add_liquidity(uint256[3],uint256)'),
  removeLiquidity2: selector('remove_liquidity(uint256,uint256[2])'),
  removeLiquidity3: selector('remove_liquidity(uint256,uint256[3])'),
  sellGem: selector('sellGem(address,uint256)'),
  buyGem: selector('buyGem(address,uint256)'),
  mintPayable: selector('mint()'),
  mintAmount: selector('mint(uint256)'),
  borrow: selector('borrow(uint256)'),
  repayBorrowPayable: selector('repayBorrow()'),
  repayBorrow: selector('repayBorrow(uint256)'),
  liquidateBorrow: selector('liquidateBorrow(address,uint256,address)'),
} as const;

/** 2^256 - 1, the "unlimited" approval, as an exact decimal string. */
export const UINT256_MAX = (2n ** 256n - 1n).toString();

/**
 * The transaction mix: kind id, protocol contract type, share of all transactions (percent).
 * Kind ids are what the SQL switches on; they never reach the lake. Shares sum to 100 (checked at load).
 */
export interface Kind {
  kid: number;
  name: string;
  contractType: number;
  percent: number;
}

export const KINDS: Kind[] = [
  { kid: 1, name: 'trx_transfer', contractType: 1, percent: 29.95 },
  { kid: 2, name: 'trx_dust_memo', contractType: 1, percent: 4.5 },
  { kid: 3, name: 'trc10_transfer', contractType: 2, percent: 3.0 },
  { kid: 4, name: 'delegate_resource', contractType: 57, percent: 4.0 },
  { kid: 5, name: 'undelegate_resource', contractType: 58, percent: 3.0 },
  { kid: 6, name: 'freeze_v2', contractType: 54, percent: 0.8 },
  { kid: 7, name: 'unfreeze_v2', contractType: 55, percent: 0.5 },
  { kid: 8, name: 'withdraw_expire_unfreeze', contractType: 56, percent: 0.2 },
  { kid: 9, name: 'vote_witness', contractType: 4, percent: 0.6 },
  { kid: 10, name: 'withdraw_balance', contractType: 13, percent: 0.4 },
  { kid: 11, name: 'account_create', contractType: 0, percent: 0.4 },
  { kid: 12, name: 'create_smart_contract', contractType: 30, percent: 0.1 },
  { kid: 13, name: 'unfreeze_v1', contractType: 12, percent: 0.05 },
  // TriggerSmartContract: 52.5 % of all, USDT transfer = 34 / 52.5 = 65 % of the calls.
  { kid: 20, name: 'usdt_transfer', contractType: 31, percent: 34.0 },
  { kid: 21, name: 'trc20_transfer', contractType: 31, percent: 8.0 },
  { kid: 22, name: 'approve', contractType: 31, percent: 3.5 },
  { kid: 23, name: 'swap_trx_for_tokens', contractType: 31, percent: 1.8 },
  { kid: 24, name: 'swap_tokens_for_trx', contractType: 31, percent: 1.5 },
  { kid: 25, name: 'trc721_transfer_or_mint', contractType: 31, percent: 1.3 },
  { kid: 26, name: 'trc1155_single', contractType: 31, percent: 0.8 },
  { kid: 27, name: 'trc1155_batch', contractType: 31, percent: 0.3 },
  // admin calls of the five stablecoins (issue 31): half USDT, half the other four (02-tx-base.sql `sub`); its share
  // taken from the kind just before it, so no other kind's draw moves
  { kid: 28, name: 'stablecoin_admin', contractType: 31, percent: 0.1 },
  { kid: 29, name: 'trc20_mint', contractType: 31, percent: 0.3 },
  // DeFi (issue 34): their shares taken from dapp_call, the last kind, so no other kind's draw moves
  { kid: 30, name: 'dapp_call', contractType: 31, percent: 0.5 },
  { kid: 31, name: 'sunswap_v2_liquidity', contractType: 31, percent: 0.1 },
  { kid: 32, name: 'stableswap', contractType: 31, percent: 0.1 },
  { kid: 33, name: 'usdd_psm', contractType: 31, percent: 0.06 },
  { kid: 34, name: 'justlend', contractType: 31, percent: 0.14 },
];

/** Fixed role addresses: negative indices in the generator's address table (the user pool is 0..N-1). */
export const ROLE = {
  usdtOwner: -1,
  zero: -2,
  router: -10,
  smartRouter: -11,
  v2Factory: -12,
  v1Factory: -13,
  v3Factory: -14,
  marketplace: -15,
  /** DeFi contracts (issue 34): SUN.io stable pools and their LP tokens, USDD PSM and its GemJoin, JustLend */
  stable2: -50,
  stable3: -51,
  stable2Lp: -52,
  stable3Lp: -53,
  psm: -54,
  gemJoin: -55,
  jTrx: -56,
  jUsdt: -57,
  comptroller: -58,
  /** witness of rank r: WITNESS_BASE - r */
  witnessBase: -100,
  /** token contract of tid t: TOKEN_BASE - t */
  tokenBase: -1000,
  /** SunSwap V2 pair token/WTRX of tid t */
  pairBase: -3000,
  /** dapp d */
  dappBase: -4000,
  /** issuer / deployer of token t */
  issuerBase: -5000,
  /** contract created by the n-th CreateSmartContract (n from 1) */
  createdBase: -100000,
} as const;

export type Standard = 'trc10' | 'trc20' | 'trc721' | 'trc1155';

export interface TokenDef {
  tid: number;
  standard: Standard;
  /** Real mainnet address (TRC20); synthetic contracts get a role address; TRC10 has none. */
  address?: string;
  /** TRC10 numeric id. */
  trc10Id?: string;
  name: string;
  symbol: string;
  decimals: number;
  level: number;
  vip: boolean;
  canShow: number;
  /** Total supply in whole units (multiplied by 10^decimals for total_supply_raw). */
  supplyUnits: bigint;
  /** Issue / deploy day, yyyy-MM-dd (approximate for real tokens). */
  created: string;
  logo: string;
  /** log10 range of a typical transfer in whole units. */
  unitsLog10: [number, number];
  /** Tokens per TRX, for swap amounts. */
  perTrx: number;
  /** Base energy of a transfer to an existing / a new holder (dynamic penalty added for USDT only). */
  energy: [number, number];
}

const logo = (s: string): string => `https://static.tronscan.org/production/logo/${s}.png`;

export const TID = { USDT: 1, USDD: 3, TUSD: 5, WTRX: 6 } as const;

export const TOKENS: TokenDef[] = [
  { tid: 1, standard: 'trc20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', name: 'Tether USD', symbol: 'USDT', decimals: 6, level: 2, vip: true, canShow: 1, supplyUnits: 78_500_000_000n, created: '2019-04-16', logo: logo('usdtlogo'), unitsLog10: [0, 5.5], perTrx: 0.3, energy: [14_650, 29_650] },
  { tid: 2, standard: 'trc20', address: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', name: 'USD Coin', symbol: 'USDC', decimals: 6, level: 2, vip: true, canShow: 1, supplyUnits: 210_000_000n, created: '2021-06-15', logo: logo('usdc'), unitsLog10: [0, 5], perTrx: 0.3, energy: [13_490, 28_490] },
  { tid: 3, standard: 'trc20', address: 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz', name: 'Decentralized USD', symbol: 'USDD', decimals: 18, level: 2, vip: true, canShow: 1, supplyUnits: 745_000_000n, created: '2025-01-24', logo: logo('usdd'), unitsLog10: [0, 5.5], perTrx: 0.3, energy: [17_380, 32_380] },
  { tid: 4, standard: 'trc20', address: 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT', name: 'JUST Stablecoin', symbol: 'USDJ', decimals: 18, level: 2, vip: false, canShow: 1, supplyUnits: 25_000_000n, created: '2020-03-25', logo: logo('usdj'), unitsLog10: [0, 4.5], perTrx: 0.3, energy: [15_290, 30_290] },
  { tid: 5, standard: 'trc20', address: 'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4', name: 'TrueUSD', symbol: 'TUSD', decimals: 18, level: 2, vip: true, canShow: 1, supplyUnits: 480_000_000n, created: '2020-01-17', logo: logo('tusd'), unitsLog10: [0, 5.5], perTrx: 0.3, energy: [14_910, 29_910] },
  { tid: 6, standard: 'trc20', address: 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR', name: 'Wrapped TRX', symbol: 'WTRX', decimals: 6, level: 2, vip: true, canShow: 1, supplyUnits: 3_200_000_000n, created: '2019-11-04', logo: logo('wtrx'), unitsLog10: [1, 6], perTrx: 1, energy: [12_990, 27_990] },
  { tid: 7, standard: 'trc20', address: 'TSSMHYeV2uE9qYH95DqyoCuNCzEL1NvU3S', name: 'SUN', symbol: 'SUN', decimals: 18, level: 2, vip: true, canShow: 1, supplyUnits: 19_900_730_000n, created: '2021-06-18', logo: logo('sun'), unitsLog10: [1, 6.5], perTrx: 14, energy: [14_270, 29_270] },
  { tid: 8, standard: 'trc20', address: 'TCFLL5dx5ZJdKnWuesXxi1VPwjLVmWZZy9', name: 'JUST', symbol: 'JST', decimals: 18, level: 2, vip: true, canShow: 1, supplyUnits: 9_900_000_000n, created: '2020-04-28', logo: logo('jst'), unitsLog10: [1, 6], perTrx: 8, energy: [14_390, 29_390] },
  { tid: 9, standard: 'trc20', address: 'TAFjULxiVgT4qWk6UZwjqwZXTSaGaqnVp4', name: 'BitTorrent', symbol: 'BTT', decimals: 18, level: 2, vip: true, canShow: 1, supplyUnits: 990_000_000_000_000n, created: '2021-12-29', logo: logo('btt'), unitsLog10: [3, 10], perTrx: 300_000, energy: [14_630, 29_630] },
  { tid: 10, standard: 'trc20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', name: 'WINkLink', symbol: 'WIN', decimals: 6, level: 2, vip: true, canShow: 1, supplyUnits: 999_000_000_000n, created: '2019-07-24', logo: logo('win'), unitsLog10: [2, 8], perTrx: 3_000, energy: [13_210, 28_210] },
  { tid: 11, standard: 'trc20', name: 'TronDoge', symbol: 'TDOGE', decimals: 18, level: 1, vip: false, canShow: 1, supplyUnits: 1_000_000_000_000n, created: '2024-08-12', logo: '', unitsLog10: [3, 8], perTrx: 25_000, energy: [16_120, 31_120] },
  { tid: 12, standard: 'trc20', name: 'SunPump Cat', symbol: 'SCAT', decimals: 18, level: 1, vip: false, canShow: 1, supplyUnits: 1_000_000_000n, created: '2025-03-02', logo: '', unitsLog10: [1, 6], perTrx: 40, energy: [16_340, 31_340] },
  { tid: 13, standard: 'trc20', name: 'Tron Gold Reserve', symbol: 'TGOLD', decimals: 6, level: 3, vip: false, canShow: 1, supplyUnits: 50_000_000n, created: '2025-09-19', logo: '', unitsLog10: [0, 4], perTrx: 0.05, energy: [18_770, 33_770] },
  { tid: 14, standard: 'trc20', name: 'Tether USD', symbol: 'USDT', decimals: 6, level: 4, vip: false, canShow: 0, supplyUnits: 100_000_000_000n, created: '2026-02-11', logo: '', unitsLog10: [2, 5], perTrx: 1, energy: [21_410, 36_410] },
  { tid: 21, standard: 'trc721', name: 'Tron Punks', symbol: 'TPUNK', decimals: 0, level: 1, vip: false, canShow: 1, supplyUnits: 10_000n, created: '2021-09-03', logo: '', unitsLog10: [0, 0], perTrx: 0, energy: [38_000, 95_000] },
  { tid: 22, standard: 'trc721', name: 'Sun Apes Club', symbol: 'SAPE', decimals: 0, level: 1, vip: false, canShow: 1, supplyUnits: 5_000n, created: '2022-05-20', logo: '', unitsLog10: [0, 0], perTrx: 0, energy: [41_000, 98_000] },
  { tid: 23, standard: 'trc721', name: 'Tron Name Service', symbol: 'TNS', decimals: 0, level: 2, vip: false, canShow: 1, supplyUnits: 250_000n, created: '2023-11-08', logo: '', unitsLog10: [0, 0], perTrx: 0, energy: [44_000, 110_000] },
  { tid: 31, standard: 'trc1155', name: 'TronLand Items', symbol: 'TLI', decimals: 0, level: 1, vip: false, canShow: 1, supplyUnits: 5_000_000n, created: '2022-02-14', logo: '', unitsLog10: [0, 2], perTrx: 0, energy: [46_000, 70_000] },
  { tid: 32, standard: 'trc1155', name: 'WINk Game Assets', symbol: 'WGA', decimals: 0, level: 1, vip: false, canShow: 1, supplyUnits: 20_000_000n, created: '2023-06-30', logo: '', unitsLog10: [0, 2], perTrx: 0, energy: [45_000, 72_000] },
  { tid: 41, standard: 'trc10', trc10Id: '1002000', name: 'BitTorrent Old', symbol: 'BTTOLD', decimals: 6, level: 2, vip: false, canShow: 1, supplyUnits: 990_000_000_000n, created: '2019-01-28', logo: logo('bttold'), unitsLog10: [2, 8], perTrx: 0, energy: [0, 0] },
  { tid: 42, standard: 'trc10', trc10Id: '1004089', name: 'Energy Rent Ads', symbol: 'ERA', decimals: 0, level: 1, vip: false, canShow: 1, supplyUnits: 10_000_000_000n, created: '2022-03-09', logo: '', unitsLog10: [0, 3], perTrx: 0, energy: [0, 0] },
  { tid: 43, standard: 'trc10', trc10Id: '1000226', name: 'Tronix Seed', symbol: 'SEED', decimals: 0, level: 1, vip: false, canShow: 1, supplyUnits: 100_000_000n, created: '2018-07-02', logo: '', unitsLog10: [0, 4], perTrx: 0, energy: [0, 0] },
  { tid: 44, standard: 'trc10', trc10Id: '1000317', name: 'TronGame Coin', symbol: 'TGC', decimals: 6, level: 1, vip: false, canShow: 1, supplyUnits: 2_000_000_000n, created: '2018-09-15', logo: '', unitsLog10: [0, 5], perTrx: 0, energy: [0, 0] },
  { tid: 45, standard: 'trc10', trc10Id: '1000451', name: 'Loot Token', symbol: 'LOOT', decimals: 2, level: 1, vip: false, canShow: 1, supplyUnits: 500_000_000n, created: '2018-11-20', logo: '', unitsLog10: [0, 4], perTrx: 0, energy: [0, 0] },
  { tid: 46, standard: 'trc10', trc10Id: '1001090', name: 'Tron Airdrop Gift', symbol: 'GIFT', decimals: 0, level: 3, vip: false, canShow: 1, supplyUnits: 99_000_000_000n, created: '2019-05-06', logo: '', unitsLog10: [0, 2], perTrx: 0, energy: [0, 0] },
  { tid: 47, standard: 'trc10', trc10Id: '1002578', name: 'Music Chain', symbol: 'MUSIC', decimals: 6, level: 1, vip: false, canShow: 1, supplyUnits: 800_000_000n, created: '2019-09-12', logo: '', unitsLog10: [0, 5], perTrx: 0, energy: [0, 0] },
  { tid: 48, standard: 'trc10', trc10Id: '1002814', name: 'Dice Chips', symbol: 'CHIP', decimals: 3, level: 1, vip: false, canShow: 1, supplyUnits: 1_000_000_000n, created: '2019-12-01', logo: '', unitsLog10: [0, 4], perTrx: 0, energy: [0, 0] },
  { tid: 49, standard: 'trc10', trc10Id: '1003406', name: 'Visit Free Energy', symbol: 'FREE', decimals: 0, level: 4, vip: false, canShow: 0, supplyUnits: 1_000_000_000_000n, created: '2020-08-27', logo: '', unitsLog10: [0, 1], perTrx: 0, energy: [0, 0] },
  { tid: 50, standard: 'trc10', trc10Id: '1005023', name: 'Community Points', symbol: 'CPT', decimals: 4, level: 1, vip: false, canShow: 1, supplyUnits: 300_000_000n, created: '2023-04-18', logo: '', unitsLog10: [0, 4], perTrx: 0, energy: [0, 0] },
];

/**
 * Token pick tables: which tokens a kind (and subtype) touches, with weights. Key = kid * 10 + subtype.
 * A key absent here picks no token.
 */
export const TOKEN_PICKS: Record<number, Record<number, number>> = {
  30: { 41: 30, 42: 15, 43: 5, 44: 8, 45: 5, 46: 12, 47: 5, 48: 8, 49: 7, 50: 5 },
  200: { 1: 1 },
  210: { 2: 5, 3: 12, 4: 2, 5: 4, 6: 10, 7: 12, 8: 10, 9: 15, 10: 10, 11: 8, 12: 6, 13: 4, 14: 2 },
  220: { 1: 50, 2: 3, 3: 8, 6: 8, 7: 8, 8: 8, 9: 5, 10: 4, 11: 4, 12: 2 },
  221: { 21: 3, 22: 2, 23: 1, 31: 2, 32: 2 },
  222: { 21: 3, 22: 2, 23: 1 },
  230: { 1: 45, 3: 7, 7: 10, 8: 10, 9: 10, 10: 8, 11: 6, 12: 4 },
  240: { 1: 45, 3: 7, 7: 10, 8: 10, 9: 10, 10: 8, 11: 6, 12: 4 },
  250: { 21: 5, 22: 3, 23: 4 },
  251: { 21: 2, 22: 2, 23: 6 },
  260: { 31: 6, 32: 4 },
  261: { 31: 5, 32: 5 },
  270: { 31: 6, 32: 4 },
  290: { 11: 3, 12: 3, 13: 2, 14: 4 },
  // SunSwap V2 add / remove liquidity: the pairs the swaps use
  310: { 1: 45, 3: 7, 7: 10, 8: 10, 9: 10, 10: 8, 11: 6, 12: 4 },
  311: { 1: 45, 3: 7, 7: 10, 8: 10, 9: 10, 10: 8, 11: 6, 12: 4 },
};

/** Non-token contracts (DEX, marketplace, dapps): role index, name, real address when known, tag. */
export interface ContractDef {
  role: number;
  name: string;
  address?: string;
  tag: string;
  created: string;
}

export const CONTRACTS: ContractDef[] = [
  { role: ROLE.router, name: 'SunswapV2Router02', address: 'TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ax', tag: 'SunSwap V2 Router', created: '2021-12-08' },
  { role: ROLE.smartRouter, name: 'SmartExchangeRouter', address: 'TCFNp179Lg46D16zKoumd4Poa2WFFdtqYj', tag: 'SunSwap Smart Router', created: '2023-02-16' },
  { role: ROLE.v2Factory, name: 'SunswapV2Factory', address: 'TKWJdrQkqHisa1X8HUdHEfREvTzw4pMAaY', tag: 'SunSwap V2 Factory', created: '2021-12-08' },
  { role: ROLE.v1Factory, name: 'JustswapFactory', address: 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF', tag: 'SunSwap V1 Factory', created: '2020-08-10' },
  { role: ROLE.v3Factory, name: 'SunswapV3Factory', address: 'TThJt8zaJzJMhCEScH7zWKnp5buVZqys9x', tag: 'SunSwap V3 Factory', created: '2023-05-22' },
  { role: ROLE.marketplace, name: 'TronNFTMarket', tag: 'NFT Marketplace', created: '2022-01-11' },
  { role: ROLE.dappBase - 0, name: 'TronDiceGame', tag: 'Dice', created: '2019-03-30' },
  { role: ROLE.dappBase - 1, name: 'MoonRoulette', tag: 'Roulette', created: '2020-10-05' },
  { role: ROLE.dappBase - 2, name: 'LuckyWheel', tag: 'Lottery', created: '2023-07-21' },
  { role: ROLE.dappBase - 3, name: 'EnergyRentalMarket', tag: 'Energy Rental', created: '2024-02-02' },
  // DeFi (issue 34). Real addresses of the PSM and JustLend from defi-stablecoin-events.md (§4.0 S3/S2, §5.0 S5), the
  // code registry's entries (src/chain/defi-events.ts). The stable pools are synthetic: the real 2pool's coin0 is
  // USDD-old per the registry (UNCONFIRMED) and the real 3pool's coin order is unknown (§3.0), while these hold USDD
  // 2.0; their LP tokens are separate TRC-20 contracts (§3.1). Creation days approximate.
  { role: ROLE.stable2, name: 'StableSwap2Pool', tag: 'SUN.io USDD 2pool (synthetic)', created: '2022-05-05' },
  { role: ROLE.stable3, name: 'StableSwap3Pool', tag: 'SUN.io 3pool (synthetic)', created: '2022-06-10' },
  { role: ROLE.stable2Lp, name: 'SSP2PoolToken', tag: 'SUN.io USDD 2pool LP', created: '2022-05-05' },
  { role: ROLE.stable3Lp, name: 'SSPLiquidityToken', tag: 'SUN.io 3pool LP', created: '2022-06-10' },
  { role: ROLE.psm, name: 'UsddPsm', address: 'TBXW4hS5KYjjbJXDpnrPf4zhkLwrpUjbyz', tag: 'USDD PSM-USDT', created: '2025-01-24' },
  { role: ROLE.gemJoin, name: 'GemJoin', address: 'TSUYvQ5tdd3DijCD1uGunGLpftHuSZ12sQ', tag: 'USDD PSM-USDT GemJoin', created: '2025-01-24' },
  { role: ROLE.jTrx, name: 'JustLend TRX', address: 'TE2RzoSV3wFK99w6J9UnnZ4vLfXYoxvRwP', tag: 'JustLend jTRX', created: '2020-11-27' },
  { role: ROLE.jUsdt, name: 'JustLend USDT', address: 'TXJgMdjVX5dKiQaUi9QobwNxtSQaFqccvd', tag: 'JustLend jUSDT', created: '2020-11-27' },
  { role: ROLE.comptroller, name: 'Unitroller', address: 'TGjYzgCyPobsNS9n6WcbdLVR9dH7mWqFx7', tag: 'JustLend Comptroller', created: '2020-11-27' },
];
export const N_DAPPS = 4;

/**
 * Base USD prices (about November 2026) of the priced tokens (level 2, by symbol) and TRX; pegged ones move ±0.2 % a
 * day, others ±4 % (07-token-market.sql `token_prices`, and the swaps' random walk of 02-tx-base.sql, issue 33).
 */
export const PRICE_BASES: readonly { symbol: string; usd: number; pegged: boolean }[] = [
  { symbol: 'USDT', usd: 1.0, pegged: true }, { symbol: 'USDC', usd: 1.0, pegged: true }, { symbol: 'USDD', usd: 1.0, pegged: true },
  { symbol: 'USDJ', usd: 1.0, pegged: true }, { symbol: 'TUSD', usd: 1.0, pegged: true }, { symbol: 'WTRX', usd: 0.29, pegged: false },
  { symbol: 'SUN', usd: 0.0207, pegged: false }, { symbol: 'JST', usd: 0.0362, pegged: false }, { symbol: 'BTT', usd: 0.00000097, pegged: false },
  { symbol: 'WIN', usd: 0.000097, pegged: false }, { symbol: 'BTTOLD', usd: 0.00041, pegged: false },
];
export const TRX_PRICE_BASE_USD = 0.29;

/** The real USDT/WTRX SunSwap V2 pair; other pairs are synthetic. Its token0 is WTRX (the lower address, §2.1). */
export const REAL_PAIRS: Record<number, string> = { 1: 'TFGDbUyP8xez44C76fin3bn3Ss6jugoUwJ' };

export const SR_NAMES = [
  'Binance Staking', 'Poloniex', 'TRONScan', 'HTX', 'JustLend DAO', 'TronLink', 'Sesameseed', 'BitTorrent',
  'SUN.io', 'Crypto Chain', 'Ant Investment Group', 'CryptoGuyInZA', 'TRONGrid', 'Huobi Pool', 'TronSpark',
  'BTCturk', 'OKX Earn', 'Bitget', 'Atomic Wallet', 'Luganodes', 'Stakin', 'Tron Europe', 'InfStones',
  'JD Investment', 'Kucoin Pool', 'Google Cloud', 'Blockchain Asia',
];
export const PARTNER_PREFIX = ['Tron', 'Sun', 'Block', 'Chain', 'Node', 'Stake', 'Vote', 'Ledger', 'Crypto', 'Meta'];
export const PARTNER_SUFFIX = ['Labs', 'Capital', 'Pool', 'Guild', 'Validators', 'Hub', 'Network', 'Ventures', 'Community', 'Foundation'];

/** Ad memos of 1-sun dust transfers (spam is the main memo use on TRON, tron-chain-data.md §1.8). */
export const AD_MEMOS = [
  '【TRX能量租赁】最低0.5TRX一笔 https://energy-rent.example',
  '免费领取 500 USDT 空投 t.me/airdrop_example',
  'Rent TRON energy, save 80% on USDT fees: energy.example',
  '币圈交流群 加微信 example888',
  'Claim your TRX reward now: tron-reward.example',
  '闪兑 TRX/USDT 24小时自动 swap.example',
  'You won 10,000 WIN tokens! visit win-claim.example',
  '全网最低能量 1 USDT 转账只需 1.9 TRX',
  'Official airdrop of SUN token, check sun-drop.example',
  '兑换 USDT 秒到账 安全可靠',
];

/** Dapp contract names for CreateSmartContract transactions. */
export const CREATED_NAMES = ['TokenVault', 'StakingPool', 'MultiSigWallet', 'AirdropDistributor', 'PaymentSplitter', 'BatchTransfer', 'EnergyBank', 'LotteryV2', 'Proxy', 'TRC20Token'];

/**
 * Foundation wallets (address_labels category 'foundation': /api/funds `fundTrx`, `turnOver`), tagged after the TRON
 * DAO reserve wallets. Pool addresses that existed before the window (index 60 and multiples of 3 above BORN_FROM:
 * never "born", new-accounts.ts), so they have an opening snapshot; they keep their pool traffic (the balance moves in
 * the window) and opening-state.sql adds a reserve of 1-3.2 G TRX to their opening balance.
 */
export const FOUNDATION_WALLETS: readonly { tag: string; index: (pool: number) => number }[] = [
  { tag: 'TRON DAO Reserve', index: () => 60 },
  { tag: 'TRON DAO Ecosystem Fund', index: (pool) => 3 * Math.floor(pool / 30) },
  { tag: 'TRON Foundation Cold Wallet', index: (pool) => 3 * Math.floor(pool / 12) },
];

/**
 * The genesis "Blackhole" account (src/chain/address.ts BLACKHOLE_ADDRESS, the address /api/funds reads):
 * genesis balance −2^63 sun, credited with every fee burned until the black-hole optimization (#49,
 * getAllowOptimizeBlackHole) made burns destroy TRX instead. `optimizedAt` is a plausible height (March 2021 at the
 * ANCHOR rate), not mainnet's exact activation block; a generated window starts after it.
 */
export const BLACKHOLE = { address: BLACKHOLE_ADDRESS, optimizedAt: 28_500_000 } as const;
