// The stablecoin registry against the reference's own vectors (defi-stablecoin-events.md §1: addresses in hex, topic0
// values computed there with keccak), and its decoder against logs written here word by word.
import { describe, expect, it } from 'vitest';
import { base58ToHex } from '../../src/chain/address.ts';
import { contractsOf, decodeStablecoinLog, STABLECOIN_CONTRACTS, stablecoinContract, topicOf } from '../../src/chain/stablecoins.ts';

/** ref §1.0: Base58 → hex, as the reference's table prints them. */
const REF_HEX: Record<string, string> = {
  TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
  TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8: '413487b63d30b5b2c87fb7ffa8bcfade38eaac1abe',
  TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz: '41e91a7411e56ce79e83570570f49b9fc35b7727c5',
  TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn: '4194f24e992ca04b49c6f2a2753076ef8938ed4daa',
  TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT: '41834295921a488d9d42b4b3021ed1a3c39fb0f03e',
  TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4: '41cebde71077b830b958c8da17bcddeeb85d0bcf25',
};

/** ref §1.1-§1.6: topic0 of each signature as the reference prints it. */
const REF_TOPIC: Record<string, string> = {
  'Issue(uint256)': 'cb8241adb0c3fdb35b70c24ce35c5eb0c17af7431c99f827d44a445ca624176a',
  'Redeem(uint256)': '702d5967f45f6513a38ffc42d6ba9bf230bd40e8f53b16363c7eb4fd2deb9a44',
  'AddedBlackList(address)': '42e160154868087d6bfdc0ca23d96a1c1cfa32f1b72ba9ba27b69b98a0d819dc',
  'RemovedBlackList(address)': 'd7e9ec6e6ecd65492dce6bf513cd6867560d49544421d0783ddf06e76c24470c',
  'DestroyedBlackFunds(address,uint256)': '61e6e66b0d6339b2980aecc6ccc0039736791f0ccde9ed512e789a7fbdd698c6',
  'Mint(address,address,uint256)': 'ab8530f87dc9b59234c4623bf917212bb2536d647574c8e7e5da92c2ede0c9f8',
  'Burn(address,uint256)': 'cc16f5dbb4873280815c1ee09dbd06736cffcc184412cf7a71a0fdb75d397ca5',
  'Blacklisted(address)': 'ffa4e6181777692565cf28528fc88fd1516ea86b56da075235fa575af6a4b855',
  'UnBlacklisted(address)': '117e3210bb9aa7d9baff172026820255c6f6c30ba8999d1c2fd88e2848137c4e',
  'Deposit(address,uint256)': 'e1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c',
  'Withdrawal(address,uint256)': '7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65',
  'Mint(address,uint256)': '0f6798a560793a54c3bcfe86a93cde1e73087d944c0ea20544137d4121396885',
  'Blacklisted(address,bool)': 'cf3473b85df1594d47b6958f29a32bea0abff9dd68296f7bf33443646793cfd8',
};

const word = (n: bigint): string => n.toString(16).padStart(64, '0');
const addrWord = (base58: string): string => '0'.repeat(24) + base58ToHex(base58).slice(2);
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const HOLDER = 'TNetvjBAsvEfubprr3t3uti1TPQkekPhkE';

describe('stablecoin registry', () => {
  it('has the five coins, both USDD contracts and the USDCOLD key', () => {
    expect(new Set(STABLECOIN_CONTRACTS.map((c) => c.coin))).toEqual(new Set(['USDT', 'USDC', 'USDD', 'USDJ', 'TUSD']));
    expect(contractsOf('USDD').map((c) => c.key).sort()).toEqual(['USDD', 'USDDOLD']);
    expect(contractsOf('USDC').map((c) => c.key)).toEqual(['USDCOLD']);
    expect(STABLECOIN_CONTRACTS.map((c) => [c.key, c.decimals])).toEqual([
      ['USDT', 6], ['USDCOLD', 6], ['USDD', 18], ['USDDOLD', 18], ['USDJ', 18], ['TUSD', 18],
    ]);
  });

  it.each(STABLECOIN_CONTRACTS.map((c) => [c.key, c.address]))('%s address %s is the reference hex', (_k, address) => {
    expect(base58ToHex(address)).toBe(REF_HEX[address]);
  });

  it('every event topic0 is the reference value', () => {
    const sigs = STABLECOIN_CONTRACTS.flatMap((c) => c.events.map((e) => e.signature));
    expect(sigs.length).toBeGreaterThan(0);
    for (const s of sigs) expect(topicOf(s), s).toBe(REF_TOPIC[s]);
  });

  it('marks what the reference marks UNCONFIRMED', () => {
    expect(stablecoinContract('TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8')?.confirmed).toBe(false);
    expect(stablecoinContract('TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz')?.confirmed).toBe(false);
    expect(stablecoinContract(USDT)?.confirmed).toBe(true);
    expect(stablecoinContract('__proto__')).toBeUndefined();
  });
});

describe('decodeStablecoinLog', () => {
  const usdtHex = base58ToHex(USDT).slice(2);

  it('USDT Issue: amount from data, no target, emitter in 20-byte or 21-byte hex', () => {
    for (const address of [usdtHex, '41' + usdtHex]) {
      const d = decodeStablecoinLog({ address, topics: [REF_TOPIC['Issue(uint256)']!], data: word(5_000_000_000_000n) });
      expect(d?.event.name).toBe('Issue');
      expect(d?.event.supply).toBe('mint');
      expect(d?.amountRaw).toBe('5000000000000');
      expect(d?.target).toBeNull();
    }
  });

  it('USDT DestroyedBlackFunds: target from topic 1, a burn and a balance debit, uint256 max exact', () => {
    const max = (1n << 256n) - 1n;
    const d = decodeStablecoinLog({ address: usdtHex, topics: [REF_TOPIC['DestroyedBlackFunds(address,uint256)']!, addrWord(HOLDER)], data: word(max) });
    expect(d?.target).toBe(HOLDER);
    expect(d?.amountRaw).toBe(max.toString());
    expect([d?.event.supply, d?.event.balance, d?.event.blacklist]).toEqual(['burn', 'debit', 'destroy']);
  });

  it('dispatches by topic count: a 3-topic Transfer-shaped or wrong-count log is not an admin event', () => {
    expect(decodeStablecoinLog({ address: usdtHex, topics: [REF_TOPIC['AddedBlackList(address)']!], data: addrWord(HOLDER) })).toBeNull();
    const tusd = base58ToHex('TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4').slice(2);
    expect(decodeStablecoinLog({ address: tusd, topics: [REF_TOPIC['Mint(address,uint256)']!, addrWord(HOLDER), addrWord(HOLDER)], data: word(1n) })).toBeNull();
    const m = decodeStablecoinLog({ address: tusd, topics: [REF_TOPIC['Mint(address,uint256)']!, addrWord(HOLDER)], data: word(7n) });
    expect([m?.contract.key, m?.event.balance]).toEqual(['TUSD', undefined]);
  });

  it('the same topic0 means a balance change on USDJ and an echo on TUSD', () => {
    const usdj = base58ToHex('TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT').slice(2);
    const d = decodeStablecoinLog({ address: usdj, topics: [REF_TOPIC['Mint(address,uint256)']!, addrWord(HOLDER)], data: word(10n ** 18n) });
    expect([d?.contract.key, d?.event.balance, d?.amountRaw]).toEqual(['USDJ', 'credit', '1000000000000000000']);
  });

  it('USDD old Deposit is scaled from TRC-10 units (6 dp) to 18 dp', () => {
    const old = base58ToHex('TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn').slice(2);
    const d = decodeStablecoinLog({ address: old, topics: [REF_TOPIC['Deposit(address,uint256)']!, addrWord(HOLDER)], data: word(1_500_000n) });
    expect(d?.amountRaw).toBe('1500000000000000000');
  });

  it('TUSD Blacklisted carries its flag; anything but 0 or 1 is malformed', () => {
    const tusd = base58ToHex('TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4').slice(2);
    const log = (f: bigint) => ({ address: tusd, topics: [REF_TOPIC['Blacklisted(address,bool)']!, addrWord(HOLDER)], data: word(f) });
    expect(decodeStablecoinLog(log(1n))?.flag).toBe(true);
    expect(decodeStablecoinLog(log(0n))?.flag).toBe(false);
    expect(decodeStablecoinLog(log(2n))).toBeNull();
  });

  it('answers null for other emitters, short data and bad hex', () => {
    const other = base58ToHex(HOLDER).slice(2);
    expect(decodeStablecoinLog({ address: other, topics: [REF_TOPIC['Issue(uint256)']!], data: word(1n) })).toBeNull();
    expect(decodeStablecoinLog({ address: usdtHex, topics: [REF_TOPIC['Issue(uint256)']!], data: 'ab' })).toBeNull();
    expect(decodeStablecoinLog({ address: 'zz', topics: [], data: '' })).toBeNull();
  });
});
