/**
 * The five USD stablecoins of SPEC §4.4 (USDT, USDC, USDD, USDJ, TUSD) as the chain shows them: contracts, decimals,
 * the admin events each contract emits, how each event moves supply, balances and the blacklist, and the earliest
 * dates the stablecoin endpoints accept. Facts from the team's stablecoin research notes (defi-stablecoin-events.md
 * §1, not part of the repository; cited per entry as "ref §1.x"): the code and tests need nothing outside the repo,
 * each topic0 is checked against keccak256 of its signature in test/chain/stablecoins.test.ts. What those notes mark UNCONFIRMED is `confirmed: false` here and listed in
 * docs/compat.md "Stablecoins". Generator and ingester decode logs through `decodeStablecoinLog`, so both write the
 * same `stablecoin_events` rows.
 *
 * Dispatch is by (emitter, topic0, number of topics), never topic0 alone (ref §1.9): `Mint(address,uint256)` is USDJ's
 * balance-changing mint and TUSD's echo of a Transfer; `DestroyedBlackFunds` has the same topic0 on USDT and bridged
 * USDC; `Burn(address,uint256)` is shared by USDJ, TUSD and Circle's FiatToken.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { abiWord, uintDecimal } from './abi.ts';
import { base58ToHex, hexToBase58 } from './address.ts';

/** The coin a contract belongs to: the names of SPEC §4.4's `sort` values and keyEvents convention A parameters. */
export type StablecoinKey = 'USDT' | 'USDC' | 'USDD' | 'USDJ' | 'TUSD';

/** A field of a log: an indexed topic (1-3) or a word of the non-indexed data (0-based). */
export type LogSlot = { readonly topic: 1 | 2 | 3 } | { readonly word: number };

export interface StablecoinEvent {
  /** The `eventName` keyEvents answers: the declared event name (TronScan's names for USDT: Issue, Redeem, …). */
  readonly name: string;
  /** Canonical signature; topic0 = keccak256 of it (checked by test/chain/stablecoins.test.ts). */
  readonly signature: string;
  /** Number of topics including topic0: the dispatch key beside emitter and topic0. */
  readonly topics: 1 | 2 | 3 | 4;
  /** The address the event is about (holder minted to, blacklisted user, …); absent when the event names none. */
  readonly target?: LogSlot;
  /** The amount word, in the event's own unit. */
  readonly amount?: LogSlot;
  /** Multiplier from the event's unit to the token's smallest unit (USDD old: TRC-10 6 dp → TRC-20 18 dp, 10^12). */
  readonly amountScale?: bigint;
  /** What the event does to total supply. */
  readonly supply: 'mint' | 'burn' | 'none';
  /**
   * What the event does to the target's balance by itself, when no Transfer accompanies it (USDJ Mint/Burn, USDT
   * DestroyedBlackFunds): a holder ledger built from Transfers alone must add it. Absent: the balance moves by a
   * Transfer the contract also emits (or does not move).
   */
  readonly balance?: 'credit' | 'debit';
  /** What the event does to the blacklist; `flag`: a boolean data word, true = added, false = removed. */
  readonly blacklist?: 'add' | 'remove' | 'destroy' | 'flag';
  /** The data word holding the `flag`. */
  readonly flag?: LogSlot;
  readonly confirmed: boolean;
  readonly source: string;
}

export interface StablecoinContract {
  readonly coin: StablecoinKey;
  /**
   * The key the API names this contract by: the coin, or USDCOLD (keyEvents convention B's name for Circle's USDC,
   * SPEC §4.4.1) and USDDOLD (the TRC-20 wrapper USDD used before USDD 2.0).
   */
  readonly key: string;
  readonly address: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  /**
   * How Transfers from or to the zero address count for supply: `echo`: they repeat a named mint/burn event (count the
   * named event only, or supply counts twice); `supply`: they are the mint/burn (no named event exists); `plain`: a
   * transfer to the zero address is an ordinary transfer, supply moves only by named events.
   */
  readonly zeroTransfers: 'echo' | 'supply' | 'plain';
  readonly events: readonly StablecoinEvent[];
  readonly confirmed: boolean;
  readonly source: string;
}

const T1 = { topic: 1 } as const;
const T2 = { topic: 2 } as const;
const W0 = { word: 0 } as const;

/** keccak256 of a canonical event signature, hex without 0x, e.g. `topicOf('Issue(uint256)')` = `cb8241ad…`. */
export function topicOf(signature: string): string {
  return bytesToHex(keccak_256(utf8ToBytes(signature)));
}

/** The named events a Transfer-from/to-zero stands for, when the contract has no named event (USDD 2.0). */
export const ZERO_MINT = 'Mint';
export const ZERO_BURN = 'Burn';

export const STABLECOIN_CONTRACTS: readonly StablecoinContract[] = [
  {
    coin: 'USDT', key: 'USDT', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', name: 'Tether USD', symbol: 'USDT', decimals: 6,
    zeroTransfers: 'echo', confirmed: true, source: 'ref §1.1 (TetherToken source)',
    events: [
      { name: 'Issue', signature: 'Issue(uint256)', topics: 1, amount: W0, supply: 'mint', confirmed: true, source: 'ref §1.1; Transfer(0x0 → owner) follows' },
      { name: 'Redeem', signature: 'Redeem(uint256)', topics: 1, amount: W0, supply: 'burn', confirmed: true, source: 'ref §1.1; Transfer(owner → 0x0) follows' },
      { name: 'AddedBlackList', signature: 'AddedBlackList(address)', topics: 2, target: T1, supply: 'none', blacklist: 'add', confirmed: true, source: 'ref §1.1 (indexed on TRON)' },
      { name: 'RemovedBlackList', signature: 'RemovedBlackList(address)', topics: 2, target: T1, supply: 'none', blacklist: 'remove', confirmed: true, source: 'ref §1.1' },
      { name: 'DestroyedBlackFunds', signature: 'DestroyedBlackFunds(address,uint256)', topics: 2, target: T1, amount: W0, supply: 'burn', balance: 'debit', blacklist: 'destroy', confirmed: true, source: 'ref §1.1: balance set to 0, no Transfer' },
    ],
  },
  {
    // Circle's native USDC; minting stopped 2024-02-21 (ref §1.0). Its TRON source was not found: Circle's FiatToken
    // event set is assumed (ref §1.2, UNCONFIRMED).
    coin: 'USDC', key: 'USDCOLD', address: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', name: 'USD Coin', symbol: 'USDC', decimals: 6,
    zeroTransfers: 'echo', confirmed: false, source: 'ref §1.0, §1.2 (FiatToken, S13)',
    events: [
      { name: 'Mint', signature: 'Mint(address,address,uint256)', topics: 3, target: T2, amount: W0, supply: 'mint', confirmed: false, source: 'ref §1.2; Transfer(0x0 → to) follows' },
      { name: 'Burn', signature: 'Burn(address,uint256)', topics: 2, target: T1, amount: W0, supply: 'burn', confirmed: false, source: 'ref §1.2; Transfer(burner → 0x0) follows' },
      { name: 'Blacklisted', signature: 'Blacklisted(address)', topics: 2, target: T1, supply: 'none', blacklist: 'add', confirmed: false, source: 'ref §1.2' },
      { name: 'UnBlacklisted', signature: 'UnBlacklisted(address)', topics: 2, target: T1, supply: 'none', blacklist: 'remove', confirmed: false, source: 'ref §1.2' },
    ],
  },
  {
    // USDD 2.0 (MakerDAO dai.sol interface, minted and burned by UsddJoin): no named mint/burn events are expected,
    // Transfers from and to the zero address are the supply changes (ref §1.4, UNCONFIRMED).
    coin: 'USDD', key: 'USDD', address: 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz', name: 'Decentralized USD', symbol: 'USDD', decimals: 18,
    zeroTransfers: 'supply', confirmed: false, source: 'ref §1.0 (address conflict resolved to TXDk8mb…), §1.4',
    events: [],
  },
  {
    // The TRC-20 wrapper of TRC-10 USDD 1004777: Deposit / Withdrawal carry TRC-10 units (6 dp), scaled by 10^12
    // (ref §1.3); a plain Transfer to the zero address is not a burn.
    coin: 'USDD', key: 'USDDOLD', address: 'TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn', name: 'Decentralized USD (old)', symbol: 'USDD', decimals: 18,
    zeroTransfers: 'plain', confirmed: true, source: 'ref §1.3 (USDD source)',
    events: [
      { name: 'Deposit', signature: 'Deposit(address,uint256)', topics: 2, target: T1, amount: W0, amountScale: 10n ** 12n, supply: 'mint', confirmed: true, source: 'ref §1.3; Transfer(0x0 → dst) follows' },
      { name: 'Withdrawal', signature: 'Withdrawal(address,uint256)', topics: 2, target: T1, amount: W0, amountScale: 10n ** 12n, supply: 'burn', confirmed: true, source: 'ref §1.3; Transfer(src → 0x0) follows' },
    ],
  },
  {
    // dapphub DSToken: Mint and Burn change balances and supply without any Transfer (ref §1.5).
    coin: 'USDJ', key: 'USDJ', address: 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT', name: 'JUST Stablecoin', symbol: 'USDJ', decimals: 18,
    zeroTransfers: 'plain', confirmed: true, source: 'ref §1.5 (USDJ source)',
    events: [
      { name: 'Mint', signature: 'Mint(address,uint256)', topics: 2, target: T1, amount: W0, supply: 'mint', balance: 'credit', confirmed: true, source: 'ref §1.5: no Transfer' },
      { name: 'Burn', signature: 'Burn(address,uint256)', topics: 2, target: T1, amount: W0, supply: 'burn', balance: 'debit', confirmed: true, source: 'ref §1.5: no Transfer' },
    ],
  },
  {
    // TrueUSD behind OwnedUpgradeabilityProxy: Mint and Burn follow their Transfer; a transfer to a redemption
    // address is Transfer(sender → it), Transfer(it → 0x0), Burn(it): the Burn counts (ref §1.6).
    coin: 'TUSD', key: 'TUSD', address: 'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4', name: 'TrueUSD', symbol: 'TUSD', decimals: 18,
    zeroTransfers: 'echo', confirmed: true, source: 'ref §1.6 (TrueUSD proxy and implementation source; current implementation UNCONFIRMED)',
    events: [
      { name: 'Mint', signature: 'Mint(address,uint256)', topics: 2, target: T1, amount: W0, supply: 'mint', confirmed: true, source: 'ref §1.6; Transfer(0x0 → to) precedes' },
      { name: 'Burn', signature: 'Burn(address,uint256)', topics: 2, target: T1, amount: W0, supply: 'burn', confirmed: true, source: 'ref §1.6; Transfer(burner → 0x0) precedes' },
      { name: 'Blacklisted', signature: 'Blacklisted(address,bool)', topics: 2, target: T1, flag: W0, supply: 'none', blacklist: 'flag', confirmed: true, source: 'ref §1.6' },
    ],
  },
];

/**
 * Earliest dates the stablecoin endpoints accept (SPEC §4.4 parameter table): holder/change `startDay`,
 * tokenSupply/turnover `startTime`, pool/trend `startTimestamp` (exclusive: "later than 2022-11-21 08:00:00", UTC+8
 * midnight read as UTC 00:00 on 2022-11-21; docs/compat.md).
 */
export const STABLECOIN_EARLIEST = {
  holderChangeDay: '2020-12-11',
  tokenSupplyTurnoverDay: '2022-11-22',
  poolTrendAfterMs: Date.UTC(2022, 10, 21),
} as const;

/** The contract of an address, e.g. `stablecoinContract('TR7NHq…')?.coin` = 'USDT'; undefined for any other. */
export function stablecoinContract(address: string): StablecoinContract | undefined {
  return BY_ADDRESS.get(address);
}

/** The contracts of a coin, e.g. `contractsOf('USDD')` = USDD 2.0 and the old wrapper. */
export function contractsOf(coin: StablecoinKey): StablecoinContract[] {
  return STABLECOIN_CONTRACTS.filter((c) => c.coin === coin);
}

/** A stablecoin admin event decoded from one log; amounts are exact decimal strings in the token's smallest unit. */
export interface DecodedStablecoinEvent {
  contract: StablecoinContract;
  event: StablecoinEvent;
  /** Base58; null when the event names no address. */
  target: string | null;
  /** Smallest unit, exact; null when the event carries no amount. */
  amountRaw: string | null;
  /** `flag` events: true = added to the blacklist, false = removed. */
  flag: boolean | null;
}

/** A log as node JSON gives it (hex mode): emitter as 20-byte or 21-byte hex, topics and data as hex without 0x. */
export interface LogInput {
  address: string;
  topics: readonly string[];
  data: string;
}

/**
 * The admin event a log is, or null (not a stablecoin, not an admin event, or malformed: chain data is untrusted).
 * Transfers are not decoded here: they are token_transfers rows, and `zeroTransfers` says how supply reads them.
 */
export function decodeStablecoinLog(log: LogInput): DecodedStablecoinEvent | null {
  const emitter = emitterBase58(log.address);
  if (emitter === null) return null;
  const topic0 = (log.topics[0] ?? '').toLowerCase();
  const hit = BY_DISPATCH.get(`${emitter}|${topic0}|${log.topics.length}`);
  if (!hit) return null;
  const { contract, event } = hit;
  const data = log.data ?? '';
  let target: string | null = null;
  if (event.target) {
    const w = slotWord(log, data, event.target);
    if (w === null || !/^[0-9a-fA-F]{64}$/.test(w)) return null;
    target = hexToBase58(w.slice(-40));
  }
  let amountRaw: string | null = null;
  if (event.amount) {
    const w = slotWord(log, data, event.amount);
    const d = w === null ? null : uintDecimal(w);
    if (d === null) return null;
    amountRaw = event.amountScale ? (BigInt(d) * event.amountScale).toString() : d;
  }
  let flag: boolean | null = null;
  if (event.flag) {
    const d = uintDecimal(slotWord(log, data, event.flag) ?? 'x');
    if (d !== '0' && d !== '1') return null;
    flag = d === '1';
  }
  return { contract, event, target, amountRaw, flag };
}

function slotWord(log: LogInput, data: string, slot: LogSlot): string | null {
  return 'topic' in slot ? (log.topics[slot.topic] ?? null) : abiWord(data, slot.word);
}

function emitterBase58(address: string): string | null {
  const h = (address.startsWith('0x') ? address.slice(2) : address).toLowerCase();
  if (!/^(41)?[0-9a-f]{40}$/.test(h)) return null;
  return hexToBase58(h.length === 40 ? '41' + h : h);
}

// Maps, not objects: an address or topic from a log is never looked up in an object with a prototype.
const BY_ADDRESS = new Map(STABLECOIN_CONTRACTS.map((c) => [c.address, c]));
const BY_DISPATCH = new Map<string, { contract: StablecoinContract; event: StablecoinEvent }>();
for (const contract of STABLECOIN_CONTRACTS) {
  if (base58ToHex(contract.address).length !== 42) throw new Error(`stablecoins: bad address ${contract.address}`);
  for (const event of contract.events) {
    const key = `${contract.address}|${topicOf(event.signature)}|${event.topics}`;
    if (BY_DISPATCH.has(key)) throw new Error(`stablecoins: two events of ${contract.key} dispatch as ${key}`);
    BY_DISPATCH.set(key, { contract, event });
  }
}
