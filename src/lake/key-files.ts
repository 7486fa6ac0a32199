/**
 * Key files (issue 32): a run of a derived dataset also written as `run-<id>.keys`, its rows in the run's order
 * grouped by a key, so a point lookup or a page of one key's rows is a few preads and no SQL statement. Measured
 * beside DuckDB's own storage: 0.12 ms p50 where a prepared statement on a read-only DuckDB file took 0.80 and
 * `SELECT 1` 0.17 (bench/results/point-lookup.md): the statement is the floor, so lookups skip it.
 *
 * Layout (little-endian; sections written one after the other, the footer last, so the writer streams):
 *
 *   row blocks     ROWS_PER_BLOCK rows each, a raw-deflated JSON array of rows (a row: its cells in column order;
 *                  an integer too large for a double as its decimal string)
 *   key entries    keyCount × (key bytes, first row u64, row count u32), in key order; a key's rows are contiguous
 *   times          rowCount × i64: the time column of each row (ascending inside a key), for windows
 *   block offsets  (blockCount + 1) × u64
 *   sparse keys    every SPARSE_EVERY-th key entry's key bytes: read at open, so a lookup reads one slice of entries
 *   meta           JSON: columns (name, integer or not), key column and kind, time column
 *   footer         FOOTER_BYTES: magic, then the sections' offsets and counts
 *
 * Keys are fixed-width bytes whose byte order is the dataset's sort order (`keyBytes`): a block number as 8 bytes
 * big-endian; an address as its bucket (views.ts address_bucket) then its Base58 text zero-padded, the order of a
 * bucketed run (bucket, address); a text key (an address or token id of a run sorted by it, not bucketed) as its
 * printable ASCII zero-padded to 40 bytes (DuckDB's VARCHAR order is byte order).
 */
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import fs from 'node:fs/promises';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { rowMaker, type Cell, type Row } from '../duckdb/duck.ts';
import type { KeyKind } from './datasets/growth.ts';
import { ADDRESS_BUCKETS } from './views.ts';

const MAGIC = 'TLKEYS01';
const FOOTER_BYTES = 128;
/**
 * A time window's bound reads the times of at most this many rows at once (8 KB); a wider span is first narrowed in
 * memory by every BOUND_READ_ROWS-th row's time (`sampledTimes`), so a bound is one read.
 */
const BOUND_READ_ROWS = 1024;
/** Times read per pread while sampling them (8 MB). */
const SAMPLE_READ_ROWS = 1 << 20;
/** Key entry slices kept per file (at most ~0.9 MB for address keys). */
const SLICES_KEPT = 256;
/** Decoded row blocks kept per file: a page reads its block again for each row, and the newest blocks recur. */
const BLOCKS_KEPT = 64;

/**
 * A two-way set-associative cache of values by a non-negative integer key: key % sets picks a set of two slots, a hit
 * is an array read, a miss replaces the set's slot used least recently. Not a Map kept in recency order: that kept
 * its decoded blocks alive through the young collections whatever its size, and the scavenges of random lookups took
 * twice as long. Two ways, not one: a small working set shared single slots often enough to slow it
 * (bench/results/key-file-cache.md).
 */
class Slots<V> {
  private readonly keys: Float64Array;
  private readonly values: (V | undefined)[];
  /** Per set, the way (0 or 1) used last. */
  private readonly last: Uint8Array;

  constructor(size: number) {
    const sets = Math.max(1, size >> 1);
    this.keys = new Float64Array(sets * 2).fill(-1);
    this.values = new Array<V | undefined>(sets * 2).fill(undefined);
    this.last = new Uint8Array(sets);
  }

  /** `key`'s value, loaded into its set when neither slot holds it. */
  get(key: number, load: () => V): V {
    const set = key % this.last.length;
    const at = set * 2;
    for (let way = 0; way < 2; way++) {
      if (this.keys[at + way] === key) {
        this.last[set] = way;
        return this.values[at + way]!;
      }
    }
    const way = 1 - this.last[set]!;
    const v = load();
    this.keys[at + way] = key;
    this.values[at + way] = v;
    this.last[set] = way;
    return v;
  }
}

export const ROWS_PER_BLOCK = 32;
const SPARSE_EVERY = 64;
const TIME_CHUNK_ROWS = 65_536;
/** Deflate level of a row block: level 1 wrote 2x faster than 3 for a few percent more bytes. */
const DEFLATE_LEVEL = 1;
/** Base58 addresses are 34 characters; a key holds up to 40 (longer text cannot be a key: the writer refuses it). */
const ADDRESS_TEXT = 40;

export type { KeyKind };

const keyWidthOf = (kind: KeyKind): number => (kind === 'number' ? 8 : kind === 'text' ? ADDRESS_TEXT : 1 + ADDRESS_TEXT);

/** views.ts ADDRESS_BUCKET_MACRO in JS: the bucket a bucketed run files `a` under. */
export function addressBucket(a: string): number {
  return (a.charCodeAt(a.length - 1) * 58 + a.charCodeAt(a.length - 2)) % ADDRESS_BUCKETS;
}

/** The key bytes of `value` (undefined when it cannot be a key of this kind: nothing is filed under it). */
export function keyBytes(kind: KeyKind, value: Cell): Buffer | undefined {
  if (kind === 'number') {
    const n = typeof value === 'bigint' ? value : typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : undefined;
    if (n === undefined || n < 0n || n >= 1n << 64n) return undefined;
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(n);
    return b;
  }
  if (typeof value !== 'string' || value.length < 2 || value.length > ADDRESS_TEXT || !/^[\x21-\x7e]+$/.test(value)) return undefined;
  if (kind === 'text') {
    const t = Buffer.alloc(ADDRESS_TEXT);
    t.write(value, 0, 'latin1');
    return t;
  }
  const b = Buffer.alloc(1 + ADDRESS_TEXT);
  b[0] = addressBucket(value);
  b.write(value, 1, 'latin1');
  return b;
}

export interface KeyFileColumn {
  name: string;
  /** An integer column: a cell written as a decimal string (beyond 2^53) is read back as a bigint. */
  integer: boolean;
}

export interface KeyFileMeta {
  columns: KeyFileColumn[];
  key: string;
  keyKind: KeyKind;
  time: string;
}

/**
 * Writes one key file from rows given in key order (and time order inside a key), e.g.
 * `const w = await KeyFileWriter.create(file, meta); for (const r of rows) w.add(r); await w.finish();`.
 * A row out of key order, or a key its kind cannot hold, is an error: the file would answer wrongly.
 */
export class KeyFileWriter {
  private rowCount = 0;
  private keyCount = 0;
  private pending: string[] = [];
  private dataBytes = 0;
  private readonly blockOffsets: number[] = [0];
  private readonly keyChunks: Buffer[] = [];
  private readonly timeChunks: Buffer[] = [];
  private readonly sparse: Buffer[] = [];
  private lastKey: Buffer | undefined;
  private lastTime = 0;
  private times = Buffer.allocUnsafe(TIME_CHUNK_ROWS * 8);
  private timeAt = 0;
  private spanFirst = 0;
  private readonly keyIndex: number;
  private readonly timeIndex: number;
  private readonly width: number;

  private constructor(
    private readonly file: string,
    private readonly fd: number,
    private readonly meta: KeyFileMeta,
  ) {
    this.keyIndex = meta.columns.findIndex((c) => c.name === meta.key);
    this.timeIndex = meta.columns.findIndex((c) => c.name === meta.time);
    if (this.keyIndex < 0 || this.timeIndex < 0) throw new Error(`key file ${file}: key ${meta.key} or time ${meta.time} is not a column`);
    this.width = keyWidthOf(meta.keyKind);
  }

  static async create(file: string, meta: KeyFileMeta): Promise<KeyFileWriter> {
    await fs.rm(file, { force: true });
    return new KeyFileWriter(file, openSync(file, 'w'), meta);
  }

  /** Appends one row, its cells in the meta's column order (an integer beyond 2^53 as a bigint); rows come in key order, time order inside a key. */
  add(cells: Cell[]): void {
    this.addJson(cells[this.keyIndex]!, cells[this.timeIndex]!, JSON.stringify(cells, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
  }

  /**
   * Appends one row given as the JSON array of its cells (integers beyond 2^53 and decimals as strings), with its key
   * and time cells: derive.ts has DuckDB write the JSON.
   */
  addJson(keyCell: Cell, time: Cell, json: string): void {
    const key = keyBytes(this.meta.keyKind, keyCell);
    if (!key) throw new Error(`key file ${this.file}: row ${this.rowCount} has key ${String(keyCell)}, not a ${this.meta.keyKind}`);
    this.addRow({ key, time: Number(time), json });
  }

  /** The rows added so far. */
  get rows(): number {
    return this.rowCount;
  }

  /** Appends one row as another key file of the same meta holds it (`KeyFile.scan`): a merge copies rows unparsed. */
  addRow(row: ScannedRow): void {
    const { key, json } = row;
    const at = row.time;
    if (key.length !== this.width) throw new Error(`key file ${this.file}: row ${this.rowCount} has a key of ${key.length} bytes, not ${this.width}`);
    if (!Number.isSafeInteger(at) || at < 0) throw new Error(`key file ${this.file}: row ${this.rowCount} has time ${String(at)}`);
    if (!this.lastKey || !key.equals(this.lastKey)) {
      if (this.lastKey && Buffer.compare(key, this.lastKey) < 0) throw new Error(`key file ${this.file}: row ${this.rowCount} is out of key order`);
      this.closeSpan();
      this.lastKey = key;
      this.spanFirst = this.rowCount;
    } else if (at < this.lastTime) throw new Error(`key file ${this.file}: row ${this.rowCount} is out of time order inside its key`);
    this.lastTime = at;
    // Times go into large chunks (an 8-byte buffer per row cost more in garbage collection than the rest of the write).
    if (this.timeAt === TIME_CHUNK_ROWS * 8) {
      this.timeChunks.push(this.times);
      this.times = Buffer.allocUnsafe(TIME_CHUNK_ROWS * 8);
      this.timeAt = 0;
    }
    // An i64, little-endian, from a non-negative safe integer (no BigInt per row).
    this.times.writeUInt32LE(at % 2 ** 32, this.timeAt);
    this.times.writeUInt32LE(Math.floor(at / 2 ** 32), this.timeAt + 4);
    this.timeAt += 8;
    this.pending.push(json);
    this.rowCount++;
    if (this.pending.length === ROWS_PER_BLOCK) this.flushBlock();
  }

  private closeSpan(): void {
    if (!this.lastKey) return;
    const e = Buffer.alloc(this.width + 12);
    this.lastKey.copy(e, 0);
    e.writeBigUInt64LE(BigInt(this.spanFirst), this.width);
    e.writeUInt32LE(this.rowCount - this.spanFirst, this.width + 8);
    if (this.keyCount % SPARSE_EVERY === 0) this.sparse.push(this.lastKey);
    this.keyChunks.push(e);
    this.keyCount++;
  }

  private flushBlock(): void {
    if (this.pending.length === 0) return;
    const block = deflateRawSync(Buffer.from(`[${this.pending.join(',')}]`), { level: DEFLATE_LEVEL });
    writeSync(this.fd, block, 0, block.length, this.dataBytes);
    this.dataBytes += block.length;
    this.blockOffsets.push(this.dataBytes);
    this.pending = [];
  }

  /** Closes and removes the file: a write that failed leaves nothing a reader could open. */
  async abort(): Promise<void> {
    try {
      closeSync(this.fd);
    } catch {
      // closed already (finish failed after closing)
    }
    await fs.rm(this.file, { force: true });
  }

  /** Writes the remaining sections and the footer, and closes the file. */
  async finish(): Promise<void> {
    try {
      this.flushBlock();
      this.closeSpan();
      let at = this.dataBytes;
      const put = (b: Buffer): number => {
        const start = at;
        writeSync(this.fd, b, 0, b.length, at);
        at += b.length;
        return start;
      };
      const keysAt = put(Buffer.concat(this.keyChunks));
      this.timeChunks.push(this.times.subarray(0, this.timeAt));
      const timesAt = put(Buffer.concat(this.timeChunks));
      const offsets = Buffer.alloc(this.blockOffsets.length * 8);
      this.blockOffsets.forEach((o, i) => offsets.writeBigUInt64LE(BigInt(o), i * 8));
      const blocksAt = put(offsets);
      const sparseAt = put(Buffer.concat(this.sparse));
      const metaText = Buffer.from(JSON.stringify(this.meta));
      const metaAt = put(metaText);
      const f = Buffer.alloc(FOOTER_BYTES);
      f.write(MAGIC, 0, 'latin1');
      const fields = [this.width, ROWS_PER_BLOCK, SPARSE_EVERY, this.rowCount, this.keyCount, this.blockOffsets.length - 1, keysAt, timesAt, blocksAt, sparseAt, metaAt, metaText.length];
      fields.forEach((v, i) => f.writeBigUInt64LE(BigInt(v), 8 + i * 8));
      put(f);
    } finally {
      closeSync(this.fd);
    }
  }
}

/** One row of a key file as it is stored: its key bytes, its time and the JSON array of its cells (`KeyFile.scan`). */
export interface ScannedRow {
  key: Buffer;
  time: number;
  json: string;
}

/**
 * The rows of a row block's JSON text (`[row,row,…]`, each row a JSON array) as their own texts, unparsed: a merge
 * copies them byte for byte. A string may hold brackets, so the scan skips strings (and their escapes).
 */
export function splitRows(block: string): string[] {
  const rows: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 1; i < block.length - 1; i++) {
    const c = block.charCodeAt(i);
    if (c === 34) {
      // a string: to its closing quote, past escaped characters
      for (i++; block.charCodeAt(i) !== 34; i++) if (block.charCodeAt(i) === 92) i++;
    } else if (c === 91 || c === 123) {
      if (depth++ === 0) start = i;
    } else if (c === 93 || c === 125) {
      if (--depth === 0) rows.push(block.slice(start, i + 1));
    }
  }
  return rows;
}

/** A key's rows in one file: rows [first, first + count), in time order. */
export interface Span {
  first: number;
  count: number;
}

/**
 * One key file open for reading: the footer, meta and sparse keys in memory, everything else read on demand with
 * pread (the page cache holds what is hot), e.g. `const f = KeyFile.open(path); f.rows(f.span(key)!.first, 1)`.
 */
export class KeyFile {
  readonly rowCount: number;
  readonly keyCount: number;
  readonly meta: KeyFileMeta;
  private readonly width: number;
  private readonly sparseEvery: number;
  private readonly rowsPerBlock: number;
  private readonly keysAt: number;
  private readonly timesAt: number;
  private readonly blocksAt: number;
  private readonly sparse: Buffer;
  private readonly integers: boolean[];
  private readonly makeRow: (cells: readonly Cell[]) => Row;
  /** Decoded blocks by block index. */
  private readonly blocks = new Slots<Cell[][]>(BLOCKS_KEPT);
  /** Slices of key entries by sparse key index. */
  private readonly slices = new Slots<Buffer>(SLICES_KEPT);
  /** The time of every BOUND_READ_ROWS-th row (row i × BOUND_READ_ROWS), read at the first wide bound. */
  private sampled: Float64Array | undefined;

  private constructor(private readonly fd: number) {
    // The size of the file opened, whatever its path names now.
    const size = fstatSync(fd).size;
    const f = this.read(size - FOOTER_BYTES, FOOTER_BYTES);
    if (f.toString('latin1', 0, 8) !== MAGIC) throw new Error('not a key file');
    const n = (i: number): number => Number(f.readBigUInt64LE(8 + i * 8));
    this.width = n(0);
    this.rowsPerBlock = n(1);
    this.sparseEvery = n(2);
    this.rowCount = n(3);
    this.keyCount = n(4);
    this.keysAt = n(6);
    this.timesAt = n(7);
    this.blocksAt = n(8);
    this.sparse = this.read(n(9), n(10) - n(9));
    this.meta = JSON.parse(this.read(n(10), n(11)).toString()) as KeyFileMeta;
    this.integers = this.meta.columns.map((c) => c.integer);
    this.makeRow = rowMaker(this.meta.columns.map((c) => c.name));
  }

  static open(file: string): KeyFile {
    const fd = openSync(file, 'r');
    try {
      return new KeyFile(fd);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  private read(at: number, length: number): Buffer {
    const b = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, b, done, length - done, at + done);
      if (n === 0) throw new Error('key file ends early');
      done += n;
    }
    return b;
  }

  /** The rows filed under `key` (keyBytes of the meta's kind), or undefined. */
  span(key: Buffer): Span | undefined {
    if (key.length !== this.width || this.keyCount === 0) return undefined;
    // The last sparse key ≤ key, then its slice of entries.
    let lo = 0;
    let hi = this.sparse.length / this.width - 1;
    if (Buffer.compare(this.sparse.subarray(0, this.width), key) > 0) return undefined;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (Buffer.compare(this.sparse.subarray(mid * this.width, (mid + 1) * this.width), key) <= 0) lo = mid;
      else hi = mid - 1;
    }
    const entry = this.width + 12;
    const from = lo * this.sparseEvery;
    const n = Math.min(this.sparseEvery, this.keyCount - from);
    const slice = this.entrySlice(lo, this.keysAt + from * entry, n * entry);
    let a = 0;
    let b = n - 1;
    while (a <= b) {
      const mid = (a + b) >> 1;
      const c = Buffer.compare(slice.subarray(mid * entry, mid * entry + this.width), key);
      if (c === 0) return { first: Number(slice.readBigUInt64LE(mid * entry + this.width)), count: slice.readUInt32LE(mid * entry + this.width + 8) };
      if (c < 0) a = mid + 1;
      else b = mid - 1;
    }
    return undefined;
  }

  /**
   * The key entries after sparse key `i` (one read, ~3.4 KB for an address key), kept for the next lookups of the
   * same keys: a read is a system call (~5-10 µs here), and a lookup's keys recur (a busy address, the newest blocks).
   */
  private entrySlice(i: number, at: number, length: number): Buffer {
    return this.slices.get(i, () => this.read(at, length));
  }

  /** The time of row `i`. */
  time(i: number): number {
    return Number(this.read(this.timesAt + i * 8, 8).readBigInt64LE());
  }

  /**
   * The first row of `span` whose time is ≥ `t` (`after` false) or > `t` (`after` true); span.first + span.count when
   * none is: the rows inside [from, to] are [bound(from, false), bound(to, true)).
   */
  bound(span: Span, t: number, after: boolean): number {
    const past = (v: number): boolean => (after ? v > t : v >= t);
    let lo = span.first;
    let hi = span.first + span.count;
    // A wide span is narrowed to BOUND_READ_ROWS rows by the sampled times (in memory), then its times are one read:
    // an 8-byte read per step of the search took ~12 system calls a bound on a whole file (the confirmations of
    // /api/transaction-info), 5 % of a lookup's CPU. Times ascend inside a span, so the first sample past `t` caps the
    // answer and the one before it floors it.
    if (hi - lo > BOUND_READ_ROWS) {
      const s = this.sampledTimes();
      let a = Math.ceil(lo / BOUND_READ_ROWS);
      let b = Math.ceil(hi / BOUND_READ_ROWS); // samples a … b - 1 lie inside [lo, hi)
      while (a < b) {
        const mid = (a + b) >> 1;
        if (past(s[mid]!)) b = mid;
        else a = mid + 1;
      }
      if (a * BOUND_READ_ROWS < hi) hi = a * BOUND_READ_ROWS;
      if (a > Math.ceil(lo / BOUND_READ_ROWS)) lo = (a - 1) * BOUND_READ_ROWS + 1;
    }
    if (lo === hi) return lo;
    const times = this.read(this.timesAt + lo * 8, (hi - lo) * 8);
    let a = 0;
    let b = hi - lo;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (past(Number(times.readBigInt64LE(mid * 8)))) b = mid;
      else a = mid + 1;
    }
    return lo + a;
  }

  /** Every BOUND_READ_ROWS-th row's time (8 bytes per 1,024 rows), read once in large reads. */
  private sampledTimes(): Float64Array {
    if (this.sampled) return this.sampled;
    const s = new Float64Array(Math.ceil(this.rowCount / BOUND_READ_ROWS));
    for (let from = 0; from < this.rowCount; from += SAMPLE_READ_ROWS) {
      const n = Math.min(SAMPLE_READ_ROWS, this.rowCount - from);
      const times = this.read(this.timesAt + from * 8, n * 8);
      // SAMPLE_READ_ROWS is a multiple of BOUND_READ_ROWS: each read starts on a sample.
      for (let i = 0; i < n; i += BOUND_READ_ROWS) s[(from + i) / BOUND_READ_ROWS] = Number(times.readBigInt64LE(i * 8));
    }
    this.sampled = s;
    return s;
  }

  private block(b: number): Cell[][] {
    return this.blocks.get(b, () => {
      const o = this.read(this.blocksAt + b * 8, 16);
      const from = Number(o.readBigUInt64LE(0));
      const rows = JSON.parse(inflateRawSync(this.read(from, Number(o.readBigUInt64LE(8)) - from)).toString()) as Cell[][];
      for (const r of rows) {
        for (let i = 0; i < r.length; i++) if (this.integers[i] && typeof r[i] === 'string') r[i] = BigInt(r[i] as string);
      }
      return rows;
    });
  }

  /**
   * Every row in file order as it is stored (key bytes, time, JSON text), read section by section in large reads:
   * a merge of runs or the cut of a replaced tail (src/lake/derive/key-runs.ts) streams a whole file this way.
   */
  *scan(): Generator<ScannedRow> {
    const entry = this.width + 12;
    const KEYS_PER_READ = 65_536;
    let block: string[] = [];
    let blockAt = -1;
    let times: Buffer | undefined;
    let timesFrom = 0;
    let row = 0;
    for (let k0 = 0; k0 < this.keyCount; k0 += KEYS_PER_READ) {
      const nk = Math.min(KEYS_PER_READ, this.keyCount - k0);
      const entries = this.read(this.keysAt + k0 * entry, nk * entry);
      for (let k = 0; k < nk; k++) {
        const key = Buffer.from(entries.subarray(k * entry, k * entry + this.width));
        const count = entries.readUInt32LE(k * entry + this.width + 8);
        for (let j = 0; j < count; j++, row++) {
          if (!times || row - timesFrom >= TIME_CHUNK_ROWS) {
            timesFrom = row;
            times = this.read(this.timesAt + row * 8, Math.min(TIME_CHUNK_ROWS, this.rowCount - row) * 8);
          }
          const b = Math.floor(row / this.rowsPerBlock);
          if (b !== blockAt) {
            const o = this.read(this.blocksAt + b * 8, 16);
            const from = Number(o.readBigUInt64LE(0));
            block = splitRows(inflateRawSync(this.read(from, Number(o.readBigUInt64LE(8)) - from)).toString());
            blockAt = b;
          }
          yield { key, time: Number(times.readBigInt64LE((row - timesFrom) * 8)), json: block[row % this.rowsPerBlock]! };
        }
      }
    }
  }

  /** Rows [from, to) as objects keyed by column name, in file order. */
  rows(from: number, to: number): Row[] {
    const out: Row[] = [];
    for (let i = from; i < to; ) {
      // One cache lookup a block, not a row.
      const b = Math.floor(i / this.rowsPerBlock);
      const block = this.block(b);
      const first = b * this.rowsPerBlock;
      for (const end = Math.min(to, first + this.rowsPerBlock); i < end; i++) out.push(this.makeRow(block[i - first]!));
    }
    return out;
  }

  close(): void {
    closeSync(this.fd);
  }
}
