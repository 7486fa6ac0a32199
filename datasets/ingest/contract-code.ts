/**
 * The ingester's `contract_code` rows (src/lake/datasets/snapshots.ts): the ABI a successful CreateSmartContract
 * deployed, as the node prints it (`new_contract.abi.entrys`), as of the block that created the contract. The
 * transactions' parameter_json leaves it out (too large, not a parameter); the triggers batch decodes the contract's
 * logs with it and /api/contract's methodMap lists its functions. A contract created before the lake has no row.
 */
import type { RowOf } from '../../src/lake/datasets/types.ts';
import type { contractCode } from '../../src/lake/datasets/snapshots.ts';

/** `abi` of a CreateSmartContract's new_contract: `{entrys: [...]}` (or the array itself); [] when absent. */
export function contractCodeRow(contract: string, block: number, abi: unknown): RowOf<typeof contractCode> {
  const entries = Array.isArray(abi) ? abi : abi && typeof abi === 'object' && Array.isArray((abi as { entrys?: unknown }).entrys) ? (abi as { entrys: unknown[] }).entrys : [];
  return { contract_address: contract, as_of_block: block, abi_json: JSON.stringify(entries), source: 'create' };
}
