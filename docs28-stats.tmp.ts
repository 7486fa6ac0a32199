import { endpoints } from '/work/wt/docs28/src/endpoints/index.ts';
import { openApiDocument } from '/work/wt/docs28/src/http/openapi.ts';
import spec from '/work/wt/docs28/docs/api/endpoints.json' with { type: 'json' };
const doc = openApiDocument(endpoints) as any;
let n = 0, noDesc = 0, noDef = 0, specDef = 0, noEx = 0;
const missing = new Map<string, number>();
const bySpec = new Map(spec.endpoints.map((e: any) => [e.method + ' ' + e.path, e]));
for (const ep of endpoints) {
  const s: any = bySpec.get(ep.method + ' ' + ep.path);
  if (!s) console.log('not in spec', ep.method, ep.path);
  const op = doc.paths[ep.path][ep.method.toLowerCase()];
  for (const p of op.parameters ?? []) {
    n++;
    if (!p.description && !p.schema?.description) { noDesc++; missing.set(p.name, (missing.get(p.name) ?? 0) + 1); }
    if (p.example === undefined && p.schema?.examples === undefined && p.schema?.example === undefined) noEx++;
    const sp = s?.parameters?.find((x: any) => x.name === p.name);
    if (sp && sp.default !== undefined) { specDef++; if (p.schema?.default === undefined) { noDef++; console.log('nodef', ep.path, p.name, JSON.stringify(sp.default), JSON.stringify(p.schema)); } }
  }
}
console.log({ ops: endpoints.length, n, noDesc, noDef, specDef, noEx });
console.log([...missing].sort((a, b) => b[1] - a[1]));
