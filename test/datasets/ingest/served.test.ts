/**
 * Issue 3 acceptance over HTTP: the real block ingested from the fake node, then served by the app. Expected values
 * come from the raw block JSON (Buffer / BigInt here), not from the lake.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TronlakeApp } from '../../../src/http/app.ts';
import { endpoints } from '../../../src/endpoints/index.ts';
import { hexToBase58 } from '../../../src/chain/address.ts';
import { runIngest } from '../../../datasets/ingest/index.ts';
import { type FakeNode, REAL_BLOCK, realBlock, startFakeNode } from './fake-node.ts';
import { tempLake } from './lake-read.ts';

interface RawTx {
  txID: string;
  raw_data: { contract: { type: string; parameter: { value: Record<string, string | number> } }[] };
}
const txs = realBlock.transactions as RawTx[];
const valueOf = (t: RawTx) => t.raw_data.contract[0]!.parameter.value;
const typeOf = (t: RawTx) => t.raw_data.contract[0]!.type;
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let node: FakeNode;
let app: TronlakeApp;
let cleanup: () => void;

beforeAll(async () => {
  node = await startFakeNode({ low: REAL_BLOCK - 1, head: REAL_BLOCK + 1, solid: REAL_BLOCK + 1 });
  const t = tempLake();
  cleanup = t.cleanup;
  await runIngest({ node: node.url, out: t.dir, from: REAL_BLOCK - 1, to: REAL_BLOCK + 1, progress: false, log: () => undefined });
  app = await buildApp({ dataDir: t.dir, endpoints, cacheBytes: 0 });
});
afterAll(async () => {
  await app?.close();
  await node?.close();
  cleanup?.();
});

async function get(url: string): Promise<{ status: number; body: any }> {
  const r = await app.inject({ method: 'GET', url });
  return { status: r.statusCode, body: JSON.parse(r.body) };
}

describe('served after ingest', () => {
  it('/api/block?number=43811922: real hash, parent hash, Base58 producer, 198 transactions', async () => {
    const { status, body } = await get(`/api/block?number=${REAL_BLOCK}`);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      number: REAL_BLOCK,
      hash: '00000000029c845221998b944fbc7fdb174bdee264ecea7edcdad50d198bc305',
      parentHash: '00000000029c8451ef43c8e220dfc961d2be8da04c05f8dffa0c62d4c0ecb9e4',
      witnessAddress: 'TUD4YXYdj2t1gP5th3A7t97mx1AUmrrQRt',
      nrOfTrx: 198,
      timestamp: 1662014442000,
      confirmed: true,
    });
  });

  it('/api/transaction?block=43811922: rangeTotal 198 and the real hashes', async () => {
    const hashes = new Set<string>();
    for (let start = 0; start < 200; start += 50) {
      const { status, body } = await get(`/api/transaction?block=${REAL_BLOCK}&start=${start}&limit=50`);
      expect(status).toBe(200);
      expect(body.rangeTotal).toBe(198);
      for (const t of body.data) hashes.add(t.hash);
    }
    expect(hashes).toEqual(new Set(txs.map((t) => t.txID)));
  });

  it('/api/transfer?block=43811922: TRX and TRC10 transfers with raw amounts, Base58 addresses and token ids', async () => {
    const expected = txs
      .filter((t) => typeOf(t) === 'TransferContract' || typeOf(t) === 'TransferAssetContract')
      .map((t) => ({
        transactionHash: t.txID,
        transferFromAddress: hexToBase58(String(valueOf(t).owner_address)),
        transferToAddress: hexToBase58(String(valueOf(t).to_address)),
        amount: Number(valueOf(t).amount),
        tokenName: typeOf(t) === 'TransferContract' ? '_' : Buffer.from(String(valueOf(t).asset_name), 'hex').toString('ascii'),
      }));
    expect(expected).toHaveLength(135);
    const got: Record<string, unknown>[] = [];
    for (let start = 0; start < 150; start += 50) {
      const { status, body } = await get(`/api/transfer?block=${REAL_BLOCK}&start=${start}&limit=50`);
      expect(status).toBe(200);
      expect(body.rangeTotal ?? body.total).toBe(135);
      got.push(...body.data);
    }
    const byHash = new Map(got.map((g) => [g.transactionHash, g]));
    for (const e of expected) expect(byHash.get(e.transactionHash), e.transactionHash).toMatchObject(e);
  });

  it('/api/token_trc20/transfers: the USDT transfers the calldata implies', async () => {
    const calls = txs.filter((t) => typeOf(t) === 'TriggerSmartContract' && String(valueOf(t).data).startsWith('a9059cbb') && valueOf(t).contract_address === '41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(calls).toHaveLength(60);
    const got: Record<string, any>[] = [];
    for (let start = 0; start < 60; start += 50) {
      const { status, body } = await get(`/api/token_trc20/transfers?block=${REAL_BLOCK}&contract_address=${USDT}&start=${start}&limit=50`);
      expect(status).toBe(200);
      got.push(...body.token_transfers);
    }
    expect(got).toHaveLength(60);
    const byHash = new Map(got.map((g) => [g.transaction_id, g]));
    for (const t of calls) {
      const data = String(valueOf(t).data);
      expect(byHash.get(t.txID)).toMatchObject({
        block: REAL_BLOCK,
        contract_address: USDT,
        from_address: hexToBase58(String(valueOf(t).owner_address)),
        to_address: hexToBase58('41' + data.slice(8, 72).slice(-40)),
        quant: BigInt('0x' + data.slice(72, 136)).toString(),
        contract_type: 'trc20',
        contractRet: 'SUCCESS',
      });
    }
    const sample = byHash.get('d057c8aa75c5267a6d723be4c28bf8e2b486d363d70713508a50c57c829313de');
    expect(sample).toMatchObject({ from_address: 'TH2DJurYvmLGApguMsSigCYFz5aMrvoWdA', to_address: 'TYna4T3BXHZiqRMr6YhVLKqgaTtqQmaR3f', quant: '2000000000' });
    expect(sample!.tokenInfo).toMatchObject({ tokenAbbr: 'USDT', tokenDecimal: 6 });
  });
});
