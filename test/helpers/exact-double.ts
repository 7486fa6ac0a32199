/**
 * A double's shortest text as an exact fraction, for expected USD figures computed independently of the code under
 * test: value = digits / 10^scale, e.g. `exactOf(0.2893)` = { digits: 2893n, scale: 4 }, `exactOf(9.7e-7)` = { 97n, 8 }.
 */
export function exactOf(x: number): { digits: bigint; scale: number } {
  const [m, e = '0'] = String(x).toLowerCase().split('e');
  const [w, f = ''] = m!.split('.');
  let scale = f.length - Number(e);
  let digits = BigInt(`${w}${f}`);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits, scale };
}
