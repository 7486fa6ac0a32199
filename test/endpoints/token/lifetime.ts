/**
 * Which tokens' lake counts are their whole life's (docs/compat.md "Whole-chain figures"), independently of the
 * served macro: the lake starts at block 0, or the token was created (dim_tokens `created_ts`) at or after the first
 * raw block's time. TRX began at genesis: its counts are whole only from block 0. Plain SQL over the raw views.
 */
import { sql } from '../../helpers/lake.ts';

/** One row per token of dim_tokens: `token_id`, `began` (its whole life is in the lake), plus a `_` row for TRX. */
export const TOKEN_BEGAN_SQL = `
  WITH w AS (SELECT min(block_number) AS b, min("timestamp") AS ts FROM raw_blocks)
  SELECT k.token_id, w.b = 0 OR coalesce(k.created_ts > 0 AND k.created_ts >= w.ts, false) AS began FROM dim_tokens k CROSS JOIN w
  UNION ALL SELECT '_', w.b = 0 FROM w`;

/** Token id → whether its lake counts are lifetime counts (unknown ids: false). */
export async function tokenBegan(): Promise<(id: string) => boolean> {
  const began = new Map((await sql(TOKEN_BEGAN_SQL)).map((r) => [String(r.token_id), r.began === true]));
  return (id) => began.get(id) ?? false;
}

/** The lifetime figure a token row must answer: the lake's count when it began in the lake, else null. */
export const lifetime = (began: boolean, n: unknown): number | null => (began ? Number(n ?? 0) : null);
