/**
 * The stablecoin holder and supply endpoints read their statements once per version (issue 31, src/endpoints/deep/README.md):
 * over an app of this file's own (a fresh version object, so nothing is kept yet), the first answer runs the statement
 * (Server-Timing names it), the same question again runs nothing and answers the same bytes; another closed-domain
 * value (holder/top's sort) is its own read; an asked window or day range is read on every request. The answers
 * themselves are checked against the independent ledger by each endpoint's own test file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TronlakeApp } from '../../../src/http/app.ts';
import { privateApp, testManifest } from '../../helpers/lake.ts';

let app: TronlakeApp;
beforeAll(async () => {
  app = await privateApp();
});

async function ask(url: string): Promise<{ body: string; templates: string[] }> {
  const r = await app.inject({ method: 'GET', url });
  expect(r.statusCode, url).toBe(200);
  const timing = String(r.headers['server-timing'] ?? '');
  return { body: r.body, templates: timing ? timing.split(', ').map((t) => t.split(';')[0]!) : [] };
}

/** Asks `url` twice: the first runs `template`, the second runs none of the deep statements and answers the same bytes. */
async function keptAfterFirst(url: string, template: string): Promise<void> {
  const first = await ask(url);
  expect(first.templates, url).toContain(template);
  const again = await ask(url);
  expect(again.templates.filter((t) => t.startsWith('deep_')), url).toEqual([]);
  expect(again.body).toBe(first.body);
}

describe('stablecoin holder endpoints: statements kept per version', () => {
  it('holder/top: one read per sort × viewContract × direction, kept', async () => {
    await keptAfterFirst('/api/stableCoin/holder/top', 'deep_holder-top');
    // The default's explicit spelling is the same key: nothing runs.
    expect((await ask('/api/stableCoin/holder/top?sort=usdt&viewContract=1&direction=2')).templates.filter((t) => t.startsWith('deep_'))).toEqual([]);
    await keptAfterFirst('/api/stableCoin/holder/top?sort=USDC&direction=1', 'deep_holder-top');
    await keptAfterFirst('/api/stableCoin/holder/top?sort=USDC&direction=1&viewContract=2', 'deep_holder-top');
  });

  it('distribution and balance/overview share one read of every contract', async () => {
    await keptAfterFirst('/api/stableCoin/distribution?token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'deep_distribution');
    for (const url of ['/api/stableCoin/distribution?token=TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4', '/api/stableCoin/holder/balance/overview']) {
      expect((await ask(url)).templates.filter((t) => t.startsWith('deep_')), url).toEqual([]);
    }
  });

  it('transferAmount: the default windows are kept, an asked window is read per request', async () => {
    await keptAfterFirst('/api/stableCoin/transferAmount?type=addLine', 'deep_transfer-amount');
    const end = Math.floor((await testManifest()).head.timestamp / 1000) - 2 * 86_400;
    const url = `/api/stableCoin/transferAmount?type=addLine&startTime=${end - 5 * 86_400}&endTime=${end}`;
    const first = await ask(url);
    const again = await ask(url);
    expect(first.templates).toContain('deep_transfer-amount');
    expect(again.templates).toContain('deep_transfer-amount');
    expect(again.body).toBe(first.body);
  });

  it('holder/change: the default days and latest are kept, an asked range is read per request', async () => {
    await keptAfterFirst('/api/stableCoin/holder/change', 'deep_holder-change');
    const endDay = new Date((await testManifest()).head.timestamp - 3 * 86_400_000).toISOString().slice(0, 10);
    const url = `/api/stableCoin/holder/change?endDay=${endDay}`;
    const first = await ask(url);
    const again = await ask(url);
    expect(first.templates).toContain('deep_holder-change');
    expect(again.templates).toContain('deep_holder-change');
    expect(again.templates).not.toContain('deep_holder-change.latest');
    expect(again.body).toBe(first.body);
  });
});

describe('stablecoin supply endpoints: statements kept per version', () => {
  it('totalSupply: one read, kept', async () => {
    await keptAfterFirst('/api/stableCoin/totalSupply', 'deep_stablecoin-total-supply');
  });

  it('totalSupply/change and tokenSupply/turnover: every day read once, any range cut from it', async () => {
    await keptAfterFirst('/api/stableCoin/totalSupply/change', 'deep_stablecoin-supply-change');
    const head = Math.floor((await testManifest()).head.timestamp / 1000);
    const range = `startTime=${head - 6 * 86_400}&endTime=${head - 2 * 86_400}`;
    expect((await ask(`/api/stableCoin/totalSupply/change?${range}`)).templates.filter((t) => t.startsWith('deep_'))).toEqual([]);
    // USDC's contract, then TUSD's: one read per contract.
    await keptAfterFirst('/api/stableCoin/tokenSupply/turnover?tokenAddress=TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 'deep_stablecoin-supply-turnover');
    expect((await ask(`/api/stableCoin/tokenSupply/turnover?tokenAddress=TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8&${range}`)).templates.filter((t) => t.startsWith('deep_'))).toEqual([]);
    await keptAfterFirst('/api/stableCoin/tokenSupply/turnover?tokenAddress=TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4', 'deep_stablecoin-supply-turnover');
  });
});
