/**
 * The stablecoin balance moves that have no Transfer (USDT DestroyedBlackFunds, USDJ Mint and Burn: stablecoin
 * reference §1.1 and §1.5), decoded here from raw `logs` of successful transactions, independently of the project's
 * decoder, into the table `raw_stablecoin_balance_moves` (contract_address, holder_address, block_number, "timestamp",
 * day, delta HUGEINT) of the expectation database: the independent TRC20 ledgers add it to the raw transfers, as the
 * derived ledgers add stablecoin_events (issue 31).
 */
import { hexToBase58 } from '../../src/chain/address.ts';
import type { Db } from '../../src/duckdb/duck.ts';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDJ = 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT';
/** (emitter, topic0 = keccak256 of the signature, sign of the move): DestroyedBlackFunds(address,uint256), Mint / Burn(address,uint256). */
const KINDS: readonly { contract: string; topic0: string; sign: 1n | -1n }[] = [
  { contract: USDT, topic0: '61e6e66b0d6339b2980aecc6ccc0039736791f0ccde9ed512e789a7fbdd698c6', sign: -1n },
  { contract: USDJ, topic0: '0f6798a560793a54c3bcfe86a93cde1e73087d944c0ea20544137d4121396885', sign: 1n },
  { contract: USDJ, topic0: 'cc16f5dbb4873280815c1ee09dbd06736cffcc184412cf7a71a0fdb75d397ca5', sign: -1n },
];

/** Creates `raw_stablecoin_balance_moves` in `db` (which has the raw_logs and raw_transactions views, or none). */
export async function createStablecoinMoves(db: Db, hasLogs: boolean): Promise<void> {
  await db.run(`CREATE TABLE raw_stablecoin_balance_moves (contract_address VARCHAR, holder_address VARCHAR, block_number BIGINT,
    "timestamp" BIGINT, day VARCHAR, delta HUGEINT)`);
  if (!hasLogs) return;
  const logs = await db.all(`SELECT l.contract_address, l.block_number, l."timestamp", lower(l.topic0) AS t0, l.topic1, l.topic3, l.topic2, l.data
    FROM raw_logs l JOIN raw_transactions t ON t.tx_hash = l.tx_hash AND t.block_number = l.block_number
    WHERE l.contract_address IN ('${USDT}', '${USDJ}') AND t.contract_ret = 'SUCCESS'`);
  const values: string[] = [];
  for (const l of logs) {
    // Two topics (topic0 and the address), no third: the dispatch of the reference.
    const kind = KINDS.find((k) => k.contract === l.contract_address && k.topic0 === l.t0);
    if (!kind || l.topic1 === null || l.topic2 !== null || l.topic3 !== null) continue;
    const holder = hexToBase58('41' + String(l.topic1).slice(-40));
    const amount = BigInt('0x' + String(l.data).slice(0, 64));
    const ts = Number(l.timestamp);
    const day = new Date(ts).toISOString().slice(0, 10);
    values.push(`('${kind.contract}', '${holder}', ${Number(l.block_number)}, ${ts}, '${day}', ${(kind.sign * amount).toString()})`);
  }
  if (values.length) await db.run(`INSERT INTO raw_stablecoin_balance_moves VALUES ${values.join(', ')}`);
}
