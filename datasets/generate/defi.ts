/**
 * The generator's DeFi registry (issue 34): the pools, PSM and markets its DeFi kinds use (reference.ts kinds 23, 24,
 * 31-34), as `DefiContract`s of src/chain/defi-events.ts, the type the ingester's registry has. The staged logs are
 * decoded with it by the ingester's very decoders (index.ts writeDefiEvents), and it is published as the generated
 * lake's `projects` / `project_contracts` (08-reference-synthetic.sql). Contracts with a real address are the code
 * registry's own entries (their reference marks and confirmation flags); the rest are synthetic.
 */
import { DEFI_CONTRACTS, DEFI_PROJECTS, type DefiContract, type DefiProject } from '../../src/chain/defi-events.ts';
import type { AddressRow } from './addresses.ts';
import { CONTRACTS, REAL_PAIRS, ROLE, TID, TOKEN_PICKS, TOKENS } from './reference.ts';

/** The code registry's entry of a real address the generator uses (an error if the registry lacks it). */
function real(address: string): DefiContract {
  const c = DEFI_CONTRACTS.find((x) => x.address === address);
  if (!c) throw new Error(`generate: ${address} is not in the DeFi registry (src/chain/defi-events.ts)`);
  return c;
}

/** The generator's DeFi contracts, from its role addresses (addresses.ts roleAddresses). */
export function generatorDefiContracts(roles: readonly AddressRow[]): DefiContract[] {
  const b58 = (i: number): string => {
    const r = roles.find((x) => x.i === i);
    if (!r) throw new Error(`generate: no role address ${i}`);
    return r.b58;
  };
  const token = (tid: number): { address: string; decimals: number } => {
    const t = TOKENS.find((x) => x.tid === tid)!;
    return { address: b58(ROLE.tokenBase - tid), decimals: t.decimals };
  };
  const wtrx = token(TID.WTRX);
  const out: DefiContract[] = [];
  // SunSwap V2: the router the swaps and liquidity moves call and the factory (real, the registry's), then every pair a
  // swap or a liquidity move touches (TOKEN_PICKS of kinds 23, 24, 31): token/WTRX, or WTRX/token for a real pair
  // whose token0 is WTRX (reference.ts REAL_PAIRS; the registry's entry then)
  out.push(real(CONTRACTS.find((c) => c.role === ROLE.router)!.address!), real(CONTRACTS.find((c) => c.role === ROLE.v2Factory)!.address!));
  const pairTids = [...new Set([230, 240, 310, 311].flatMap((k) => Object.keys(TOKEN_PICKS[k]!).map(Number)))].sort((a, b) => a - b);
  for (const tid of pairTids) {
    if (REAL_PAIRS[tid]) {
      out.push(real(REAL_PAIRS[tid]!));
      continue;
    }
    const t = token(tid);
    const pair = b58(ROLE.pairBase - tid);
    const sym = TOKENS.find((x) => x.tid === tid)!.symbol;
    out.push({
      address: pair, project: 'sunswap', venue: 'sunswap_v2', role: 'pool', name: `SunSwap V2 ${sym}/WTRX (synthetic)`,
      tokens: [t.address, wtrx.address], decimals: [t.decimals, wtrx.decimals], lpToken: pair, confirmed: true, source: 'synthetic',
    });
  }
  // SUN.io stable pools: synthetic addresses (the real 2pool's coin0 is USDD-old per the registry, UNCONFIRMED; the
  // real 3pool's coin order is unknown), with the coins of the real ones (ref §3.0): USDD 2.0 + USDT, USDD + TUSD + USDT
  const usdd = token(TID.USDD);
  const tusd = token(TID.TUSD);
  const usdt = token(TID.USDT);
  out.push(
    { address: b58(ROLE.stable2), project: 'sunio', venue: 'sun_stableswap', role: 'pool', name: 'USDD 2pool (USDD+USDT) (synthetic)',
      tokens: [usdd.address, usdt.address], decimals: [usdd.decimals, usdt.decimals], lpToken: b58(ROLE.stable2Lp), confirmed: true, source: 'synthetic' },
    { address: b58(ROLE.stable3), project: 'sunio', venue: 'sun_stableswap', role: 'pool', name: '3pool (USDD+TUSD+USDT) (synthetic)',
      tokens: [usdd.address, tusd.address, usdt.address], decimals: [usdd.decimals, tusd.decimals, usdt.decimals], lpToken: b58(ROLE.stable3Lp), confirmed: true, source: 'synthetic' },
  );
  // USDD PSM-USDT and its GemJoin, JustLend's Comptroller, jTRX and jUSDT: the real contracts (registry entries)
  for (const role of [ROLE.psm, ROLE.gemJoin, ROLE.comptroller, ROLE.jTrx, ROLE.jUsdt]) out.push(real(CONTRACTS.find((c) => c.role === role)!.address!));
  return out;
}

/** The projects of the generator's contracts (the code registry's rows: every contract belongs to a real project). */
export function generatorDefiProjects(contracts: readonly DefiContract[]): DefiProject[] {
  const used = new Set(contracts.map((c) => c.project));
  return DEFI_PROJECTS.filter((p) => used.has(p.project));
}
