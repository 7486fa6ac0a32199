/**
 * The generator's work folders (src/lake/work-folder.ts): a new build removes the `.tronlake-gen-*` folders
 * of builds that are gone (their owner's process no longer exists, or no owner and older than a minute) and keeps
 * a live build's, an unowned folder made just now, and anything else in the folder.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATOR_WORK, removeOrphanWorkFolders, workFolder } from '../../src/lake/work-folder.ts';

const parent = mkdtempSync(path.join(os.tmpdir(), 'tronlake-work-folders-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** A pid that existed and has exited: a child process run to its end. */
const deadPid = (): number => Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);

function folder(name: string, owner?: number, ageMs = 0): void {
  const dir = path.join(parent, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'staging.duckdb'), 'x');
  if (owner !== undefined) writeFileSync(path.join(dir, 'owner.pid'), String(owner));
  const t = (Date.now() - ageMs) / 1000;
  utimesSync(dir, t, t);
}

describe('work folders of killed builds', () => {
  it('removes the orphans, keeps the live and the just-made ones and other files', async () => {
    folder('.tronlake-gen-dead', deadPid());
    folder('.tronlake-gen-live', process.pid);
    folder('.tronlake-gen-old-unowned', undefined, 10 * 60_000);
    folder('.tronlake-gen-new-unowned');
    folder('lake');
    const removed = await removeOrphanWorkFolders(parent, GENERATOR_WORK);
    expect(removed.sort()).toEqual(['.tronlake-gen-dead', '.tronlake-gen-old-unowned']);
    expect(readdirSync(parent).sort()).toEqual(['.tronlake-gen-live', '.tronlake-gen-new-unowned', 'lake']);
  });

  it('a new work folder names this process and leaves the live ones', async () => {
    const dir = await workFolder(parent, GENERATOR_WORK);
    expect(readFileSync(path.join(dir, 'owner.pid'), 'utf8')).toBe(String(process.pid));
    expect(readdirSync(parent)).toContain('.tronlake-gen-live');
    expect(readdirSync(parent)).toContain(path.basename(dir));
  });
});
