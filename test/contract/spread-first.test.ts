/**
 * No object literal that starts with a spread and goes on (`{ ...a, b }`, `{ ...a, ...b }`) inside a function of the
 * serving code. In Node 20 each such object gets a hidden class (V8 map) of its own; a map lives in old space, and
 * every dead one keeps its young descriptors and values alive through the scavenges until the next full collection,
 * so the pauses grow with the traffic (bench/results/map-churn.md: 44 of 126 endpoints made a map or more per answer,
 * the witness list 314). `Object.assign({}, a, { b })` and `{ b, ...a }` share their maps. A literal at module level
 * runs once and may keep the spread. The sources are parsed params (zod drops unknown keys, `__proto__` among them)
 * or the project's own objects, so `Object.assign` never takes a user's key for the prototype.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The code a request runs through. */
const SERVING = ['src/endpoints', 'src/http', 'src/params', 'src/engine', 'src/wire', 'src/chain'];

/** `file:line` of each spread-first literal with more members inside a function of `source`. */
export function spreadFirstInFunctions(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const inFunction = (n: ts.Node): boolean => {
    for (let p = n.parent; p; p = p.parent) if (ts.isFunctionLike(p)) return true;
    return false;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node) && node.properties.length > 1 && ts.isSpreadAssignment(node.properties[0]!) && inFunction(node)) {
      found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('serving code builds no object with a spread first', () => {
  it('finds the shapes that make a map per object, and only those', () => {
    const src = [
      'const atLoad = { ...base, more: 1 };', // module level: once
      'function f(a: object, b: object) {',
      '  const one = { ...a, x: 1 };', // line 3: flagged
      '  const two = { ...a, ...b };', // line 4: flagged
      '  const copy = { ...a };', // a plain copy shares the source's map
      '  const last = { x: 1, ...a };',
      '  return Object.assign({}, a, { x: 1 }, one, two, copy, last);',
      '}',
      'const g = (a: object) => ({ ...a, y: 2 });', // line 9: flagged
    ].join('\n');
    expect(spreadFirstInFunctions('x.ts', src)).toEqual(['x.ts:3', 'x.ts:4', 'x.ts:9']);
  });

  it('holds for every file of the serving code', () => {
    const found = SERVING.flatMap((d) => tsFiles(path.join(ROOT, d))).flatMap((f) => spreadFirstInFunctions(path.relative(ROOT, f), readFileSync(f, 'utf8')));
    expect(found, 'write Object.assign({}, a, { b }) (or { b, ...a } where the keys differ): see this file\'s comment').toEqual([]);
  });
});
