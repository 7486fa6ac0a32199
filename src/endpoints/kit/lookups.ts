/**
 * Shared sub-objects of list responses (reference §1.4): `contractMap` (address → is a contract), `contractInfo`
 * (contract → label info) and `tokenInfo`. Read from the in-memory dimension tables in one query per response.
 */
import type { Cell, Row } from '../../duckdb/duck.ts';
import { perVersion } from './per-version.ts';

export interface TokenInfo {
  tokenId: string;
  tokenAbbr: string;
  tokenName: string;
  tokenDecimal: number;
  tokenCanShow: number;
  tokenType: string;
  tokenLogo: string;
  tokenLevel: string;
  vip: boolean;
  issuerAddr: string;
}

export interface ContractInfo {
  tag1: string;
  tag1Url: string;
  name: string;
  isToken: boolean;
  vip: boolean;
  risk: boolean;
  publicTagDesc: string;
}

/** The native coin's tokenInfo (tokenId `_`, 6 decimals). */
export const TRX_TOKEN_INFO: TokenInfo = {
  tokenId: '_',
  tokenAbbr: 'trx',
  tokenName: 'trx',
  tokenDecimal: 6,
  tokenCanShow: 1,
  tokenType: 'trc10',
  tokenLogo: 'https://static.tronscan.org/production/logo/trx.png',
  tokenLevel: '2',
  vip: false,
  issuerAddr: '',
};

/** A witness's display fields (the witnesses dimension), e.g. `{ name: 'Poloniex', url: 'https://…', rank: 3 }`. */
export interface WitnessInfo {
  name: string | null;
  url: string | null;
  rank: number | null;
}

export interface Lookups {
  /** `{ address: isContract }` for every given address, e.g. `await contractMap(['T…'])`. */
  contractMap(addresses: readonly string[]): Promise<{ map: Record<string, boolean>; info: Record<string, ContractInfo> }>;
  /** tokenInfo by token id (TRC10 id or contract address; '_' is TRX). Unknown ids are absent. */
  tokenInfo(ids: readonly string[]): Promise<Map<string, TokenInfo>>;
  /**
   * The witnesses among `addresses` by address (absent: not a witness), as a LEFT JOIN on the witnesses dimension
   * answers them, e.g. `(await witnessInfo(['T…'])).get('T…')?.name` (issue 32: the join cost a block lookup 3-6 ms).
   */
  witnessInfo(addresses: readonly string[]): Promise<Map<string, WitnessInfo>>;
  /** The public tag of each labelled address among `addresses` (address_labels); absent: no label. */
  addressTags(addresses: readonly string[]): Promise<Map<string, string>>;
  /** The addresses among `addresses` a risk list names (risk_addresses). */
  riskListed(addresses: readonly string[]): Promise<Set<string>>;
  /** The project of each contract among `contracts` the registry knows (project_contracts with its projects row). */
  projectsOf(contracts: readonly string[]): Promise<Map<string, ProjectInfo>>;
}

/** A registry project as the approval records show it (reference datasets projects / project_contracts). */
export interface ProjectInfo {
  project: string;
  name: string | null;
  url: string | null;
}

type Runner = (sqlId: string, binds: Record<string, readonly string[]>) => Promise<Row[]>;

/**
 * The served version whose dimensions and references the lookups read: the object the per-version maps are kept with
 * (its manifest) and each dataset's row count (its manifest table entry).
 */
export interface LookupVersion {
  key: object;
  /** Rows of a dimension or reference dataset by name, e.g. `rowsOf('tokens')` (undefined: unknown, asked per response). */
  rowsOf(table: string): number | undefined;
}

/**
 * Most rows of a dimension the lookups keep in a map of their own (per served version, read once by the first
 * response that needs it): a lookup is then a Map read instead of one SQL round trip per response (1-3 ms on the
 * default lake). A larger dimension is asked per response with `common/token_info` / `common/contract_map`, so
 * memory stays bounded whatever the lake (200,000 contracts ≈ 40 MB of map).
 */
export const DIMENSION_MAP_ROWS = 200_000;

/** A dimension by its key column: each key's row and its place in the dimension's order. */
type DimensionMap = Map<string, { row: Row; at: number }>;

/** One dimension as a map by its key column, read once per version (kit/per-version.ts). */
function dimensionMap(v: LookupVersion, which: string, load: () => Promise<Row[]>, key: string): Promise<DimensionMap> {
  return perVersion(v.key, `lookups:${which}`, () => load().then((rows) => new Map(rows.map((row, at) => [String(row[key]), { row, at }] as const))));
}

/**
 * A table the lookups read by key: `all` reads it whole (kept per version when it has at most DIMENSION_MAP_ROWS
 * rows), `some` the rows of the keys bound as `bind` (a larger table, per response).
 */
interface LookupTable {
  all: string;
  some: string;
  bind: string;
  key: string;
  /** The dataset it reads (its row count decides map or statement). */
  table: string;
}

const TABLES = {
  contracts: { all: 'common/contracts_all', some: 'common/contract_map', bind: 'addresses', key: 'address', table: 'contracts' },
  tokens: { all: 'common/tokens_all', some: 'common/token_info', bind: 'ids', key: 'token_id', table: 'tokens' },
  witnesses: { all: 'common/witnesses_all', some: 'common/witness_info', bind: 'addresses', key: 'address', table: 'witnesses' },
  tags: { all: 'common/address_tags_all', some: 'common/address_tags', bind: 'addresses', key: 'address', table: 'address_labels' },
  risks: { all: 'common/risk_listed_all', some: 'common/risk_listed', bind: 'addresses', key: 'address', table: 'risk_addresses' },
  projects: { all: 'common/contract_projects_all', some: 'common/contract_projects', bind: 'contracts', key: 'contract_address', table: 'project_contracts' },
} as const satisfies Record<string, LookupTable>;

/**
 * The rows of `ids` from a whole-dimension map in the dimension's order, as the SQL lookup answers them (the order
 * of contractInfo's keys), e.g. `pick(m, ['Tb', 'Ta'])` = [row of Ta, row of Tb] when Ta comes first in the table.
 */
function pick(m: DimensionMap, ids: readonly string[]): Row[] {
  const found: { row: Row; at: number }[] = [];
  for (const id of ids) {
    const e = m.get(id);
    if (e) found.push(e);
  }
  return found.sort((a, b) => a.at - b.at).map((e) => e.row);
}

/** The rows of `ids` (distinct, not empty) in `t`'s order, from the per-version map or one statement. */
function lookupRows(run: Runner, version: LookupVersion | undefined, t: LookupTable, ids: string[]): Promise<Row[]> {
  return version && (version.rowsOf(t.table) ?? Infinity) <= DIMENSION_MAP_ROWS
    ? dimensionMap(version, t.all, () => run(t.all, {}), t.key).then((m) => pick(m, ids))
    : run(t.some, { [t.bind]: ids });
}

/** `xs` without empty strings or repeats, in first-seen order. */
function distinct(xs: readonly string[]): string[] {
  return [...new Set(xs.filter((x) => x))];
}

/**
 * Lookups backed by the common SQL templates (sql/common/*.sql); with `version`, a dimension of at most
 * DIMENSION_MAP_ROWS rows is read whole once per version (`common/tokens_all`, `common/contracts_all`) and looked up
 * in memory.
 */
export function createLookups(run: Runner, version?: LookupVersion): Lookups {
  // Made per request: no arrow is kept in a const or a property here (context.ts says why).
  return {
    async addressTags(addresses) {
      const unique = distinct(addresses);
      return new Map(unique.length === 0 ? [] : (await lookupRows(run, version, TABLES.tags, unique)).map((r) => [String(r.address), str(r.public_tag)]));
    },
    async riskListed(addresses) {
      const unique = distinct(addresses);
      return new Set(unique.length === 0 ? [] : (await lookupRows(run, version, TABLES.risks, unique)).map((r) => String(r.address)));
    },
    async projectsOf(contracts) {
      const unique = distinct(contracts);
      const rows = unique.length === 0 ? [] : await lookupRows(run, version, TABLES.projects, unique);
      return new Map(rows.map((r) => [String(r.contract_address), { project: String(r.project), name: r.name === null ? null : String(r.name), url: r.url === null ? null : String(r.url) }]));
    },
    async witnessInfo(addresses) {
      const out = new Map<string, WitnessInfo>();
      const unique = distinct(addresses);
      if (unique.length === 0) return out;
      for (const r of await lookupRows(run, version, TABLES.witnesses, unique)) {
        out.set(String(r.address), { name: r.name === null ? null : String(r.name), url: r.url === null ? null : String(r.url), rank: r.rank === null ? null : Number(r.rank) });
      }
      return out;
    },
    async contractMap(addresses) {
      const unique = distinct(addresses);
      const map: Record<string, boolean> = {};
      const info: Record<string, ContractInfo> = {};
      for (const a of unique) map[a] = false;
      if (unique.length === 0) return { map, info };
      for (const r of await lookupRows(run, version, TABLES.contracts, unique)) {
        const a = String(r.address);
        map[a] = true;
        info[a] = {
          tag1: str(r.tag),
          tag1Url: '',
          name: str(r.name),
          isToken: r.is_token === true,
          vip: false,
          risk: false,
          publicTagDesc: '',
        };
      }
      return { map, info };
    },
    async tokenInfo(ids) {
      const out = new Map<string, TokenInfo>();
      const want = distinct(ids.filter((i) => i !== '_'));
      if (ids.includes('_')) out.set('_', TRX_TOKEN_INFO);
      if (want.length === 0) return out;
      for (const r of await lookupRows(run, version, TABLES.tokens, want)) {
        out.set(String(r.token_id), {
          tokenId: String(r.token_id),
          tokenAbbr: str(r.symbol),
          tokenName: str(r.name),
          tokenDecimal: Number(r.decimals ?? 0),
          tokenCanShow: Number(r.can_show ?? 1),
          tokenType: str(r.token_standard),
          tokenLogo: str(r.logo_url),
          tokenLevel: String(r.level ?? 0),
          vip: r.vip === true,
          issuerAddr: str(r.issuer_address),
        });
      }
      return out;
    },
  };
}

const str = (v: Cell | undefined): string => (v === null || v === undefined ? '' : String(v));

/** The SQL ids the lookups use (loaded at boot with the endpoints' templates). */
export const LOOKUP_QUERIES = Object.values(TABLES).flatMap((t) => [t.all, t.some]);

/**
 * `normalAddressInfo` of the list envelopes (reference §1.4) from a contractMap: each non-contract address →
 * `{ risk: false }` (the lake holds no risk list), e.g. `normalAddressInfo({ Ta: false, Tb: true })` = `{ Ta: { risk: false } }`.
 */
export function normalAddressInfo(map: Record<string, boolean>): Record<string, { risk: boolean }> {
  const out: Record<string, { risk: boolean }> = {};
  for (const [a, isContract] of Object.entries(map)) if (!isContract) out[a] = { risk: false };
  return out;
}
