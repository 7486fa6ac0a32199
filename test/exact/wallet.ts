/**
 * The audit's wallet endpoints. The transfer lists (/api/transfer/trx, /token10, /trc20): the amounts of the busiest address's
 * newest page, as the literals sent, against plain SQL over raw_transactions and raw_token_transfers (the by-address
 * copies are not read), each shown row against a raw row of the same transaction and parties.
 */
import type { Row } from '../../src/duckdb/duck.ts';
import { LEDGER_10, LEDGER_20, ZERO } from '../endpoints/token/ledgers.ts';
import { expectedLiteral } from '../endpoints/token/supply-ledger.ts';
import { type Ctx, quoted, s } from './context.ts';
import { arrayPart, field, objects } from './json-text.ts';

/**
 * Each shown row's amount against a raw row of the same (hash, from, to), each raw row used once: a page may cut a
 * transaction's rows (a fee row and its transfer, two logs), so the page is a part of the raw rows, not all of them.
 */
function compareRows(check: Ctx['check'], ep: string, rows: string[], raw: Row[]): void {
  const left = raw.map((r) => ({ k: s(r.k), v: s(r.v), used: false }));
  for (const o of rows) {
    const k = `${field(o, 'hash')}:${field(o, 'from')}:${field(o, 'to')}`;
    const got = field(o, 'amount');
    const hit = left.find((r) => !r.used && r.k === k && r.v === got) ?? left.find((r) => !r.used && r.k === k);
    if (hit) hit.used = true;
    check(ep, `${k} amount`, got, hit?.v ?? 'no raw row');
  }
}

export async function walletChecks({ io, get, check }: Ctx): Promise<void> {
  const page = async (url: string) => objects(arrayPart(await get(url), 'data'));
  const ids = (rows: string[]) => quoted(rows.map((o) => field(o, 'hash')!));

  // TRX, with the fee rows: the busiest sender of TRX transfers.
  const [trx] = await io.sql(`SELECT owner_address a FROM raw_transactions WHERE contract_type = 1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
  if (trx) {
    const a = s(trx.a);
    const ep = '/api/transfer/trx';
    const rows = await page(`${ep}?address=${a}&direction=0&fee=true&limit=50`);
    const raw = await io.sql(`
      SELECT tx_hash || ':' || owner_address || ':' || to_address k, CAST(amount AS VARCHAR) v FROM raw_transactions
      WHERE contract_type = 1 AND (owner_address = '${a}' OR to_address = '${a}') AND tx_hash IN (${ids(rows)})
      UNION ALL
      SELECT tx_hash || ':' || owner_address || ':', CAST(fee AS VARCHAR) FROM raw_transactions
      WHERE owner_address = '${a}' AND fee > 0 AND tx_hash IN (${ids(rows)})`);
    compareRows(check, ep, rows, raw);
  }

  // TRC10: the busiest (token, sender) pair.
  const [t10] = await io.sql(`SELECT token_id t, owner_address a FROM raw_transactions WHERE contract_type = 2 GROUP BY 1, 2 ORDER BY count(*) DESC, 1, 2 LIMIT 1`);
  if (t10) {
    const [id, a] = [s(t10.t), s(t10.a)];
    const ep = '/api/transfer/token10';
    const rows = await page(`${ep}?address=${a}&trc10Id=${id}&direction=0&limit=50`);
    const raw = await io.sql(`SELECT tx_hash || ':' || owner_address || ':' || to_address k, CAST(amount AS VARCHAR) v FROM raw_transactions
      WHERE contract_type = 2 AND token_id = '${id}' AND (owner_address = '${a}' OR to_address = '${a}') AND tx_hash IN (${ids(rows)})`);
    compareRows(check, ep, rows, raw);
  }

  // TRC20: the busiest (token, holder) pair.
  const [t20] = await io.sql(`SELECT contract_address c, a FROM (
      SELECT contract_address, from_address a FROM raw_token_transfers WHERE token_standard = 'trc20'
      UNION ALL SELECT contract_address, to_address FROM raw_token_transfers WHERE token_standard = 'trc20' AND to_address <> from_address)
    WHERE a <> '${ZERO}' GROUP BY 1, 2 ORDER BY count(*) DESC, 1, 2 LIMIT 1`);
  if (t20) {
    const [c, a] = [s(t20.c), s(t20.a)];
    const ep = '/api/transfer/trc20';
    const rows = await page(`${ep}?address=${a}&trc20Id=${c}&direction=0&limit=50`);
    const raw = await io.sql(`SELECT tx_hash || ':' || from_address || ':' || to_address k, amount_raw v FROM raw_token_transfers
      WHERE contract_address = '${c}' AND (from_address = '${a}' OR to_address = '${a}') AND tx_hash IN (${ids(rows)})`);
    compareRows(check, ep, rows, raw);
  }
}

/** /api/account/tokens: every balance of the address with the most positions, against the independent ledgers. */
export async function holdingChecks({ io, get, check }: Ctx): Promise<void> {
  const positions = `SELECT holder_address h, contract_address id, CAST(bal AS VARCHAR) b FROM (${LEDGER_20}) WHERE bal > 0
    UNION ALL SELECT holder, token_id, CAST(bal AS VARCHAR) FROM (${LEDGER_10}) WHERE bal > 0 AND holder <> '${ZERO}'`;
  const [top] = await io.sql(`SELECT h FROM (${positions}) GROUP BY h ORDER BY count(*) DESC, h LIMIT 1`);
  if (!top) return;
  const a = s(top.h);
  const ep = '/api/account/tokens';
  const rows = objects(arrayPart(await get(`${ep}?address=${a}&show=0&hidden=1&limit=200`), 'data'));
  const shown = new Map(rows.map((o) => [field(o, 'tokenId')!, field(o, 'balance')]));
  for (const r of await io.sql(`SELECT id, b FROM (${positions}) WHERE h = '${a}'`)) check(ep, `${a} ${s(r.id)} balance`, shown.get(s(r.id)), s(r.b));
  const [snap] = await io.sql(`SELECT CAST(balance AS VARCHAR) b FROM snap_account_snapshots WHERE address = '${a}' ORDER BY as_of_block DESC LIMIT 1`);
  check(ep, `${a} TRX balance`, shown.get('_'), snap ? s(snap.b) : '0');

  // The same positions on /api/account/token_asset_overview (raw) and /api/account/wallet (decimal-adjusted).
  const ov = '/api/account/token_asset_overview';
  const overview = new Map(objects(arrayPart(await get(`${ov}?address=${a}`), 'data')).map((o) => [field(o, 'tokenId')!, field(o, 'balance')]));
  const wl = '/api/account/wallet';
  const wallet = new Map(objects(arrayPart(await get(`${wl}?address=${a}&asset_type=1`), 'data')).map((o) => [field(o, 'token_id')!, field(o, 'balance')]));
  const scaled = await io.sql(`SELECT p.id, p.b, t.decimals d FROM (${positions}) p JOIN dim_tokens t ON t.token_id = p.id WHERE p.h = '${a}'`);
  for (const r of scaled) {
    check(ov, `${a} ${s(r.id)} balance`, overview.get(s(r.id)), s(r.b));
    check(wl, `${a} ${s(r.id)} balance`, wallet.get(s(r.id)), expectedLiteral(s(r.b), Number(r.d)));
  }
  check(ov, `${a} TRX balance`, overview.get('_'), snap ? s(snap.b) : '0');
  check(wl, `${a} TRX balance`, wallet.get('_'), expectedLiteral(snap ? s(snap.b) : '0', 6));
}
