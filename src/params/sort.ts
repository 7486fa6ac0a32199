/**
 * Sort dialects. A sort parameter never reaches SQL as text: it selects one entry of a closed whitelist whose
 * ORDER BY constant is written in code (ARCHITECTURE §4). An unknown key falls back to the documented default.
 */
import { z } from 'zod';

export interface SortChoice {
  /** The key as the client wrote it, normalized (e.g. '-number'). */
  key: string;
  /** ORDER BY clause from the whitelist, e.g. 'block_number DESC'. */
  orderBy: string;
}

/** How the tie-break columns of a signed sort follow the key. */
export interface SortOptions {
  /**
   * Ties always ascending, whatever the key's direction (e.g. /api/vote: `votes DESC, voter ASC`), instead of the
   * key's direction (the default).
   */
  tiesAscending?: boolean;
}

function signedClause(col: string, desc: boolean, tieBreak: readonly string[], opts: SortOptions): string {
  const dir = desc ? 'DESC' : 'ASC';
  return [`${col} ${dir}`, ...tieBreak.map((c) => `${c} ${opts.tiesAscending ? 'ASC' : dir}`)].join(', ');
}

/**
 * The `-field` dialect (leading minus = descending), e.g.
 * `signedSort({ number: 'block_number' }, '-number')` maps 'number' → 'block_number ASC'.
 * `tieBreak` columns are appended (in the same direction, or ascending with `tiesAscending`) so pages are stable.
 * Keys match case-insensitively; an unknown key falls back to the default (ARCHITECTURE §5.3).
 */
export function signedSort(columns: Record<string, string>, defaultKey: string, tieBreak: string[] = [], opts: SortOptions = {}) {
  const choices = new Map<string, SortChoice>();
  for (const [field, col] of Object.entries(columns)) {
    for (const desc of [false, true]) {
      const key = `${desc ? '-' : ''}${field}`;
      choices.set(key.toLowerCase(), { key, orderBy: signedClause(col, desc, tieBreak, opts) });
    }
  }
  const fallback = choices.get(defaultKey.toLowerCase());
  if (!fallback) throw new Error(`default sort ${defaultKey} is not among the sort columns`);
  return z
    .string()
    .optional()
    .transform((s): SortChoice => (s ? (choices.get(s.trim().toLowerCase()) ?? fallback) : fallback))
    .meta({
      description: `Sort key, a leading - for descending: ${Object.keys(columns).join(', ')} (default ${defaultKey}; an unknown key sorts by the default).`,
      override: { type: 'string', enum: [...choices.values()].map((c) => c.key), default: defaultKey },
    });
}

/** Every ORDER BY constant a signedSort can produce (prepared at boot, listed in docs). */
export function signedSortClauses(columns: Record<string, string>, tieBreak: string[] = [], opts: SortOptions = {}): string[] {
  return Object.values(columns).flatMap((col) => [false, true].map((desc) => signedClause(col, desc, tieBreak, opts)));
}
