/**
 * Would another row-block codec make key files (src/lake/key-files.ts) smaller or faster to read? They are ~43 % of a
 * bench-profile lake's derived bytes, the reason a 100M-transaction lake does not fit this disk, so this is measured
 * before any format change. For each key file of a version, a sample of its row blocks (as written: 32 rows of
 * raw-deflated JSON at level 1) re-encoded four ways, sizes and decode time per block:
 *   - json-1:   what is written now (deflate level 1);
 *   - json-6:   the same JSON at deflate level 6;
 *   - json-dict: level 1 with a preset dictionary of 32 KB of the file's own rows (sampled across it);
 *   - columns:  a binary columnar block (per column: integers as zig-zag varint deltas, 64-hex texts as 32 bytes,
 *               doubles as 8 bytes, anything else as a per-block dictionary; a null mask), then deflate level 1.
 * Every re-encoded block is decoded back and compared with the original rows (a codec that loses a cell would stop
 * the run). Decode = inflate plus JSON.parse (or the columnar decoder), to arrays of cells, median of 3 passes.
 *
 *   npx tsx bench/key-file-codecs.ts --data DIR [--blocks 2000] [--out FILE]
 */
import { closeSync, fstatSync, openSync, readSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { parseFlags } from '../src/cli-flags.ts';

const flags = parseFlags(process.argv.slice(2));
if (!flags.data) throw new Error('--data DIR is required (a published lake)');
const version = path.join(flags.data, 'current');
const sample = Number(flags.blocks ?? 2000);

type Cell = unknown;

/** The row blocks of one key file (footer fields as key-files.ts writes them). */
function openBlocks(file: string) {
  const fd = openSync(file, 'r');
  const read = (at: number, length: number): Buffer => {
    const b = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) done += readSync(fd, b, done, length - done, at + done);
    return b;
  };
  const footer = read(fstatSync(fd).size - 128, 128);
  const field = (i: number): number => Number(footer.readBigUInt64LE(8 + i * 8));
  const count = field(5);
  const offsets = field(8);
  const block = (b: number): Buffer => {
    const o = read(offsets + b * 8, 16);
    const from = Number(o.readBigUInt64LE(0));
    return read(from, Number(o.readBigUInt64LE(8)) - from);
  };
  return { count, block, close: () => closeSync(fd) };
}

const HEX64 = /^[0-9a-f]{64}$/;

/** The columnar block: a row count, then per column a kind byte (+10: a null mask follows) and its values. */
function encodeColumns(rows: Cell[][]): Buffer {
  const out: number[] = [];
  const bytes: Buffer[] = [];
  const flush = () => {
    if (out.length) bytes.push(Buffer.from(out.splice(0)));
  };
  const varint = (v: number) => {
    let x = v;
    while (x >= 128) {
      out.push((x % 128) | 128);
      x = Math.floor(x / 128);
    }
    out.push(x);
  };
  const raw = (b: Buffer) => {
    flush();
    bytes.push(b);
  };
  out.push(rows.length);
  const width = rows[0]?.length ?? 0;
  for (let c = 0; c < width; c++) {
    const values = rows.map((r) => r[c]);
    const present = values.filter((v) => v !== null);
    const masked = present.length < values.length;
    const mask = () => values.forEach((v) => out.push(v === null ? 0 : 1));
    if (present.length === 0) out.push(0);
    else if (present.every((v) => typeof v === 'number' && Number.isSafeInteger(v))) {
      out.push(masked ? 11 : 1);
      if (masked) mask();
      let prev = 0;
      for (const v of present as number[]) {
        varint(v - prev >= 0 ? (v - prev) * 2 : (prev - v) * 2 - 1);
        prev = v;
      }
    } else if (present.every((v) => typeof v === 'string' && HEX64.test(v))) {
      out.push(masked ? 12 : 2);
      if (masked) mask();
      for (const v of present as string[]) raw(Buffer.from(v, 'hex'));
    } else if (present.every((v) => typeof v === 'number')) {
      out.push(masked ? 13 : 3);
      if (masked) mask();
      for (const v of present as number[]) {
        const b = Buffer.alloc(8);
        b.writeDoubleLE(v);
        raw(b);
      }
    } else {
      out.push(5);
      const dict: string[] = [];
      const ids = new Map<string, number>();
      const refs = values.map((v) => {
        if (v === null) return 255;
        // 's' + a text, 'j' + any other value as JSON (booleans, objects): decoded back to the same cell.
        const s = typeof v === 'string' ? `s${v}` : `j${JSON.stringify(v)}`;
        let i = ids.get(s);
        if (i === undefined) ids.set(s, (i = dict.push(s) - 1));
        return i;
      });
      out.push(dict.length);
      for (const s of dict) {
        const b = Buffer.from(s, 'utf8');
        varint(b.length);
        raw(b);
      }
      out.push(...refs);
    }
  }
  flush();
  return Buffer.concat(bytes);
}

function decodeColumns(buf: Buffer, width: number): Cell[][] {
  let p = 0;
  const n = buf[p++]!;
  const rows: Cell[][] = Array.from({ length: n }, () => new Array(width));
  const varint = () => {
    let x = 0;
    let m = 1;
    let b: number;
    do {
      b = buf[p++]!;
      x += (b & 127) * m;
      m *= 128;
    } while (b & 128);
    return x;
  };
  for (let c = 0; c < width; c++) {
    const kind = buf[p++]!;
    let mask: Buffer | undefined;
    if (kind > 10) {
      mask = buf.subarray(p, p + n);
      p += n;
    }
    const k = kind > 10 ? kind - 10 : kind;
    if (k === 0) for (let r = 0; r < n; r++) rows[r]![c] = null;
    else if (k === 5) {
      const dict: string[] = [];
      for (let i = buf[p++]!; i > 0; i--) {
        const l = varint();
        dict.push(buf.toString('utf8', p, p + l));
        p += l;
      }
      for (let r = 0; r < n; r++) {
        const i = buf[p++]!;
        const e = i === 255 ? null : dict[i]!;
        rows[r]![c] = e === null ? null : e[0] === 's' ? e.slice(1) : (JSON.parse(e.slice(1)) as Cell);
      }
    } else {
      let prev = 0;
      for (let r = 0; r < n; r++) {
        if (mask && !mask[r]) {
          rows[r]![c] = null;
          continue;
        }
        if (k === 1) {
          const z = varint();
          prev += z % 2 ? -(z + 1) / 2 : z / 2;
          rows[r]![c] = prev;
        } else if (k === 2) {
          rows[r]![c] = buf.toString('hex', p, p + 32);
          p += 32;
        } else {
          rows[r]![c] = buf.readDoubleLE(p);
          p += 8;
        }
      }
    }
  }
  return rows;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function timePerBlock(blocks: Buffer[], decode: (b: Buffer) => unknown): number {
  const passes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    for (const b of blocks) decode(b);
    passes.push(((performance.now() - t0) / blocks.length) * 1000);
  }
  return median(passes);
}

const lines: string[] = [];
const load0 = loadavg()[0]!;
const derived = path.join(version, 'derived');
for (const name of readdirSync(derived).sort()) {
  const keys = readdirSync(path.join(derived, name)).filter((f) => f.endsWith('.keys'));
  if (keys.length === 0) continue;
  const file = openBlocks(path.join(derived, name, keys[0]!));
  const step = Math.max(1, Math.floor(file.count / sample));
  const json: Buffer[] = [];
  const stored: Buffer[] = [];
  for (let b = 0; b < file.count && stored.length < sample; b += step) {
    const z = file.block(b);
    stored.push(z);
    json.push(inflateRawSync(z));
  }
  // A preset dictionary of the file's own rows: the first 512 bytes of 64 blocks spread over the file.
  const dictParts: Buffer[] = [];
  for (let b = 0; b < file.count && dictParts.length < 64; b += Math.max(1, Math.floor(file.count / 64))) dictParts.push(inflateRawSync(file.block(b)).subarray(0, 512));
  const dictionary = Buffer.concat(dictParts).subarray(0, 32_768);
  file.close();
  const width = (JSON.parse(json[0]!.toString()) as Cell[][])[0]?.length ?? 0;
  const level6 = json.map((j) => deflateRawSync(j, { level: 6 }));
  const dict = json.map((j) => deflateRawSync(j, { level: 1, dictionary }));
  const columns = json.map((j) => {
    const rows = JSON.parse(j.toString()) as Cell[][];
    const z = deflateRawSync(encodeColumns(rows), { level: 1 });
    if (JSON.stringify(decodeColumns(inflateRawSync(z), width)) !== JSON.stringify(rows)) throw new Error(`${name}: the columnar codec lost a cell`);
    return z;
  });
  const bytes = (bs: Buffer[]) => bs.reduce((s, b) => s + b.length, 0) / bs.length;
  const base = bytes(stored);
  const pct = (bs: Buffer[]) => `${bytes(bs).toFixed(0)} (${((bytes(bs) / base) * 100).toFixed(0)} %)`;
  const us = {
    json1: timePerBlock(stored, (b) => JSON.parse(inflateRawSync(b).toString())),
    dict: timePerBlock(dict, (b) => JSON.parse(inflateRawSync(b, { dictionary }).toString())),
    columns: timePerBlock(columns, (b) => decodeColumns(inflateRawSync(b), width)),
  };
  lines.push(`| ${name} | ${stored.length} | ${base.toFixed(0)} | ${pct(level6)} | ${pct(dict)} | ${pct(columns)} | ${us.json1.toFixed(1)} | ${us.dict.toFixed(1)} | ${us.columns.toFixed(1)} |`);
  console.error(lines.at(-1));
}

const report = [
  '# Key-file row blocks: four codecs on the same blocks',
  '',
  `\`npx tsx bench/key-file-codecs.ts --data ${flags.data} --blocks ${sample}\`, ${new Date().toISOString()}; one process, load average`,
  `${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}. Bytes per block of 32 rows (share of what is written now); decode µs per block`,
  '(inflate + parse to cells, median of 3 passes over the sample).',
  '',
  '| key file | blocks sampled | json-1 (written now) B | json-6 B | json-1 + dictionary B | columnar + deflate-1 B | decode json-1 µs | decode dictionary µs | decode columnar µs |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...lines,
  '',
].join('\n');
if (flags.out) writeFileSync(flags.out, report);
console.log(report);
