/**
 * Reading a response body as text, so a value is compared as the literal the server sent (a JSON number that went
 * through a double shows its lost digits; JSON.parse would hide them).
 */

/** The raw JSON text of the first array named `key` of a body, e.g. `arrayPart(text, 'data')`. */
export function arrayPart(text: string, key: string): string {
  const a = text.indexOf(`"${key}":[`);
  if (a < 0) return '';
  let depth = 0;
  for (let i = text.indexOf('[', a); i < text.length; i++) {
    if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) return text.slice(a, i + 1);
  }
  return text.slice(a);
}

/** The raw JSON text of the object named `key` of a body, e.g. `objectPart(text, 'cost')`. */
export function objectPart(text: string, key: string): string {
  const a = text.indexOf(`"${key}":{`);
  if (a < 0) return '';
  let depth = 0;
  let inString = false;
  for (let i = text.indexOf('{', a); i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(text.indexOf('{', a), i + 1);
  }
  return '';
}

/** Splits a JSON array text into its top-level object texts. */
export function objects(arrayText: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = arrayText.indexOf('['); i < arrayText.length; i++) {
    const ch = arrayText[i]!;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') {
      if (depth++ === 0) start = i;
    } else if (ch === '}' && --depth === 0) out.push(arrayText.slice(start, i + 1));
  }
  return out;
}

/** The first value of `name` in an object text: a string's content or a number's literal (`null` as 'null'). */
export function field(objectText: string, name: string): string | undefined {
  const m = new RegExp(`"${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}":("((?:[^"\\\\]|\\\\.)*)"|-?[0-9.eE+-]+|null)`).exec(objectText);
  return m ? (m[2] ?? m[1]) : undefined;
}
