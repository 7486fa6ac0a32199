/**
 * The price rule of every USD figure (docs/compat.md "## Prices (issue 33)") on lakes without token_prices, which
 * neither shared test lake is: (1) an ingested lake of its own with a `price_candles` reference loaded (two sources
 * per asset: the first by name prices); (2) a copy of the generated lake with token_prices emptied, priced by its
 * swaps (dex_prices). Expected values: the candles as written here, the chain's closes decoded from the raw Swap logs
 * (test/helpers/chain-prices.ts) and plain SQL over the version's raw Parquet (transfers per UTC day), never the
 * endpoints' templates nor dex_prices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sqlOver } from '../helpers/raw-sql.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';
import { loadReferences } from '../../src/lake/publish/reference.ts';
import { budget } from '../helpers/budget.ts';
import { getFrom } from '../helpers/lake.ts';
import { chainDayCloses, type ChainClose } from '../helpers/chain-prices.ts';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const DAY = 86_400_000;

let root: string;
let lake: string;
/** The lake's UTC days (midnight, ms), oldest first. */
let days: number[] = [];
/** The chosen (first by name) source's USD close per asset and day: `${asset}|${dayMs}` → text. */
const close = new Map<string, string>();

const call = async (url: string): Promise<any> => (await getFrom(lake, url)).body;

async function raw(query: string) {
  const m = (await readManifest(lake))!;
  return sqlOver('', query.replaceAll('{v}', versionDir(lake, m)));
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-usd-rule-'));
  const { runIngest } = await import('../../datasets/ingest/index.ts');
  const { startFakeNode, REAL_BLOCK } = await import('../datasets/ingest/fake-node.ts');
  lake = path.join(root, 'lake');
  mkdirSync(lake);
  // Nine copies six hours apart: three UTC days, so a latest and a previous day.
  const node = await startFakeNode({ low: REAL_BLOCK - 2, head: REAL_BLOCK + 6, solid: REAL_BLOCK + 6, slotMs: 6 * 3_600_000, rich: false, staking: false, record: false });
  try {
    await runIngest({ node: node.url, out: lake, from: REAL_BLOCK - 2, to: REAL_BLOCK + 6, progress: false, log: () => undefined });
  } finally {
    await node.close();
  }
  days = (await raw(`SELECT DISTINCT CAST("timestamp" // ${DAY} * ${DAY} AS BIGINT) AS d FROM read_parquet('{v}/raw/blocks/*/*.parquet') ORDER BY d`))
    .map((r) => Number(r.d));
  // Per day i: a-feed (chosen) and z-feed (ignored) closes, exact decimal texts.
  const lines = ['asset,quote,source,time,open,high,low,close,volume,market_cap'];
  days.forEach((d, i) => {
    for (const [asset, a, z] of [['_', `0.2${i}31181`, `9.${i}`], [USDT, `1.000${i}7`, `7.${i}`]] as const) {
      close.set(`${asset}|${d}`, a);
      lines.push(`${asset},USD,a-feed,${d},${a},${a},${a},${a},1000.5,`, `${asset},USD,z-feed,${d},${z},${z},${z},${z},9,`, `${asset},EUR,a-feed,${d},5,5,5,5,1,`);
    }
  });
  const ref = mkdtempSync(path.join(root, 'ref-'));
  writeFileSync(path.join(ref, 'price_candles.csv'), `${lines.join('\n')}\n`);
  await loadReferences(lake, ref);
}, budget(60));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A decimal text as (digits, scale): value = digits / 10^scale. */
function exactOf(text: string): { digits: bigint; scale: number } {
  const [w, f = ''] = text.split('.');
  return { digits: BigInt(`${w}${f}`), scale: f.length };
}

/** num / 10^scale rounded half up to 6 places, as a number. */
function round6(num: bigint, scale: number): number {
  if (scale <= 6) return Number(num * 10n ** BigInt(6 - scale)) / 1e6;
  const unit = 10n ** BigInt(scale - 6);
  const q = (num * 2n + unit) / (unit * 2n);
  return Number(`${q / 1_000_000n}.${(q % 1_000_000n).toString().padStart(6, '0')}`);
}

describe('USD figures from a loaded price_candles reference (no token_prices)', () => {
  it('the lake spans at least two days and moves USDT', async () => {
    expect(days.length).toBeGreaterThanOrEqual(2);
    const [n] = await raw(`SELECT count(*) AS n FROM read_parquet('{v}/raw/token_transfers/*/*.parquet') WHERE contract_address = '${USDT}'`);
    expect(Number(n!.n)).toBeGreaterThan(0);
  });

  it('/api/token/price: latest close of the first source by name, TRX price = USD ÷ TRX USD, 24 h change', async () => {
    const [last, prev] = [days.at(-1)!, days.at(-2)!];
    const trx = await call('/api/token/price?token=trx');
    expect(trx.price_in_usd).toBe(Number(close.get(`_|${last}`)).toFixed(18));
    expect(trx.price_in_trx).toBe((1).toFixed(18));
    expect(trx.time).toBe(last);
    const [now, before] = [Number(close.get(`_|${last}`)), Number(close.get(`_|${prev}`))];
    expect(trx.percent_change_24h).toBe((((now - before) / before) * 100).toFixed(8));

    const usdt = await call(`/api/token/price?token=${USDT}`);
    expect(usdt.price_in_usd).toBe(Number(close.get(`${USDT}|${last}`)).toFixed(18));
    expect(usdt.price_in_trx).toBe((Number(close.get(`${USDT}|${last}`)) / now).toFixed(18));
    expect(usdt.time).toBe(last);
  }, budget(30));

  it('/api/stableCoin/transferAmount: each day USDT moved × that day\'s candle close', async () => {
    const [start, end] = [days[0]!, days.at(-1)! + DAY - 1];
    const body = await call(`/api/stableCoin/transferAmount?type=addLine&startTime=${Math.floor(start / 1000)}&endTime=${Math.floor(end / 1000)}`);
    const moved = await raw(`SELECT "date" AS day, CAST(sum(CAST(amount_raw AS HUGEINT)) AS VARCHAR) AS amount
      FROM read_parquet('{v}/raw/token_transfers/*/*.parquet')
      WHERE token_standard = 'trc20' AND contract_address = '${USDT}' AND "timestamp" BETWEEN ${start} AND ${end}
      GROUP BY 1 ORDER BY 1`);
    const want = moved.map((r) => {
      const t = Date.parse(`${String(r.day)}T00:00:00Z`);
      const p = exactOf(close.get(`${USDT}|${t}`)!);
      return { t, v: round6(BigInt(String(r.amount)) * p.digits, 6 + p.scale) };
    });
    expect(want.length).toBeGreaterThan(0);
    expect(body.stableAmountLine.find((l: any) => l.contractAddress === USDT).lineData).toEqual(want);
  }, budget(30));

  it('/api/turnover/new: each day\'s trxClosePrice is that day\'s TRX candle close', async () => {
    const body = await call(`/api/turnover/new?timeType=0&start=${days[0]!}&end=${days.at(-1)!}`);
    const got = body.data.map((r: any) => [r.day, r.trxClosePrice]);
    const want = days.map((d) => [new Date(d).toISOString().slice(0, 10), close.get(`_|${d}`)]);
    expect(got.slice().sort()).toEqual(want);
  }, budget(30));

  it('/api/tokenTransfer/analysis: TRX moved per day (successful TransferContract amounts) × that day\'s TRX candle close', async () => {
    const body = await call(`/api/tokenTransfer/analysis?token=_&days=${days.length + 1}`);
    const moved = await raw(`SELECT CAST("date" AS VARCHAR) AS day, CAST(sum(amount) AS VARCHAR) AS sun
      FROM read_parquet('{v}/raw/transactions/*/*.parquet') WHERE contract_type = 1 AND contract_ret = 'SUCCESS' GROUP BY 1 ORDER BY 1`);
    expect(moved.length).toBeGreaterThan(0);
    expect(body.data.map((r: any) => r.day)).toEqual(moved.map((m) => m.day));
    body.data.forEach((r: any, i: number) => {
      const price = close.get(`_|${Date.parse(`${r.day}T00:00:00Z`)}`)!;
      expect(Number(r.usd_amount) / ((Number(moved[i]!.sun) / 1e6) * Number(price))).toBeCloseTo(1, 6);
    });
  }, budget(30));

  it('/api/account/wallet: the TRX row is priced at the latest TRX close', async () => {
    const [a] = await raw(`SELECT owner_address AS a FROM read_parquet('{v}/raw/transactions/*/*.parquet') GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const body = await call(`/api/account/wallet?address=${String(a!.a)}`);
    const row = body.data.find((r: any) => r.token_id === '_');
    expect(row, 'the TRX row').toBeDefined();
    expect(Number(row.token_price_in_usd)).toBe(Number(close.get(`_|${days.at(-1)!}`)));
  }, budget(30));
});

/**
 * The chain's own prices: a copy of the generated test lake (hard links) whose token_prices is emptied, so every token
 * but TRX (its synthetic candles) is priced by dex_prices alone, as on a lake ingested with swaps in the registry's
 * pools. Expected: the chain step of the price rule computed from the copy's raw Swap logs (test/helpers/chain-prices.ts:
 * the registry's USD pool and the dex_pools reference, each day's close, the pool with the most trades that day, then
 * by pool) and plain SQL over the raw transfers.
 */
describe('USD figures from the chain (dex_prices) on a lake without token_prices', () => {
  let copy: string;
  let v: string;
  beforeAll(async () => {
    const { linkedLakeCopy } = await import('../helpers/lake.ts');
    const { cpSync, readFileSync, unlinkSync } = await import('node:fs');
    const { hashFile } = await import('../../src/lake/content-hash.ts');
    copy = linkedLakeCopy('tronlake-usd-chain-');
    const m = JSON.parse(readFileSync(path.join(copy, 'manifest.json'), 'utf8'));
    unlinkSync(path.join(copy, 'manifest.json'));
    v = path.join(copy, 'versions', m.version);
    const file = path.join(v, 'dim', 'token_prices.parquet');
    const empty = `${file}.empty`;
    await sqlOver('', `COPY (SELECT * FROM read_parquet('${file}') WHERE false) TO '${empty}' (FORMAT parquet)`);
    unlinkSync(file);
    cpSync(empty, file);
    unlinkSync(empty);
    m.tables.token_prices.rows = 0;
    m.files['dim/token_prices.parquet'] = await hashFile(file);
    writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(m));
  }, budget(120));
  afterAll(() => rmSync(path.dirname(copy), { recursive: true, force: true }));

  const on = async (url: string): Promise<any> => (await getFrom(copy, url)).body;

  /**
   * The chain step's day closes of a token from the copy's raw Swap logs (test/helpers/chain-prices.ts): day, close_usd,
   * close_trx (texts), oldest first.
   */
  let closes: Map<string, ChainClose> | undefined;
  async function chainDays(token: string) {
    if (!closes) {
      const { existsSync } = await import('node:fs');
      const ref = path.join(v, 'ref', 'dex_pools.parquet');
      closes = await chainDayCloses((q) => sqlOver('', q), {
        logs: `read_parquet('${v}/raw/logs/*/*.parquet', hive_partitioning = true)`,
        transactions: `read_parquet('${v}/raw/transactions/*/*.parquet', hive_partitioning = true)`,
        dexPools: existsSync(ref) ? `read_parquet('${ref}')` : undefined,
      });
    }
    return [...closes].filter(([k]) => k.startsWith(`${token}|`))
      .map(([k, c]) => ({ day: k.slice(token.length + 1), close_usd: c.usd, close_trx: c.trx })).sort((a, b) => a.day.localeCompare(b.day));
  }

  it('/api/token/price of a TRC20: the latest day close in USD and in TRX from its pool', async () => {
    await chainDays('_');
    const perToken = new Map<string, number>();
    for (const k of closes!.keys()) {
      const asset = k.slice(0, k.indexOf('|'));
      if (asset !== '_' && asset !== USDT) perToken.set(asset, (perToken.get(asset) ?? 0) + 1);
    }
    const [sun] = [...perToken].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).map(([asset]) => ({ asset }));
    expect(sun, 'a token with swaps').toBeDefined();
    const rows = await chainDays(String(sun!.asset));
    const [last, prev] = [rows.at(-1)!, rows.at(-2)!];
    const body = await on(`/api/token/price?token=${String(sun!.asset)}`);
    expect(body.price_in_usd).toBe(Number(last.close_usd).toFixed(18));
    expect(body.price_in_trx).toBe(Number(last.close_trx).toFixed(18));
    expect(body.time).toBe(Date.parse(`${String(last.day)}T00:00:00Z`));
    const [now, before] = [Number(last.close_usd), Number(prev.close_usd)];
    expect(body.percent_change_24h).toBe((((now - before) / before) * 100).toFixed(8));
  }, budget(60));

  it('/api/stableCoin/transferAmount: USDD moved per day × that day\'s close from its pool', async () => {
    const USDD = 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz';
    const prices = new Map((await chainDays(USDD)).map((r) => [String(r.day), String(r.close_usd)]));
    expect(prices.size).toBeGreaterThan(1);
    const days = [...prices.keys()].sort();
    const [start, end] = [Date.parse(`${days[0]}T00:00:00Z`), Date.parse(`${days.at(-1)}T00:00:00Z`) + DAY - 1];
    const moved = await sqlOver('', `SELECT "date" AS day, CAST(sum(CAST(amount_raw AS HUGEINT)) AS VARCHAR) AS amount
      FROM read_parquet('${v}/raw/token_transfers/*/*.parquet')
      WHERE token_standard = 'trc20' AND contract_address = '${USDD}' AND "timestamp" BETWEEN ${start} AND ${end}
      GROUP BY 1 ORDER BY 1`);
    // The endpoint prices with the close as a double (docs/compat.md): its shortest text, exactly.
    const want = moved.filter((r) => prices.has(String(r.day))).map((r) => {
      const text = String(Number(prices.get(String(r.day))));
      expect(text, 'no exponent in a USDD price').not.toMatch(/e/);
      const p = exactOf(text);
      return { t: Date.parse(`${String(r.day)}T00:00:00Z`), v: round6(BigInt(String(r.amount)) * p.digits, 18 + p.scale) };
    });
    expect(want.length).toBeGreaterThan(0);
    const body = await on(`/api/stableCoin/transferAmount?type=addLine&startTime=${Math.floor(start / 1000)}&endTime=${Math.floor(end / 1000)}`);
    expect(body.stableAmountLine.find((l: any) => l.contractAddress === USDD).lineData).toEqual(want);
  }, budget(60));
});
