import { readFileSync } from 'node:fs';

/**
 * The fields of a /proc stat file after the command in parentheses (field 3 on: `[state, ppid, …]`, utime and stime
 * at 11 and 12, nice at 16), e.g. `statFields('/proc/self/stat')[1]` = the parent's pid; undefined when the process or
 * thread is gone. One reader for the bench scripts (throughput.ts) and the tests that look at processes and threads.
 */
export function statFields(file: string): string[] | undefined {
  try {
    const stat = readFileSync(file, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
