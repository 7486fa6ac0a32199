/**
 * The ingester's `contract_code` rows (src/lake/datasets/snapshots.ts): the ABI a successful CreateSmartContract
 * deployed, as the node prints it (`new_contract.abi.entrys`), as of the block that created the contract; and the
 * ABI `/wallet/getcontract` answers for a token contract first seen (the call its metadata already makes, so no
 * call is added; cached as the tokens are: asked once), as of the newest staged block at the next publish. The
 * transactions' parameter_json leaves it out (too large, not a parameter); the triggers batch decodes the contract's
 * logs with it and /api/contract's methodMap lists its functions. Other contracts created before the lake have none.
 */
import type { Db } from '../../src/duckdb/duck.ts';
import type { RowOf } from '../../src/lake/datasets/types.ts';
import type { contractCode } from '../../src/lake/datasets/snapshots.ts';

/** The node's `abi` (`{entrys: [...]}`, or the array itself) as the JSON text of its entries; '[]' when absent. */
export function abiJson(abi: unknown): string {
  const entries = Array.isArray(abi) ? abi : abi && typeof abi === 'object' && Array.isArray((abi as { entrys?: unknown }).entrys) ? (abi as { entrys: unknown[] }).entrys : [];
  return JSON.stringify(entries);
}

/** The row of a successful CreateSmartContract's ABI. */
export function contractCodeRow(contract: string, block: number, abi: unknown): RowOf<typeof contractCode> {
  return { contract_address: contract, as_of_block: block, abi_json: abiJson(abi), source: 'create' };
}

/** Stages the getcontract ABIs read since the last call (then forgets them), as of the newest staged block. */
export async function stageGetcontractAbis(db: Db, abis: Map<string, string>): Promise<void> {
  if (abis.size === 0) return;
  const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;
  const values = [...abis].map(([c, json]) => `(${lit(c)}, ${lit(json)})`).join(', ');
  await db.run(
    `INSERT INTO contract_code (contract_address, as_of_block, abi_json, source)
     SELECT c, (SELECT coalesce(max(block_number), 0) FROM blocks), j, 'getcontract' FROM (VALUES ${values}) v(c, j)`,
  );
  abis.clear();
}
