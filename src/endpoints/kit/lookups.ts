/**
 * Shared sub-objects of list responses (reference §1.4): `contractMap` (address → is a contract), `contractInfo`
 * (contract → label info) and `tokenInfo`. Read from the in-memory dimension tables in one query per response.
 */
import type { Cell, Row } from '../../duckdb/duck.ts';

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

export interface Lookups {
  /** `{ address: isContract }` for every given address, e.g. `await contractMap(['T…'])`. */
  contractMap(addresses: readonly string[]): Promise<{ map: Record<string, boolean>; info: Record<string, ContractInfo> }>;
  /** tokenInfo by token id (TRC10 id or contract address; '_' is TRX). Unknown ids are absent. */
  tokenInfo(ids: readonly string[]): Promise<Map<string, TokenInfo>>;
}

type Runner = (sqlId: string, binds: Record<string, readonly string[]>) => Promise<Row[]>;

/** Lookups backed by the common SQL templates (sql/common/*.sql). */
export function createLookups(run: Runner): Lookups {
  return {
    async contractMap(addresses) {
      const unique = [...new Set(addresses.filter((a) => a))];
      const map: Record<string, boolean> = {};
      const info: Record<string, ContractInfo> = {};
      for (const a of unique) map[a] = false;
      if (unique.length === 0) return { map, info };
      for (const r of await run('common/contract_map', { addresses: unique })) {
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
      const want = [...new Set(ids.filter((i) => i && i !== '_'))];
      if (ids.includes('_')) out.set('_', TRX_TOKEN_INFO);
      if (want.length === 0) return out;
      for (const r of await run('common/token_info', { ids: want })) {
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
export const LOOKUP_QUERIES = ['common/contract_map', 'common/token_info'] as const;

/**
 * `normalAddressInfo` of the list envelopes (reference §1.4) from a contractMap: each non-contract address →
 * `{ risk: false }` (the lake holds no risk list), e.g. `normalAddressInfo({ Ta: false, Tb: true })` = `{ Ta: { risk: false } }`.
 */
export function normalAddressInfo(map: Record<string, boolean>): Record<string, { risk: boolean }> {
  const out: Record<string, { risk: boolean }> = {};
  for (const [a, isContract] of Object.entries(map)) if (!isContract) out[a] = { risk: false };
  return out;
}
