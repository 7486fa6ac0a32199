import { sql } from './lake.ts';

/**
 * Values to fill an endpoint's required parameters with, drawn from the test lake (its busiest TRC20, TRC721 and
 * TRC1155 contracts, TRC20 receiver, sender and TRC10 token, its newest transaction hash, and two small numbers): the
 * generic contract tests try each against the parameter's schema, e.g. `(await sampleValues()).filter(ok)`.
 */
export async function sampleValues(): Promise<string[]> {
  const col = async (q: string) => (await sql(q)).map((r) => String(Object.values(r)[0]));
  return [
    ...(await col(`SELECT contract_address FROM raw_token_transfers WHERE token_standard = 'trc20' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)),
    ...(await col(`SELECT contract_address FROM raw_token_transfers WHERE token_standard = 'trc721' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)),
    ...(await col(`SELECT contract_address FROM raw_token_transfers WHERE token_standard = 'trc1155' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)),
    ...(await col(`SELECT to_address FROM raw_token_transfers WHERE token_standard = 'trc20' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)),
    ...(await col(`SELECT owner_address FROM raw_transactions GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)),
    ...(await col(`SELECT token_id FROM raw_transactions WHERE contract_type = 2 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)),
    ...(await col(`SELECT tx_hash FROM raw_transactions ORDER BY block_number DESC LIMIT 1`)),
    '1',
    '2',
  ];
}
