/**
 * One log → one `stablecoin_events` row (src/lake/datasets/raw.ts), the one function the generator and the ingester
 * both call, so both lakes hold the same rows for the same logs. Named admin events go through the registry's
 * `decodeStablecoinLog`; a Transfer from or to the zero address is a row only for a contract whose zero Transfers ARE
 * its supply changes (`zeroTransfers: 'supply'`, USDD 2.0: answered as Mint / Burn, docs/compat.md "Stablecoins").
 * An echo Transfer (USDT Issue/Redeem, Circle and TUSD Mint/Burn) is no row: supply counts once.
 */
import { abiWord, uintDecimal } from './abi.ts';
import { base58ToHex, hexToBase58 } from './address.ts';
import { decodeStablecoinLog, STABLECOIN_CONTRACTS, stablecoinContract, topicOf, ZERO_BURN, ZERO_MINT, type LogInput, type StablecoinContract } from './stablecoins.ts';

const TOPIC_TRANSFER = topicOf('Transfer(address,address,uint256)');
const ZERO_WORD = '0'.repeat(64);
const EMITTERS = new Set(STABLECOIN_CONTRACTS.map((c) => base58ToHex(c.address).slice(-40).toLowerCase()));

/** The event columns of a `stablecoin_events` row (the block / transaction columns are the caller's). */
export interface StablecoinEventFields {
  coin: string;
  contract_key: string;
  contract_address: string;
  event_name: string;
  target_address: string | null;
  amount_raw: string | null;
  amount: number | null;
  supply_effect: 'mint' | 'burn' | 'none';
  balance_effect: 'credit' | 'debit' | null;
  blacklist_effect: 'add' | 'remove' | 'destroy' | null;
}

/**
 * The stablecoin event a log of a successful transaction is, or null, e.g. a USDT `Issue(uint256)` log →
 * `{ coin: 'USDT', event_name: 'Issue', supply_effect: 'mint', amount_raw: '…', … }`.
 */
export function stablecoinEventFields(log: LogInput): StablecoinEventFields | null {
  // the hot path of the ingester sees every log: an emitter that is no stablecoin costs one Set lookup, no Base58
  const a = log.address.length >= 40 ? log.address.slice(-40).toLowerCase() : '';
  if (!EMITTERS.has(a)) return null;
  const d = decodeStablecoinLog(log);
  if (d) {
    const blacklist = d.event.blacklist === 'flag' ? (d.flag ? 'add' : 'remove') : (d.event.blacklist ?? null);
    return fields(d.contract, d.event.name, d.target, d.amountRaw, d.event.supply, d.event.balance ?? null, blacklist);
  }
  return zeroTransfer(log);
}

function zeroTransfer(log: LogInput): StablecoinEventFields | null {
  if (log.topics.length !== 3 || (log.topics[0] ?? '').toLowerCase() !== TOPIC_TRANSFER) return null;
  const h = (log.address.startsWith('0x') ? log.address.slice(2) : log.address).toLowerCase();
  if (!/^(41)?[0-9a-f]{40}$/.test(h)) return null;
  const contract = stablecoinContract(hexToBase58(h.length === 40 ? '41' + h : h));
  if (!contract || contract.zeroTransfers !== 'supply') return null;
  const from = (log.topics[1] ?? '').toLowerCase();
  const to = (log.topics[2] ?? '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(from) || !/^[0-9a-f]{64}$/.test(to)) return null;
  const mint = from === ZERO_WORD;
  if (mint === (to === ZERO_WORD)) return null; // neither side zero: a transfer; both: moves nothing
  const w = abiWord(log.data ?? '', 0);
  const amount = w === null ? null : uintDecimal(w);
  if (amount === null) return null;
  const target = hexToBase58('41' + (mint ? to : from).slice(-40));
  return fields(contract, mint ? ZERO_MINT : ZERO_BURN, target, amount, mint ? 'mint' : 'burn', null, null);
}

function fields(
  contract: StablecoinContract, name: string, target: string | null, amountRaw: string | null,
  supply: StablecoinEventFields['supply_effect'], balance: StablecoinEventFields['balance_effect'], blacklist: StablecoinEventFields['blacklist_effect'],
): StablecoinEventFields {
  return {
    coin: contract.coin, contract_key: contract.key, contract_address: contract.address, event_name: name,
    target_address: target, amount_raw: amountRaw, amount: amountRaw === null ? null : Number(amountRaw),
    supply_effect: supply, balance_effect: balance, blacklist_effect: blacklist,
  };
}
