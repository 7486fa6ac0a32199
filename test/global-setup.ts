/**
 * Generates the tiny seeded lake once per test run with the real generator (ARCHITECTURE §6), in a private temp
 * folder removed at the end. Tests read its path with `inject('lakeDir')`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export const TEST_SEED = 7;

export default async function setup(project: TestProject): Promise<() => void> {
  // TRONLAKE_TEST_LAKE=<dir> reuses a tiny lake you generated (seed 7) to iterate faster; CI always generates.
  const reuse = process.env.CI ? undefined : process.env.TRONLAKE_TEST_LAKE;
  if (reuse) {
    project.provide('lakeDir', reuse);
    return () => {};
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-test-'));
  const lakeDir = path.join(root, 'tiny');
  // Imported here so pure unit tests can run with TRONLAKE_TEST_NO_LAKE=1 while the generator is being changed.
  if (process.env.TRONLAKE_TEST_NO_LAKE !== '1') {
    const took = setupTimer();
    const { generate } = await import('../datasets/generate/index.ts');
    await generate({ profile: 'tiny', seed: TEST_SEED, out: lakeDir });
    console.log(`global setup (generated): tiny lake generated in ${took()}`);
  }
  project.provide('lakeDir', lakeDir);
  return () => rmSync(root, { recursive: true, force: true });
}

/**
 * Wall and process CPU (user + sys, DuckDB's threads included) since the call, e.g. `12.3 s wall, 19.8 s CPU`: the
 * setup's share of the suite's time, printed by the global setups (bench/results/suite-time.md).
 */
export function setupTimer(): () => string {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const c = process.cpuUsage(cpu);
    return `${((performance.now() - wall) / 1000).toFixed(1)} s wall, ${((c.user + c.system) / 1e6).toFixed(1)} s CPU`;
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    lakeDir: string;
  }
}
