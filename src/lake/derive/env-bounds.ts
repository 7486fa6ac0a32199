/**
 * Environment overrides of the lake's size bounds (a range file's rows, a by-address run's seal): read once per use,
 * a positive integer or unset / empty (the declared bound). A bad value stops the write naming the variable, rather
 * than writing files of a size nobody chose.
 */
export function boundFromEnv(name: string, fallback: number, value: string | undefined = process.env[name]): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return n;
}
