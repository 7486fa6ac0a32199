/**
 * What every `tronlake` command shares (commander): `--help` on stdout and nothing else done, an unknown flag refused
 * with the nearest one suggested, every bad value reported under its flag, usage errors exit 2.
 * src/cli.ts, src/bench/cli.ts and datasets/ingest/index.ts build their commands with `tronlakeCommand` and run them
 * with `runCommand`; errors come back as exceptions (never a `process.exit` inside: `benchCli` runs in tests).
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';

/** A mistake in the command line (unknown flag, bad or missing value): the CLI exits 2 on it, other failures 1. */
export class UsageError extends Error {
  override name = 'UsageError';
  /** The command line's command whose flags were wrong, e.g. 'tronlake generate' (for the `--help` hint). */
  command?: string;
}

/** The command whose parse failed last (commander reports errors without it). */
let failing: Command | undefined;

/** 'tronlake reference load' for the command `load` under `reference` under `tronlake`. */
function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** A command set up as every tronlake command is, e.g. `tronlakeCommand('verify', 'read every file of a version')`. */
export function tronlakeCommand(name: string, description: string): Command {
  const cmd: Command = new Command(name);
  return cmd
    .description(description)
    .helpOption('-h, --help', 'show this help and exit')
    .exitOverride()
    .showSuggestionAfterError(true)
    .allowExcessArguments(false)
    // errors are rethrown as UsageError and printed once by the caller
    .configureOutput({
      outputError: () => {
        failing = cmd;
      },
    });
}

/** Commander's wording → ours, e.g. `error: option '--seed <n>' argument 'x' is invalid. …` → `--seed: …`. */
function usageMessage(e: CommanderError): string {
  const text = e.message.replace(/^error: /, '');
  const invalid = /^option '(?:-\w, )?(--[\w-]+)[^']*' argument '[\s\S]*' is invalid\. ([\s\S]*)$/.exec(text);
  if (invalid) return `${invalid[1]}: ${invalid[2]}`;
  const unknown = /^unknown option '([^']*)'\s*(?:\(Did you mean (.*)\?\))?/.exec(text);
  if (unknown) return `unknown flag ${unknown[1]}${unknown[2] ? ` (did you mean ${unknown[2]}?)` : ''}`;
  const required = /^required option '(?:-\w, )?(--[\w-]+) ?([^']*)' not specified/.exec(text);
  if (required) return `${required[1]} ${required[2]} is required`.replace('  ', ' ');
  const missing = /^option '(?:-\w, )?(--[\w-]+) ?([^']*)' argument missing/.exec(text);
  if (missing) return `${missing[1]}: a value ${missing[2]} is required`;
  return text.replace(/\n\(Did you mean (.*)\?\)/, ' (did you mean $1?)');
}

/**
 * Parses `argv` (the words after the command's name) and runs the chosen action. Returns normally after --help or
 * --version (printed on stdout); throws UsageError for a command-line mistake.
 */
export async function runCommand(cmd: Command, argv: string[]): Promise<void> {
  failing = undefined;
  // a UsageError thrown by an action (a check across flags) names that action's command too
  cmd.hook('preAction', (_root, action) => {
    failing = action;
  });
  try {
    await cmd.parseAsync(argv, { from: 'user' });
  } catch (e) {
    // a setting refused by src/config.ts (ConfigError: it names the flag or variable) is a command-line mistake too
    if (e instanceof Error && e.name === 'ConfigError') throw Object.assign(new UsageError(e.message), failing ? { command: commandPath(failing) } : {});
    if (e instanceof UsageError && !e.command && failing) e.command = commandPath(failing);
    if (!(e instanceof CommanderError)) throw e;
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return;
    // 'commander.help': `tronlake help [command]` (exit code 0, on stdout), or a command with subcommands called
    // without one (exit code 1, its help on stderr)
    const usage = new UsageError(e.code === 'commander.help' ? 'a command is required' : usageMessage(e));
    if (e.code === 'commander.help' && e.exitCode === 0) return;
    if (failing) usage.command = commandPath(failing);
    throw usage;
  }
}

/** A parser of whole numbers in [min, max] for an option, e.g. `.option('--seed <n>', '…', wholeNumber(0))`. */
export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): (v: string) => number {
  return (v: string) => {
    const n = Number(v);
    if (v.trim() === '' || !Number.isSafeInteger(n)) throw new InvalidArgumentError(`expected a whole number, got '${v}'`);
    if (n < min || n > max) throw new InvalidArgumentError(`expected a whole number ${max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `in ${min}..${max}`}, got '${v}'`);
    return n;
  };
}

/** A parser of non-negative numbers (fractions allowed) for an option, e.g. `--keep-free-gb 0.5`. */
export function nonNegative(v: string): number {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`expected a number ≥ 0, got '${v}'`);
  return n;
}
