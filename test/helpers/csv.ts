import { expect } from 'vitest';
import { testApp } from './lake.ts';

/**
 * An RFC 4180 reader written for the tests, independent of the server's CSV writer (src/http/csv.ts): quoted fields
 * may hold commas, doubled quotes and line breaks; a record ends at CRLF only, so a bare LF outside quotes stays in
 * its cell and a writer that ended records with LF would fail the test that reads it.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(cell), (cell = '');
    else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) row.push(cell), rows.push(row);
  return rows;
}

export interface Download {
  status: number;
  header: string[];
  /** Data rows as objects keyed by the header. */
  rows: Record<string, string>[];
  rowCount: string | undefined;
  contentType: string;
}

/** GETs a CSV download of the test lake's app (the whole answer, trailers included). */
export async function csv(url: string): Promise<Download> {
  const r = await (await testApp()).inject({ method: 'GET', url });
  const [header = [], ...data] = parseCsv(r.body);
  const trailers = (r as unknown as { trailers?: Record<string, string> }).trailers ?? {};
  return {
    status: r.statusCode,
    header,
    rows: data.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']))),
    rowCount: trailers['x-row-count'],
    contentType: String(r.headers['content-type']),
  };
}

/** A whole download: 200, CSV, its trailer equal to its rows. */
export async function whole(url: string): Promise<Download> {
  const d = await csv(url);
  expect(d.status, url).toBe(200);
  expect(d.contentType).toMatch(/^text\/csv/);
  expect(d.rowCount, `${url}: X-Row-Count`).toBe(String(d.rows.length));
  return d;
}
