/**
 * Decoding node JSON into lake rows. Expected values are read off the JSON by hand (the real samples of
 * mainnet-transaction-info-samples.json) or computed here from the raw block with BigInt / Buffer, never taken from
 * the decoder's own output.
 */
import { describe, expect, it } from 'vitest';
import { hexToBase58 } from '../../../src/chain/address.ts';
import type { NodeBlock, NodeTransaction, NodeTransactionInfo } from '../../../src/chain/node-json.ts';
import { parseNodeJson } from '../../../src/chain/node-json.ts';
import { blocks, type Dataset, tokenTransfers, transactions } from '../../../src/lake/datasets/index.ts';
import { AddressBook, Seen, decodeBlock, decodeTransaction } from '../../../datasets/ingest/decode.ts';
import { type BlockRow, type LogRow, RawBuffers, type TableBuffer, type TxRow } from '../../../datasets/ingest/rows.ts';
import { MYSTERY_HEX, REAL_BLOCK, TRANSFER_TOPIC, USDT_HEX, infosAt, readFixture, realBlock } from './fake-node.ts';

const samples = parseNodeJson(readFixture('mainnet-transaction-info-samples.json')) as NodeTransactionInfo[];
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const A = '414d5a62a45b04a10f08728c19863cf17e4b2a9cf7'; // TH2DJurYvmLGApguMsSigCYFz5aMrvoWdA
const B = '41fa47e56b15cbf1e60dc50267257c1ab10820d3dc'; // TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f
const C = '41eed9e56a5cddaa15ef0c42984884a8afcf1bdebb'; // TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF
const w = (hex: string | bigint): string => (typeof hex === 'bigint' ? hex.toString(16) : hex).padStart(64, '0');

/** Rows of one buffer as objects (column name → value). */
function rowsOf(b: TableBuffer<Dataset>): Record<string, unknown>[] {
  return Array.from({ length: b.length }, (_, i) => Object.fromEntries(b.names.map((n, j) => [n, b.columns[j]![i]])));
}

let seq = 0;
function mkTx(type: string, value: Record<string, unknown>, extra: Partial<NodeTransaction> = {}, contractRet = 'SUCCESS'): NodeTransaction {
  seq++;
  return {
    txID: seq.toString(16).padStart(64, '0'),
    raw_data: { contract: [{ type, parameter: { value, type_url: `type.googleapis.com/protocol.${type}` } }], expiration: 1662014493000, ref_block_bytes: '843d', ref_block_hash: '51414fdf7f43e640' },
    raw_data_hex: '0a02843d',
    signature: ['00'.repeat(65)],
    ret: [{ contractRet }],
    ...extra,
  };
}

function decodeOne(tx: NodeTransaction, info: Partial<NodeTransactionInfo> = {}) {
  const out = new RawBuffers();
  const seen = new Seen();
  const row = decodeTransaction(tx, { id: tx.txID, ...info }, 100, 1_700_000_000_000, 0, out, { book: new AddressBook(), seen });
  return { row, out, seen, pj: row.parameter_json === null ? null : JSON.parse(row.parameter_json) };
}

describe('real transaction-info samples', () => {
  it('USDT transfer paid with staked energy and burned bandwidth', () => {
    const info = samples[0]!;
    const from = '4160e6e92e57d61a9d68b5d95275cc9667d9e6c7c9';
    const to = '41cdae4e9a6287333a3f7df432b050af7b17e79e63';
    const tx = mkTx('TriggerSmartContract', { owner_address: from, contract_address: USDT_HEX, data: 'a9059cbb' + w(to.slice(2)) + w('3567e0') }, { txID: info.id });
    const { row, out } = decodeOne(tx, info);
    expect(row).toMatchObject({
      tx_hash: 'b69c51db8f9d974e6a38c76852c8ce1adcb682dbacb25ad8ad4f6876121fe9dc',
      contract_ret: 'SUCCESS',
      fee: 345000,
      net_fee: 345000,
      net_usage: 0,
      energy_usage: 64285,
      energy_fee: 0,
      origin_energy_usage: 0,
      energy_usage_total: 64285,
      energy_penalty_total: 49635,
      contract_address: USDT,
      to_address: USDT,
      method_id: 'a9059cbb',
      res_message: null,
      log_count: 1,
      internal_count: 0,
    });
    expect(rowsOf(out.tokenTransfers)).toEqual([
      expect.objectContaining({
        token_standard: 'trc20', event_type: 'Transfer', contract_address: USDT, log_index: 0, batch_index: 0,
        from_address: hexToBase58(from), to_address: hexToBase58(to), amount_raw: '3500000', amount: 3_500_000, token_id: null,
      }),
    ]);
    expect(rowsOf(out.logs)).toEqual([
      expect.objectContaining({ contract_address: USDT, topic0: TRANSFER_TOPIC, topic3: null, data: w('3567e0') }),
    ]);
  });

  it('USDT call that ran out of energy: fee = energy fee, result and message, no transfer', () => {
    const info = samples[1]!;
    const tx = mkTx('TriggerSmartContract', { owner_address: A, contract_address: USDT_HEX, data: 'a9059cbb' + w(B.slice(2)) + w('77359400') }, { txID: info.id }, 'OUT_OF_ENERGY');
    const { row, out } = decodeOne(tx, info);
    expect(row).toMatchObject({
      contract_ret: 'OUT_OF_ENERGY',
      fee: 16_500_120,
      energy_fee: 16_500_120,
      energy_usage: 0,
      energy_usage_total: 78_572,
      energy_penalty_total: 25_905,
      net_usage: 345,
      net_fee: 0,
      res_message: "Not enough energy for 'SSTORE' operation executing: curInvokeEnergyLimit[78572], curOpEnergy[20000], penaltyEnergy[68000], usedEnergy[33567]",
      log_count: 0,
    });
    expect(out.tokenTransfers.length).toBe(0);
    // Without a transaction result in the block JSON, the receipt decides.
    const noRet = decodeOne({ ...tx, ret: undefined }, info).row;
    expect(noRet.contract_ret).toBe('OUT_OF_ENERGY');
  });

  it('TRX transfer paid with free bandwidth: no fee key means 0', () => {
    const info = samples[2]!;
    const tx = mkTx('TransferContract', { owner_address: A, to_address: B, amount: 1_000_000 }, { txID: info.id });
    const { row, out } = decodeOne(tx, info);
    expect(row).toMatchObject({ contract_type: 1, fee: 0, net_usage: 265, net_fee: 0, energy_usage_total: 0, contract_ret: 'SUCCESS', amount: 1_000_000, owner_address: 'TH2DJurYvmLGApguMsSigCYFz5aMrvoWdA', to_address: 'TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f', parameter_json: null, log_count: 0 });
    expect(out.logs.length).toBe(0);
  });
});

describe('the real block 43,811,922 with the fake node infos', () => {
  const block = realBlock as NodeBlock;
  const infos = infosAt(REAL_BLOCK) as NodeTransactionInfo[];
  const out = new RawBuffers();
  const seen = new Seen();
  const day = decodeBlock(block, infos, out, { book: new AddressBook(), seen });
  const txRows = rowsOf(out.transactions);
  const txs = block.transactions!;

  it('block row', () => {
    expect(day).toBe('2022-09-01');
    const [b] = rowsOf(out.blocks);
    const feeSum = infos.reduce((a, i) => a + Number(i.fee ?? 0), 0);
    const energySum = infos.reduce((a, i) => a + Number(i.receipt?.energy_usage_total ?? 0), 0);
    const bandwidth = infos.reduce((a, i) => a + Number(i.receipt?.net_usage ?? 0) + Number(i.receipt?.net_fee ?? 0) / 1000, 0);
    expect(b).toMatchObject({
      block_number: 43811922,
      block_hash: '00000000029c845221998b944fbc7fdb174bdee264ecea7edcdad50d198bc305',
      parent_hash: '00000000029c8451ef43c8e220dfc961d2be8da04c05f8dffa0c62d4c0ecb9e4',
      timestamp: 1662014442000,
      witness_address: 'TUD4YXYdj2t1gP5th3A7t97mx1AUmrrQRt',
      tx_trie_root: '6a5d0d6074370318d1e2e45bca6444870552e7e14e65954366b70ede4ee69f2a',
      version: 24,
      tx_count: 198,
      fee: feeSum,
      energy_usage: energySum,
      net_usage: bandwidth,
    });
    expect(feeSum).toBeGreaterThan(0);
  });

  it('198 transactions: 73 TRX, 62 TRC10, 63 calls, in block order, every field from the raw JSON', () => {
    expect(txRows).toHaveLength(198);
    const count = (t: number) => txRows.filter((r) => r.contract_type === t).length;
    expect([count(1), count(2), count(31)]).toEqual([73, 62, 63]);
    txs.forEach((tx, i) => {
      const r = txRows[i]!;
      const c = tx.raw_data.contract[0]!;
      const v = c.parameter.value as Record<string, string | number>;
      expect(r.tx_hash).toBe(tx.txID);
      expect(r.tx_index).toBe(i);
      expect(r.owner_address).toBe(hexToBase58(String(v.owner_address)));
      expect(r.expiration).toBe(tx.raw_data.expiration);
      expect(r.memo).toBe(tx.raw_data.data ? Buffer.from(tx.raw_data.data, 'hex').toString('utf8') : '');
      if (c.type === 'TransferContract') {
        expect(r).toMatchObject({ to_address: hexToBase58(String(v.to_address)), amount: v.amount, token_id: null, contract_address: null });
      } else if (c.type === 'TransferAssetContract') {
        expect(r).toMatchObject({ to_address: hexToBase58(String(v.to_address)), amount: v.amount, token_id: Buffer.from(String(v.asset_name), 'hex').toString('ascii') });
        expect(String(r.token_id)).toMatch(/^\d{7}$/);
      } else {
        expect(r).toMatchObject({ contract_address: hexToBase58(String(v.contract_address)), call_data: v.data, method_id: String(v.data).slice(0, 8), amount: v.call_value ?? 0, fee_limit: tx.raw_data.fee_limit });
      }
      expect(r.fee).toBe(infos[i]!.fee ?? 0);
      expect(r.contract_ret).toBe('SUCCESS');
    });
    // The real USDT transfer of the reference (§1.3): 2,000 USDT from TH2DJ… to TYna4….
    const usdt = txRows.find((r) => r.tx_hash === 'd057c8aa75c5267a6d723be4c28bf8e2b486d363d70713508a50c57c829313de')!;
    expect(usdt).toMatchObject({ owner_address: 'TH2DJurYvmLGApguMsSigCYFz5aMrvoWdA', contract_address: USDT, size_bytes: 345 });
  });

  it('one Transfer per token transfer call, with the amount and receiver its calldata implies', () => {
    const transfers = rowsOf(out.tokenTransfers);
    const calls = txs.filter((t) => {
      const v = t.raw_data.contract[0]!.parameter.value as Record<string, string>;
      return t.raw_data.contract[0]!.type === 'TriggerSmartContract' && v.data!.startsWith('a9059cbb');
    });
    expect(calls).toHaveLength(61); // 60 USDT + 1 other TRC20
    for (const t of calls) {
      const v = t.raw_data.contract[0]!.parameter.value as Record<string, string>;
      const row = transfers.find((r) => r.tx_hash === t.txID)!;
      expect(row).toMatchObject({
        token_standard: 'trc20',
        contract_address: hexToBase58(v.contract_address!),
        from_address: hexToBase58(v.owner_address!),
        to_address: hexToBase58('41' + v.data!.slice(8, 72).slice(-40)),
        amount_raw: BigInt('0x' + v.data!.slice(72, 136)).toString(),
      });
    }
    const usdt = transfers.find((r) => r.tx_hash === 'd057c8aa75c5267a6d723be4c28bf8e2b486d363d70713508a50c57c829313de')!;
    expect(usdt).toMatchObject({ from_address: 'TH2DJurYvmLGApguMsSigCYFz5aMrvoWdA', to_address: 'TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f', amount_raw: '2000000000' });
    // Above 2^53: the other TRC20 moves 0x7b43cd6b1ad34c000 units, kept exact.
    expect(transfers.some((r) => r.amount_raw === BigInt('0x7b43cd6b1ad34c000').toString())).toBe(true);
    // Plus the jToken mint's Transfer: 62 in all.
    expect(transfers).toHaveLength(62);
  });

  it('every log, internal transactions, contracts and tokens seen', () => {
    const logCount = infos.reduce((a, i) => a + (i.log?.length ?? 0), 0);
    expect(out.logs.length).toBe(logCount);
    // The jToken Mint (topic0 alone, nothing indexed) is a log, no token row; its lending_events row: issue 34.
    const mints = rowsOf(out.logs).filter((l) => l.topic0 === '4c209b5fc8ad50758f13e2e1088ba56a560dff690a1c6fef26394f4c03821c4f');
    expect(mints.map((l) => [l.contract_address, l.topic1])).toEqual([[hexToBase58('412c7c9963111905d29eb8da37d28b0f53a7bb5c28'), null]]);
    expect(rowsOf(out.logs).filter((l) => l.topic0 === null)).toHaveLength(0);
    const lending = rowsOf(out.lendingEvents);
    expect(lending).toEqual([expect.objectContaining({
      market_address: hexToBase58('412c7c9963111905d29eb8da37d28b0f53a7bb5c28'), underlying_address: '_', event_name: 'Mint', action: 'supply',
      amount_raw: '6000000000', jtoken_amount_raw: '29871334567', borrower_address: null, project: 'justlend',
    })]);
    expect(lending[0]!.account_address).toBe(lending[0]!.operator_address); // mint() called by the minter itself
    expect(out.dexPoolEvents.length).toBe(0); // the real block has no pool event of the registry
    const internals = rowsOf(out.internalTransactions);
    expect(internals).toHaveLength(2);
    expect(internals[0]).toMatchObject({ internal_index: 0, token_id: '_', call_value: 1_500_000, note: 'call', rejected: false, caller_address: hexToBase58(MYSTERY_HEX), to_address: hexToBase58('4156e197712845c161a58daf87ea169a5d4533c53d') });
    expect(internals[1]).toMatchObject({ internal_index: 1, call_value: 0, rejected: true, to_address: USDT });
    expect([...seen.tokens.entries()].sort()).toEqual([
      [hexToBase58('412c7c9963111905d29eb8da37d28b0f53a7bb5c28'), 'trc20'],
      [hexToBase58('415ace22ecc44f2d7251a872643e5642164f719c08'), 'trc20'],
      [USDT, 'trc20'],
    ].sort());
    expect(seen.contracts.size).toBe(4);
    expect(seen.trc10.size).toBe(11); // 11 TRC10 ids in the block (reference §1.9)
    expect(seen.producers).toEqual(new Set(['TUD4YXYdj2t1gP5th3A7t97mx1AUmrrQRt']));
  });

  it('row types are the catalog declarations (checked by tsc: each @ts-expect-error must stay an error)', () => {
    type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
    const same = <_ extends true>(): boolean => true;
    expect(same<Same<keyof TxRow, (typeof transactions.columns)[number]['name']>>()).toBe(true);
    expect(same<Same<TxRow['to_address'], string | null>>()).toBe(true); // declared nullable
    expect(same<Same<TxRow['owner_address'], string>>()).toBe(true);
    expect(same<Same<TxRow['amount'], number | bigint>>()).toBe(true); // BIGINT
    expect(same<Same<TxRow['withdraw_amount'], number | bigint | null>>()).toBe(true);
    expect(same<Same<TxRow['tx_index'], number>>()).toBe(true); // INTEGER
    expect(same<Same<BlockRow['block_number'], number | bigint>>()).toBe(true);
    const log: LogRow = { block_number: 1, timestamp: 2, tx_hash: 'h', log_index: 0, contract_address: 'T', topic0: null, topic1: null, topic2: null, topic3: null, data: '' };
    // @ts-expect-error a misspelt column (topic4) is a compile error
    const misspelt: LogRow = { ...log, topic4: null };
    // @ts-expect-error a missing column is a compile error
    const missing: LogRow = { block_number: 1, timestamp: 2, tx_hash: 'h', log_index: 0, contract_address: 'T', topic0: null, topic1: null, topic2: null, topic3: null };
    // @ts-expect-error NULL in a column not declared nullable is a compile error
    const nulled: LogRow = { ...log, data: null };
    expect([misspelt, missing, nulled].length).toBe(3);
  });

  it('rows carry exactly the catalog columns', () => {
    expect(Object.keys(txRows[0]!).sort()).toEqual(transactions.columns.map((c) => c.name).sort());
    expect(out.blocks.names).toEqual(blocks.columns.map((c) => c.name));
    expect(out.tokenTransfers.names).toEqual(tokenTransfers.columns.map((c) => c.name));
    for (const b of out.all()) for (const col of b.columns) expect(col.length).toBe(b.length);
  });

  it('refuses infos that do not match the block', () => {
    expect(() => decodeBlock(block, infos.slice(1), new RawBuffers(), { book: new AddressBook(), seen: new Seen() })).toThrow(/197 transaction infos/);
    const wrong = infos.map((x, i) => (i === 5 ? { ...x, id: 'ff'.repeat(32) } : x));
    expect(() => decodeBlock(block, wrong, new RawBuffers(), { book: new AddressBook(), seen: new Seen() })).toThrow(/no transaction info/);
  });
});

describe('contract types', () => {
  it('AccountCreateContract', () => {
    const { row, pj } = decodeOne(mkTx('AccountCreateContract', { owner_address: A, account_address: B }), { fee: 1_100_000 });
    expect(row).toMatchObject({ contract_type: 0, to_address: 'TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f', amount: 0, fee: 1_100_000 });
    expect(pj).toBeNull();
  });

  it('TransferContract above 2^53 sun stays exact', () => {
    const tx = mkTx('TransferContract', { owner_address: A, to_address: B, amount: '9007199254740993' });
    expect(decodeOne(tx).row.amount).toBe(9007199254740993n);
  });

  it('VoteWitnessContract: first SR in to_address, every vote in parameter_json with Base58 addresses', () => {
    const { row, pj } = decodeOne(mkTx('VoteWitnessContract', { owner_address: A, votes: [{ vote_address: C, vote_count: 100 }, { vote_address: B, vote_count: 5 }] }));
    expect(row).toMatchObject({ contract_type: 4, to_address: 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF', amount: 0 });
    expect(pj).toEqual({ votes: [{ vote_address: 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF', vote_count: 100 }, { vote_address: 'TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f', vote_count: 5 }] });
  });

  it('Stake 1.0: freeze (with receiver) and unfreeze (amount from the info, resource omitted = BANDWIDTH)', () => {
    const f = decodeOne(mkTx('FreezeBalanceContract', { owner_address: A, frozen_balance: 5_000_000, frozen_duration: 3, resource: 'ENERGY', receiver_address: B }));
    expect(f.row).toMatchObject({ contract_type: 11, amount: 5_000_000, resource: 'ENERGY', to_address: 'TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f' });
    expect(f.pj).toEqual({ frozen_duration: 3 });
    const u = decodeOne(mkTx('UnfreezeBalanceContract', { owner_address: A }), { unfreeze_amount: 7_000_000 });
    expect(u.row).toMatchObject({ contract_type: 12, amount: 7_000_000, unfreeze_amount: 7_000_000, resource: 'BANDWIDTH', to_address: null, withdraw_amount: null });
  });

  it('WithdrawBalanceContract: rewards from the info', () => {
    const { row } = decodeOne(mkTx('WithdrawBalanceContract', { owner_address: A }), { withdraw_amount: 123_456 });
    expect(row).toMatchObject({ contract_type: 13, amount: 123_456, withdraw_amount: 123_456 });
  });

  it('Stake 2.0: freeze, unfreeze, withdraw expired, cancel all', () => {
    expect(decodeOne(mkTx('FreezeBalanceV2Contract', { owner_address: A, frozen_balance: 2_000_000 })).row).toMatchObject({ contract_type: 54, amount: 2_000_000, resource: 'BANDWIDTH', parameter_json: null });
    expect(decodeOne(mkTx('UnfreezeBalanceV2Contract', { owner_address: A, unfreeze_balance: 3_000_000, resource: 'ENERGY' }), { withdraw_expire_amount: 10 }).row).toMatchObject({ contract_type: 55, amount: 3_000_000, resource: 'ENERGY', withdraw_amount: 10 });
    expect(decodeOne(mkTx('WithdrawExpireUnfreezeContract', { owner_address: A }), { withdraw_expire_amount: 4_000_000 }).row).toMatchObject({ contract_type: 56, amount: 4_000_000, withdraw_amount: 4_000_000 });
    const c = decodeOne(mkTx('CancelAllUnfreezeV2Contract', { owner_address: A }), { cancel_unfreezeV2_amount: [{ key: 'ENERGY', value: 9 }, { key: 'BANDWIDTH', value: 1 }], withdraw_expire_amount: 2 });
    expect(c.row).toMatchObject({ contract_type: 59, withdraw_amount: 2 });
    expect(c.pj).toEqual({ cancel_unfreezeV2_amount: { ENERGY: 9, BANDWIDTH: 1 } });
  });

  it('DelegateResourceContract / UnDelegateResourceContract (the real BANDWIDTH shape without resource)', () => {
    const d = decodeOne(mkTx('DelegateResourceContract', { owner_address: A, resource: 'ENERGY', balance: 1_000_000_000, receiver_address: B, lock: true, lock_period: 86400 }));
    expect(d.row).toMatchObject({ contract_type: 57, amount: 1_000_000_000, resource: 'ENERGY', to_address: 'TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f' });
    expect(d.pj).toEqual({ lock: true, lock_period: 86400 });
    const u = decodeOne(mkTx('UnDelegateResourceContract', { balance: 248167143, receiver_address: B, owner_address: A }));
    expect(u.row).toMatchObject({ contract_type: 58, amount: 248167143, resource: 'BANDWIDTH', to_address: 'TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f', parameter_json: null });
  });

  it('CreateSmartContract: the node-computed address, call value, no bytecode in parameter_json', () => {
    const tx = mkTx('CreateSmartContract', { owner_address: A, new_contract: { origin_address: A, bytecode: '6080', abi: { entrys: [] }, name: 'Demo', consume_user_resource_percent: 100, call_value: 5 } }, { contract_address: C });
    const { row, pj, seen } = decodeOne(tx, { contract_address: C });
    expect(row).toMatchObject({ contract_type: 30, contract_address: 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF', amount: 5 });
    expect(pj).toEqual({ new_contract: { origin_address: 'TH2DJurYvmLGApguMsSigCYFz5aMrvoWdA', name: 'Demo', consume_user_resource_percent: 100, call_value: 5 } });
    expect(seen.contracts.get('TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF')).toEqual({ creator: 'TH2DJurYvmLGApguMsSigCYFz5aMrvoWdA', createdTs: 1_700_000_000_000 });
  });

  it('TriggerSmartContract with a TRC10 call value', () => {
    const { row } = decodeOne(mkTx('TriggerSmartContract', { owner_address: A, contract_address: USDT_HEX, data: '12345678', call_token_value: 50, token_id: 1002000 }));
    expect(row).toMatchObject({ amount: 50, token_id: '1002000', method_id: '12345678' });
  });

  it('AssetIssueContract: id from the info, text fields decoded', () => {
    const v = { owner_address: A, name: Buffer.from('Demo').toString('hex'), abbr: Buffer.from('DMO').toString('hex'), total_supply: '99000000000000001', precision: 6, url: Buffer.from('https://x').toString('hex') };
    const { row, pj, seen } = decodeOne(mkTx('AssetIssueContract', v), { assetIssueID: '1009999' });
    expect(row).toMatchObject({ contract_type: 6, token_id: '1009999' });
    expect(pj).toMatchObject({ name: 'Demo', abbr: 'DMO', url: 'https://x', total_supply: '99000000000000001' });
    expect(seen.trc10Issues.get('1009999')).toMatchObject({ name: 'Demo', symbol: 'DMO', decimals: 6, totalSupply: '99000000000000001' });
  });

  it('AccountUpdateContract and AccountPermissionUpdateContract', () => {
    expect(decodeOne(mkTx('AccountUpdateContract', { owner_address: A, account_name: Buffer.from('alice').toString('hex') })).pj).toEqual({ account_name: 'alice' });
    const p = decodeOne(mkTx('AccountPermissionUpdateContract', { owner_address: A, owner: { permission_name: 'owner', threshold: 1, keys: [{ address: B, weight: 1 }] }, actives: [{ type: 'Active', permission_name: 'active', threshold: 2, operations: '7fff1fc0', keys: [{ address: C, weight: 1 }] }] }));
    expect(p.pj.owner.keys[0].address).toBe('TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f');
    expect(p.pj.actives[0].keys[0].address).toBe('TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF');
  });
});

describe('token events', () => {
  const topicAddr = (hex41: string) => w(hex41.slice(2));
  const run = (log: { topics?: string[]; data?: string }, ret = 'SUCCESS') => {
    const tx = mkTx('TriggerSmartContract', { owner_address: A, contract_address: USDT_HEX, data: '00' }, {}, ret);
    return decodeOne(tx, { log: [{ address: USDT_HEX.slice(2), ...log }], receipt: { result: ret } });
  };

  it('TRC721 Transfer has 4 topics: tokenId indexed, amount 1', () => {
    const { out, seen } = run({ topics: [TRANSFER_TOPIC, topicAddr(A), topicAddr(B), w('2a')] });
    expect(rowsOf(out.tokenTransfers)).toEqual([expect.objectContaining({ token_standard: 'trc721', token_id: '42', amount_raw: '1', from_address: 'TH2DJurYvmLGApguMsSigCYFz5aMrvoWdA' })]);
    expect(seen.tokens.get(USDT)).toBe('trc721');
  });

  it('TRC1155 TransferSingle and TransferBatch (ABI arrays)', () => {
    const single = run({ topics: ['c3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62', topicAddr(C), topicAddr(A), topicAddr(B)], data: w('7') + w('3') });
    expect(rowsOf(single.out.tokenTransfers)).toEqual([expect.objectContaining({ token_standard: 'trc1155', event_type: 'TransferSingle', operator_address: 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF', from_address: 'TH2DJurYvmLGApguMsSigCYFz5aMrvoWdA', to_address: 'TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f', token_id: '7', amount_raw: '3' })]);
    const data = w('40') + w('a0') + w('2') + w('1') + w('2') + w('2') + w('a') + w(2n ** 64n);
    const batch = run({ topics: ['4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb', topicAddr(C), topicAddr(A), topicAddr(B)], data });
    const rows = rowsOf(batch.out.tokenTransfers);
    expect(rows.map((r) => [r.batch_index, r.token_id, r.amount_raw, r.event_type])).toEqual([
      [0, '1', '10', 'TransferBatch'],
      [1, '2', '18446744073709551616', 'TransferBatch'],
    ]);
  });

  it('Approval (TRC20 unlimited, TRC721) and ApprovalForAll', () => {
    const unlimited = run({ topics: ['8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925', topicAddr(A), topicAddr(B)], data: 'f'.repeat(64) });
    expect(rowsOf(unlimited.out.tokenApprovals)).toEqual([expect.objectContaining({ token_standard: 'trc20', event_type: 'Approval', owner_address: 'TH2DJurYvmLGApguMsSigCYFz5aMrvoWdA', spender_address: 'TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f', amount_raw: (2n ** 256n - 1n).toString() })]);
    const nft = run({ topics: ['8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925', topicAddr(A), topicAddr(B), w('5')] });
    expect(rowsOf(nft.out.tokenApprovals)[0]).toMatchObject({ token_standard: 'trc721', token_id: '5', amount_raw: '1' });
    const all = run({ topics: ['17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31', topicAddr(A), topicAddr(C)], data: w('1') });
    expect(rowsOf(all.out.tokenApprovals)[0]).toMatchObject({ event_type: 'ApprovalForAll', token_standard: 'trc721', amount_raw: '1', spender_address: 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF' });
  });

  it('non-indexed Transfer (all arguments in data)', () => {
    const { out } = run({ topics: [TRANSFER_TOPIC], data: w(A.slice(2)) + w(B.slice(2)) + w('64') });
    expect(rowsOf(out.tokenTransfers)[0]).toMatchObject({ token_standard: 'trc20', amount_raw: '100', to_address: 'TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f' });
  });

  it('failed transactions and malformed logs keep the raw log, never a transfer, never a crash', () => {
    const failed = run({ topics: [TRANSFER_TOPIC, topicAddr(A), topicAddr(B)], data: w('64') }, 'REVERT');
    expect(failed.out.logs.length).toBe(1);
    expect(failed.out.tokenTransfers.length).toBe(0);
    const short = run({ topics: [TRANSFER_TOPIC, topicAddr(A), topicAddr(B)], data: '12' });
    expect(short.out.logs.length).toBe(1);
    expect(short.out.tokenTransfers.length).toBe(0);
    const badBatch = run({ topics: ['4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb', topicAddr(C), topicAddr(A), topicAddr(B)], data: w('ffff') });
    expect(badBatch.out.tokenTransfers.length).toBe(0);
    const notHex = run({ topics: ['zz'.repeat(32)], data: 'xyz' });
    expect(rowsOf(notHex.out.logs)[0]).toMatchObject({ data: 'xyz' });
    const anonymous = run({ data: w('64') });
    expect(rowsOf(anonymous.out.logs)[0]).toMatchObject({ topic0: null, topic1: null, data: w('64') });
    expect(anonymous.out.tokenTransfers.length).toBe(0);
  });
});
