import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

describe('GET /api/security/url/data', () => {
  it('a listed domain, its subdomains and its URLs are flagged; other hosts and parent domains are not', async () => {
    const [d] = await sql(`SELECT domain FROM ref_risk_urls ORDER BY domain LIMIT 1`);
    if (d) {
      const domain = String(d.domain);
      for (const u of [domain, `https://${domain}/claim?x=1`, `http://app.${domain.toUpperCase()}:8080/`])
        expect((await get(`/api/security/url/data?url=${encodeURIComponent(u)}`)).body).toEqual({ cheat_url: true });
      const parent = domain.split('.').slice(1).join('.');
      const listedParent = (await sql(`SELECT count(*) AS n FROM ref_risk_urls WHERE domain = '${parent}'`))[0]!.n;
      if (Number(listedParent) === 0 && parent.includes('.')) expect((await get(`/api/security/url/data?url=${parent}`)).body.cheat_url).toBe(false);
    }
    const [n] = await sql(`SELECT count(*) AS n FROM ref_risk_urls WHERE domain IN ('tronscan.org', 'org')`);
    expect((await get('/api/security/url/data?url=https://tronscan.org/#/')).body.cheat_url).toBe(Number(n!.n) > 0);
  });

  it('an empty, missing or malformed URL: 200 and false (the reference defaults)', async () => {
    for (const q of ['', '?url=', '?url=%20', '?url=http%3A%2F%2F', '?url=' + encodeURIComponent('::::')]) {
      const r = await get(`/api/security/url/data${q}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ cheat_url: false });
    }
    expect((await get(`/api/security/url/data?url=${'a'.repeat(2001)}`)).status).toBe(400);
  });
});
