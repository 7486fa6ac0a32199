/**
 * Version leases: a serving process holds a lease on the version it answers from, so version retention
 * (publish.ts) never deletes a folder under a live server, switching or not. One small JSON file per process in
 * `<dataDir>/leases/`, written beside and renamed (atomic), refreshed every minute, removed on close. A lease of a
 * dead process on this host is ignored (and removed); one from another host sharing the folder counts until it is
 * ten minutes old without a refresh.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LEASES_DIR = 'leases';
const REFRESH_MS = 60_000;
const FOREIGN_STALE_MS = 10 * 60_000;

interface LeaseFile {
  pid: number;
  host: string;
  version: string;
  since: string;
}

/** A lease held by this process, e.g. `const l = await Lease.take(dir, v); await l.move(v2); await l.release()`. */
export class Lease {
  private timer: NodeJS.Timeout | undefined;
  private released = false;

  private constructor(
    private readonly file: string,
    private version: string,
  ) {}

  static async take(dataDir: string, version: string): Promise<Lease> {
    await fs.mkdir(path.join(dataDir, LEASES_DIR), { recursive: true });
    const file = path.join(dataDir, LEASES_DIR, `${process.pid}-${Math.random().toString(36).slice(2, 8)}.json`);
    const lease = new Lease(file, version);
    await lease.write();
    lease.timer = setInterval(() => void lease.write().catch(() => undefined), REFRESH_MS);
    lease.timer.unref();
    return lease;
  }

  get heldVersion(): string {
    return this.version;
  }

  /** Points the lease at another version (after a switch, once the old version's queries are done). */
  async move(version: string): Promise<void> {
    this.version = version;
    await this.write();
  }

  async release(): Promise<void> {
    this.released = true;
    if (this.timer) clearInterval(this.timer);
    await fs.rm(this.file, { force: true });
  }

  private async write(): Promise<void> {
    if (this.released) return;
    const body: LeaseFile = { pid: process.pid, host: os.hostname(), version: this.version, since: new Date().toISOString() };
    const tmp = `${this.file}.tmp`;
    await fs.writeFile(tmp, JSON.stringify(body));
    await fs.rename(tmp, this.file);
  }
}

/** Versions some live server holds a lease on; removes leases of dead processes of this host. */
export async function leasedVersions(dataDir: string): Promise<Set<string>> {
  const dir = path.join(dataDir, LEASES_DIR);
  const out = new Set<string>();
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return out;
  }
  for (const n of names) {
    if (!n.endsWith('.json')) continue;
    const file = path.join(dir, n);
    let lease: LeaseFile;
    let mtime: number;
    try {
      lease = JSON.parse(await fs.readFile(file, 'utf8')) as LeaseFile;
      mtime = (await fs.stat(file)).mtimeMs;
    } catch {
      continue; // being replaced or removed right now
    }
    const live = lease.host === os.hostname() ? isAlive(lease.pid) : Date.now() - mtime < FOREIGN_STALE_MS;
    if (live) out.add(lease.version);
    else await fs.rm(file, { force: true });
  }
  return out;
}

/** Whether process `pid` exists on this host (EPERM: it does, owned by another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
