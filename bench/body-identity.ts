/**
 * Body identity of a refactor: the same URLs answered by two checkouts of the code over the same lake must give the
 * same bytes. `record` writes one JSON line per URL (status, content type, body) from the code under `--code`;
 * `compare` reports every URL whose line differs between two recordings.
 *
 *   npx tsx bench/body-identity.ts record --code /tmp/base --lake data/tiny --urls urls.txt --out before.jsonl
 *   npx tsx bench/body-identity.ts record --code . --lake data/tiny --urls urls.txt --out after.jsonl
 *   npx tsx bench/body-identity.ts compare before.jsonl after.jsonl
 *   npx tsx bench/body-identity.ts bench-urls --code . --lake data/default --out urls.txt   # the benchmark's URLs
 *
 * Used for the endpoint-kit port (issue 9): bench/results/kit-port.md says how many URLs were compared.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const flag = (name: string): string => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? args[i + 1] : undefined;
  if (!v) throw new Error(`--${name} is required`);
  return v;
};
const load = (root: string, rel: string) => import(pathToFileURL(path.resolve(root, rel)).href);

async function record(): Promise<void> {
  const code = flag('code');
  const out = flag('out');
  const urls = [...new Set(readFileSync(flag('urls'), 'utf8').split('\n').filter(Boolean))];
  const { buildApp } = await load(code, 'src/http/app.ts');
  const { endpoints } = await load(code, 'src/endpoints/index.ts');
  const app = await buildApp({ dataDir: path.resolve(flag('lake')), endpoints, cacheBytes: 0 });
  writeFileSync(out, '');
  try {
    for (const url of urls) {
      const r = await app.inject({ method: 'GET', url });
      appendFileSync(out, `${JSON.stringify({ url, status: r.statusCode, type: r.headers['content-type'] ?? '', body: r.body })}\n`);
    }
  } finally {
    await app.close();
  }
  console.log(`${urls.length} URLs recorded in ${out}`);
}

function compare(): void {
  const [a, b] = args.slice(1);
  if (!a || !b) throw new Error('compare needs two recordings');
  const read = (f: string) => new Map(readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => [JSON.parse(l).url as string, l]));
  const before = read(a);
  const after = read(b);
  let same = 0;
  const differ: string[] = [];
  for (const [url, line] of before) {
    if (after.get(url) === line) same++;
    else differ.push(url);
  }
  console.log(`${before.size} URLs: ${same} identical, ${differ.length} different`);
  for (const u of differ.slice(0, 50)) console.log(`  differs: ${u}`);
  if (differ.length > 0 || before.size !== after.size) process.exitCode = 1;
}

async function benchUrls(): Promise<void> {
  const code = flag('code');
  const lake = path.resolve(flag('lake'));
  const { sampleParameters, urlsFor } = await load(code, 'bench/samples.ts');
  const { endpoints } = await load(code, 'src/endpoints/index.ts');
  const m = JSON.parse(readFileSync(path.join(lake, 'manifest.json'), 'utf8'));
  const s = await sampleParameters(path.join(lake, 'versions', m.version));
  const urls = (endpoints as { path: string }[]).flatMap((ep) => urlsFor(ep.path, s) as string[]);
  writeFileSync(flag('out'), `${urls.join('\n')}\n`);
  console.log(`${urls.length} benchmark URLs in ${flag('out')}`);
}

const cmd = args[0];
if (cmd === 'record') await record();
else if (cmd === 'compare') compare();
else if (cmd === 'bench-urls') await benchUrls();
else throw new Error('usage: body-identity.ts record|compare|bench-urls …');
