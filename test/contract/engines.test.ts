/**
 * Every package in package-lock.json agrees with the Node that runs the tests (its `engines.node` range is satisfied),
 * so `npm ci` prints no EBADENGINE warning here; and package.json declares the Node versions the project is tested
 * on, which include the running one. The machine and CI run Node 20.20 (issue 28).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (f: string) => JSON.parse(readFileSync(path.join(root, f), 'utf8')) as {
  engines?: { node?: string };
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe('Node engines', () => {
  it('package.json declares a Node range that includes the running Node', () => {
    const range = read('package.json').engines?.node;
    expect(range).toBeTruthy();
    expect(semver.satisfies(process.version, range!), `${process.version} vs ${range}`).toBe(true);
  });

  it("every locked package's engines.node range accepts the running Node", () => {
    const lock = read('package-lock.json');
    const refused: string[] = [];
    let checked = 0;
    for (const [where, pkg] of Object.entries(lock.packages)) {
      // engines as an array is the long-obsolete form npm ignores; only `node` ranges concern us (not e.g. `bare`).
      const range = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
      if (!range) continue;
      checked++;
      if (!semver.satisfies(process.version, range)) refused.push(`${where}@${pkg.version}: node ${range}`);
    }
    expect(checked).toBeGreaterThan(10);
    expect(refused).toEqual([]);
  });

  it('the check catches a package that needs a newer Node', () => {
    expect(semver.satisfies('20.20.2', '>=22')).toBe(false);
    expect(semver.satisfies('20.20.2', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(semver.satisfies('20.20.2', '10.* || >= 12.*')).toBe(true);
  });
});
