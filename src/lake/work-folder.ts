/**
 * Work folders of a process: the generator's (`.tronlake-gen-*`: the staging database, its spill, the address pool
 * CSV) and each serving engine's DuckDB spill (`tronlake-spill-*`, engine.ts). A process killed before its `finally`
 * leaves its folder behind, 2-13 GB beside a bench lake (the 120-day build's restarts, session 11). Each folder names
 * its process in `owner.pid`; a new one removes the folders of its kind whose process is gone, and those without an
 * owner older than a minute (left before this rule, or killed between creating the folder and naming itself), never
 * a live process's.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isAlive } from './leases.ts';

/** The generator's work folders. */
export const GENERATOR_WORK = '.tronlake-gen-';
/** A serving engine's DuckDB spill folder (engine.ts), in the OS temp folder. */
export const SPILL_WORK = 'tronlake-spill-';
/** A folder without `owner.pid` younger than this may be a build that has not written it yet. */
const UNOWNED_GRACE_MS = 60_000;

/** Removes the work folders named `prefix…` in `parent` no live process owns; returns their names. */
export async function removeOrphanWorkFolders(parent: string, prefix: string, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await fs.readdir(parent).catch(() => [] as string[])) {
    if (!name.startsWith(prefix)) continue;
    const dir = path.join(parent, name);
    const owner = Number((await fs.readFile(path.join(dir, 'owner.pid'), 'utf8').catch(() => '')).trim());
    if (owner > 0) {
      if (isAlive(owner)) continue;
    } else {
      const made = await fs.stat(dir).catch(() => null);
      if (!made || now - made.mtimeMs < UNOWNED_GRACE_MS) continue;
    }
    await fs.rm(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** A new work folder `prefix…` in `parent` owned by this process, after removing the orphaned ones of its kind there. */
export async function workFolder(parent: string, prefix: string): Promise<string> {
  await removeOrphanWorkFolders(parent, prefix);
  const dir = await fs.mkdtemp(path.join(parent, prefix));
  await fs.writeFile(path.join(dir, 'owner.pid'), String(process.pid));
  return dir;
}
