/**
 * The stablecoin admin events of a lake, decoded here from raw `logs` (plain SQL, then topic0 matched as hex and the
 * words read as BigInt in this file), independently of src/chain/stablecoins.ts and of `stablecoin_events`: what the
 * deep/ endpoint tests and the dataset test compare with. Facts from the stablecoin reference §1 (addresses, topic0,
 * number of topics), written out here.
 */
import { hexToBase58 } from '../../../src/chain/address.ts';
import { sql } from '../../helpers/lake.ts';

export interface ExpectedEvent {
  block_number: number;
  timestamp: number;
  tx_hash: string;
  tx_index: number;
  log_index: number;
  coin: string;
  contract_key: string;
  contract_address: string;
  event_name: string;
  operator_address: string;
  target_address: string | null;
  amount_raw: string | null;
  supply_effect: string;
  balance_effect: string | null;
  blacklist_effect: string | null;
}

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDC = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
const USDD = 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz';
const USDD_OLD = 'TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn';
const USDJ = 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT';
const TUSD = 'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4';

export const CONTRACT = { USDT, USDC, USDD, USDD_OLD, USDJ, TUSD } as const;
export const NAME: Record<string, string> = {
  [USDT]: 'Tether USD', [USDC]: 'USD Coin', [USDD]: 'Decentralized USD', [USDD_OLD]: 'Decentralized USD (old)', [USDJ]: 'JUST Stablecoin', [TUSD]: 'TrueUSD',
};
export const DECIMALS: Record<string, number> = { [USDT]: 6, [USDC]: 6, [USDD]: 18, [USDD_OLD]: 18, [USDJ]: 18, [TUSD]: 18 };

const T = {
  issue: 'cb8241adb0c3fdb35b70c24ce35c5eb0c17af7431c99f827d44a445ca624176a',
  redeem: '702d5967f45f6513a38ffc42d6ba9bf230bd40e8f53b16363c7eb4fd2deb9a44',
  added: '42e160154868087d6bfdc0ca23d96a1c1cfa32f1b72ba9ba27b69b98a0d819dc',
  removed: 'd7e9ec6e6ecd65492dce6bf513cd6867560d49544421d0783ddf06e76c24470c',
  destroyed: '61e6e66b0d6339b2980aecc6ccc0039736791f0ccde9ed512e789a7fbdd698c6',
  mintTo: 'ab8530f87dc9b59234c4623bf917212bb2536d647574c8e7e5da92c2ede0c9f8',
  mint: '0f6798a560793a54c3bcfe86a93cde1e73087d944c0ea20544137d4121396885',
  burn: 'cc16f5dbb4873280815c1ee09dbd06736cffcc184412cf7a71a0fdb75d397ca5',
  blacklisted: 'ffa4e6181777692565cf28528fc88fd1516ea86b56da075235fa575af6a4b855',
  unBlacklisted: '117e3210bb9aa7d9baff172026820255c6f6c30ba8999d1c2fd88e2848137c4e',
  blacklistedFlag: 'cf3473b85df1594d47b6958f29a32bea0abff9dd68296f7bf33443646793cfd8',
  deposit: 'e1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c',
  withdrawal: '7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65',
  transfer: 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
};

/** One admin event kind: emitter, topic0, number of topics, where its address and amount are. */
interface Kind {
  contract: string; coin: string; key: string; topic: string; topics: number; name: string;
  target: 1 | 2 | null; amount: boolean; scale?: bigint; supply: string; balance?: string; blacklist?: string | 'flag';
}
const KINDS: Kind[] = [
  { contract: USDT, coin: 'USDT', key: 'USDT', topic: T.issue, topics: 1, name: 'Issue', target: null, amount: true, supply: 'mint' },
  { contract: USDT, coin: 'USDT', key: 'USDT', topic: T.redeem, topics: 1, name: 'Redeem', target: null, amount: true, supply: 'burn' },
  { contract: USDT, coin: 'USDT', key: 'USDT', topic: T.added, topics: 2, name: 'AddedBlackList', target: 1, amount: false, supply: 'none', blacklist: 'add' },
  { contract: USDT, coin: 'USDT', key: 'USDT', topic: T.removed, topics: 2, name: 'RemovedBlackList', target: 1, amount: false, supply: 'none', blacklist: 'remove' },
  { contract: USDT, coin: 'USDT', key: 'USDT', topic: T.destroyed, topics: 2, name: 'DestroyedBlackFunds', target: 1, amount: true, supply: 'burn', balance: 'debit', blacklist: 'destroy' },
  { contract: USDC, coin: 'USDC', key: 'USDCOLD', topic: T.mintTo, topics: 3, name: 'Mint', target: 2, amount: true, supply: 'mint' },
  { contract: USDC, coin: 'USDC', key: 'USDCOLD', topic: T.burn, topics: 2, name: 'Burn', target: 1, amount: true, supply: 'burn' },
  { contract: USDC, coin: 'USDC', key: 'USDCOLD', topic: T.blacklisted, topics: 2, name: 'Blacklisted', target: 1, amount: false, supply: 'none', blacklist: 'add' },
  { contract: USDC, coin: 'USDC', key: 'USDCOLD', topic: T.unBlacklisted, topics: 2, name: 'UnBlacklisted', target: 1, amount: false, supply: 'none', blacklist: 'remove' },
  { contract: USDD_OLD, coin: 'USDD', key: 'USDDOLD', topic: T.deposit, topics: 2, name: 'Deposit', target: 1, amount: true, scale: 10n ** 12n, supply: 'mint' },
  { contract: USDD_OLD, coin: 'USDD', key: 'USDDOLD', topic: T.withdrawal, topics: 2, name: 'Withdrawal', target: 1, amount: true, scale: 10n ** 12n, supply: 'burn' },
  { contract: USDJ, coin: 'USDJ', key: 'USDJ', topic: T.mint, topics: 2, name: 'Mint', target: 1, amount: true, supply: 'mint', balance: 'credit' },
  { contract: USDJ, coin: 'USDJ', key: 'USDJ', topic: T.burn, topics: 2, name: 'Burn', target: 1, amount: true, supply: 'burn', balance: 'debit' },
  { contract: TUSD, coin: 'TUSD', key: 'TUSD', topic: T.mint, topics: 2, name: 'Mint', target: 1, amount: true, supply: 'mint' },
  { contract: TUSD, coin: 'TUSD', key: 'TUSD', topic: T.burn, topics: 2, name: 'Burn', target: 1, amount: true, supply: 'burn' },
  { contract: TUSD, coin: 'TUSD', key: 'TUSD', topic: T.blacklistedFlag, topics: 2, name: 'Blacklisted', target: 1, amount: false, supply: 'none', blacklist: 'flag' },
];

const ZERO = '0'.repeat(64);
const addr = (w: string): string => hexToBase58('41' + w.slice(-40));
const big = (w: string): bigint => BigInt('0x' + w);

let cache: Promise<ExpectedEvent[]> | undefined;

/** Every stablecoin admin event of the lake's successful transactions, in chain order. */
export function expectedEvents(): Promise<ExpectedEvent[]> {
  cache ??= load();
  return cache;
}

async function load(): Promise<ExpectedEvent[]> {
  const contracts = Object.values(CONTRACT).map((a) => `'${a}'`).join(', ');
  const logs = await sql(`SELECT l.block_number, l."timestamp", l.tx_hash, t.tx_index, l.log_index, l.contract_address, l.topic0, l.topic1,
      l.topic2, l.topic3, l.data, t.owner_address
    FROM raw_logs l JOIN raw_transactions t ON t.tx_hash = l.tx_hash AND t.block_number = l.block_number
    WHERE l.contract_address IN (${contracts}) AND t.contract_ret = 'SUCCESS'
    ORDER BY l.block_number, t.tx_index, l.log_index`);
  const out: ExpectedEvent[] = [];
  for (const l of logs) {
    const topics = [l.topic0, l.topic1, l.topic2, l.topic3].filter((x) => x !== null && x !== undefined).map((x) => String(x).toLowerCase());
    const data = String(l.data ?? '');
    const contract = String(l.contract_address);
    const base = {
      block_number: Number(l.block_number), timestamp: Number(l.timestamp), tx_hash: String(l.tx_hash), tx_index: Number(l.tx_index),
      log_index: Number(l.log_index), contract_address: contract, operator_address: String(l.owner_address),
    };
    const kind = KINDS.find((k) => k.contract === contract && k.topic === topics[0] && k.topics === topics.length);
    if (kind) {
      const w0 = data.slice(0, 64);
      let blacklist = kind.blacklist ?? null;
      if (blacklist === 'flag') blacklist = big(w0) === 1n ? 'add' : 'remove';
      out.push({
        ...base, coin: kind.coin, contract_key: kind.key, event_name: kind.name,
        target_address: kind.target === null ? null : addr(topics[kind.target]!),
        amount_raw: kind.amount ? (big(w0) * (kind.scale ?? 1n)).toString() : null,
        supply_effect: kind.supply, balance_effect: kind.balance ?? null, blacklist_effect: blacklist,
      });
      continue;
    }
    // USDD 2.0: its Transfers from / to the zero address are its mints and burns (no named event)
    if (contract === USDD && topics[0] === T.transfer && topics.length === 3 && (topics[1] === ZERO) !== (topics[2] === ZERO)) {
      const mint = topics[1] === ZERO;
      out.push({
        ...base, coin: 'USDD', contract_key: 'USDD', event_name: mint ? 'Mint' : 'Burn', target_address: addr(mint ? topics[2]! : topics[1]!),
        amount_raw: big(data.slice(0, 64)).toString(), supply_effect: mint ? 'mint' : 'burn', balance_effect: null, blacklist_effect: null,
      });
    }
  }
  return out;
}

/** Chain order, then the amount (no amount: 0) compared as integers. */
export const byTime = (a: ExpectedEvent, b: ExpectedEvent): number => a.block_number - b.block_number || a.tx_index - b.tx_index || a.log_index - b.log_index;
export const amountOf = (e: ExpectedEvent): bigint => BigInt(e.amount_raw ?? '0');
export const byAmount = (a: ExpectedEvent, b: ExpectedEvent): number => (amountOf(a) < amountOf(b) ? -1 : amountOf(a) > amountOf(b) ? 1 : byTime(a, b));

/** An exact decimal scaled by decimals, written here: 1500000 / 10^6 = '1.5'. */
export function scaled(raw: string, decimals: number): string {
  const s = raw.padStart(decimals + 1, '0');
  const whole = s.slice(0, s.length - decimals);
  const frac = s.slice(s.length - decimals).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}
