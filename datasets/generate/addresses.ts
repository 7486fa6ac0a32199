/**
 * The address table of the generator: user pool (index 0..N-1, sha256(seed, i)) and fixed role addresses
 * (negative indices, see ROLE in reference.ts). Written to a CSV (index, base58, 40-hex) that DuckDB reads.
 * Base58 goes through src/chain/address.ts, the one encoder of the project.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { base58ToHex, hexToBase58, ZERO_ADDRESS } from '../../src/chain/address.ts';
import { CONTRACTS, REAL_PAIRS, ROLE, TID, TOKENS } from './reference.ts';

export interface AddressRow {
  i: number;
  b58: string;
  /** 20-byte EVM form, 40 lowercase hex (the 0x41 prefix dropped), as in topics and ABI words. */
  hex: string;
}

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Address from a label: 0x41 + the first 20 bytes of sha256(label). */
export function syntheticAddress(label: string): AddressRow['hex'] {
  return sha(label).slice(0, 40);
}

function row(i: number, hex: string): AddressRow {
  return { i, b58: hexToBase58('41' + hex), hex };
}

function realRow(i: number, b58: string): AddressRow {
  return { i, b58, hex: base58ToHex(b58).slice(2) };
}

/** Role index of the deployer of CONTRACTS[j]. */
export const deployerRole = (j: number): number => -20 - j;

/** Number of witnesses: 27 SRs, 100 partners, 30 candidates. */
export const N_WITNESSES = 157;

/** Role addresses: seed-independent so token contracts and witnesses keep their address across seeds. */
export function roleAddresses(): AddressRow[] {
  const out: AddressRow[] = [];
  out.push(row(ROLE.usdtOwner, syntheticAddress('tronlake:role:usdt-owner')));
  out.push(realRow(ROLE.zero, ZERO_ADDRESS));
  CONTRACTS.forEach((c, j) => {
    out.push(c.address ? realRow(c.role, c.address) : row(c.role, syntheticAddress(`tronlake:contract:${c.name}`)));
    out.push(row(deployerRole(j), syntheticAddress(`tronlake:deployer:${c.name}`)));
  });
  for (let r = 1; r <= N_WITNESSES; r++) out.push(row(ROLE.witnessBase - r, syntheticAddress(`tronlake:witness:${r}`)));
  for (const t of TOKENS) {
    if (t.standard !== 'trc10') {
      out.push(t.address ? realRow(ROLE.tokenBase - t.tid, t.address) : row(ROLE.tokenBase - t.tid, syntheticAddress(`tronlake:token:${t.symbol}:${t.tid}`)));
    }
    out.push(row(ROLE.issuerBase - t.tid, syntheticAddress(`tronlake:issuer:${t.tid}`)));
    if (t.standard === 'trc20' && t.tid !== TID.WTRX) {
      const real = REAL_PAIRS[t.tid];
      out.push(real ? realRow(ROLE.pairBase - t.tid, real) : row(ROLE.pairBase - t.tid, syntheticAddress(`tronlake:pair:${t.tid}`)));
    }
  }
  return out;
}

/** Contracts created by the n-th CreateSmartContract (n = 1..count), seed-dependent. */
export function createdAddresses(seed: number, count: number, before = 0): AddressRow[] {
  const out: AddressRow[] = [];
  for (let n = before + 1; n <= before + count; n++) out.push(row(ROLE.createdBase - n, syntheticAddress(`${seed}:created:${n}`)));
  return out;
}

/**
 * Writes the user pool (0..n-1) and the given extra rows as CSV `i,b58,hex` to `file`, streaming
 * (the bench pool has millions of rows). Pool address i = 0x41 + sha256("<seed>:<i>")[0..20].
 */
export async function writeAddressCsv(file: string, seed: number, n: number, extra: AddressRow[], onProgress?: (done: number) => void): Promise<void> {
  const out = createWriteStream(file);
  const write = async (s: string): Promise<void> => {
    if (!out.write(s)) await once(out, 'drain');
  };
  let buf = '';
  for (const r of extra) buf += `${r.i},${r.b58},${r.hex}\n`;
  for (let i = 0; i < n; i++) {
    const hex = syntheticAddress(`${seed}:${i}`);
    buf += `${i},${hexToBase58('41' + hex)},${hex}\n`;
    // 64 KB chunks (~800 addresses, a few ms of hashing): each write awaits 'drain', which is when the DuckDB
    // statements running beside this loop get their completions; 1 MB chunks held each of them up to ~70 ms
    if (buf.length > 1 << 16) {
      await write(buf);
      buf = '';
      onProgress?.(i + 1);
    }
  }
  await write(buf);
  out.end();
  await once(out, 'finish');
  onProgress?.(n);
}
