/**
 * A prototype row store for bench/ref-rows.ts: the rows of a by-block key file with each row readable alone (one
 * pread, no inflate), so a reference (key, index) costs a read of ~150 bytes instead of a 32-row deflated block.
 * Not used by the server: it measures whether such a store keeps the bytes of today's key files (a 100M-transaction
 * lake needs the by-address copies to hold references: bench/results/keys-only.md).
 *
 * A row: its cells' tags, two per byte (4 bits each), then the cells' bytes:
 *   0 null · 1 same as the key's first row · 2 integer ≥ 0 (LEB128) · 3 integer < 0 (LEB128 of −n) · 4 TRON address
 *   (21 bytes; Base58check again on read) · 5 lowercase hex of even length (LEB128 length, bytes) · 6 UTF-8 text
 *   (LEB128 length, bytes) · 7 an integer beyond 2^53 (its decimal text as 6) · 8 empty text
 * Rows of one key after its first name the cells equal to the first row's (a block's hash, time, result…) by tag 1, so
 * a row away from its key's first reads both (two preads, or one when they lie within READ_TOGETHER bytes).
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { base58ToHex, hexToBase58, isBase58Address } from '../src/chain/address.ts';
import { rowMaker, type Cell, type Row } from '../src/duckdb/duck.ts';
import type { KeyFile } from '../src/lake/key-files.ts';

const READ_TOGETHER = 4096;
const HEX = /^(?:[0-9a-f]{2})+$/;

function pushUint(out: number[], n: number): void {
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
}

function pushBytes(out: number[], b: Buffer): void {
  pushUint(out, b.length);
  for (const x of b) out.push(x);
}

/** The tag and bytes of one cell (`first`: the key's first row's cell, or undefined for the first row itself). */
function encodeCell(v: Cell, first: Cell | undefined, integer: boolean, body: number[]): number {
  if (v === null) return 0;
  if (first !== undefined && v === first) return 1;
  if (typeof v === 'bigint' || (integer && typeof v === 'string')) {
    pushBytes(body, Buffer.from(String(v)));
    return 7;
  }
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new Error(`row-codec: not an integer: ${v}`);
    pushUint(body, Math.abs(v));
    return v < 0 ? 3 : 2;
  }
  const s = String(v);
  if (s === '') return 8;
  if (s.length === 34 && s[0] === 'T' && isBase58Address(s)) {
    for (const x of Buffer.from(base58ToHex(s), 'hex')) body.push(x);
    return 4;
  }
  if (HEX.test(s)) {
    pushBytes(body, Buffer.from(s, 'hex'));
    return 5;
  }
  pushBytes(body, Buffer.from(s, 'utf8'));
  return 6;
}

/** One row's bytes. */
export function encodeRow(cells: readonly Cell[], first: readonly Cell[] | undefined, integers: readonly boolean[]): Buffer {
  const tags: number[] = [];
  const body: number[] = [];
  for (let i = 0; i < cells.length; i++) tags.push(encodeCell(cells[i] ?? null, first?.[i] ?? (first ? null : undefined), integers[i]!, body));
  const head = Buffer.alloc(Math.ceil(cells.length / 2));
  for (let i = 0; i < tags.length; i++) head[i >> 1]! |= tags[i]! << ((i & 1) * 4);
  return Buffer.concat([head, Buffer.from(body)]);
}

/** One row's cells from its bytes (`first`: the key's first row's cells, for tag 1). */
export function decodeRow(b: Buffer, columns: number, first: readonly Cell[] | undefined): Cell[] {
  const cells: Cell[] = new Array(columns);
  let at = Math.ceil(columns / 2);
  const uint = (): number => {
    let n = 0;
    let scale = 1;
    for (;;) {
      const x = b[at++]!;
      n += (x & 0x7f) * scale;
      if (x < 0x80) return n;
      scale *= 0x80;
    }
  };
  for (let i = 0; i < columns; i++) {
    const tag = (b[i >> 1]! >> ((i & 1) * 4)) & 15;
    switch (tag) {
      case 0: cells[i] = null; break;
      case 1: cells[i] = first![i]!; break;
      case 2: cells[i] = uint(); break;
      case 3: cells[i] = -uint(); break;
      case 4: cells[i] = hexToBase58(b.toString('hex', at, (at += 21))); break;
      case 5: { const n = uint(); cells[i] = b.toString('hex', at, (at += n)); break; }
      case 6: { const n = uint(); cells[i] = b.toString('utf8', at, (at += n)); break; }
      case 7: { const n = uint(); cells[i] = BigInt(b.toString('latin1', at, (at += n))); break; }
      case 8: cells[i] = ''; break;
      default: throw new Error(`row-codec: tag ${tag}`);
    }
  }
  return cells;
}

/** The rows of a key file written one by one into `file`, and the offsets and key spans to read one of them. */
export class RowStore {
  private constructor(
    private readonly fd: number,
    private readonly keys: Float64Array,
    private readonly firsts: Uint32Array,
    private readonly offsets: Float64Array,
    private readonly columns: number,
    private readonly make: (cells: readonly Cell[]) => Row,
    readonly bytes: { rows: number; offsets: number; keys: number },
  ) {}

  /** Writes the rows of `runs` (number-keyed key files in key order, e.g. transactions_by_block's runs) into `file`. */
  static build(runs: readonly KeyFile[], file: string): RowStore {
    const cols = runs[0]!.meta.columns;
    const integers = cols.map((c) => c.integer);
    const keys: number[] = [];
    const firsts: number[] = [];
    const offsets = new Float64Array(runs.reduce((a, f) => a + f.rowCount, 0) + 1);
    const fd = openSync(file, 'w+');
    let row = 0;
    let at = 0;
    let first: Cell[] | undefined;
    let lastKey = -1;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const scanned = function* () {
      for (const f of runs) yield* f.scan();
    };
    for (const r of scanned()) {
      const key = Number(r.key.readBigUInt64BE());
      const cells = (JSON.parse(r.json) as Cell[]).map((v, i) => (integers[i] && typeof v === 'string' ? BigInt(v) : v));
      if (key !== lastKey) {
        keys.push(key);
        firsts.push(row);
        first = undefined;
        lastKey = key;
      }
      const bytes = encodeRow(cells, first, integers);
      first ??= cells;
      offsets[row++] = at;
      at += bytes.length;
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes > 1 << 22) {
        writeSync(fd, Buffer.concat(pending));
        pending = [];
        pendingBytes = 0;
      }
    }
    writeSync(fd, Buffer.concat(pending));
    offsets[row] = at;
    // What a file would hold beside the rows: a u32 offset per row (from its key's first row) and a key entry per key.
    const bytes = { rows: at, offsets: row * 4, keys: keys.length * 12 };
    return new RowStore(fd, Float64Array.from(keys), Uint32Array.from(firsts), offsets, cols.length, rowMaker(cols.map((c) => c.name)), bytes);
  }

  private read(from: number, to: number): Buffer {
    const b = Buffer.allocUnsafe(to - from);
    if (readSync(this.fd, b, 0, b.length, from) !== b.length) throw new Error('row-codec: short read');
    return b;
  }

  /** Row `index` of `key`, or undefined. */
  row(key: number, index: number): Row | undefined {
    let lo = 0;
    let hi = this.keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.keys[mid]! < key) lo = mid + 1;
      else if (this.keys[mid]! > key) hi = mid - 1;
      else {
        const r0 = this.firsts[mid]!;
        const end = mid + 1 < this.keys.length ? this.firsts[mid + 1]! : this.offsets.length - 1;
        const r = r0 + index;
        if (r >= end) return undefined;
        const o = this.offsets;
        if (r === r0) return this.make(decodeRow(this.read(o[r]!, o[r + 1]!), this.columns, undefined));
        if (o[r + 1]! - o[r0]! <= READ_TOGETHER) {
          const b = this.read(o[r0]!, o[r + 1]!);
          const first = decodeRow(b.subarray(0, o[r0 + 1]! - o[r0]!), this.columns, undefined);
          return this.make(decodeRow(b.subarray(o[r]! - o[r0]!), this.columns, first));
        }
        const first = decodeRow(this.read(o[r0]!, o[r0 + 1]!), this.columns, undefined);
        return this.make(decodeRow(this.read(o[r]!, o[r + 1]!), this.columns, first));
      }
    }
    return undefined;
  }

  close(): void {
    closeSync(this.fd);
  }
}
