/**
 * mulberry32: a small seeded generator of floats in [0, 1), so a workload, a fuzz run or a property test drawn from a
 * seed replays exactly, e.g. `const r = seeded(8); r()`.
 */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
