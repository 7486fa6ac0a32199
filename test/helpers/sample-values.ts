import { get, sql } from './lake.ts';

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
    // USDJ's contract: the stablecoin endpoints that serve only some coins (tokenSupply/turnover) accept it.
    'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT',
    '1',
    '2',
  ];
}

/** How sampleRequests fills and judges one endpoint's sample request. */
export interface SampleRequestRules<E> {
  /** The parameters that must be given (a cross-field rule's is added from the bare request's 400). */
  required(ep: E): string[];
  /** Whether `value` is a valid value of `param` (its schema accepts it). */
  accepts(ep: E, param: string, value: string): boolean;
  /** Whether a 200 body carries data worth testing on (rows, or a filled object). */
  hasData(ep: E, body: Record<string, unknown>): boolean;
}

/**
 * For each endpoint, the query string of required parameters that makes it answer 200 with data: the first of up to
 * 80 combinations of `candidates` its schema accepts, else the first that answers 200 at all; an endpoint none answers
 * is left out (its test then fails naming it). E.g. `await sampleRequests(endpoints, await sampleValues(), rules)`.
 */
export async function sampleRequests<E extends { path: string }>(
  eps: readonly E[],
  candidates: readonly string[],
  rules: SampleRequestRules<E>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const ep of eps) {
    const req = rules.required(ep);
    if (req.length === 0) {
      // One of several parameters may be required (a cross-field check): the 400 names the one to fill.
      const bare = await get(ep.path);
      if (bare.status === 200) {
        out.set(ep.path, '');
        continue;
      }
      if (bare.body?.param) req.push(bare.body.param);
    }
    const options = req.map((k) => candidates.filter((c) => rules.accepts(ep, k, c)));
    const combos = options.reduce<string[][]>((acc, opts) => acc.flatMap((a) => opts.map((o) => [...a, o])), [[]]).slice(0, 80);
    let fallback: string | undefined;
    for (const combo of combos) {
      const q = req.map((k, i) => `${k}=${encodeURIComponent(combo[i]!)}`).join('&');
      const { status, body } = await get(q ? `${ep.path}?${q}` : ep.path);
      if (status !== 200) continue;
      fallback ??= q;
      if (body && typeof body === 'object' && rules.hasData(ep, body as Record<string, unknown>)) {
        out.set(ep.path, q);
        break;
      }
    }
    if (!out.has(ep.path) && fallback !== undefined) out.set(ep.path, fallback);
  }
  return out;
}
