// One log → one stablecoin_events row (src/chain/stablecoin-events.ts), the function generator and ingester share:
// named events through the registry, USDD 2.0's zero-address Transfers as Mint / Burn, echo Transfers and other
// contracts' logs as no row. Topics written out here (the stablecoin reference §1).
import { describe, expect, it } from 'vitest';
import { base58ToHex } from '../../src/chain/address.ts';
import { stablecoinEventFields } from '../../src/chain/stablecoin-events.ts';

const TRANSFER = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const ISSUE = 'cb8241adb0c3fdb35b70c24ce35c5eb0c17af7431c99f827d44a445ca624176a';
const BLACKLISTED_FLAG = 'cf3473b85df1594d47b6958f29a32bea0abff9dd68296f7bf33443646793cfd8';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDD = 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz';
const TUSD = 'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4';
const HOLDER = 'TNetvjBAsvEfubprr3t3uti1TPQkekPhkE';
const ZERO = '0'.repeat(64);
const hex20 = (b58: string): string => base58ToHex(b58).slice(2);
const addrWord = (b58: string): string => '0'.repeat(24) + hex20(b58);
const word = (n: bigint): string => n.toString(16).padStart(64, '0');

describe('stablecoinEventFields', () => {
  it('a named event: USDT Issue, exact beyond 2^53', () => {
    const f = stablecoinEventFields({ address: hex20(USDT), topics: [ISSUE], data: word(2n ** 60n + 1n) });
    expect(f).toMatchObject({ coin: 'USDT', contract_key: 'USDT', event_name: 'Issue', amount_raw: (2n ** 60n + 1n).toString(), supply_effect: 'mint', target_address: null, balance_effect: null, blacklist_effect: null });
  });

  it("USDD 2.0's Transfers from / to the zero address are its Mint / Burn; a transfer between holders is no row", () => {
    const mint = stablecoinEventFields({ address: '41' + hex20(USDD), topics: [TRANSFER, ZERO, addrWord(HOLDER)], data: word(5n) });
    expect(mint).toMatchObject({ coin: 'USDD', event_name: 'Mint', target_address: HOLDER, amount_raw: '5', supply_effect: 'mint' });
    const burn = stablecoinEventFields({ address: hex20(USDD), topics: [TRANSFER, addrWord(HOLDER), ZERO], data: word(7n) });
    expect(burn).toMatchObject({ event_name: 'Burn', target_address: HOLDER, amount_raw: '7', supply_effect: 'burn' });
    expect(stablecoinEventFields({ address: hex20(USDD), topics: [TRANSFER, addrWord(HOLDER), addrWord(USDT)], data: word(7n) })).toBeNull();
  });

  it("an echo Transfer (USDT's from the zero address) and another contract's log are no row", () => {
    expect(stablecoinEventFields({ address: hex20(USDT), topics: [TRANSFER, ZERO, addrWord(HOLDER)], data: word(5n) })).toBeNull();
    expect(stablecoinEventFields({ address: hex20(HOLDER), topics: [ISSUE], data: word(5n) })).toBeNull();
  });

  it("TUSD's Blacklisted(address, bool) resolves to add / remove", () => {
    const on = stablecoinEventFields({ address: hex20(TUSD), topics: [BLACKLISTED_FLAG, addrWord(HOLDER)], data: word(1n) });
    const off = stablecoinEventFields({ address: hex20(TUSD), topics: [BLACKLISTED_FLAG, addrWord(HOLDER)], data: word(0n) });
    expect(on).toMatchObject({ event_name: 'Blacklisted', blacklist_effect: 'add', target_address: HOLDER, amount_raw: null });
    expect(off).toMatchObject({ blacklist_effect: 'remove' });
  });
});
