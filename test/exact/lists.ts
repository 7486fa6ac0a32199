/**
 * The audit's lists and token pages beyond the first sixteen endpoints: the amounts, balances, quantities and counts
 * of transaction-info, internal-transaction, transfers-with-status, tokenholders (TRC10), the NFT pages, token/price
 * and getAssetWithPriceList, each against plain SQL over the raw tables (a few sampled parameters each).
 */
import { LEDGER_10, LEDGER_1155, ZERO } from '../endpoints/token/ledgers.ts';
import { SUPPLY_LEDGER } from '../endpoints/token/supply-ledger.ts';
import { type Ctx, quoted, s } from './context.ts';
import { arrayPart, field, objectPart, objects } from './json-text.ts';

/** Sorted multiset text, so rows of one transaction compare whatever their order. */
const bag = (xs: (string | undefined)[]): string => xs.map((x) => x ?? '?').sort().join('|');

export async function listChecks({ io, get, check, near }: Ctx): Promise<void> {
  // transaction-info: the newest transaction of each kind that carries amounts (TRX, TRC10, a call with TRC20
  // transfers and internal transactions, a vote, a stake).
  const samples = await io.sql(`
    SELECT tx_hash, contract_type, CAST(amount AS VARCHAR) AS amount, fee, energy_fee, net_fee, energy_usage_total, net_usage FROM raw_transactions
    WHERE (contract_type, block_number * 100000 + tx_index) IN (
      SELECT (contract_type, max(block_number * 100000 + tx_index)) FROM raw_transactions WHERE contract_type IN (1, 2, 4, 54) GROUP BY contract_type
      UNION ALL SELECT (31, max(block_number * 100000 + tx_index)) FROM raw_transactions WHERE contract_type = 31 AND internal_count > 0 AND log_count > 0
      UNION ALL SELECT (31, max(block_number * 100000 + tx_index)) FROM raw_transactions WHERE contract_type = 31 AND amount > 0)`);
  const ti = '/api/transaction-info';
  for (const t of samples) {
    const h = s(t.tx_hash);
    const text = await get(`${ti}?hash=${h}`);
    const cost = objectPart(text, 'cost');
    check(ti, `${h} amount`, field(text, 'amount'), s(t.amount));
    for (const k of ['fee', 'energy_fee', 'net_fee', 'energy_usage_total', 'net_usage'] as const) check(ti, `${h} cost.${k}`, field(cost, k), s(t[k]));
    // trc20TransferInfo lists every token transfer of the transaction, each with its tokenType (reference §3).
    const moved = await io.sql(`SELECT amount_raw FROM raw_token_transfers WHERE tx_hash = '${h}'`);
    const shown = objects(arrayPart(text, 'trc20TransferInfo'));
    check(ti, `${h} trc20TransferInfo amount_str`, bag(shown.map((o) => field(o, 'amount_str'))), bag(moved.map((r) => s(r.amount_raw))));
    const internals = await io.sql(`SELECT internal_hash, CAST(call_value AS VARCHAR) AS v FROM raw_internal_transactions WHERE tx_hash = '${h}'`);
    // callValue of an internal row: its first (callValueInfo[0]) value.
    const listed = new Map(objects(arrayPart(text, h)).map((o) => [field(o, 'hash'), field(o, 'callValue')]));
    for (const i of internals) check(ti, `${h} internal ${s(i.internal_hash)} callValue`, listed.get(s(i.internal_hash)), s(i.v));
  }

  // internal-transaction: the busiest address's newest page and its count.
  const [busy] = await io.sql(`SELECT a FROM (SELECT caller_address a FROM raw_internal_transactions UNION ALL
      SELECT to_address FROM raw_internal_transactions WHERE to_address <> caller_address) GROUP BY a ORDER BY count(*) DESC, a LIMIT 1`);
  if (busy) {
    const it = '/api/internal-transaction';
    const text = await get(`${it}?address=${s(busy.a)}&limit=50`);
    const page = objects(arrayPart(text, 'data'));
    const raw = new Map((await io.sql(`SELECT internal_hash h, CAST(call_value AS VARCHAR) v FROM raw_internal_transactions
        WHERE internal_hash IN (${quoted(page.map((o) => field(o, 'internal_hash')!))})`)).map((r) => [s(r.h), s(r.v)]));
    for (const o of page) check(it, `${field(o, 'internal_hash')} call_value`, field(o, 'call_value'), raw.get(field(o, 'internal_hash')!) ?? '?');
    const [n] = await io.sql(`SELECT count(*) n FROM raw_internal_transactions WHERE caller_address = '${s(busy.a)}' OR to_address = '${s(busy.a)}'`);
    check(it, `${s(busy.a)} rangeTotal`, field(text, 'rangeTotal'), s(n!.n));
  }

  // transfers-with-status: the busiest (token, wallet) pair's sent and received transfers.
  const [pair] = await io.sql(`SELECT contract_address c, a FROM (
      SELECT contract_address, from_address a FROM raw_token_transfers WHERE token_standard = 'trc20'
      UNION ALL SELECT contract_address, to_address FROM raw_token_transfers WHERE token_standard = 'trc20')
    WHERE a <> '${ZERO}' GROUP BY 1, 2 ORDER BY count(*) DESC, 1, 2 LIMIT 1`);
  if (pair) {
    const ws = '/api/token_trc20/transfers-with-status';
    for (const [direction, side] of [['1', 'from_address'], ['2', 'to_address']] as const) {
      const text = await get(`${ws}?trc20Id=${s(pair.c)}&address=${s(pair.a)}&direction=${direction}&limit=50`);
      const page = objects(arrayPart(text, 'data'));
      const raw = await io.sql(`SELECT tx_hash h, from_address f, to_address t, amount_raw a FROM raw_token_transfers
          WHERE contract_address = '${s(pair.c)}' AND ${side} = '${s(pair.a)}' AND tx_hash IN (${quoted(page.map((o) => field(o, 'hash')!))})`);
      for (const o of page) {
        const want = raw.filter((r) => `${r.h}|${r.f}|${r.t}` === `${field(o, 'hash')}|${field(o, 'from')}|${field(o, 'to')}`).map((r) => s(r.a));
        const got = field(o, 'amount');
        check(ws, `${field(o, 'hash')} amount`, got, want.includes(s(got)) ? s(got) : want.join('|'));
      }
      const [n] = await io.sql(`SELECT count(*) n FROM raw_token_transfers WHERE contract_address = '${s(pair.c)}' AND ${side} = '${s(pair.a)}'`);
      check(ws, `${s(pair.a)} direction ${direction} rangeTotal`, field(text, 'rangeTotal'), s(n!.n));
    }
  }

  // tokenholders: the two most transferred TRC10 tokens, their largest holders and holder counts.
  const th = '/api/tokenholders';
  for (const { id } of await io.sql(`SELECT token_id id FROM raw_transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS'
      AND token_id IN (SELECT token_id FROM dim_tokens WHERE token_standard = 'trc10') GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 2`)) {
    const ledger = await io.sql(`SELECT holder, CAST(bal AS VARCHAR) b FROM (${LEDGER_10}) WHERE token_id = '${s(id)}' AND bal > 0`);
    const balOf = new Map(ledger.map((r) => [s(r.holder), s(r.b)]));
    const text = await get(`${th}?address=${s(id)}&limit=50`);
    for (const o of objects(arrayPart(text, 'data'))) check(th, `${s(id)} ${field(o, 'address')}`, field(o, 'balance'), balOf.get(field(o, 'address')!) ?? 'not a holder');
    check(th, `${s(id)} rangeTotal`, field(text, 'rangeTotal'), s(ledger.length));
  }

  // TRC721: the busiest collection's token count (ids ever transferred) and the busiest id's transfer count.
  const [nft] = await io.sql(`SELECT contract_address c, count(DISTINCT token_id) ids FROM raw_token_transfers WHERE token_standard = 'trc721'
      GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
  if (nft) {
    check('/api/trc721/token', `${s(nft.c)} rangeTotal`, field(await get(`/api/trc721/token?contract=${s(nft.c)}&limit=1`), 'rangeTotal'), s(nft.ids));
    const [one] = await io.sql(`SELECT token_id id, count(*) n FROM raw_token_transfers WHERE contract_address = '${s(nft.c)}' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`);
    check('/api/trc721/transfers', `${s(nft.c)} #${s(one!.id)} rangeTotal`, field(await get(`/api/trc721/transfers?contract=${s(nft.c)}&tokenId=${s(one!.id)}&limit=1`), 'rangeTotal'), s(one!.n));
  }

  // TRC1155: holders per id of the busiest collection; the quantities held of its busiest id.
  const [multi] = await io.sql(`SELECT contract_address c FROM raw_token_transfers WHERE token_standard = 'trc1155' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
  if (multi) {
    const c = s(multi.c);
    const ledger = await io.sql(`SELECT token_id, holder, CAST(bal AS VARCHAR) b FROM (${LEDGER_1155}) WHERE contract_address = '${c}' AND bal > 0`);
    const ids = await io.sql(`SELECT DISTINCT token_id FROM raw_token_transfers WHERE contract_address = '${c}'`);
    const inv = await get(`/api/trc1155/inventory?contract=${c}&limit=50`);
    check('/api/trc1155/inventory', `${c} rangeTotal`, field(inv, 'rangeTotal'), s(ids.length));
    for (const o of objects(arrayPart(inv, 'data'))) {
      const id = field(o, 'token_id')!;
      check('/api/trc1155/inventory', `${c} #${id} holders_count`, field(o, 'holders_count'), s(ledger.filter((r) => s(r.token_id) === id).length));
    }
    const counts = new Map<string, number>();
    for (const r of ledger) counts.set(s(r.token_id), (counts.get(s(r.token_id)) ?? 0) + 1);
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    if (top) {
      const text = await get(`/api/trc1155/token/inventory?contract=${c}&tokenId=${top[0]}&limit=50`);
      const qty = new Map(ledger.filter((r) => s(r.token_id) === top[0]).map((r) => [s(r.holder), s(r.b)]));
      for (const o of objects(arrayPart(text, 'data'))) {
        check('/api/trc1155/token/inventory', `${c} #${top[0]} ${field(o, 'owner_address')}`, field(o, 'holder_count'), qty.get(field(o, 'owner_address')!) ?? 'not a holder');
      }
      check('/api/trc1155/token/inventory', `${c} #${top[0]} rangeTotal`, field(text, 'rangeTotal'), s(qty.size));
    }
  }

  // token/price: the market cap is the latest USD price × the supply (the holders' sum), in USD with 2 decimals.
  const priced = await io.sql(`SELECT p.token_id, arg_max(p.price_usd, p.day_ts) usd, count(*) n_days, any_value(k.symbol) sym, any_value(k.decimals) d,
      any_value(l.supply) supply FROM rule_day_prices p JOIN dim_tokens k ON k.token_id = p.token_id
      LEFT JOIN (${SUPPLY_LEDGER}) l ON l.token_id = p.token_id AND l.token_standard = k.token_standard
      WHERE p.token_id <> '_' GROUP BY 1 HAVING count(*) >= 2 ORDER BY 1`);
  for (const p of priced) {
    const text = await get(`/api/token/price?token=${s(p.token_id)}`);
    const supply = Number(BigInt(s(p.supply ?? '0'))) / 10 ** Number(p.d);
    near('/api/token/price', `${s(p.token_id)} market_cap`, field(text, 'market_cap'), Number(p.usd) * supply, 2);
    // A price is a double written with 18 decimals (docs/compat.md "Numbers": prices are not amounts).
    near('/api/token/price', `${s(p.token_id)} price_in_usd`, field(text, 'price_in_usd'), Number(p.usd), 18);
  }

  // getAssetWithPriceList: one row per priced token, its latest USD price.
  const latest = await io.sql(`SELECT token_id, arg_max(price_usd, day_ts) usd FROM rule_day_prices WHERE token_id IN (SELECT token_id FROM dim_tokens) GROUP BY 1`);
  const list = await get('/api/getAssetWithPriceList');
  check('/api/getAssetWithPriceList', 'number', field(list, 'number'), s(latest.length));
  const shown = new Map(objects(arrayPart(list, 'data')).map((o) => [field(o, 'id'), field(o, 'priceInUsd')]));
  for (const r of latest) check('/api/getAssetWithPriceList', `${s(r.token_id)} priceInUsd`, shown.get(s(r.token_id)), Number(r.usd).toString());
}
