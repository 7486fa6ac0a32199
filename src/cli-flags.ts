/** Flag parsing shared by the CLI and the bench scripts. */
export type Flags = Record<string, string | undefined>;

/** Parses `--name value`, `--name=value` and `--flag` (→ 'true'), e.g. `parseFlags(['--seed', '1'])` = `{ seed: '1' }`. */
export function parseFlags(argv: string[]): Flags {
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const eq = a.indexOf('=');
    if (eq > 0) flags[a.slice(2, eq)] = a.slice(eq + 1);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) flags[a.slice(2)] = argv[++i];
    else flags[a.slice(2)] = 'true';
  }
  return flags;
}
