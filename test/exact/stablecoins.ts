/**
 * The audit's stablecoin endpoints (issue 31): keyEvents' amounts and total and blackList's total and destroyed
 * amounts, against the stablecoin contracts' logs of successful transactions in raw `logs` (topic0 written out as hex
 * here, the amount word read as a BigInt), never `stablecoin_events` or the endpoints' templates.
 */
import { type Ctx, quoted, s } from './context.ts';
import { arrayPart, field, objects } from './json-text.ts';

const CONTRACTS = ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz',
  'TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn', 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT', 'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4'];
const USDD = 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz';
// keccak256 of the admin events (stablecoin reference §1): Issue, Redeem, DestroyedBlackFunds, Mint(a,a,u), Mint(a,u),
// Burn(a,u), Deposit, Withdrawal; and the blacklist ones: AddedBlackList, RemovedBlackList, Blacklisted(a),
// UnBlacklisted(a), Blacklisted(a,bool).
const AMOUNT_TOPICS = ['cb8241adb0c3fdb35b70c24ce35c5eb0c17af7431c99f827d44a445ca624176a', '702d5967f45f6513a38ffc42d6ba9bf230bd40e8f53b16363c7eb4fd2deb9a44',
  '61e6e66b0d6339b2980aecc6ccc0039736791f0ccde9ed512e789a7fbdd698c6', 'ab8530f87dc9b59234c4623bf917212bb2536d647574c8e7e5da92c2ede0c9f8',
  '0f6798a560793a54c3bcfe86a93cde1e73087d944c0ea20544137d4121396885', 'cc16f5dbb4873280815c1ee09dbd06736cffcc184412cf7a71a0fdb75d397ca5',
  'e1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c', '7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'];
const LIST_TOPICS = ['42e160154868087d6bfdc0ca23d96a1c1cfa32f1b72ba9ba27b69b98a0d819dc', 'd7e9ec6e6ecd65492dce6bf513cd6867560d49544421d0783ddf06e76c24470c',
  'ffa4e6181777692565cf28528fc88fd1516ea86b56da075235fa575af6a4b855', '117e3210bb9aa7d9baff172026820255c6f6c30ba8999d1c2fd88e2848137c4e',
  'cf3473b85df1594d47b6958f29a32bea0abff9dd68296f7bf33443646793cfd8', '61e6e66b0d6339b2980aecc6ccc0039736791f0ccde9ed512e789a7fbdd698c6'];
const TRANSFER = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const ZERO = '0'.repeat(64);

export async function stablecoinChecks({ io, get, check }: Ctx): Promise<void> {
  const ok = `tx_hash IN (SELECT tx_hash FROM raw_transactions WHERE contract_ret = 'SUCCESS')`;
  const ke = '/api/deep/stableCoin/totalSupply/keyEvents';
  // every admin log of the five coins (the named events, USDD 2.0's zero-address Transfers)
  const [n] = await io.sql(`SELECT count(*) AS n FROM raw_logs WHERE ${ok} AND contract_address IN (${quoted(CONTRACTS)})
      AND (topic0 IN (${quoted([...AMOUNT_TOPICS, ...LIST_TOPICS])})
           OR (contract_address = '${USDD}' AND topic0 = '${TRANSFER}' AND topic3 IS NULL AND (topic1 = '${ZERO}') <> (topic2 = '${ZERO}')))`);
  const text = await get(`${ke}?sort=1&direction=2&limit=100`);
  check(ke, 'total', field(text, 'total'), s(n!.n));
  const rows = objects(arrayPart(text, 'data'));
  const logs = await io.sql(`SELECT tx_hash, contract_address, topic0, data FROM raw_logs
      WHERE tx_hash IN (${quoted(rows.map((o) => field(o, 'hash')!))}) AND contract_address IN (${quoted(CONTRACTS)})`);
  for (const o of rows) {
    const hash = field(o, 'hash')!;
    const token = field(o, 'tokenAddress')!;
    // the amount word of the transaction's amount event (one admin event per transaction on the test lakes); a
    // blacklisting names none
    const words = logs.filter((l) => s(l.tx_hash) === hash && s(l.contract_address) === token
        && (AMOUNT_TOPICS.includes(s(l.topic0)) || (token === USDD && s(l.topic0) === TRANSFER)))
      .map((l) => BigInt('0x' + (s(l.data).slice(0, 64) || '0')) * (token === 'TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn' ? 10n ** 12n : 1n));
    const want = /black/i.test(field(o, 'eventName') ?? '') && !/destroy/i.test(field(o, 'eventName') ?? '') ? 0n : words.reduce((a, b) => (b > a ? b : a), 0n);
    check(ke, `${hash} ${field(o, 'eventName')} count`, field(o, 'count'), want.toString());
  }

  const bl = '/api/stableCoin/blackList';
  const [m] = await io.sql(`SELECT count(*) AS n FROM raw_logs WHERE ${ok} AND contract_address IN (${quoted(CONTRACTS)}) AND topic0 IN (${quoted(LIST_TOPICS)})`);
  const listed = await get(`${bl}?sort=1&direction=2`);
  check(bl, 'total', field(listed, 'total'), s(m!.n));
  // destroyed funds: USDT's 6 decimals, exact
  const destroyed = await io.sql(`SELECT tx_hash, data FROM raw_logs WHERE ${ok} AND contract_address = '${CONTRACTS[0]}' AND topic0 = '${LIST_TOPICS[5]}'`);
  const byHash = new Map(destroyed.map((d) => [s(d.tx_hash), BigInt('0x' + s(d.data).slice(0, 64))]));
  for (const o of objects(arrayPart(listed, 'data'))) {
    const raw = byHash.get(field(o, 'transHash')!);
    if (raw === undefined || field(o, 'type') !== 'destroy') continue;
    const text6 = raw.toString().padStart(7, '0');
    const frac = text6.slice(-6).replace(/0+$/, '');
    check(bl, `${field(o, 'transHash')} num`, field(o, 'num'), frac ? `${text6.slice(0, -6)}.${frac}` : text6.slice(0, -6));
  }
}
