import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A temp folder of the running test's own, removed when that test ends (call it inside a test), e.g.
 * `const dir = scratchDir('tronlake-compare-')`. Folders left behind by every run filled /tmp with hundreds of them.
 */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
