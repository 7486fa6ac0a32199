/**
 * The workload file of `tronlake bench`: JSON lines, one request per line, `#` comment lines and blank lines allowed.
 *
 *   {"path":"/api/transaction","query":{"address":"TX…","limit":20},"weight":3,"label":"tx by address","expect":{"status":200}}
 *   /api/block?limit=5          (a bare path: a GET of that URL, labelled by its path)
 *
 * A workload names paths only, never a host: traffic goes where `--url` points and nowhere else.
 */
import { promises as fs } from 'node:fs';
import { z } from 'zod';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

export type JsonValue = null | boolean | number | string | JsonValue[] | { [k: string]: JsonValue };
const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);

const queryValue = z.union([z.string(), z.number(), z.boolean()]);

const expectSchema = z
  .object({
    /** Accepted status codes (one or a list). */
    status: z.union([z.number().int().min(100).max(599), z.array(z.number().int().min(100).max(599)).min(1)]).optional(),
    /** JSON paths that must be present in the body, e.g. `"data.0.hash"`. */
    has: z.array(z.string().min(1)).optional(),
    /** JSON path → the value it must equal, e.g. `{ "data.length": 20 }`. */
    equals: z.record(z.string().min(1), jsonValue).optional(),
    /** Body size bounds in bytes. */
    minBytes: z.number().int().min(0).optional(),
    maxBytes: z.number().int().min(0).optional(),
  })
  .strict();

const itemSchema = z
  .object({
    method: z.enum(METHODS).default('GET'),
    path: z
      .string()
      .startsWith('/', { message: 'must start with "/" (a path on the target, never a host)' })
      .refine((p) => !p.startsWith('//') && !/\s/.test(p), { message: 'must be a path on the target (no "//" prefix, no spaces)' }),
    query: z.record(z.string(), z.union([queryValue, z.array(queryValue)])).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    body: jsonValue.optional(),
    weight: z.number().int({ message: 'must be a whole number' }).min(1).max(1_000_000).default(1),
    label: z.string().min(1).optional(),
    expect: expectSchema.optional(),
  })
  .strict();

export type Expectation = z.infer<typeof expectSchema>;

/** One request of a workload, defaults applied (method GET, weight 1, label = method + path without query). */
export interface WorkloadItem {
  method: (typeof METHODS)[number];
  path: string;
  query?: Record<string, string | number | boolean | (string | number | boolean)[]>;
  headers?: Record<string, string>;
  body?: JsonValue;
  weight: number;
  label: string;
  expect?: Expectation;
}

export interface Workload {
  /** The `#` lines at the top (provenance: where and when the workload was drawn). */
  comments: string[];
  items: WorkloadItem[];
}

/** A workload that cannot be used, naming the file, the line and the field, e.g. `w.jsonl:3: field "weight": …`. */
export class WorkloadError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly field: string | undefined,
    reason: string,
  ) {
    super(`${file}${line !== undefined ? `:${line}` : ''}: ${field ? `field "${field}": ` : ''}${reason}`);
    this.name = 'WorkloadError';
  }
}

/** Parses workload text, e.g. `parseWorkload('{"path":"/api/block"}', 'w.jsonl').items[0].label` = `'GET /api/block'`. */
export function parseWorkload(text: string, file: string): Workload {
  const comments: string[] = [];
  const items: WorkloadItem[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const lineNo = i + 1;
    if (line === '') continue;
    if (line.startsWith('#')) {
      if (items.length === 0) comments.push(line.replace(/^#\s?/, ''));
      continue;
    }
    let value: unknown;
    // A bare path (`/api/block?limit=5`) is a GET of that URL: a list of URLs is a workload too.
    if (line.startsWith('/')) value = { path: line };
    else {
      try {
        value = JSON.parse(line);
      } catch (e) {
        throw new WorkloadError(file, lineNo, undefined, `not valid JSON (${e instanceof Error ? e.message : String(e)})`);
      }
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new WorkloadError(file, lineNo, undefined, 'each line must be one JSON object (a request)');
    }
    const parsed = itemSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field =
        issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]].join('.') : issue.path.map(String).join('.') || undefined;
      const reason = issue.code === 'unrecognized_keys' ? 'unknown field (see src/bench/README.md for the format)' : issue.message;
      throw new WorkloadError(file, lineNo, field, reason);
    }
    const p = parsed.data;
    const item: WorkloadItem = { method: p.method, path: p.path, weight: p.weight, label: p.label ?? `${p.method} ${p.path.split('?')[0]}` };
    if (p.query !== undefined) item.query = p.query;
    if (p.headers !== undefined) item.headers = p.headers;
    if (p.body !== undefined) item.body = p.body;
    if (p.expect !== undefined) item.expect = p.expect;
    items.push(item);
  }
  if (items.length === 0) throw new WorkloadError(file, undefined, undefined, 'no requests (one JSON object per line)');
  return { comments, items };
}

/** Reads and parses a workload file; an unreadable file is a WorkloadError naming it. */
export async function readWorkload(file: string): Promise<Workload> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new WorkloadError(file, undefined, undefined, `cannot read the workload file (${code ?? String(e)})`);
  }
  return parseWorkload(text, file);
}

/** The file text of a workload: comments, then one request per line with every field explicit (parses back equal). */
export function serializeWorkload(w: Workload): string {
  const head = w.comments.map((c) => `# ${c}`.trimEnd());
  const body = w.items.map((it) => {
    const o: Record<string, unknown> = { method: it.method, path: it.path };
    if (it.query !== undefined) o.query = it.query;
    if (it.headers !== undefined) o.headers = it.headers;
    if (it.body !== undefined) o.body = it.body;
    o.weight = it.weight;
    o.label = it.label;
    if (it.expect !== undefined) o.expect = it.expect;
    return JSON.stringify(o);
  });
  return [...head, ...body].join('\n') + '\n';
}

/** The request target of an item under a base path, e.g. `requestPath({ path: '/api/block', query: { limit: 5 } }, '')` = `'/api/block?limit=5'`. */
export function requestPath(item: Pick<WorkloadItem, 'path' | 'query'>, basePath: string): string {
  const base = basePath.replace(/\/+$/, '');
  if (!item.query) return base + item.path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(item.query)) for (const x of Array.isArray(v) ? v : [v]) qs.append(k, String(x));
  const s = qs.toString();
  return base + item.path + (s === '' ? '' : (item.path.includes('?') ? '&' : '?') + s);
}

/** Distinct labels in first-seen order. */
export function labelsOf(items: readonly WorkloadItem[]): string[] {
  return [...new Set(items.map((i) => i.label))];
}

/**
 * Deterministic weighted order (stride scheduling): `next()` returns item indexes so that after n picks every item
 * has been chosen within one of n × weight / total weights, e.g. weights 3 and 1 → 0, 0, 1, 0, 0, 0, 1, 0, …
 * Deterministic so two runs of one workload send the same sequence.
 */
export class WeightedSchedule {
  private readonly picks: number[];
  /** One full cycle (sum of weights long) precomputed when small, so a pick costs O(1) under load. */
  private readonly cycle: number[] | undefined;
  private at = 0;

  constructor(private readonly weights: readonly number[]) {
    if (weights.length === 0) throw new Error('empty schedule');
    this.picks = weights.map(() => 0);
    const total = weights.reduce((a, b) => a + b, 0);
    if (total * weights.length <= 50_000_000) {
      this.cycle = Array.from({ length: total }, () => this.compute());
    }
  }

  next(): number {
    if (!this.cycle) return this.compute();
    const i = this.cycle[this.at]!;
    this.at = (this.at + 1) % this.cycle.length;
    return i;
  }

  private compute(): number {
    // The item whose next pick is due soonest: smallest (picks + 1) / weight, ties to the earlier item.
    let best = 0;
    for (let i = 1; i < this.weights.length; i++) {
      if ((this.picks[i]! + 1) * this.weights[best]! < (this.picks[best]! + 1) * this.weights[i]!) best = i;
    }
    this.picks[best]!++;
    return best;
  }
}

/**
 * The order a workload's items are sent in: a label is chosen by its share (the sum of its items' weights), then an
 * item within the label by weight, both with WeightedSchedule. So every label gets its share from the first requests
 * on, even when it has many light items, e.g. labels A (one item, weight 2) and B (50 items, weight 1 each) get
 * 2 : 50 of any run, not A first.
 */
export class WorkloadSchedule {
  private readonly byLabel: { indexes: number[]; schedule: WeightedSchedule }[];
  private readonly labels: WeightedSchedule;

  constructor(items: readonly Pick<WorkloadItem, 'label' | 'weight'>[]) {
    const groups = new Map<string, number[]>();
    items.forEach((it, i) => {
      const g = groups.get(it.label);
      if (g) g.push(i);
      else groups.set(it.label, [i]);
    });
    this.byLabel = [...groups.values()].map((indexes) => ({ indexes, schedule: new WeightedSchedule(indexes.map((i) => items[i]!.weight)) }));
    this.labels = new WeightedSchedule([...groups.values()].map((ix) => ix.reduce((s, i) => s + items[i]!.weight, 0)));
  }

  /** The index of the next item to send. */
  next(): number {
    const g = this.byLabel[this.labels.next()]!;
    return g.indexes[g.schedule.next()]!;
  }
}
