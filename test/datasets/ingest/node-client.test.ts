// The node client: retries on rate limits and 5xx, clear errors for lite nodes and 404s, the provider key header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeApiError, NodeClient, NodeUnavailableError } from '../../../datasets/ingest/node-client.ts';
import { NodeNotJsonError } from '../../../src/chain/node-json.ts';
import { type FakeNode, REAL_BLOCK, startFakeNode } from './fake-node.ts';

let node: FakeNode;
beforeAll(async () => {
  node = await startFakeNode({ low: REAL_BLOCK - 1, head: REAL_BLOCK + 1, solid: REAL_BLOCK });
});
afterAll(() => node.close());

const client = (over: Partial<ConstructorParameters<typeof NodeClient>[0]> = {}) => new NodeClient({ url: node.url, backoffMs: 1, retries: 4, ...over });

describe('NodeClient', () => {
  it('reads blocks, infos and heads, sending the API key header', async () => {
    node.state.requests = [];
    const c = client({ apiKey: 'secret-key' });
    const blocks = await c.blocks(REAL_BLOCK - 1, REAL_BLOCK + 2);
    expect(blocks.map((b) => b.block_header.raw_data.number)).toEqual([REAL_BLOCK - 1, REAL_BLOCK, REAL_BLOCK + 1]);
    expect(await c.transactionInfos(REAL_BLOCK)).toHaveLength(198);
    expect(await c.headBlock()).toBe(REAL_BLOCK + 1);
    expect(await c.solidBlock()).toBe(REAL_BLOCK);
    expect(node.state.requests.every((r) => r.headers['tron-pro-api-key'] === 'secret-key')).toBe(true);
    expect(node.state.requests[0]).toMatchObject({ path: '/wallet/getblockbylimitnext', body: { startNum: REAL_BLOCK - 1, endNum: REAL_BLOCK + 2 } });
    await expect(c.blocks(1, 200)).rejects.toThrow(/1..100 blocks/);
  });

  it('retries the "lack of computing resources" answer with backoff', async () => {
    node.state.rateLimitNext = 3;
    const retries: number[] = [];
    const c = client({ onRetry: (_p, n) => retries.push(n) });
    expect(await c.transactionInfos(REAL_BLOCK)).toHaveLength(198);
    expect(retries).toEqual([1, 2, 3]);
  });

  it('gives up with a clear error when the node keeps refusing', async () => {
    node.state.rateLimitNext = 100;
    await expect(client({ retries: 2 }).headBlock()).rejects.toThrow(NodeUnavailableError);
    node.state.rateLimitNext = 0;
  });

  it('a lite full node is a clear, non-retried error', async () => {
    node.state.lite = true;
    node.state.requests = [];
    const err = await client().blocks(REAL_BLOCK, REAL_BLOCK + 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NodeNotJsonError);
    expect(String((err as Error).message)).toMatch(/lite full node.*cannot serve block history/);
    expect(node.state.requests).toHaveLength(1);
    node.state.lite = false;
  });

  it('HTTP 404 and business errors are not retried', async () => {
    node.state.noSolidity = true;
    await expect(client().solidBlock()).rejects.toThrow(NodeApiError);
    node.state.noSolidity = false;
    await expect(client().call('/wallet/getblockbylimitnext', { startNum: 5, endNum: 5 })).rejects.toThrow(/invalid range/);
  });

  it('retries 5xx and network errors from the transport', async () => {
    let calls = 0;
    const c = new NodeClient({
      url: 'http://nowhere',
      backoffMs: 1,
      transport: async () => {
        calls++;
        if (calls === 1) throw new TypeError('fetch failed');
        if (calls === 2) return { status: 503, text: '<html>busy</html>' };
        return { status: 200, text: '{"block_header":{"raw_data":{"number":7}}}' };
      },
    });
    expect(await c.headBlock()).toBe(7);
    expect(calls).toBe(3);
  });

  it('constant calls: a revert is "no answer", not an error', async () => {
    const c = client();
    expect(await c.constantCall('41a614f803b6fd780986a42c78ec9c7f77e6ded13c', 'decimals()')).toEqual({ ok: true, hex: '6'.padStart(64, '0') });
    expect(await c.constantCall('412c7c9963111905d29eb8da37d28b0f53a7bb5c28', 'name()')).toEqual({ ok: false, hex: '' });
  });
});
