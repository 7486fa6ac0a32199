/**
 * The seeded synthetic chain generator (ARCHITECTURE §1, §3): a TS orchestrator around set-based DuckDB SQL
 * (datasets/generate/sql/*.sql, run in file order). It stages one table per source dataset of the catalog, shaped
 * exactly like the catalog, and publishes them as a new lake version.
 *
 * Determinism: every random draw is hash(seed, row key, salt) in SQL (never random()), row numbers have total
 * orders, and the address pool is sha256(seed, i); the same seed and end date give the same manifest fingerprint.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Progress } from '../../src/progress.ts';
import { type AppendCell, Db } from '../../src/duckdb/duck.ts';
import { stageContractCode } from './contract-abis.ts';
import { columnDDL, snapshotDatasets, sourceDatasets, derivedDatasets, stablecoinEvents, dexPoolEvents, lendingEvents } from '../../src/lake/datasets/index.ts';
import { STABLECOIN_CONTRACTS, topicOf } from '../../src/chain/stablecoins.ts';
import { stablecoinEventFields } from '../../src/chain/stablecoin-events.ts';
import { decodeDexLog, decodeLendingLog, defiRegistry, type DefiContract } from '../../src/chain/defi-events.ts';
import { generatorDefiContracts, generatorDefiProjects } from './defi.ts';
import { publishVersion } from '../../src/lake/publish/publish.ts';
import { stageReferences } from '../../src/lake/publish/reference.ts';
import { type Manifest, readManifest, versionDir } from '../../src/lake/manifest.ts';
import { base58ToHex } from '../../src/chain/address.ts';
import { GENERATOR_BANDWIDTH_PRICE_SUN, GENERATOR_ENERGY_PRICE_AFTER_PROPOSAL_SUN, GENERATOR_ENERGY_PRICE_SUN, GENERATOR_SUPPLY_TRX, generatorPreWindow } from '../../src/chain/economics.ts';
import { createdAddresses, N_WITNESSES, roleAddresses, writeAddressCsv, deployerRole, type AddressRow } from './addresses.ts';
import { ANCHOR, DEFAULT_END_DATE, PROFILES, type Profile } from './profiles.ts';
import { GENERATOR_WORK, workFolder } from '../../src/lake/work-folder.ts';
import { newAccountVars } from './new-accounts.ts';
import {
  AD_MEMOS, BLACKHOLE, CONTRACTS, CREATED_NAMES, FOUNDATION_WALLETS, KINDS, N_DAPPS, PARTNER_PREFIX, PARTNER_SUFFIX, PRICE_BASES,
  REAL_PAIRS, ROLE, SELECTORS, SR_NAMES, TID, TOKEN_PICKS, TOKENS, TOPICS, TRX_PRICE_BASE_USD, UINT256_MAX,
} from './reference.ts';
import { DAY_MS } from '../../src/time.ts';

export type { Profile } from './profiles.ts';

export interface GenerateOptions {
  profile: Profile;
  seed: number;
  /** Lake data folder (manifest.json + versions/). */
  out: string;
  /** yyyy-MM-dd, exclusive end of the generated days (UTC); default '2026-11-01'. */
  endDate?: string;
  /** Show progress on stderr (src/progress.ts): a bar on a terminal, a line every TRONLAKE_PROGRESS_MS otherwise. */
  progress?: boolean;
  /** DuckDB threads (default: all cores). */
  threads?: number;
  /** Generate and publish this many days at a time (default: the profile's `batchDays`, else all days at once). */
  batchDays?: number;
  /** Reference files (src/lake/publish/reference.ts) published instead of the synthetic ones of the same datasets. */
  referenceDir?: string;
  /**
   * Publish at most this many batches in this call (a batched build continued later by another call). 0 runs a
   * batched build's opening pass only, leaving its build folder ready (generateOpening; generate refuses 0).
   */
  maxBatches?: number;
}

const SQL_DIR = fileURLToPath(new URL('./sql/', import.meta.url));
const SLOTS_PER_DAY = 28_800;
/** Block version 34 from this day on, 31 before (tron-chain-data.md §1.2). */
const VERSION_34_FROM = Date.UTC(2026, 9, 1);
const GEN_STEPS = ['blocks', 'transactions', 'events', 'addresses', 'receipts', 'transfers, logs, blocks', 'dimensions'];

type Lit = string | number | boolean | null;

/** SQL literal of a trusted constant (reference data written in this folder). */
function lit(v: Lit): string {
  if (v === null) return 'NULL';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  return `'${v.replace(/'/g, "''")}'`;
}

/** Replaces {{name}} placeholders; an unknown placeholder is a bug, so it throws. */
function render(sql: string, vars: Record<string, Lit>): string {
  return sql.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => {
    const v = vars[k];
    if (v === undefined) throw new Error(`generate: no value for {{${k}}}`);
    return typeof v === 'string' ? v : lit(v);
  });
}

/** Statements of a SQL file: comment lines dropped, split on a semicolon at the end of a line. */
function statements(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => !l.trim().startsWith('--'))
    .join('\n')
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

async function runFile(db: Db, file: string, vars: Record<string, Lit>): Promise<void> {
  const text = await fs.readFile(path.join(SQL_DIR, file), 'utf8');
  const list = statements(render(text, vars));
  // TRONLAKE_GEN_PROFILE=<dir>: DuckDB's operator profile of every statement as <dir>/<file>#<n>.json (how the
  // per-operator figures of bench/results/generator-builds.md were found); the folder is the caller's, the file names are ours.
  const profileDir = process.env.TRONLAKE_GEN_PROFILE;
  if (profileDir) await fs.mkdir(profileDir, { recursive: true });
  for (const [n, st] of list.entries()) {
    if (profileDir) {
      await db.run(`SET enable_profiling = 'json'`);
      await db.run(`SET profiling_output = ${lit(path.join(profileDir, `${file}#${n}.json`))}`);
    }
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await db.run(st);
    const c = process.cpuUsage(c0);
    if (process.env.TRONLAKE_GEN_TIMING === '1') {
      process.stderr.write(`[generate]   ${file}#${n}: ${((performance.now() - t0) / 1000).toFixed(2)} s wall ${((c.user + c.system) / 1e6).toFixed(2)} s cpu\n`);
    }
  }
  if (profileDir) await db.run('PRAGMA disable_profiling');
}

async function insertRows(db: Db, table: string, ddl: string, rows: Lit[][]): Promise<void> {
  await db.run(`CREATE OR REPLACE TABLE ${table} (${ddl})`);
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.run(`INSERT INTO ${table} VALUES ${chunk.map((r) => `(${r.map(lit).join(', ')})`).join(', ')}`);
  }
}

const dayTs = (d: string): number => Date.parse(`${d}T00:00:00Z`);

function witnessRows(): Lit[][] {
  const rows: Lit[][] = [];
  for (let r = 1; r <= N_WITNESSES; r++) {
    let name: string;
    if (r <= 27) name = SR_NAMES[r - 1]!;
    else if (r <= 127) name = `${PARTNER_PREFIX[(r - 28) % 10]} ${PARTNER_SUFFIX[Math.floor((r - 28) / 10)]}`;
    else name = `${PARTNER_PREFIX[(r * 7) % 10]}${PARTNER_SUFFIX[(r * 3) % 10]} ${r}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const brokerage = r > 127 ? 100 : r % 9 === 0 ? 0 : r % 13 === 0 ? 10 : 20;
    const created = Date.UTC(2018, 5, 25) + ((r * 37) % 2200) * DAY_MS;
    rows.push([r, name, `https://${slug}.io`, brokerage, created]);
  }
  return rows;
}

/** `CASE WHEN u_kind < 0.2995 THEN 1 WHEN … ELSE <last kid> END`: the transaction mix as cumulative thresholds. */
function kindCase(): string {
  let cum = 0;
  const parts: string[] = [];
  KINDS.forEach((k, i) => {
    cum += k.percent;
    if (i < KINDS.length - 1) parts.push(`WHEN u_kind < ${Math.round(cum * 100) / 10000} THEN ${k.kid}`);
  });
  return `CASE ${parts.join(' ')} ELSE ${KINDS[KINDS.length - 1]!.kid} END`;
}

/** Token pick per (kind, subtype): `CASE kid * 10 + sub WHEN 210 THEN CASE WHEN u_tok < … THEN <tid> … END … END`. */
function pickCase(): string {
  const arms = Object.entries(TOKEN_PICKS).map(([key, weights]) => {
    const entries = Object.entries(weights);
    const total = entries.reduce((a, [, w]) => a + w, 0);
    let cum = 0;
    const inner = entries.map(([tid, w], i) => {
      cum += w;
      return i < entries.length - 1 ? `WHEN u_tok < ${cum / total} THEN ${tid}` : `ELSE ${tid}`;
    });
    return `WHEN ${key} THEN ${inner.length === 1 ? entries[0]![0] : `CASE ${inner.join(' ')} END`}`;
  });
  return `CASE kid * 10 + sub ${arms.join(' ')} END`;
}

function ctCase(): string {
  return `CASE kid ${KINDS.map((k) => `WHEN ${k.kid} THEN ${k.contractType}`).join(' ')} END`;
}

/** The base USD price of a token priced by token_prices (level 2, by symbol), else undefined. */
function priceBase(t: (typeof TOKENS)[number]): (typeof PRICE_BASES)[number] | undefined {
  return t.level === 2 ? PRICE_BASES.find((b) => b.symbol === t.symbol) : undefined;
}

/** A token property by tid: `CASE tok WHEN 1 THEN … END` (NULL for no token). */
function tokProp(f: (t: (typeof TOKENS)[number]) => string | number | null, type: string): string {
  const arms = TOKENS.map((t) => [t.tid, f(t)] as const).filter(([, v]) => v !== null);
  return `CAST(CASE tok ${arms.map(([tid, v]) => `WHEN ${tid} THEN ${lit(v)}`).join(' ')} END AS ${type})`;
}

/** Loads the small reference tables the dimension SQL reads (witnesses, token metadata, contracts). */
async function loadReference(db: Db): Promise<void> {
  await insertRows(db, 'g_wit', 'rank INTEGER, name VARCHAR, url VARCHAR, brokerage INTEGER, created_ts BIGINT', witnessRows());
  await insertRows(
    db,
    'g_token_meta',
    'tid SMALLINT, trc10_id VARCHAR, standard VARCHAR, name VARCHAR, symbol VARCHAR, decimals INTEGER, logo VARCHAR, level INTEGER, vip BOOLEAN, can_show INTEGER, total_supply_raw VARCHAR, created_ts BIGINT',
    TOKENS.map((t) => [
      t.tid, t.trc10Id ?? null, t.standard, t.name, t.symbol, t.decimals, t.logo, t.level, t.vip, t.canShow,
      (t.supplyUnits * 10n ** BigInt(t.decimals)).toString(), dayTs(t.created),
    ]),
  );
  await insertRows(
    db,
    'g_contract_meta',
    'role INTEGER, name VARCHAR, tag VARCHAR, created_ts BIGINT, creator_role INTEGER',
    CONTRACTS.map((c, j) => [c.role, c.name, c.tag, dayTs(c.created), deployerRole(j)]),
  );
}

function sqlVars(seed: number, pool: number, startTs: number, nSlots: number, firstNumber: number, lambda: number, roles: AddressRow[]): Record<string, Lit> {
  const wtrx = TOKENS.find((t) => t.tid === TID.WTRX)!;
  const foundation = FOUNDATION_WALLETS.map((w) => ({ i: w.index(pool), tag: w.tag }));
  if (new Set(foundation.map((f) => f.i)).size !== foundation.length || foundation.some((f) => f.i >= pool)) {
    throw new Error(`generate: a pool of ${pool} addresses is too small for the foundation wallets`);
  }
  const vars: Record<string, Lit> = {
    seed,
    pool,
    start_ts: startTs,
    n_slots: nSlots,
    span_ms: nSlots * 3000,
    first_number: firstNumber,
    // whole-chain anchors as of the block before the window (exact HUGEINT text: they exceed 2^53)
    pre_issued_sun: `${generatorPreWindow(firstNumber).issuedSun}::HUGEINT`,
    pre_burned_sun: `${generatorPreWindow(firstNumber).burnedSun}::HUGEINT`,
    supply_trx: `${GENERATOR_SUPPLY_TRX}`,
    // /api/funds' holders (reference.ts): the foundation wallets' pool indices and tags, the genesis blackhole and its
    // balance, −2^63 + the fees burned before the black-hole optimization (economics.ts' pre-window burn at that
    // block: no more than the burned_sun anchor, since that burn only grows with the block)
    foundation_i: foundation.map((f) => f.i).join(', '),
    foundation_rows: foundation.map((f) => `(${f.i}, ${lit(f.tag)})`).join(', '),
    blackhole: lit(BLACKHOLE.address),
    blackhole_sun: `(${-(2n ** 63n) + generatorPreWindow(Math.min(BLACKHOLE.optimizedAt, firstNumber)).burnedSun})::HUGEINT`,
    lambda,
    growth: 0.3,
    v34_ts: VERSION_34_FROM,
    v2_factory_ts: Date.UTC(2021, 11, 8),
    n_dapps: N_DAPPS,
    n_memos: AD_MEMOS.length,
    ad_memos: `[${AD_MEMOS.map((m) => lit(m)).join(', ')}]`,
    kind_case: kindCase(),
    ct_case: ctCase(),
    pick_case: pickCase(),
    tok_std: tokProp((t) => t.standard, 'VARCHAR'),
    tok_scale: tokProp((t) => (t.standard === 'trc20' ? (10n ** BigInt(Math.max(0, t.decimals - 6))).toString() : '1'), 'HUGEINT'),
    tok_scale10: tokProp((t) => (t.standard === 'trc10' ? 10 ** t.decimals : 1), 'BIGINT'),
    tok_lo: tokProp((t) => t.unitsLog10[0], 'DOUBLE'),
    tok_hi: tokProp((t) => t.unitsLog10[1], 'DOUBLE'),
    tok_per_trx: tokProp((t) => t.perTrx, 'DOUBLE'),
    // issue 33: the priced tokens' token_prices key, base USD price and daily amplitude (the swaps' random walk)
    tok_price_id: tokProp((t) => (priceBase(t) ? (t.trc10Id ?? t.address ?? null) : null), 'VARCHAR'),
    tok_price_usd: tokProp((t) => priceBase(t)?.usd ?? null, 'DOUBLE'),
    tok_price_amp: tokProp((t) => (priceBase(t) ? (priceBase(t)!.pegged ? 0.004 : 0.08) : null), 'DOUBLE'),
    // a real pair's token0 is the lower address: WTRX for USDT/WTRX (reference.ts REAL_PAIRS); synthetic pairs put the token first
    tok_wtrx_first: tokProp((t) => (REAL_PAIRS[t.tid] ? 1 : 0), 'BOOLEAN'),
    trx_price_usd: TRX_PRICE_BASE_USD,
    real_pairs: Object.values(REAL_PAIRS).map(lit).join(', '),
    price_bases: PRICE_BASES.map((b) => `(${lit(b.symbol)}, ${b.usd}, ${b.pegged})`).join(', '),
    tok_e_exist: tokProp((t) => t.energy[0], 'BIGINT'),
    tok_e_new: tokProp((t) => t.energy[1], 'BIGINT'),
    tok_trc10_id: tokProp((t) => t.trc10Id ?? null, 'VARCHAR'),
    // small constant lists indexed by witness rank / token id (cheaper than joining the address table)
    wit_b58_list: `[${roles.filter((r) => r.i <= ROLE.witnessBase - 1 && r.i >= ROLE.witnessBase - N_WITNESSES).sort((a, b) => b.i - a.i).map((r) => lit(r.b58)).join(', ')}]`,
    tok_hex_list: `[${Array.from({ length: Math.max(...TOKENS.map((t) => t.tid)) }, (_x, j) => roles.find((r) => r.i === ROLE.tokenBase - (j + 1))?.hex ?? null).map(lit).join(', ')}]`,
    tid_usdt: TID.USDT,
    tid_wtrx: TID.WTRX,
    wtrx_hex: base58ToHex(wtrx.address!).slice(2),
    r_zero: ROLE.zero,
    r_usdt_owner: ROLE.usdtOwner,
    r_router: ROLE.router,
    r_smart_router: ROLE.smartRouter,
    r_v2_factory: ROLE.v2Factory,
    r_marketplace: ROLE.marketplace,
    r_witness: ROLE.witnessBase,
    r_token: ROLE.tokenBase,
    r_pair: ROLE.pairBase,
    r_dapp: ROLE.dappBase,
    r_issuer: ROLE.issuerBase,
    r_created: ROLE.createdBase,
    uint256_max: UINT256_MAX,
    ff64: 'f'.repeat(64),
    zero64: '0'.repeat(64),
    created_names: `[${CREATED_NAMES.map((n) => lit(n)).join(', ')}]`,
    n_created_names: CREATED_NAMES.length,
    t_transfer: TOPICS.transfer,
    t_approval: TOPICS.approval,
    t_approval_for_all: TOPICS.approvalForAll,
    t_transfer_single: TOPICS.transferSingle,
    t_transfer_batch: TOPICS.transferBatch,
    t_issue: TOPICS.issue,
    t_redeem: TOPICS.redeem,
    t_added_black_list: TOPICS.addedBlackList,
    t_removed_black_list: TOPICS.removedBlackList,
    t_destroyed_black_funds: TOPICS.destroyedBlackFunds,
    t_deposit: TOPICS.deposit,
    t_withdrawal: TOPICS.withdrawal,
    t_swap: TOPICS.swap,
    t_sync: TOPICS.sync,
    t_bet_settled: TOPICS.betSettled,
    t_mint_to: TOPICS.mintTo,
    t_mint: TOPICS.mint,
    t_burn: TOPICS.burn,
    t_blacklisted: TOPICS.blacklisted,
    t_unblacklisted: TOPICS.unBlacklisted,
    t_blacklisted_flag: TOPICS.blacklistedFlag,
    s_transfer: SELECTORS.transfer,
    s_approve: SELECTORS.approve,
    s_set_approval_for_all: SELECTORS.setApprovalForAll,
    s_swap_eth_for_tokens: SELECTORS.swapExactETHForTokens,
    s_swap_tokens_for_eth: SELECTORS.swapExactTokensForETH,
    s_safe_transfer_721: SELECTORS.safeTransferFrom721,
    s_mint: SELECTORS.mint,
    s_mint_1155: SELECTORS.mint1155,
    s_safe_transfer_1155: SELECTORS.safeTransferFrom1155,
    s_safe_batch: SELECTORS.safeBatchTransferFrom,
    s_issue: SELECTORS.issue,
    s_redeem: SELECTORS.redeem,
    s_add_black_list: SELECTORS.addBlackList,
    s_remove_black_list: SELECTORS.removeBlackList,
    s_destroy_black_funds: SELECTORS.destroyBlackFunds,
    s_play: SELECTORS.play,
    s_burn: SELECTORS.burn,
    s_burn_from: SELECTORS.burnFrom,
    s_blacklist: SELECTORS.blacklist,
    s_unblacklist: SELECTORS.unBlacklist,
    s_set_blacklisted: SELECTORS.setBlacklisted,
    // DeFi kinds (issue 34, defi-events.sql)
    r_stable2: ROLE.stable2,
    r_stable3: ROLE.stable3,
    r_stable2_lp: ROLE.stable2Lp,
    r_stable3_lp: ROLE.stable3Lp,
    r_psm: ROLE.psm,
    r_gem_join: ROLE.gemJoin,
    r_jtrx: ROLE.jTrx,
    r_jusdt: ROLE.jUsdt,
    tid_usdd: TID.USDD,
    jtrx_hex: base58ToHex(CONTRACTS.find((c) => c.role === ROLE.jTrx)!.address!).slice(2),
    jtrx_b58: lit(CONTRACTS.find((c) => c.role === ROLE.jTrx)!.address!),
    jusdt_b58: lit(CONTRACTS.find((c) => c.role === ROLE.jUsdt)!.address!),
    t_v2_mint: TOPICS.v2Mint,
    t_v2_burn: TOPICS.v2Burn,
    t_token_exchange: TOPICS.tokenExchange,
    t_add_liquidity2: TOPICS.addLiquidity2,
    t_add_liquidity3: TOPICS.addLiquidity3,
    t_remove_liquidity2: TOPICS.removeLiquidity2,
    t_remove_liquidity3: TOPICS.removeLiquidity3,
    t_sell_gem: TOPICS.sellGem,
    t_buy_gem: TOPICS.buyGem,
    t_j_redeem: TOPICS.jRedeem,
    t_j_borrow: TOPICS.jBorrow,
    t_j_repay_borrow: TOPICS.jRepayBorrow,
    t_j_liquidate_borrow: TOPICS.jLiquidateBorrow,
    s_add_liquidity_eth: SELECTORS.addLiquidityETH,
    s_remove_liquidity_eth: SELECTORS.removeLiquidityETH,
    s_exchange: SELECTORS.exchange,
    s_add_liquidity2: SELECTORS.addLiquidity2,
    s_add_liquidity3: SELECTORS.addLiquidity3,
    s_remove_liquidity2: SELECTORS.removeLiquidity2,
    s_remove_liquidity3: SELECTORS.removeLiquidity3,
    s_sell_gem: SELECTORS.sellGem,
    s_buy_gem: SELECTORS.buyGem,
    s_mint_payable: SELECTORS.mintPayable,
    s_mint_amount: SELECTORS.mintAmount,
    s_borrow: SELECTORS.borrow,
    s_repay_borrow_payable: SELECTORS.repayBorrowPayable,
    s_repay_borrow: SELECTORS.repayBorrow,
    s_liquidate_borrow: SELECTORS.liquidateBorrow,
  };
  return vars;
}

/** Where one batch of days starts, and what the batches before it used up (block heights, created contracts, NFT ids). */
interface BatchStart {
  startTs: number;
  days: number;
  firstNumber: number;
  createdBefore: number;
  /** Creating transactions of the batches before (docs/generator.md "New accounts"; past the born indices too). */
  newBefore: number;
  mintedBefore: Map<number, number>;
  last: boolean;
}

/**
 * Generates a synthetic chain for `profile` and publishes it under `out`, e.g.
 * `await generate({ profile: 'tiny', seed: 1, out: '/tmp/lake' })`. Returns the published manifest.
 * A profile with `batchDays` is made and published in batches of that many days, each publish incremental (only the
 * new days and what they touch are written), so disk and memory are bounded by a batch, not by the lake.
 */
export async function generate(opts: GenerateOptions): Promise<Manifest> {
  if (opts.maxBatches === 0) throw new Error('generate: maxBatches 0 publishes nothing; generateOpening runs the opening pass alone');
  return (await build(opts)).manifest!;
}

/**
 * The opening pass of a batched build alone (`maxBatches: 0`): leaves `<out>.build` ready for the calls that publish
 * the batches (docs/generator.md "The build folder"), and publishes nothing. `reused`: the folder was ready already.
 * Returns the lake's manifest when `out` holds the first batches of this build.
 */
export async function generateOpening(opts: Omit<GenerateOptions, 'maxBatches'>): Promise<{ buildDir: string; reused: boolean; manifest?: Manifest }> {
  const r = await build({ ...opts, maxBatches: 0 });
  if (!r.buildDir) throw new Error(`generate: profile ${opts.profile} is made in one batch: it has no opening pass of its own`);
  return { buildDir: r.buildDir, reused: !r.ran, manifest: r.manifest };
}

let openingPassesRun = 0;
/** How many opening passes this process ran (a resumed build that reuses its build folder runs none; the tests read it). */
export function openingPasses(): number {
  return openingPassesRun;
}

async function build(opts: GenerateOptions): Promise<{ manifest?: Manifest; buildDir?: string; ran: boolean }> {
  const cfg = PROFILES[opts.profile];
  if (!cfg) throw new Error(`generate: unknown profile ${String(opts.profile)}`);
  if (!Number.isSafeInteger(opts.seed)) throw new Error(`generate: seed must be an integer, got ${opts.seed}`);
  if (opts.maxBatches !== undefined && !(Number.isSafeInteger(opts.maxBatches) && opts.maxBatches >= 0)) {
    throw new Error(`generate: maxBatches must be an integer >= 0, got ${opts.maxBatches}`);
  }
  const endDate = opts.endDate ?? DEFAULT_END_DATE;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate) || Number.isNaN(dayTs(endDate)) || new Date(dayTs(endDate)).toISOString().slice(0, 10) !== endDate) {
    throw new Error(`generate: endDate must be yyyy-MM-dd, got ${endDate}`);
  }
  const endTs = dayTs(endDate);
  const startTs = endTs - cfg.days * DAY_MS;
  const nSlots = cfg.days * SLOTS_PER_DAY;
  const firstNumber = ANCHOR.number + Math.round(((startTs - ANCHOR.ts) / DAY_MS) * ANCHOR.blocksPerDay);
  if (firstNumber < 1) throw new Error(`generate: endDate ${endDate} is before the chain existed`);
  // Produced blocks ≈ slots minus 2 per 6-hour maintenance minus ~0.12 % missed; lambda = transactions per block.
  const expectedBlocks = nSlots * (7198 / 7200) * 0.9988;
  const lambda = cfg.targetTxs / expectedBlocks;

  const out = path.resolve(opts.out);
  await fs.mkdir(out, { recursive: true });
  // Big profiles spill next to the output (same disk as the lake); small ones use the OS temp folder. Work folders of
  // killed builds there are removed first (work-folder.ts).
  const tmp = await workFolder(cfg.fileBacked ? path.dirname(out) : os.tmpdir(), GENERATOR_WORK);
  const batchDays = Math.max(1, Math.min(cfg.days, opts.batchDays ?? cfg.batchDays ?? cfg.days));
  const batches = Math.ceil(cfg.days / batchDays);
  const bar = opts.progress ? new Progress({ label: `generate ${opts.profile}`, unit: 'steps', rowsUnit: 'transactions published' }) : undefined;
  const perBatch = GEN_STEPS.length + sourceDatasets.length + derivedDatasets.length + 2; // publish's own step count
  bar?.start(batches * perBatch, 'start');
  const roles = roleAddresses();
  // The address pool is written by JS (sha256 + Base58) once, while DuckDB generates the first batch's blocks,
  // transactions and events, which only use address indices; every batch loads the same file.
  const addrFile = path.join(tmp, 'addresses.csv');
  const addresses = writeAddressCsv(addrFile, opts.seed, cfg.pool, roles);
  addresses.catch(() => undefined); // awaited in the batch; avoid an unhandled rejection if a DuckDB step fails first
  try {
    // A batched build continues a lake holding its first batches (same profile, seed and end date): see resumeAt.
    const resumed = batches > 1 ? await resumeAt(out, opts, endDate, { startTs, batchDays, batches }, roles) : null;
    let at: BatchStart = resumed?.at ?? { startTs, days: batchDays, firstNumber, createdBefore: 0, newBefore: 0, mintedBefore: new Map(), last: batches === 1 };
    let manifest: Manifest | undefined = resumed?.manifest;
    const first = resumed?.done ?? 0;
    const until = Math.min(batches, first + (opts.maxBatches ?? batches));
    // A batched build's opening state covers the whole window, so it is sized before any batch is published, over
    // every batch staged first; each batch's staged tables are kept for its publish (staged once, not twice), and a
    // resumed build sizes the same opening state (the draws are deterministic).
    // The pass's results live in the build folder next to the lake (`<out>.build`, docs/generator.md "The
    // build folder"): a call that finds it ready under the same key reuses it instead of running the pass again.
    const buildDir = batches > 1 ? `${out}.build` : undefined;
    let ran = false;
    let opening: { state: OpeningState; staged: Map<number, StagedBatch> } | undefined;
    if (!buildDir || first >= batches) {
      // a one-batch build has no opening pass; a finished build none left: a build folder there is stale
      await fs.rm(`${out}.build`, { recursive: true, force: true });
    } else if (until > first || opts.maxBatches === 0) {
      const key = await buildKey(opts, cfg, endDate, batchDays);
      opening = (await reuseBuild(buildDir, key, first)) ?? undefined;
      if (!opening) {
        opening = await openingPass(
          { opts, cfg, tmp, roles, addresses, addrFile, lambda, window: { startTs, spanMs: nSlots * 3000, endDate } },
          { startTs, days: batchDays, firstNumber, createdBefore: 0, newBefore: 0, mintedBefore: new Map(), last: false },
          { batches, batchDays, keepFrom: first, dir: buildDir, key },
        );
        ran = true;
      }
    }
    for (let b = first; b < until; b++) {
      const days = Math.min(batchDays, cfg.days - b * batchDays);
      at = { ...at, days, last: b === batches - 1 };
      const done = await generateBatch({
        opts, cfg, out, tmp, roles, addresses, addrFile, at, lambda,
        window: { startTs, spanMs: nSlots * 3000, endDate },
        incremental: b > 0,
        opening: opening?.state,
        staged: opening?.staged.get(b),
        bar: bar ? { bar, offset: b * perBatch, label: batches > 1 ? `batch ${b + 1}/${batches} ` : '' } : undefined,
      });
      manifest = done.manifest;
      bar?.update((b + 1) * perBatch, { rows: manifest.tables.transactions?.rows });
      at = {
        startTs: at.startTs + days * DAY_MS,
        days,
        firstNumber: manifest.head.number + 1,
        createdBefore: at.createdBefore + done.created,
        newBefore: done.newAfter,
        mintedBefore: done.minted,
        last: false,
      };
    }
    // the last batch is published: nothing in the build folder is needed any more
    if (buildDir && until === batches) await fs.rm(buildDir, { recursive: true, force: true });
    return { manifest, buildDir, ran };
  } finally {
    bar?.update(batches * perBatch, { step: 'done' });
    bar?.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

/**
 * Where a batched build stands in the lake at `out`: null when there is no lake, or it was not made by this profile,
 * seed and end date, or its days are not whole batches from the window's start (then the build starts over). Else the
 * batches done and what the next one continues from, read from the lake: the head (next block number), the contracts
 * created so far (every CreateSmartContract transaction, contract type 30, took one created address) and per TRC721
 * token the NFT ids minted so far (ids are 1000 + a running count; the highest minted id in the mint calls' data).
 * These are exactly what an unbroken build carries from batch to batch (BatchStart), so a resumed build writes the
 * same rows (test/datasets/generate-resume.test.ts: same fingerprint).
 */
async function resumeAt(
  out: string,
  opts: GenerateOptions,
  endDate: string,
  plan: { startTs: number; batchDays: number; batches: number },
  roles: AddressRow[],
): Promise<{ at: BatchStart; done: number; manifest: Manifest } | null> {
  const m = await readManifest(out);
  const src = m?.source as { kind?: string; profile?: string; seed?: number; endDate?: string } | undefined;
  if (!m || src?.kind !== 'generate' || src.profile !== opts.profile || src.seed !== opts.seed || src.endDate !== endDate) return null;
  const held = Object.keys(m.tables.blocks?.partitions ?? {}).sort();
  const cfg = PROFILES[opts.profile];
  const planned = Array.from({ length: cfg.days }, (_x, d) => new Date(plan.startTs + d * DAY_MS).toISOString().slice(0, 10));
  const whole = held.length % plan.batchDays === 0 || held.length === cfg.days;
  if (!held.length || !whole || held.some((d, i) => d !== planned[i])) return null;
  const done = Math.ceil(held.length / plan.batchDays);
  if (done >= plan.batches) return { at: { startTs: plan.startTs, days: 0, firstNumber: 0, createdBefore: 0, newBefore: 0, mintedBefore: new Map(), last: true }, done, manifest: m };
  const db = await Db.open({ threads: opts.threads ?? 2 });
  try {
    const tx = lit(path.join(versionDir(out, m), 'raw', 'transactions', '*', '*.parquet'));
    const created = Number(await db.scalar(`SELECT count(*) FROM read_parquet(${tx}, hive_partitioning = false) WHERE contract_type = 30`));
    // the creating transactions so far (02-tx-base.sql g_new): every AccountCreate (0) left, and the TRX / TRC10
    // transfers (1, 2) whose draw 45 on the transaction's hash is under p_new
    const pNew = newAccountVars(opts.seed, cfg.pool, cfg.targetTxs).p_new;
    const txh = `mix(mix(hash('tx:' || ${opts.seed}), block_number), tx_index)`;
    await db.run(`CREATE OR REPLACE MACRO mix(h, k) AS hash(xor(CAST(h AS UBIGINT), hash(k)))`);
    const newBefore = Number(await db.scalar(
      `SELECT count(*) FROM read_parquet(${tx}, hive_partitioning = false)
       WHERE contract_type = 0 OR (contract_type IN (1, 2) AND (mix(${txh}, 45) >> 11)::DOUBLE / 9007199254740992.0 < ${pNew})`,
    ));
    const mintedBefore = new Map<number, number>();
    for (const t of TOKENS.filter((x) => x.standard === 'trc721')) {
      const b58 = roles.find((r) => r.i === ROLE.tokenBase - t.tid)?.b58;
      if (!b58) continue;
      const top = await db.scalar(
        `SELECT max(CAST('0x' || right(call_data, 15) AS BIGINT)) FROM read_parquet(${tx}, hive_partitioning = false)
         WHERE contract_type = 31 AND contract_address = ${lit(b58)} AND method_id = ${lit(SELECTORS.mint)}`,
      );
      if (top !== null && top !== undefined) mintedBefore.set(t.tid, Number(top) - 1000);
    }
    const days = Math.min(plan.batchDays, cfg.days - done * plan.batchDays);
    return {
      at: { startTs: plan.startTs + done * plan.batchDays * DAY_MS, days, firstNumber: m.head.number + 1, createdBefore: created, newBefore, mintedBefore, last: done === plan.batches - 1 },
      done,
      manifest: m,
    };
  } finally {
    db.close();
  }
}

interface BatchJob {
  opts: GenerateOptions;
  cfg: (typeof PROFILES)[Profile];
  out: string;
  tmp: string;
  roles: AddressRow[];
  addresses: Promise<void>;
  addrFile: string;
  at: BatchStart;
  lambda: number;
  window: { startTs: number; spanMs: number; endDate: string };
  /** Publish only this batch's days over the lake's current version (every batch after the first). */
  incremental: boolean;
  /** A batched build's opening state, sized over every batch by openingPass (a one-batch build sizes its own). */
  opening?: OpeningState;
  /** This batch as openingPass staged it (a batched build stages each batch once; undefined = stage it here). */
  staged?: StagedBatch;
  bar?: { bar: Progress; offset: number; label: string };
}

/** Generates one batch of days in a fresh staging database and publishes it; returns what the next batch continues from. */
async function generateBatch(job: BatchJob): Promise<{ manifest: Manifest; created: number; newAfter: number; minted: Map<number, number> }> {
  const { opts, cfg, out, tmp, roles, at } = job;
  // TRONLAKE_GEN_TIMING=1 prints the time of each step on stderr (how bench/results/generator-builds.md was measured).
  const timing = process.env.TRONLAKE_GEN_TIMING === '1';
  let mark = performance.now();
  let cpuMark = process.cpuUsage();
  const lap = (label: string): void => {
    if (!timing) return;
    const now = performance.now();
    const cpu = process.cpuUsage(cpuMark);
    process.stderr.write(`[generate] ${job.bar?.label ?? ''}${label}: ${((now - mark) / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s cpu (${(cpu.system / 1e6).toFixed(2)} sys)\n`);
    mark = now;
    cpuMark = process.cpuUsage();
  };
  let step = 0;
  const next = (): void => {
    if (step > 0) lap(GEN_STEPS[step - 1]!);
    const label = GEN_STEPS[step]!;
    job.bar?.bar.update(job.bar.offset + step, { step: `${job.bar.label}${label}` });
    step++;
  };

  let shrink: Promise<void> | undefined;
  let publishing = '';
  // A batch the opening pass kept is loaded from its Parquet files into a fresh staging database (loadStaged), and its
  // folder deleted once the batch is published.
  const stageFile = path.join(tmp, 'stage.duckdb');
  const db = await openStage(job, stageFile);
  try {
    const { vars, created, minted } = job.staged ? await loadStaged(db, job.staged, next) : await stageBatch(db, job, next);
    if (job.incremental) await keepEarlierDimensionRows(db, out);
    // Reference datasets: synthetic ones with the first batch (later batches carry them over), an operator's files
    // instead where given (validated here, before the publish).
    let referenceFiles: Record<string, { file: string; sha256: string }> | undefined;
    // The opening state and the head state as snapshots (docs/generator.md "Opening state"): sized here for a lake
    // made in one batch; a batched build sized it over every batch first (openingPass) and each batch applies its part.
    if (job.opening) await applyOpening(db, job.opening, { first: !job.incremental, last: at.last });
    else if (!job.incremental && at.last) await runFile(db, 'opening-state.sql', vars);
    if (!job.incremental) {
      // issue 34: the generator's DeFi registry, published as projects / project_contracts by 08
      const defi = generatorDefiContracts(roles);
      await insertRows(db, 'g_defi_projects', 'project VARCHAR, name VARCHAR, category VARCHAR, url VARCHAR, source VARCHAR',
        generatorDefiProjects(defi).map((p) => [p.project, p.name, p.category, p.url, p.source]));
      await insertRows(db, 'g_defi_contracts',
        'contract_address VARCHAR, project VARCHAR, venue VARCHAR, role VARCHAR, name VARCHAR, tokens VARCHAR, token_decimals VARCHAR, lp_token VARCHAR, confirmed BOOLEAN, source VARCHAR',
        defi.map((c) => [c.address, c.project, c.venue, c.role, c.name ?? c.address, c.tokens.length ? c.tokens.join(',') : null,
          c.decimals.length ? c.decimals.join(',') : null, c.lpToken ?? null, c.confirmed, c.source]));
      await runFile(db, '08-reference-synthetic.sql', vars);
      await runFile(db, '09-governance.sql', vars); // issue 13: node list snapshot and node geolocation
      await runFile(db, '10-witness-snapshots.sql', vars); // issue 13 part B: lifetime production before the window
      await runFile(db, '11-multichain-synthetic.sql', vars); // multichain_addresses (BitTorrent Chain rows)
      await runFile(db, '11-risk-synthetic.sql', vars); // synthetic risk lists of this chain
      if (opts.referenceDir) referenceFiles = (await stageReferences(db, opts.referenceDir)).files;
    }
    // the energy price change of the window's approved getEnergyFee proposal (governance-schedule.sql, issue 13)
    const energyChange = await db.all('SELECT from_ts, price_sun FROM g_gov_energy');
    await writeStatisticsDimensions(db, out, job.incremental, energyChange.map((r) => ({ fromTs: Number(r.from_ts), price: Number(r.price_sun) })));

    await stageContractCode(db); // contract_code: every contract's ABI (contract-abis.ts)
    // Free the working tables before publish sorts and writes the staged ones.
    for (const r of await db.all(`SELECT table_name FROM duckdb_tables() WHERE table_name LIKE 'g\\_%' ESCAPE '\\'`)) {
      await db.run(`DROP TABLE ${String(r.table_name)}`);
    }

    publishing = 'drop working tables';
    lap('dimensions');
    const head = Number(await db.scalar('SELECT max(block_number) FROM blocks'));
    const days = Array.from({ length: at.days }, (_x, d) => new Date(at.startTs + d * DAY_MS).toISOString().slice(0, 10));
    const manifest = await publishVersion(db, {
      dataDir: out,
      source: { kind: 'generate', profile: opts.profile, seed: opts.seed, endDate: job.window.endDate },
      solidBlock: head - 19,
      // A generator publish keeps only the version it publishes, and every version a live server leases
      // (src/lake/leases.ts: serving, switching or not): the batch before it has nothing a server needs, and its
      // rewritten files (state tables, merged runs) would hold disk for two more batches; a build over another lake
      // in `out` frees that lake's unleased versions at its first publish, not two publishes later.
      keepVersions: 1,
      ...(job.incremental ? { days } : {}),
      referenceFiles,
      onStep: (label, done) => {
        // From 'derive' on, publish works in its own database and this one is idle. A file-backed staging database
        // can drop its cached pages for free, leaving the RAM to the derive sorts (bench: 8 GB + ~19 GB otherwise).
        if (label === 'derive' && cfg.fileBacked) shrink = db.run(`SET memory_limit = '1GB'`).catch(() => undefined);
        lap(publishing);
        publishing = `publish: ${label}`;
        job.bar?.bar.update(job.bar.offset + GEN_STEPS.length + done, { step: `${job.bar.label}publish: ${label}` });
      },
    });
    // Deleted once published, not on a failure: a call that resumes after a failed publish still finds it.
    if (job.staged) await fs.rm(job.staged.dir, { recursive: true, force: true });
    return { manifest, created, newAfter: Number(vars.new_after), minted };
  } finally {
    if (publishing) lap(publishing);
    await shrink;
    db.close();
    await fs.rm(stageFile, { force: true });
    await fs.rm(`${stageFile}.wal`, { force: true });
    await fs.rm(path.join(tmp, 'spill'), { recursive: true, force: true });
  }
}

/** The batch's staging database: in memory, or a file next to the output for the big profiles (it spills). */
async function openStage(job: Pick<BatchJob, 'opts' | 'cfg' | 'tmp'>, stageFile: string): Promise<Db> {
  return Db.open(
    { threads: job.opts.threads ?? os.availableParallelism(), memoryLimit: job.cfg.memoryLimit, tempDirectory: path.join(job.tmp, 'spill') },
    job.cfg.fileBacked ? stageFile : ':memory:',
  );
}

/**
 * Stages one batch's chain facts and dimensions (sql/00-07 and account-kinds.sql) in `db`; returns the SQL variables
 * and what the next batch continues from (created contracts, NFT ids minted). Both passes of a batched build call
 * it with the same BatchStart, so they stage the same rows.
 */
async function stageBatch(
  db: Db,
  job: Pick<BatchJob, 'opts' | 'cfg' | 'roles' | 'addresses' | 'addrFile' | 'at' | 'lambda' | 'window'>,
  next: () => void = () => undefined,
): Promise<{ vars: Record<string, Lit>; created: number; minted: Map<number, number> }> {
  const { opts, cfg, roles, at } = job;
  await db.run('SET preserve_insertion_order = false');
  const vars: Record<string, Lit> = {
    ...sqlVars(opts.seed, cfg.pool, at.startTs, at.days * SLOTS_PER_DAY, at.firstNumber, job.lambda, roles),
    window_start_ts: job.window.startTs,
    window_span_ms: job.window.spanMs,
    end_ts: at.startTs + at.days * DAY_MS,
    busy_tail: at.last ? 25 : 0,
    created_before: at.createdBefore,
    new_before: at.newBefore,
    ...newAccountVars(opts.seed, cfg.pool, cfg.targetTxs),
    energy_price: GENERATOR_ENERGY_PRICE_SUN,
    energy_price_after: GENERATOR_ENERGY_PRICE_AFTER_PROPOSAL_SUN,
    minted_before: at.mintedBefore.size
      ? `(CASE s.tok ${[...at.mintedBefore].map(([tok, n]) => `WHEN ${tok} THEN ${n}`).join(' ')} ELSE 0 END)`
      : '0',
  };

  await loadReference(db);

  next(); // blocks
  await runFile(db, '00-macros.sql', vars);
  await runFile(db, '01-blocks.sql', vars);
  // issue 13: the window's governance schedule; its energy proposal sets the price receipts burn at after it
  await runFile(db, 'governance-schedule.sql', vars);
  const energyChange = await db.all('SELECT from_ts, price_sun FROM g_gov_energy');
  vars.energy_change_ts = energyChange.length ? Number(energyChange[0]!.from_ts) : Number.MAX_SAFE_INTEGER;

  next(); // transaction semantics
  await runFile(db, '02-tx-base.sql', vars);
  const created = Number(await db.scalar('SELECT count(*) FROM g_seq WHERE kid = 12'));
  // what the next batch counts new accounts on from (kept in vars: a kept batch carries them to its publish)
  vars.new_after = at.newBefore + Number(await db.scalar('SELECT count(*) FROM g_new'));
  const minted = new Map(at.mintedBefore);
  for (const r of await db.all('SELECT tok, count(*) AS n FROM g_seq WHERE kid = 25 GROUP BY tok')) {
    minted.set(Number(r.tok), (minted.get(Number(r.tok)) ?? 0) + Number(r.n));
  }

  next(); // events
  await runFile(db, '03-events.sql', vars);

  next(); // addresses
  await job.addresses;
  await db.run(
    `CREATE TABLE g_addr AS SELECT * FROM read_csv(${lit(job.addrFile)}, header = false, delim = ',', quote = '',
       columns = {'i': 'INTEGER', 'b58': 'VARCHAR', 'hex': 'VARCHAR'})`,
  );
  const createdRows = createdAddresses(opts.seed, created, at.createdBefore);
  for (let i = 0; i < createdRows.length; i += 500) {
    const chunk = createdRows.slice(i, i + 500);
    await db.run(`INSERT INTO g_addr VALUES ${chunk.map((r) => `(${r.i}, ${lit(r.b58)}, ${lit(r.hex)})`).join(', ')}`);
  }

  // DeFi kinds (issue 34): their logs and internal transactions need the address table; each transaction's log list
  // must be exactly its n_logs (the transactions' log_count)
  await runFile(db, 'defi-events.sql', vars);
  const badDefi = await db.scalar(
    `SELECT count(*) FROM g_defi_logs l JOIN g_tx0 t ON t.block_number = l.block_number AND t.tx_index = l.tx_index WHERE len(l.lg) <> t.n_logs`,
  );
  if (Number(badDefi) !== 0) throw new Error(`generate: ${badDefi} DeFi transactions whose logs differ from their n_logs`);

  next(); // receipts
  for (const ds of sourceDatasets) await db.run(`CREATE TABLE ${ds.name} (${columnDDL(ds)})`);
  await runFile(db, '04-transactions.sql', vars);
  await runFile(db, 'account-kinds.sql', vars); // issue 12: AccountPermissionUpdate (46)
  await runFile(db, 'governance-transactions.sql', vars); // issue 13

  next(); // transfers, logs, blocks
  await runFile(db, '05-facts.sql', vars);
  await writeStablecoinEvents(db);
  await writeDefiEvents(db, generatorDefiContracts(roles));

  next(); // dimensions
  await runFile(db, '06-dims.sql', vars);
  await runFile(db, '07-token-market.sql', vars);
  return { vars, created, minted };
}

/**
 * `stablecoin_events` from the staged logs, decoded one by one by the registry's decoder, the very function the
 * ingester calls (src/chain/stablecoin-events.ts): both sources give the same rows for the same logs. Only the admin
 * logs of the five coins (and USDD 2.0's Transfers from / to the zero address) are read back: a few hundred rows.
 */
async function writeStablecoinEvents(db: Db): Promise<void> {
  const admin = STABLECOIN_CONTRACTS.flatMap((c) => c.events.map((e) => topicOf(e.signature)));
  const supplyTransfers = STABLECOIN_CONTRACTS.filter((c) => c.zeroTransfers === 'supply').map((c) => lit(c.address));
  const zero = lit('0'.repeat(64));
  const logs = await db.all(
    `WITH l AS (
       SELECT * FROM logs
       WHERE (contract_address IN (${STABLECOIN_CONTRACTS.map((c) => lit(c.address)).join(', ')}) AND topic0 IN (${[...new Set(admin)].map(lit).join(', ')}))
          ${supplyTransfers.length ? `OR (contract_address IN (${supplyTransfers.join(', ')}) AND topic0 = ${lit(TOPICS.transfer)} AND (topic1 = ${zero} OR topic2 = ${zero}))` : ''}
     )
     SELECT l.block_number, l."timestamp", l.tx_hash, t.tx_index, l.log_index, l.contract_address, l.topic0, l.topic1, l.topic2,
            l.topic3, l.data, t.owner_address
     FROM l JOIN transactions t ON t.tx_hash = l.tx_hash AND t.block_number = l.block_number
     ORDER BY l.block_number, t.tx_index, l.log_index`,
  );
  const cols = stablecoinEvents.columns.map((c) => c.name);
  const rows: Lit[][] = [];
  for (const l of logs) {
    const topics = [l.topic0, l.topic1, l.topic2, l.topic3].filter((t) => t !== null && t !== undefined).map(String);
    const f = stablecoinEventFields({ address: base58ToHex(String(l.contract_address)), topics, data: String(l.data ?? '') });
    if (!f) continue;
    const row: Record<string, Lit> = {
      block_number: Number(l.block_number), timestamp: Number(l.timestamp), tx_hash: String(l.tx_hash), tx_index: Number(l.tx_index),
      log_index: Number(l.log_index), operator_address: String(l.owner_address), ...f,
    };
    rows.push(cols.map((c) => row[c] ?? null));
  }
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.run(`INSERT INTO stablecoin_events (${cols.join(', ')}) VALUES ${chunk.map((r) => `(${r.map(lit).join(', ')})`).join(', ')}`);
  }
}

/**
 * `dex_pool_events` and `lending_events` from the staged logs of the generator's DeFi contracts (defi.ts), decoded one
 * by one by the ingester's decoders (src/chain/defi-events.ts decodeDexLog / decodeLendingLog) with the transaction's
 * owner and call data: both sources give the same rows for the same logs. Tiny: ~5 k logs (mostly the swaps' Swap and
 * Sync); appended column-wise (Db.appendColumns).
 */
async function writeDefiEvents(db: Db, contracts: readonly DefiContract[]): Promise<void> {
  const registry = defiRegistry(contracts);
  const emitters = contracts.filter((c) => c.role === 'pool' || c.role === 'psm' || c.role === 'market').map((c) => lit(c.address));
  const logs = await db.all(
    `SELECT l.block_number, l."timestamp", l.tx_hash, t.tx_index, l.log_index, l.contract_address, l.topic0, l.topic1, l.topic2,
            l.topic3, l.data, t.owner_address, t.call_data
     FROM logs l JOIN transactions t ON t.tx_hash = l.tx_hash AND t.block_number = l.block_number
     WHERE l.contract_address IN (${emitters.join(', ')})
     ORDER BY l.block_number, t.tx_index, l.log_index`,
  );
  const dex: Record<string, unknown>[] = [];
  const lending: Record<string, unknown>[] = [];
  for (const l of logs) {
    const c = registry.get(String(l.contract_address));
    if (!c) continue;
    const log = { contract_address: String(l.contract_address), topics: [l.topic0, l.topic1, l.topic2, l.topic3].map((t) => (t === null || t === undefined ? null : String(t))), data: String(l.data ?? '') };
    const tx = { owner: String(l.owner_address), callData: l.call_data === null || l.call_data === undefined ? null : String(l.call_data) };
    const at = { block_number: BigInt(String(l.block_number)), timestamp: BigInt(String(l.timestamp)), tx_hash: String(l.tx_hash), tx_index: Number(l.tx_index), log_index: Number(l.log_index) };
    if (c.role === 'market') {
      const r = decodeLendingLog(log, c, tx);
      if (r) lending.push({ ...at, ...r });
    } else {
      for (const r of decodeDexLog(log, c, tx)) dex.push({ ...at, ...r });
    }
  }
  for (const [ds, rows] of [[dexPoolEvents, dex], [lendingEvents, lending]] as const) {
    if (rows.length) await db.appendColumns(ds.name, ds.columns.map((col) => rows.map((r) => (r[col.name] ?? null) as AppendCell)));
  }
}

/** A batched build's opening state, sized over every batch (openingPass), kept as Parquet files in its build folder. */
interface OpeningState {
  dir: string;
  /** The block before the window's first one: the opening snapshots' as-of block. */
  openBlock: number;
}

/** What opening-state.sql reads of each batch (and changes of transactions): columns of the kept batches' files. */
const OPENING_READS: Record<string, string> = {
  transactions: 'block_number, "timestamp", tx_hash, tx_index, contract_type, owner_address, to_address, amount, token_id, contract_address, resource, parameter_json, contract_ret, fee, withdraw_amount, net_usage, energy_usage',
  token_transfers: 'block_number, log_index, batch_index, token_standard, contract_address, token_id, from_address, to_address, amount_raw',
  stablecoin_events: 'block_number, log_index, contract_address, target_address, amount_raw, balance_effect',
  lending_events: 'block_number, log_index, market_address, borrower_address, event_name, account_borrows_raw',
  internal_transactions: 'block_number, tx_hash, caller_address, to_address, token_id, call_value, rejected',
  blocks: 'block_number, "timestamp"',
};
/** The transaction types opening-state.sql rewrites (owner of a second Stake 1.0 unfreeze, withdrawals, cancels). */
const OPENING_CHANGED_TYPES = '12, 55, 56, 59';

/**
 * One batch as the opening pass staged it: its tables as zstd Parquet files in a folder of their own (the catalog's
 * tables and the working tables a publish still reads), the types of the working tables, and what stageBatch
 * returned. Parquet, not a DuckDB file: a bench batch keeps in ~0.35x the bytes (bench/results/generator-builds.md
 * "Bench build, session 10"),
 * and the opening pass reads its columns from the same files. Exact: the catalog's types and the working tables'
 * recorded types are all kept by Parquet as they are (keepStaged refuses any other).
 */
interface StagedBatch {
  dir: string;
  /** Every kept table with its column definitions: the catalog's DDL for a source dataset, the recorded types else. */
  tables: { name: string; ddl: string; file: string }[];
  vars: Record<string, Lit>;
  created: number;
  minted: Map<number, number>;
}

/**
 * Working tables (g_*) that generateBatch reads after staging: the energy proposal's price change (every batch), and,
 * for the first batch only, the address pool (08-reference-synthetic.sql) and the proposals with their approvals
 * (09-governance.sql). Every other g_* table is dropped before a publish anyway.
 */
const KEPT_WORKING = { every: ['g_gov_energy'], first: ['g_addr', 'g_gov_prop', 'g_gov_approval'] };

/** Column types a Parquet round trip gives back as they were (DuckDB writes HUGEINT as DOUBLE, for one). */
const PARQUET_EXACT = /^(BOOLEAN|TINYINT|SMALLINT|INTEGER|BIGINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|FLOAT|DOUBLE|VARCHAR|DATE|DECIMAL\(\d+,\d+\))$/;

/**
 * Writes a staged batch's tables to zstd Parquet files in a new folder `dir` (the catalog's tables and the working
 * tables the rest of the batch reads), which that batch's publish loads into its staging database (loadStaged).
 * zstd level 1: smaller and cheaper than level 3 on these tables (a bench day's transactions 81.1 against 83.0 MB,
 * 1.4 against 1.8 CPU s; level 9: 82.8 MB, 5.8 s), their bytes being mostly hashes and addresses.
 */
async function keepStaged(
  db: Db,
  dir: string,
  staged: { vars: Record<string, Lit>; created: number; minted: Map<number, number>; first: boolean },
): Promise<StagedBatch> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { recursive: true });
  const working = new Set([...KEPT_WORKING.every, ...(staged.first ? KEPT_WORKING.first : [])]);
  const here = String(await db.scalar('SELECT current_database()')); // 'memory', or the staging file's name
  const rows = await db.all(
    `SELECT table_name, list('"' || replace(column_name, '"', '""') || '" ' || data_type ORDER BY column_index) AS cols
     FROM duckdb_columns() c JOIN duckdb_tables() t USING (database_name, schema_name, table_name)
     WHERE database_name = ${lit(here)} GROUP BY table_name ORDER BY table_name`,
  );
  const declared = new Map(sourceDatasets.map((d) => [d.name, d]));
  const tables: StagedBatch['tables'] = [];
  for (const r of rows) {
    const name = String(r.table_name);
    if (name.startsWith('g_') && !working.has(name)) continue;
    const ds = declared.get(name);
    const cols = (r.cols as string[]).map(String);
    if (!ds) {
      const inexact = cols.filter((c) => !PARQUET_EXACT.test(c.slice(c.lastIndexOf(' ') + 1)));
      if (inexact.length) throw new Error(`generate: kept table ${name} has columns Parquet would not keep exactly: ${inexact.join(', ')}`);
    }
    const file = path.join(dir, `${name}.parquet`);
    await db.run(`COPY ${name} TO ${lit(file)} (FORMAT parquet, COMPRESSION zstd, COMPRESSION_LEVEL 1)`);
    tables.push({ name, ddl: ds ? columnDDL(ds) : cols.join(', '), file });
  }
  if (process.env.TRONLAKE_GEN_TIMING === '1') {
    const c = process.cpuUsage(c0);
    process.stderr.write(`[generate] keep batch (${await dirBytes(dir)} bytes): ${((performance.now() - t0) / 1000).toFixed(2)} s wall, ${((c.user + c.system) / 1e6).toFixed(2)} s cpu\n`);
  }
  return { dir, tables, vars: staged.vars, created: staged.created, minted: staged.minted };
}

/**
 * Loads a batch kept by keepStaged into `db` (generateBatch's fresh staging database), ready for the rest of its
 * batch: every kept table with its declared or recorded types, the connection settings and the macros. Returns what
 * stageBatch returned for it.
 */
async function loadStaged(
  db: Db,
  staged: StagedBatch,
  next: () => void,
): Promise<{ vars: Record<string, Lit>; created: number; minted: Map<number, number> }> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await db.run('SET preserve_insertion_order = false');
  for (const t of staged.tables) {
    await db.run(`CREATE TABLE ${t.name} (${t.ddl})`);
    await db.run(`INSERT INTO ${t.name} BY NAME SELECT * FROM read_parquet(${lit(t.file)})`);
  }
  if (process.env.TRONLAKE_GEN_TIMING === '1') {
    const c = process.cpuUsage(c0);
    process.stderr.write(`[generate] load kept batch (${await dirBytes(staged.dir)} bytes): ${((performance.now() - t0) / 1000).toFixed(2)} s wall, ${((c.user + c.system) / 1e6).toFixed(2)} s cpu\n`);
  }
  for (let i = 0; i < GEN_STEPS.length; i++) next(); // the generation steps ran in the opening pass
  await runFile(db, '00-macros.sql', staged.vars);
  return { vars: staged.vars, created: staged.created, minted: staged.minted };
}

/** Bytes of the files in a folder (not recursive): what a kept batch holds on disk. */
async function dirBytes(dir: string): Promise<number> {
  let n = 0;
  for (const f of await fs.readdir(dir)) n += (await fs.stat(path.join(dir, f))).size;
  return n;
}

/**
 * The first pass of a batched build (docs/generator.md "Multi-batch lakes"): stages every batch as generateBatch will
 * (same BatchStart chain) and keeps its staged tables as Parquet files (keepStaged), runs opening-state.sql once over
 * the columns it reads of all of them, and keeps what it wrote: the changed transactions, the tokens' supplies and the
 * snapshot rows, all in the build folder `plan.dir`, marked ready last (markReady) so a later call reuses them
 * (reuseBuild). A batch's publish loads its kept files instead of staging it again (loadStaged); the batches a
 * resumed build published before (below `keepFrom`) are deleted when the pass ends. Memory: one batch's staging
 * database at a time, then the read columns of every batch; disk: the kept batches (~0.35x the DuckDB files of
 * sessions 8-9), each deleted once its batch is published.
 */
async function openingPass(
  base: Pick<BatchJob, 'opts' | 'cfg' | 'tmp' | 'roles' | 'addresses' | 'addrFile' | 'lambda' | 'window'>,
  start: BatchStart,
  plan: { batches: number; batchDays: number; keepFrom: number; dir: string; key: string },
): Promise<{ state: OpeningState; staged: Map<number, StagedBatch> }> {
  const { cfg, tmp } = base;
  openingPassesRun++;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  // A folder not marked ready under this key is of another build or of a pass that did not end: started over.
  await fs.rm(plan.dir, { recursive: true, force: true });
  const dir = path.join(plan.dir, 'opening');
  await fs.mkdir(dir, { recursive: true });
  const stageFile = path.join(tmp, 'opening-stage.duckdb');
  let at = start;
  let vars: Record<string, Lit> = {};
  const staged = new Map<number, StagedBatch>();
  for (let b = 0; b < plan.batches; b++) {
    const days = Math.min(plan.batchDays, cfg.days - b * plan.batchDays);
    at = { ...at, days, last: b === plan.batches - 1 };
    const db = await openStage(base, stageFile);
    try {
      const staged_ = await stageBatch(db, { ...base, at });
      vars = staged_.vars;
      // Every batch is kept, also one a resumed build published before (b < keepFrom): opening-state.sql reads its
      // columns from the kept files; those are deleted when the pass ends, the others once their batch is published.
      staged.set(b, await keepStaged(db, path.join(plan.dir, `staged-${b}`), { ...staged_, first: b === 0 }));
      const head = Number(await db.scalar('SELECT max(block_number) FROM blocks'));
      at = { startTs: at.startTs + days * DAY_MS, days, firstNumber: head + 1, createdBefore: at.createdBefore + staged_.created, newBefore: Number(staged_.vars.new_after), mintedBefore: staged_.minted, last: false };
    } finally {
      db.close();
      await fs.rm(stageFile, { force: true });
      await fs.rm(`${stageFile}.wal`, { force: true });
    }
  }
  const db = await openStage(base, stageFile);
  try {
    await db.run('SET preserve_insertion_order = false');
    await runFile(db, '00-macros.sql', vars);
    const keptFiles = (name: string): string[] => [...staged.values()].map((k) => k.tables.find((t) => t.name === name)!.file);
    for (const [name, cols] of Object.entries(OPENING_READS)) {
      await db.run(`CREATE TABLE ${name} AS SELECT ${cols} FROM read_parquet([${keptFiles(name).map(lit).join(', ')}])`);
    }
    for (const name of ['tokens', 'witnesses']) await db.run(`CREATE TABLE ${name} AS SELECT * FROM read_parquet(${lit(keptFiles(name)[0]!)})`);
    for (const ds of snapshotDatasets) await db.run(`CREATE TABLE ${ds.name} (${columnDDL(ds)})`);
    await base.addresses;
    await db.run(
      `CREATE TABLE g_addr AS SELECT * FROM read_csv(${lit(base.addrFile)}, header = false, delim = ',', quote = '',
         columns = {'i': 'INTEGER', 'b58': 'VARCHAR', 'hex': 'VARCHAR'})`,
    );
    await runFile(db, 'opening-state.sql', vars);
    const openBlock = Number(await db.scalar('SELECT open_block FROM g_os_bounds'));
    await db.run(
      `COPY (SELECT block_number, tx_index, contract_type, owner_address, amount, withdraw_amount, parameter_json FROM transactions
             WHERE contract_type IN (${OPENING_CHANGED_TYPES})) TO ${lit(path.join(dir, 'changed-transactions.parquet'))} (FORMAT parquet)`,
    );
    await db.run(`COPY (SELECT token_id, token_standard, total_supply_raw FROM tokens) TO ${lit(path.join(dir, 'supplies.parquet'))} (FORMAT parquet)`);
    for (const ds of snapshotDatasets) {
      if (Number(await db.scalar(`SELECT count(*) FROM ${ds.name}`)) === 0) continue;
      await db.run(`COPY ${ds.name} TO ${lit(path.join(dir, `snap-${ds.name}.parquet`))} (FORMAT parquet)`);
    }
    if (process.env.TRONLAKE_GEN_TIMING === '1') {
      const c = process.cpuUsage(c0);
      process.stderr.write(`[generate] opening pass (${plan.batches} batches): ${((performance.now() - t0) / 1000).toFixed(2)} s wall, ${((c.user + c.system) / 1e6).toFixed(2)} s cpu\n`);
    }
    for (const [b, k] of staged) {
      if (b >= plan.keepFrom) continue;
      await fs.rm(k.dir, { recursive: true, force: true });
      staged.delete(b);
    }
    const state = { dir, openBlock };
    await markReady(plan.dir, plan.key, state, staged);
    return { state, staged };
  } finally {
    db.close();
    await fs.rm(stageFile, { force: true });
    await fs.rm(`${stageFile}.wal`, { force: true });
  }
}

/** Written last into a build folder, once every file of the opening pass is complete: the folder is ready. */
const READY = 'ready.json';

/** What READY records: the key the folder was made under, and what a resumed build needs of each kept batch. */
interface ReadyMark {
  key: string;
  openBlock: number;
  batches: { batch: number; tables: { name: string; ddl: string; file: string }[]; vars: Record<string, Lit>; created: number; minted: [number, number][] }[];
}

/**
 * Marks a build folder ready (docs/generator.md "The build folder"): the marker is written to a temporary name, flushed
 * and renamed into place, after every file it names is complete, so a build killed at any point leaves a folder
 * either marked (usable) or not (removed by the next call). File names are relative: the folder may be moved.
 */
async function markReady(dir: string, key: string, state: OpeningState, staged: Map<number, StagedBatch>): Promise<void> {
  const mark: ReadyMark = {
    key,
    openBlock: state.openBlock,
    batches: [...staged].map(([batch, k]) => ({
      batch,
      tables: k.tables.map((t) => ({ ...t, file: path.basename(t.file) })),
      vars: k.vars,
      created: k.created,
      minted: [...k.minted],
    })),
  };
  const file = path.join(dir, READY);
  const fh = await fs.open(`${file}.tmp`, 'w');
  try {
    await fh.writeFile(JSON.stringify(mark));
    await fh.sync();
  } finally {
    await fh.close();
  }
  await fs.rename(`${file}.tmp`, file);
}

/**
 * The opening state and kept batches of a build folder marked ready under `key`, or null (no folder, no marker, or
 * another key: the caller runs the pass, which removes the folder first). A kept batch whose files are not all there
 * (its deletion after its publish was cut short) is dropped, and is staged afresh if it is still to be published
 * (deterministic: the same rows); kept batches the lake holds already (below `first`) are deleted.
 */
async function reuseBuild(dir: string, key: string, first: number): Promise<{ state: OpeningState; staged: Map<number, StagedBatch> } | null> {
  let mark: ReadyMark;
  try {
    mark = JSON.parse(await fs.readFile(path.join(dir, READY), 'utf8')) as ReadyMark;
  } catch {
    return null;
  }
  if (mark.key !== key) return null;
  const staged = new Map<number, StagedBatch>();
  for (const k of mark.batches) {
    const kdir = path.join(dir, `staged-${k.batch}`);
    const tables = k.tables.map((t) => ({ ...t, file: path.join(kdir, t.file) }));
    const whole = (await Promise.all(tables.map((t) => fs.stat(t.file).then(() => true, () => false)))).every(Boolean);
    if (k.batch < first || !whole) {
      await fs.rm(kdir, { recursive: true, force: true });
      continue;
    }
    staged.set(k.batch, { dir: kdir, tables, vars: k.vars, created: k.created, minted: new Map(k.minted) });
  }
  if (process.env.TRONLAKE_GEN_TIMING === '1') {
    process.stderr.write(`[generate] opening pass reused from ${dir} (kept batches ${[...staged.keys()].map((b) => b + 1).join(', ') || 'none'})\n`);
  }
  return { state: { dir: path.join(dir, 'opening'), openBlock: mark.openBlock }, staged };
}

/**
 * What a build folder's contents are determined by: the profile's sizes, seed, end date, batch days, and the
 * generator's own sources (this folder's code and SQL, and the project modules that shape its rows), so a changed
 * generator never reuses an opening state it would not make. Threads, progress and reference files change no row
 * of the pass, so they are not part of it.
 */
async function buildKey(opts: GenerateOptions, cfg: (typeof PROFILES)[Profile], endDate: string, batchDays: number): Promise<string> {
  const h = createHash('sha256');
  h.update(JSON.stringify({ profile: opts.profile, seed: opts.seed, endDate, days: cfg.days, targetTxs: cfg.targetTxs, pool: cfg.pool, batchDays }));
  const here = fileURLToPath(new URL('./', import.meta.url));
  const sources = [
    // main.ts is the measuring runner: it passes options (hashed above) and shapes no row
    ...(await fs.readdir(here, { recursive: true })).filter((f) => /\.(ts|sql)$/.test(f) && f !== 'main.ts').map((f) => path.join(here, f)),
    ...GENERATOR_MODULES.map((m) => fileURLToPath(new URL(m, import.meta.url))),
  ].sort();
  for (const f of sources) h.update(`${path.relative(here, f)}\0`).update(await fs.readFile(f)).update('\0');
  return h.digest('hex');
}

/** Project modules whose content shapes the generated rows (the catalog's tables, the fee prices, address encoding). */
const GENERATOR_MODULES = [...['types', 'raw', 'dimensions', 'snapshots', 'reference'].map((f) => `../../src/lake/datasets/${f}.ts`), '../../src/chain/economics.ts', '../../src/chain/address.ts', '../../src/chain/defi-events.ts'];

/**
 * One batch's part of a batched build's opening state: its transactions as opening-state.sql changed them, the
 * tokens' supplies, and the snapshots: the opening rows with the first batch (the ledgers start from them), every
 * row (opening and head) with the last one; a batch in between stages none, so the lake keeps the ones it has.
 */
async function applyOpening(db: Db, o: OpeningState, when: { first: boolean; last: boolean }): Promise<void> {
  await db.run(
    `UPDATE transactions SET contract_type = c.contract_type, owner_address = c.owner_address, amount = c.amount,
            withdraw_amount = c.withdraw_amount, parameter_json = c.parameter_json
     FROM read_parquet(${lit(path.join(o.dir, 'changed-transactions.parquet'))}) c
     WHERE transactions.block_number = c.block_number AND transactions.tx_index = c.tx_index`,
  );
  await db.run(
    `UPDATE tokens SET total_supply_raw = s.total_supply_raw FROM read_parquet(${lit(path.join(o.dir, 'supplies.parquet'))}) s
     WHERE tokens.token_id = s.token_id AND tokens.token_standard = s.token_standard`,
  );
  if (!when.first && !when.last) return;
  for (const ds of snapshotDatasets) {
    const file = path.join(o.dir, `snap-${ds.name}.parquet`);
    if (!(await fs.stat(file).catch(() => null))) continue;
    await db.run(`INSERT INTO ${ds.name} BY NAME SELECT * FROM read_parquet(${lit(file)}) ${when.last ? '' : `WHERE as_of_block = ${o.openBlock}`}`);
  }
}

/**
 * The two small dimensions of the network statistics (issue 11): the resource prices the fees were burned at (the
 * generator's constant schedule) and synthetic totals before the window's first block, where cumulative series start.
 */
async function writeStatisticsDimensions(db: Db, out: string, incremental: boolean, energyChanges: { fromTs: number; price: number }[]): Promise<void> {
  await db.run(
    `INSERT INTO resource_prices VALUES ('energy', 0, ${GENERATOR_ENERGY_PRICE_SUN}), ('bandwidth', 0, ${GENERATOR_BANDWIDTH_PRICE_SUN})`,
  );
  for (const e of energyChanges) await db.run(`INSERT INTO resource_prices VALUES ('energy', ${e.fromTs}, ${e.price})`);
  // A later batch continues the window: the totals are those before its first published block, not before the batch.
  const first = incremental ? (await readManifest(out))!.first.number : Number(await db.scalar('SELECT min(block_number) FROM blocks'));
  // The same figures as the chain_anchors of 08-reference-synthetic.sql (one function, src/chain/economics.ts).
  const p = generatorPreWindow(first);
  await db.run(`INSERT INTO pre_window_totals VALUES (${first - 1}, ${p.txCount}, ${p.bytes}, 'generator')`);
}

/**
 * A batch makes the dimension rows of its own days (contracts created in them, their token prices); the rows of the
 * earlier batches come from the published version, so each publish writes the whole dimension.
 */
async function keepEarlierDimensionRows(db: Db, out: string): Promise<void> {
  const m = await readManifest(out);
  if (!m) return;
  const dir = path.join(versionDir(out, m), 'dim');
  const keys: Record<string, string[]> = { contracts: ['address'], token_prices: ['token_id', 'day'] };
  for (const [name, key] of Object.entries(keys)) {
    if (!(m.tables[name]?.rows ?? 0)) continue;
    const on = key.map((k) => `p.${k} = c.${k}`).join(' AND ');
    await db.run(
      `INSERT INTO ${name} BY NAME SELECT p.* FROM read_parquet(${lit(path.join(dir, `${name}.parquet`))}) p
       WHERE NOT EXISTS (SELECT 1 FROM ${name} c WHERE ${on})`,
    );
  }
}
