/**
 * The release field of /health: the package version and the commit of the checkout, checked against package.json
 * and git itself (run here, in a throwaway repository, independently of the server).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { get } from '../helpers/lake.ts';
import { readRelease } from '../../src/http/health.ts';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' }).trim();

describe('/health release', () => {
  it('names the package version and a full commit id (or null where git cannot tell)', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const { status, body } = await get('/health');
    expect(status).toBe(200);
    expect(body.release.version).toBe(pkg.version);
    expect(body.release.commit === null || /^[0-9a-f]{40}$/.test(body.release.commit)).toBe(true);
  });

  it('reads the commit of a git checkout and whether tracked files were modified; TRONLAKE_COMMIT wins', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tronlake-release-'));
    try {
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', version: '9.8.7' }));
      // Not a checkout: no commit, and nothing said about modifications.
      expect(await readRelease(dir, {})).toEqual({ version: '9.8.7', commit: null });
      git(dir, 'init', '-q');
      git(dir, 'add', 'package.json');
      git(dir, 'commit', '-q', '-m', 'one');
      const head = git(dir, 'rev-parse', 'HEAD');
      expect(await readRelease(dir, {})).toEqual({ version: '9.8.7', commit: head, modified: false });
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', version: '9.8.8' }));
      expect(await readRelease(dir, {})).toEqual({ version: '9.8.8', commit: head, modified: true });
      expect(await readRelease(dir, { TRONLAKE_COMMIT: 'abc123' })).toEqual({ version: '9.8.8', commit: 'abc123' });
      // A folder inside another repository does not report that repository's commit.
      const inner = path.join(dir, 'inner');
      execFileSync('mkdir', [inner]);
      writeFileSync(path.join(inner, 'package.json'), JSON.stringify({ name: 'y', version: '1.0.0' }));
      expect(await readRelease(inner, {})).toEqual({ version: '1.0.0', commit: null });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
