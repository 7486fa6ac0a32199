/**
 * The ingester keeps the ABI a CreateSmartContract deploys (datasets/ingest/contract-code.ts): one contract_code row
 * per successful creation, as of its block, the node's `abi.entrys` as they came; none for a failed one.
 */
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../../src/lake/datasets/index.ts';
import type { NodeTransaction } from '../../../src/chain/node-json.ts';
import { AddressBook, Seen, decodeTransaction } from '../../../datasets/ingest/decode.ts';
import { RawBuffers, type TableBuffer } from '../../../datasets/ingest/rows.ts';
import { stageGetcontractAbis } from '../../../datasets/ingest/contract-code.ts';
import { Db } from '../../../src/duckdb/duck.ts';
import { columnDDL, contractCode } from '../../../src/lake/datasets/index.ts';

const A = '414d5a62a45b04a10f08728c19863cf17e4b2a9cf7'; // TH2DJurYvmLGApguMsSigCYFz5aMrvoWdA
const C = '41eed9e56a5cddaa15ef0c42984884a8afcf1bdebb'; // TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF
const ABI = { entrys: [
  { type: 'Function', name: 'transfer', inputs: [{ name: '_to', type: 'address' }, { name: '_value', type: 'uint256' }], stateMutability: 'Nonpayable' },
  { type: 'Event', name: 'Transfer', inputs: [{ indexed: true, name: 'from', type: 'address' }, { indexed: true, name: 'to', type: 'address' }, { name: 'value', type: 'uint256' }] },
] };

const rowsOf = (b: TableBuffer<Dataset>): Record<string, unknown>[] =>
  Array.from({ length: b.length }, (_, i) => Object.fromEntries(b.names.map((n, j) => [n, b.columns[j]![i]])));

function create(abi: unknown, contractRet: string, id: string) {
  const tx: NodeTransaction = {
    txID: id,
    raw_data: { contract: [{ type: 'CreateSmartContract', parameter: { value: { owner_address: A, new_contract: { origin_address: A, bytecode: '6080', abi, name: 'Demo' } }, type_url: 'type.googleapis.com/protocol.CreateSmartContract' } }], expiration: 1662014493000, ref_block_bytes: '843d', ref_block_hash: '51414fdf7f43e640' },
    raw_data_hex: '0a02843d',
    signature: ['00'.repeat(65)],
    ret: [{ contractRet }],
    contract_address: C,
  } as NodeTransaction;
  const out = new RawBuffers();
  const row = decodeTransaction(tx, { id, contract_address: C }, 4242, 1_700_000_000_000, 0, out, { book: new AddressBook(), seen: new Seen() });
  return { row, code: rowsOf(out.contractCode) };
}

describe('contract_code from CreateSmartContract', () => {
  it('a successful creation: its ABI entries as of its block, not in parameter_json', () => {
    const { row, code } = create(ABI, 'SUCCESS', '01'.repeat(32));
    expect(code).toEqual([{ contract_address: 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF', as_of_block: 4242, abi_json: JSON.stringify(ABI.entrys), source: 'create' }]);
    expect(row.parameter_json).not.toContain('entrys');
  });

  it('a creation without an ABI keeps [] ; a failed creation keeps nothing', () => {
    expect(create(undefined, 'SUCCESS', '02'.repeat(32)).code.map((r) => r.abi_json)).toEqual(['[]']);
    expect(create(ABI, 'REVERT', '03'.repeat(32)).code).toEqual([]);
  });
});

describe('contract_code from getcontract (a token contract first seen)', () => {
  it('stages each ABI read since the last publish as of the newest staged block, then forgets them', async () => {
    const db = await Db.open({ threads: 1 });
    try {
      // The staged blocks: only their numbers matter here.
      await db.run('CREATE TABLE blocks (block_number BIGINT)');
      await db.run('INSERT INTO blocks VALUES (7), (9)');
      await db.run(`CREATE TABLE contract_code (${columnDDL(contractCode)})`);
      const abis = new Map([['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', JSON.stringify(ABI.entrys)]]);
      await stageGetcontractAbis(db, abis);
      expect(abis.size).toBe(0);
      const rows = await db.all('SELECT * FROM contract_code');
      expect(rows.map((r) => [r.contract_address, Number(r.as_of_block), r.abi_json, r.source])).toEqual([
        ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 9, JSON.stringify(ABI.entrys), 'getcontract'],
      ]);
    } finally {
      db.close();
    }
  });
});
