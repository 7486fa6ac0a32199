/**
 * The fake node's TRC20 state (issue 14): `balanceOf(address)` and `totalSupply()` answered as of its solid head,
 * consistently with the `Transfer` events of the blocks it serves. Every address opens (as of the block before the
 * node's lowest) with a balance of each TRC20 given by `openingTrc20` (history before the blocks the lake will hold,
 * which its transfers alone cannot show); a token's supply opens at its `totalSupply()` answer in fake-node.ts. The
 * 3-topic `Transfer` logs of the blocks up to the solid head then move balances (from the zero address: a mint,
 * to it: a burn). Written independently of the ingester's decoder and of the lake's SQL, so an ingested lake's
 * anchored ledger can be checked against it.
 */
import { createHash } from 'node:crypto';
import type { NodeTransactionInfo } from '../../../src/chain/node-json.ts';

const ZERO_WORD = '0'.repeat(64);
const TRANSFER = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** Opening balance of `holderHex` (41…) in `contractHex` (41…): 1,000,000 to 1,255,000,000 whole units of 6 decimals. */
export function openingTrc20(contractHex: string, holderHex: string): bigint {
  const b = createHash('sha256').update(`trc20-opening:${contractHex}:${holderHex}`).digest()[0]!;
  return (1_000_000n + BigInt(b) * 1_000_000n) * 1_000_000n;
}

export interface Trc20Ledger {
  /** `${contractHex} ${holderHex}` → net transfers over the blocks up to the solid head. */
  moved: Map<string, bigint>;
  /** contractHex → mints minus burns over those blocks. */
  minted: Map<string, bigint>;
}

/** The net TRC20 moves of the given blocks' infos (only the 3-topic `Transfer` events of successful transactions). */
export function trc20Ledger(blocksInfos: Iterable<NodeTransactionInfo[]>): Trc20Ledger {
  const moved = new Map<string, bigint>();
  const minted = new Map<string, bigint>();
  const add = <K>(m: Map<K, bigint>, k: K, v: bigint): void => void m.set(k, (m.get(k) ?? 0n) + v);
  for (const infos of blocksInfos) {
    for (const info of infos) {
      const result = (info as { receipt?: { result?: string } }).receipt?.result;
      if (result !== undefined && result !== 'SUCCESS') continue;
      for (const log of (info as { log?: { address: string; topics?: string[]; data?: string }[] }).log ?? []) {
        if (log.topics?.length !== 3 || log.topics[0] !== TRANSFER) continue;
        const contract = `41${log.address}`;
        const value = BigInt(`0x${(log.data ?? '').slice(0, 64) || '0'}`);
        const [from, to] = [log.topics[1]!, log.topics[2]!];
        if (from === ZERO_WORD) add(minted, contract, value);
        else add(moved, `${contract} 41${from.slice(-40)}`, -value);
        if (to === ZERO_WORD) add(minted, contract, -value);
        else add(moved, `${contract} 41${to.slice(-40)}`, value);
      }
    }
  }
  return { moved, minted };
}

/** `balanceOf(holder)` at the solid head: the opening balance plus the holder's net transfers. */
export function balanceOf(l: Trc20Ledger, contractHex: string, holderHex: string): bigint {
  return openingTrc20(contractHex, holderHex) + (l.moved.get(`${contractHex} ${holderHex}`) ?? 0n);
}

/** `totalSupply()` at the solid head: the opening supply plus mints minus burns. */
export function totalSupply(l: Trc20Ledger, contractHex: string, openingSupply: bigint): bigint {
  return openingSupply + (l.minted.get(contractHex) ?? 0n);
}
