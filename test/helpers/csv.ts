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
