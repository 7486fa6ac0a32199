/**
 * Every figure of a version is the same on every run (issue 30, defect 7): two fresh apps (fresh DuckDB instances,
 * 2 threads, so parallel aggregation may combine partial sums in another order) over the same lake answer the
 * figure-heavy endpoints with identical bodies. A DOUBLE sum depends on the order its parts are added in; the ETag
 * of an answer must not.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type TronlakeApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { lakeDir, sql } from '../helpers/lake.ts';
import { budget } from '../helpers/budget.ts';

const ALL_TYPES = Array.from({ length: 20 }, (_, i) => i + 1).join(',');
const FIXED = [
  ...[1, 2, 3, 4].flatMap((time) => [`/api/top10?type=${ALL_TYPES}&time=${time}`, `/api/top10?type=0&time=${time}`]),
  '/api/stats/overview',
  '/api/tokens/overview?limit=50',
  '/api/tokens/overview?limit=50&sort=-marketcap',
  '/api/token/all?limit=50',
  '/api/getAssetWithPriceList',
  '/api/tokenTransfer/analysis',
  '/api/energystatistic',
  '/api/energydailystatistic',
  '/api/netstatistic',
  '/api/triggerstatistic',
  '/api/triggeramountstatistic',
  '/api/consumption/statistic',
  '/api/acquisition_cost_statistic',
  '/api/turnover/new',
  '/api/overview/dailyavgblockSize',
  '/api/account/list?limit=50',
  '/api/pagewitness',
];

const opened: TronlakeApp[] = [];
afterAll(async () => {
  for (const a of opened) await a.close();
});

async function bodies(URLS: string[]): Promise<Map<string, string>> {
  // A fresh engine per run: the serving tables (sql/serving/) are computed again from the files.
  const app = await buildApp({ dataDir: lakeDir(), endpoints, cacheBytes: 0, threads: 2, poolSize: 2 });
  opened.push(app);
  const out = new Map<string, string>();
  for (const url of URLS) {
    const r = await app.inject({ method: 'GET', url });
    out.set(url, `${r.statusCode} ${r.body}`);
  }
  await app.close();
  opened.splice(opened.indexOf(app), 1);
  return out;
}

describe('figures are the same on every run', () => {
  it('top10 and other figure-heavy bodies are identical across fresh app starts (threads 2)', async () => {
    // The busiest TRC20 token (picked with SQL, so the test holds on any lake): its analysis sums USD figures.
    const [tok] = await sql(`SELECT contract_address AS c FROM raw_token_transfers WHERE token_standard = 'trc20' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    // The account receiving the most tokens: its wallet's USD total adds its holdings' values.
    const [holder] = await sql(`SELECT to_address AS a FROM raw_token_transfers GROUP BY 1 ORDER BY count(DISTINCT contract_address) DESC, 1 LIMIT 1`);
    const URLS = [
      ...FIXED,
      ...(tok ? [`/api/token/analysis?token=${tok.c}`, `/api/token/analysis?token=${tok.c}&type=1`] : []),
      ...(holder ? ['/api/account/wallet', '/api/account/tokens', '/api/account/token_asset_overview'].map((u) => `${u}?address=${holder.a}`) : []),
    ];
    const runs = [await bodies(URLS), await bodies(URLS), await bodies(URLS)];
    expect(URLS.filter((url) => !runs[0]!.get(url)!.startsWith('200 ')).map((url) => `${url} ${runs[0]!.get(url)!.slice(0, 300)}`)).toEqual([]);
    const differ = URLS.filter((url) => runs.some((r) => r.get(url) !== runs[0]!.get(url)));
    expect(differ).toEqual([]);
  }, budget(120));
});
