/**
 * A minimal PostgreSQL client (protocol 3, trust authentication over the cluster's own Unix socket): the project has
 * no PostgreSQL driver, and the benchmark must not add one for a tool that only measures. It does what a driver does
 * for an unnamed parameterized query (Parse, Bind with text parameters, Describe, Execute, Sync: one round trip), and
 * the simple protocol for DDL and COPY. Values come back as text (or null), like a driver's default for most types.
 */
import net from 'node:net';

export type PgRow = Record<string, string | null>;

interface Pending {
  resolve: (rows: PgRow[]) => void;
  reject: (e: Error) => void;
  rows: PgRow[];
  names: string[];
  error?: Error;
}

function cstr(s: string): Buffer {
  return Buffer.concat([Buffer.from(s, 'utf8'), Buffer.from([0])]);
}

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function int16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
}

function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}

/** The fields of an ErrorResponse: M (message), D (detail), C (code). */
function errorOf(body: Buffer): Error {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < body.length && body[i] !== 0) {
    const code = String.fromCharCode(body[i]!);
    const end = body.indexOf(0, i + 1);
    fields.set(code, body.toString('utf8', i + 1, end));
    i = end + 1;
  }
  return new Error(`postgres ${fields.get('C') ?? ''}: ${fields.get('M') ?? 'error'}${fields.get('D') ? ` (${fields.get('D')})` : ''}`);
}

/** One connection; queries are queued and answered in order (the protocol is ordered). */
export class PgConnection {
  private buf: Buffer = Buffer.alloc(0);
  private queue: Pending[] = [];
  private ready!: Promise<void>;

  private constructor(private readonly socket: net.Socket) {}

  /** Connects to the Unix socket `<socketDir>/.s.PGSQL.<port>` as `user` (trust authentication). */
  static async connect(socketDir: string, port: number, user: string, database = 'postgres'): Promise<PgConnection> {
    const socket = net.createConnection({ path: `${socketDir}/.s.PGSQL.${port}` });
    const c = new PgConnection(socket);
    c.ready = new Promise<void>((resolve, reject) => {
      c.queue.push({ resolve: () => resolve(), reject, rows: [], names: [] });
      socket.once('error', reject);
    });
    socket.on('data', (d) => c.onData(d));
    // A dead connection fails every query waiting on it instead of leaving it pending.
    socket.on('close', () => {
      for (const p of c.queue.splice(0)) p.reject(new Error('postgres connection closed'));
    });
    socket.on('connect', () => {
      const body = Buffer.concat([int32(196608), cstr('user'), cstr(user), cstr('database'), cstr(database), Buffer.from([0])]);
      socket.write(Buffer.concat([int32(body.length + 4), body]));
    });
    await c.ready;
    return c;
  }

  private onData(d: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, d]) : d;
    while (this.buf.length >= 5) {
      const len = this.buf.readInt32BE(1);
      if (this.buf.length < len + 1) return;
      const type = String.fromCharCode(this.buf[0]!);
      const body = this.buf.subarray(5, len + 1);
      this.buf = this.buf.subarray(len + 1);
      this.onMessage(type, body);
    }
  }

  private onMessage(type: string, body: Buffer): void {
    const p = this.queue[0];
    if (!p) return;
    if (type === 'R') {
      if (body.readInt32BE(0) !== 0) p.error = new Error('postgres asked for a password: the cluster must trust its local socket');
    } else if (type === 'T') {
      const n = body.readInt16BE(0);
      let i = 2;
      p.names = [];
      for (let k = 0; k < n; k++) {
        const end = body.indexOf(0, i);
        p.names.push(body.toString('utf8', i, end));
        i = end + 1 + 18; // table oid, column, type oid, size, modifier, format
      }
    } else if (type === 'D') {
      const n = body.readInt16BE(0);
      let i = 2;
      const row: PgRow = Object.create(null) as PgRow;
      for (let k = 0; k < n; k++) {
        const len = body.readInt32BE(i);
        i += 4;
        row[p.names[k]!] = len < 0 ? null : body.toString('utf8', i, i + len);
        if (len > 0) i += len;
      }
      p.rows.push(row);
    } else if (type === 'E') {
      p.error = errorOf(body);
    } else if (type === 'Z') {
      this.queue.shift();
      if (p.error) p.reject(p.error);
      else p.resolve(p.rows);
    }
  }

  private send(msg: Buffer): Promise<PgRow[]> {
    return new Promise<PgRow[]>((resolve, reject) => {
      this.queue.push({ resolve, reject, rows: [], names: [] });
      this.socket.write(msg);
    });
  }

  /** Statements as text, no parameters (DDL, COPY, SET): the simple protocol; the rows of all its statements. */
  simple(sql: string): Promise<PgRow[]> {
    return this.send(message('Q', cstr(sql)));
  }

  /** One parameterized statement ($1, $2…), parameters sent apart from the text (never spliced into it). */
  query(sql: string, params: readonly (string | number | null)[] = []): Promise<PgRow[]> {
    const binds = params.map((v) => {
      if (v === null) return int32(-1);
      const b = Buffer.from(String(v), 'utf8');
      return Buffer.concat([int32(b.length), b]);
    });
    return this.send(Buffer.concat([
      message('P', Buffer.concat([cstr(''), cstr(sql), int16(0)])),
      message('B', Buffer.concat([cstr(''), cstr(''), int16(0), int16(params.length), ...binds, int16(0)])),
      message('D', Buffer.concat([Buffer.from('P'), cstr('')])),
      message('E', Buffer.concat([cstr(''), int32(0)])),
      message('S', Buffer.alloc(0)),
    ]));
  }

  close(): void {
    this.socket.end(message('X', Buffer.alloc(0)));
  }
}
