/**
 * Shared filter parameters of the transaction and transfer lists: confirmation combinations, direction,
 * time windows.
 */
import { z } from 'zod';
import { timestampMs } from './atoms.ts';

/**
 * `confirm`: comma-combinable confirmation states (SPEC §3: 0 confirmed, 1 unconfirmed, 2 reverted), e.g. '0,1'.
 * Absent or empty = all. Returns the sorted distinct states, or undefined for all.
 */
export function confirm(allowed: readonly number[] = [0, 1, 2]) {
  return z.string().transform((s, ctx): number[] | undefined => {
    const parts = s.split(',').map((p) => p.trim()).filter((p) => p !== '');
    const out = new Set<number>();
    for (const p of parts) {
      const n = Number(p);
      if (!/^\d$/.test(p) || !allowed.includes(n)) {
        ctx.addIssue({ code: 'custom', message: `must be a comma-separated combination of ${allowed.join(', ')}, got '${s.slice(0, 40)}'` });
        return z.NEVER;
      }
      out.add(n);
    }
    return out.size === 0 || out.size === allowed.length ? undefined : [...out].sort();
  }).meta({
    description: `Confirmation states, comma-combinable: ${allowed.map((n) => CONFIRM_NAMES[n] ?? String(n)).join(', ')} (default: all).`,
    examples: ['0'],
    override: { type: 'string', pattern: `^[${allowed.join('')}](,[${allowed.join('')}])*$` },
  });
}

const CONFIRM_NAMES: Record<number, string> = { 0: '0 confirmed', 1: '1 unconfirmed', 2: '2 reverted' };

/** `direction` of the transaction / transfer lists: in, out or all (default all). */
export const direction = () =>
  z
    .string()
    .transform((s, ctx): 'in' | 'out' | 'all' => {
      const t = s.trim().toLowerCase();
      if (t === 'in' || t === 'out' || t === 'all') return t;
      ctx.addIssue({ code: 'custom', message: `must be one of in, out, all, got '${s.slice(0, 40)}'` });
      return z.NEVER;
    })
    .optional()
    .transform((d) => d ?? 'all')
    .meta({
      description: "Which side of the address: in (received), out (sent) or all (default all).",
      override: { type: 'string', enum: ['in', 'out', 'all'], default: 'all' },
    });

/** `start_timestamp` / `end_timestamp` in ms; an end before the start is a 400 naming `end_timestamp`. */
export function timeWindowFields() {
  return { start_timestamp: timestampMs().optional(), end_timestamp: timestampMs().optional() };
}

/** Zod refinement for an object with a ms time window: end must not be before start. */
export function checkTimeWindow(v: { start_timestamp?: number; end_timestamp?: number }, ctx: z.RefinementCtx): void {
  if (v.start_timestamp !== undefined && v.end_timestamp !== undefined && v.end_timestamp < v.start_timestamp) {
    ctx.addIssue({ code: 'custom', path: ['end_timestamp'], message: 'must not be before start_timestamp' });
  }
}
