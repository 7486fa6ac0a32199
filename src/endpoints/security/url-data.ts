/**
 * GET /api/security/url/data (SPEC §4.11; reference §7): `cheat_url` true when a risk list (risk_urls) names the URL's
 * host or a domain it is under. An empty or malformed URL is `false` (reference: defaults, not errors), as is every
 * URL when no list is loaded ("not listed", docs/compat.md "Security and approvals").
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { text } from '../../params/index.ts';

const QUERIES = { listed: 'security/url-data' } as const;

/** The host of a URL (a scheme is optional) and every parent domain of two labels or more, lowercase; [] when none. */
function domainsOf(url: string): string[] {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`;
  let host: string;
  try {
    host = new URL(withScheme).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return [];
  }
  const labels = host.split('.').filter((l) => l !== '');
  const out: string[] = [];
  for (let i = 0; i + 2 <= labels.length; i++) out.push(labels.slice(i).join('.'));
  return labels.length === 1 ? [host] : out;
}

export default defineEndpoint({
  path: '/api/security/url/data',
  method: 'GET',
  summary: 'Whether a URL is on a phishing / scam list.',
  params: z.object({ url: text(2000).optional() }),
  response: z.object({ cheat_url: z.boolean() }).strict(),
  queries: QUERIES,
  async handle(p, ctx) {
    const domains = domainsOf(p.url ?? '');
    if (domains.length === 0) return { cheat_url: false };
    const [r] = await ctx.typedRows(QUERIES.listed, { domains });
    return { cheat_url: Number(r?.n ?? 0) > 0 };
  },
});
