/**
 * Issue 34: /api/stableCoin/pool/info lists every whitelisted pool (defi-expected.ts) with the figures of /api/stableCoin/tvl
 * (whose test checks them against plain SQL), plus its venue and poolUrl.
 */
import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { whitelist } from './defi-expected.ts';

describe('/api/stableCoin/pool/info', () => {
  it('pool/info lists every whitelisted pool with the tvl endpoint’s figures', async () => {
    const { status, body } = await get('/api/stableCoin/pool/info');
    expect(status).toBe(200);
    const wl = await whitelist();
    expect(body.total).toBe(wl.size);
    expect(body.data.map((p: any) => p.poolAddress).sort()).toEqual([...wl.keys()].sort());
    const tvl = (await get('/api/stableCoin/tvl')).body;
    for (const p of [...tvl.sunswapv1, ...tvl.sunswapv2, ...tvl.sun]) {
      const { venue, poolUrl, ...same } = body.data.find((x: any) => x.poolAddress === p.poolAddress);
      expect(same).toEqual(p);
      expect(typeof venue).toBe('string');
      expect(typeof poolUrl).toBe('string');
    }
  });
});
