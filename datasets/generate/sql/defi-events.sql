-- DeFi transactions (kinds 31-34, issue 34): their amounts, call data, logs and internal transactions, as the real
-- contracts emit them (defi-stablecoin-events.md §2.1 SunSwap V2, §3.1 SUN.io stable pools, §4.1 USDD PSM, §5.1
-- JustLend; docs/generator.md "DeFi kinds"). Runs after the address table is loaded (ABI words of addresses in call data and
-- event data) and before 04-transactions.sql, which takes the call data from g_tx0.call_dx. The logs and internal
-- transactions are appended to g_ev / g_int, so 05-facts.sql writes them with the others; each transaction's list of
-- logs has exactly n_logs entries (02-tx-base.sql; index.ts checks it).

-- A log of the list: emitter, topic0, topic-1 / topic-2 addresses, the amount of a TRC-20 Transfer (NULL for other
-- events) and the data of other events.
CREATE OR REPLACE MACRO d_tr(c, f, t, v) AS {'c': c::INTEGER, 't0': '{{t_transfer}}', 'a1': f::INTEGER, 'a2': t::INTEGER, 'v': v::HUGEINT, 'd': NULL::VARCHAR};
CREATE OR REPLACE MACRO d_ev(c, t0, a1, a2, d) AS {'c': c::INTEGER, 't0': t0, 'a1': a1::INTEGER, 'a2': a2::INTEGER, 'v': NULL::HUGEINT, 'd': d::VARCHAR};
-- raw amount of `units` whole units of a stable pool coin (USDT 6 decimals, USDD / TUSD 18) and its 18-decimal value
CREATE OR REPLACE MACRO d_coin_raw(tid, units) AS floor(units * 1e6)::HUGEINT * CASE WHEN tid = {{tid_usdt}} THEN 1 ELSE 1000000000000 END::HUGEINT;
CREATE OR REPLACE MACRO d_norm(tid, raw) AS raw * CASE WHEN tid = {{tid_usdt}} THEN 1000000000000 ELSE 1 END::HUGEINT;

CREATE TABLE g_defi AS
WITH b AS (
  SELECT t.block_number, t."timestamp", t.tx_hash, t.tx_index, t.h, t.kid, t.sub, t.tok, t.ok, t.owner_i, t.rcv_i,
         t.contract_i, t.x_sun, t.raw, t.q_t, t.wtrx_first,
         -- stable pools: coins in pool order (tids: USDD 3, TUSD 5, USDT 1; the 2pool's coin0 USDD, coin1 USDT, §3.0
         -- S10; the 3pool's USDT is coin2, its coin0 / coin1 order is UNCONFIRMED there)
         CASE WHEN t.kid = 32 THEN CASE WHEN t.sub IN (0, 2, 4) THEN [3, 1] ELSE [3, 5, 1] END END AS coins,
         CASE WHEN t.kid = 32 THEN CASE WHEN t.sub IN (0, 2, 4) THEN {{r_stable2_lp}} ELSE {{r_stable3_lp}} END END AS lp_i,
         CASE WHEN t.kid = 32 THEN CASE WHEN t.sub IN (0, 2, 4) THEN 2 ELSE 3 END END AS n,
         pow(10, 1 + 4.5 * uf(t.h, 72)) AS units
  FROM g_tx0 t WHERE t.kid >= 31
), c AS (
  SELECT b.*,
         -- exchange: coin i sold for coin j at 0.9996 (the 4 bp pool fee)
         CASE WHEN kid = 32 AND sub IN (0, 1) THEN floor(uf(h, 70) * n)::INTEGER END AS ci,
         -- V2: liquidity minted or burnt, the geometric mean of the two amounts (the pair's first-mint rule)
         CASE WHEN kid = 31 THEN floor(sqrt(x_sun::DOUBLE * raw::DOUBLE))::HUGEINT END AS liq,
         -- PSM: gem (USDT, 6 decimals) and its fee, 1 bp of the USDD amount (synthetic tin = tout = 0.0001)
         CASE WHEN kid = 33 THEN floor(pow(10, 2 + 4 * uf(h, 72)))::HUGEINT * 1000000 END AS gem,
         -- JustLend: the underlying moved (TRX in sun, USDT raw) and its jTokens at the synthetic exchange rate 0.02
         -- (1 jToken, 8 decimals = 0.02 underlying, 6 decimals: jTokens = underlying * 5000)
         CASE WHEN kid = 34 THEN CASE WHEN sub IN (0, 2, 4, 6) THEN x_sun::HUGEINT ELSE floor(units * 1e6)::HUGEINT END END AS und
  FROM b
), d AS (
  SELECT c.*,
         CASE WHEN kid = 32 AND sub IN (0, 1) THEN (ci + 1 + floor(uf(h, 71) * (n - 1))::INTEGER) % n END AS cj,
         CASE WHEN kid = 32 AND sub IN (2, 3) THEN list_transform(range(n), lambda k: d_coin_raw(coins[k + 1], pow(10, 1 + 4 * uf(h, 73 + k)))) END AS adds,
         -- remove_liquidity: LP burnt (18 decimals), paid out evenly over the coins
         CASE WHEN kid = 32 AND sub IN (4, 5) THEN floor(units * 1e6)::HUGEINT * 1000000000000 END AS lp_burn,
         CASE WHEN kid = 33 THEN gem * 100000000 END AS psm_fee,
         CASE WHEN kid = 34 THEN und * 5000 END AS jt,
         -- a liquidation seizes the repaid USDT's worth of jTRX at 0.29 USD a TRX with the 8 % incentive
         CASE WHEN kid = 34 AND sub = 8 THEN floor(und / 0.29 * 1.08)::HUGEINT * 5000 END AS seize
  FROM c
)
SELECT d.*,
       CASE WHEN ci IS NOT NULL THEN d_coin_raw(coins[ci + 1], units) END AS dx,
       CASE WHEN ci IS NOT NULL THEN d_coin_raw(coins[cj + 1], units * 0.9996) END AS dy,
       -- imbalance fees of an add: 4 bp of each coin; LP minted = the 18-decimal sum of what stays (virtual price 1)
       CASE WHEN adds IS NOT NULL THEN list_transform(adds, lambda a: a // 2500) END AS add_fees,
       CASE WHEN adds IS NOT NULL THEN list_sum(list_transform(range(n), lambda k: d_norm(coins[k + 1], adds[k + 1] - adds[k + 1] // 2500)))::HUGEINT END AS lp_mint,
       CASE WHEN lp_burn IS NOT NULL THEN list_transform(range(n), lambda k: lp_burn // n // CASE WHEN coins[k + 1] = {{tid_usdt}} THEN 1000000000000 ELSE 1 END) END AS outs
FROM d;

-- LP supply of each stable pool after each add / remove: a synthetic opening supply (2pool 40 M, 3pool 25 M LP)
-- plus the window's mints minus its burns, in order (AddLiquidity / RemoveLiquidity `token_supply`; the batch's own
-- moves: a batched build restarts from the opening supply each batch).
CREATE TABLE g_defi_lp AS
SELECT block_number, tx_index,
       CASE WHEN contract_i = {{r_stable2}} THEN 40000000 ELSE 25000000 END::HUGEINT * 1000000000000000000
       + sum(coalesce(lp_mint, -lp_burn)) OVER (PARTITION BY contract_i ORDER BY block_number, tx_index ROWS UNBOUNDED PRECEDING) AS supply
FROM g_defi WHERE kid = 32 AND sub >= 2 AND ok;

-- JustLend debts: per (market, borrower) the borrows minus the repayments (a liquidation repays too), in order; a
-- borrower who repays more than the window lent it owed that much at the opening (the smallest such debt), so
-- accountBorrows never goes negative. totalBorrows = a synthetic opening total (jTRX 4 G TRX, jUSDT 200 M USDT)
-- + those opening debts + the market's window moves. No interest accrues (borrowIndex stays 1e18).
CREATE TABLE g_defi_debt AS
WITH m AS (
  SELECT block_number, tx_index, contract_i AS mkt, CASE WHEN sub = 8 THEN rcv_i ELSE owner_i END AS borrower,
         CASE WHEN sub IN (4, 5) THEN und ELSE -und END AS delta
  FROM g_defi WHERE kid = 34 AND sub >= 4 AND ok
), r AS (
  SELECT m.*,
         sum(delta) OVER (PARTITION BY mkt, borrower ORDER BY block_number, tx_index ROWS UNBOUNDED PRECEDING) AS run,
         sum(delta) OVER (PARTITION BY mkt ORDER BY block_number, tx_index ROWS UNBOUNDED PRECEDING) AS mrun
  FROM m
), n AS (
  SELECT mkt, borrower, greatest(0, -min(run)) AS need FROM r GROUP BY mkt, borrower
), t AS (
  SELECT mkt, sum(need) AS needs FROM n GROUP BY mkt
)
SELECT r.block_number, r.tx_index, (n.need + r.run)::HUGEINT AS acct,
       (CASE WHEN r.mkt = {{r_jtrx}} THEN 4000000000000000 ELSE 200000000000000 END + t.needs + r.mrun)::HUGEINT AS total
FROM r JOIN n ON n.mkt = r.mkt AND n.borrower = r.borrower JOIN t ON t.mkt = r.mkt;

-- Every DeFi transaction's logs as a list (failed calls emit none) and its call data.
CREATE TABLE g_defi_logs AS
WITH a AS (
  SELECT d.*, ao.hex AS owner_hex, ar.hex AS rcv_hex, {{tok_hex_list}}[d.tok] AS tok_hex,
         l.supply, x.acct, x.total,
         -- V2 amounts in token0 / token1 order (the USDT/WTRX pair's token0 is WTRX; synthetic pairs put the token first)
         CASE WHEN d.wtrx_first THEN d.x_sun::HUGEINT ELSE d.raw END AS a0,
         CASE WHEN d.wtrx_first THEN d.raw ELSE d.x_sun::HUGEINT END AS a1,
         CASE WHEN d.wtrx_first THEN {{r_token}} - {{tid_wtrx}} ELSE {{r_token}} - d.tok END AS tok0_i,
         CASE WHEN d.wtrx_first THEN {{r_token}} - d.tok ELSE {{r_token}} - {{tid_wtrx}} END AS tok1_i,
         {{r_pair}} - d.tok AS pair_i, {{r_token}} - {{tid_wtrx}} AS wtrx_i
  FROM g_defi d
  JOIN g_addr ao ON ao.i = d.owner_i
  LEFT JOIN g_addr ar ON ar.i = d.rcv_i
  LEFT JOIN g_defi_lp l ON l.block_number = d.block_number AND l.tx_index = d.tx_index
  LEFT JOIN g_defi_debt x ON x.block_number = d.block_number AND x.tx_index = d.tx_index
), s AS (
  SELECT a.*,
         -- reserves after the move, at the pair's price, as the swaps' Sync (03-events.sql)
         CASE WHEN kid = 31 THEN CASE WHEN wtrx_first
              THEN w_u(floor(pow(10, 13 + 2 * uf(h, 50)))::BIGINT) || w_u(floor(floor(pow(10, 13 + 2 * uf(h, 50)))::BIGINT / 1e6 * q_t * 1e6)::HUGEINT * {{tok_scale}})
              ELSE w_u(floor(floor(pow(10, 13 + 2 * uf(h, 50)))::BIGINT / 1e6 * q_t * 1e6)::HUGEINT * {{tok_scale}}) || w_u(floor(pow(10, 13 + 2 * uf(h, 50)))::BIGINT) END END AS sync_data
  FROM a
)
SELECT block_number, "timestamp", tx_hash, tx_index, kid, sub, ok, owner_i, contract_i, x_sun,
  CASE WHEN NOT ok THEN []
    -- SunSwap V2 addLiquidityETH: token and WTRX into the pair, LP minted to the provider, Sync, Mint (sender = router)
    WHEN kid = 31 AND sub = 0 THEN [
      d_tr({{r_token}} - tok, owner_i, pair_i, raw),
      d_ev(wtrx_i, '{{t_deposit}}', {{r_router}}, NULL, w_u(x_sun)),
      d_tr(wtrx_i, {{r_router}}, pair_i, x_sun),
      d_tr(pair_i, {{r_zero}}, owner_i, liq),
      d_ev(pair_i, '{{t_sync}}', NULL, NULL, sync_data),
      d_ev(pair_i, '{{t_v2_mint}}', {{r_router}}, NULL, w_u(a0) || w_u(a1))]
    -- removeLiquidityETH: LP to the pair and burnt, both tokens to the router, Sync, Burn (sender = to = router), the
    -- token to the provider, WTRX unwrapped (the TRX goes out as internal transactions)
    WHEN kid = 31 THEN [
      d_tr(pair_i, owner_i, pair_i, liq),
      d_tr(pair_i, pair_i, {{r_zero}}, liq),
      d_tr(tok0_i, pair_i, {{r_router}}, a0),
      d_tr(tok1_i, pair_i, {{r_router}}, a1),
      d_ev(pair_i, '{{t_sync}}', NULL, NULL, sync_data),
      d_ev(pair_i, '{{t_v2_burn}}', {{r_router}}, {{r_router}}, w_u(a0) || w_u(a1)),
      d_tr({{r_token}} - tok, {{r_router}}, owner_i, raw),
      d_ev(wtrx_i, '{{t_withdrawal}}', {{r_router}}, NULL, w_u(x_sun))]
    -- stable pool exchange: coin i in, coin j out, TokenExchange(buyer, sold_id, tokens_sold, bought_id, tokens_bought)
    WHEN kid = 32 AND sub IN (0, 1) THEN [
      d_tr({{r_token}} - coins[ci + 1], owner_i, contract_i, dx),
      d_tr({{r_token}} - coins[cj + 1], contract_i, owner_i, dy),
      d_ev(contract_i, '{{t_token_exchange}}', owner_i, NULL, w_u(ci) || w_u(dx) || w_u(cj) || w_u(dy))]
    -- add_liquidity: every coin in, LP minted, AddLiquidity(provider, amounts[N], fees[N], invariant, token_supply)
    WHEN kid = 32 AND sub IN (2, 3) THEN list_concat(
      list_transform(range(n), lambda k: d_tr({{r_token}} - coins[k + 1], owner_i, contract_i, adds[k + 1])),
      [d_tr(lp_i, {{r_zero}}, owner_i, lp_mint),
       d_ev(contract_i, CASE WHEN n = 2 THEN '{{t_add_liquidity2}}' ELSE '{{t_add_liquidity3}}' END, owner_i, NULL,
            array_to_string(list_transform(adds, lambda v: w_u(v)), '') || array_to_string(list_transform(add_fees, lambda v: w_u(v)), '')
            || w_u(supply) || w_u(supply))])
    -- remove_liquidity: every coin out, LP burnt, RemoveLiquidity(provider, amounts[N], fees[N] = 0, token_supply)
    WHEN kid = 32 THEN list_concat(
      list_transform(range(n), lambda k: d_tr({{r_token}} - coins[k + 1], contract_i, owner_i, outs[k + 1])),
      [d_tr(lp_i, owner_i, {{r_zero}}, lp_burn),
       d_ev(contract_i, CASE WHEN n = 2 THEN '{{t_remove_liquidity2}}' ELSE '{{t_remove_liquidity3}}' END, owner_i, NULL,
            array_to_string(list_transform(outs, lambda v: w_u(v)), '') || repeat(w_u(0), n) || w_u(supply))])
    -- sellGem: USDT to the GemJoin, USDD minted to the seller (gem * 1e12 - fee), SellGem(owner, value, fee)
    WHEN kid = 33 AND sub = 0 THEN [
      d_tr({{r_token}} - {{tid_usdt}}, owner_i, {{r_gem_join}}, gem),
      d_tr({{r_token}} - {{tid_usdd}}, {{r_zero}}, owner_i, gem * 1000000000000 - psm_fee),
      d_ev({{r_psm}}, '{{t_sell_gem}}', owner_i, NULL, w_u(gem) || w_u(psm_fee))]
    -- buyGem: USDD (gem * 1e12 + fee) to the PSM and burnt by the join, USDT out of the GemJoin, BuyGem(owner, value, fee)
    WHEN kid = 33 THEN [
      d_tr({{r_token}} - {{tid_usdd}}, owner_i, {{r_psm}}, gem * 1000000000000 + psm_fee),
      d_tr({{r_token}} - {{tid_usdd}}, {{r_psm}}, {{r_zero}}, gem * 1000000000000 + psm_fee),
      d_tr({{r_token}} - {{tid_usdt}}, {{r_gem_join}}, owner_i, gem),
      d_ev({{r_psm}}, '{{t_buy_gem}}', owner_i, NULL, w_u(gem) || w_u(psm_fee))]
    -- JustLend (nothing indexed in the jToken events; the jToken's own address is the mint / redeem counterparty)
    WHEN kid = 34 AND sub = 0 THEN [
      d_ev(contract_i, '{{t_v2_mint}}', NULL, NULL, w_a(owner_hex) || w_u(und) || w_u(jt)),
      d_tr(contract_i, contract_i, owner_i, jt)]
    WHEN kid = 34 AND sub = 1 THEN [
      d_tr({{r_token}} - {{tid_usdt}}, owner_i, contract_i, und),
      d_ev(contract_i, '{{t_v2_mint}}', NULL, NULL, w_a(owner_hex) || w_u(und) || w_u(jt)),
      d_tr(contract_i, contract_i, owner_i, jt)]
    WHEN kid = 34 AND sub = 2 THEN [
      d_tr(contract_i, owner_i, contract_i, jt),
      d_ev(contract_i, '{{t_j_redeem}}', NULL, NULL, w_a(owner_hex) || w_u(und) || w_u(jt))]
    WHEN kid = 34 AND sub = 3 THEN [
      d_tr({{r_token}} - {{tid_usdt}}, contract_i, owner_i, und),
      d_tr(contract_i, owner_i, contract_i, jt),
      d_ev(contract_i, '{{t_j_redeem}}', NULL, NULL, w_a(owner_hex) || w_u(und) || w_u(jt))]
    WHEN kid = 34 AND sub = 4 THEN [
      d_ev(contract_i, '{{t_j_borrow}}', NULL, NULL, w_a(owner_hex) || w_u(und) || w_u(acct) || w_u(total) || w_u(1000000000000000000::HUGEINT))]
    WHEN kid = 34 AND sub = 5 THEN [
      d_tr({{r_token}} - {{tid_usdt}}, contract_i, owner_i, und),
      d_ev(contract_i, '{{t_j_borrow}}', NULL, NULL, w_a(owner_hex) || w_u(und) || w_u(acct) || w_u(total) || w_u(1000000000000000000::HUGEINT))]
    WHEN kid = 34 AND sub = 6 THEN [
      d_ev(contract_i, '{{t_j_repay_borrow}}', NULL, NULL, w_a(owner_hex) || w_a(owner_hex) || w_u(und) || w_u(acct) || w_u(total) || w_u(1000000000000000000::HUGEINT))]
    WHEN kid = 34 AND sub = 7 THEN [
      d_tr({{r_token}} - {{tid_usdt}}, owner_i, contract_i, und),
      d_ev(contract_i, '{{t_j_repay_borrow}}', NULL, NULL, w_a(owner_hex) || w_a(owner_hex) || w_u(und) || w_u(acct) || w_u(total) || w_u(1000000000000000000::HUGEINT))]
    -- liquidateBorrow on jUSDT: the liquidator repays the borrower's USDT (RepayBorrow, payer = liquidator), jTRX
    -- seizes the borrower's collateral to the liquidator (Transfer by jTRX), then LiquidateBorrow
    ELSE [
      d_tr({{r_token}} - {{tid_usdt}}, owner_i, contract_i, und),
      d_ev(contract_i, '{{t_j_repay_borrow}}', NULL, NULL, w_a(owner_hex) || w_a(rcv_hex) || w_u(und) || w_u(acct) || w_u(total) || w_u(1000000000000000000::HUGEINT)),
      d_tr({{r_jtrx}}, rcv_i, owner_i, seize),
      d_ev(contract_i, '{{t_j_liquidate_borrow}}', NULL, NULL, w_a(owner_hex) || w_a(rcv_hex) || w_u(und) || w_a('{{jtrx_hex}}') || w_u(seize))]
  END AS lg,
  CASE
    WHEN kid = 31 AND sub = 0 THEN '{{s_add_liquidity_eth}}' || w_a(tok_hex) || w_u(raw) || w_u(raw * 99 // 100) || w_u(x_sun * 99 // 100)
                                   || w_a(owner_hex) || w_u("timestamp" // 1000 + 600)
    WHEN kid = 31 THEN '{{s_remove_liquidity_eth}}' || w_a(tok_hex) || w_u(liq) || w_u(raw * 99 // 100) || w_u(x_sun * 99 // 100)
                       || w_a(owner_hex) || w_u("timestamp" // 1000 + 600)
    WHEN kid = 32 AND sub IN (0, 1) THEN '{{s_exchange}}' || w_u(ci) || w_u(cj) || w_u(dx) || w_u(dy * 99 // 100)
    WHEN kid = 32 AND sub IN (2, 3) THEN CASE WHEN n = 2 THEN '{{s_add_liquidity2}}' ELSE '{{s_add_liquidity3}}' END
                                         || array_to_string(list_transform(adds, lambda v: w_u(v)), '') || w_u(lp_mint * 99 // 100)
    WHEN kid = 32 THEN CASE WHEN n = 2 THEN '{{s_remove_liquidity2}}' ELSE '{{s_remove_liquidity3}}' END
                       || w_u(lp_burn) || array_to_string(list_transform(outs, lambda v: w_u(v * 99 // 100)), '')
    WHEN kid = 33 THEN CASE WHEN sub = 0 THEN '{{s_sell_gem}}' ELSE '{{s_buy_gem}}' END || w_a(owner_hex) || w_u(gem)
    WHEN kid = 34 THEN CASE sub WHEN 0 THEN '{{s_mint_payable}}' WHEN 1 THEN '{{s_mint_amount}}' || w_u(und)
                                WHEN 2 THEN '{{s_redeem}}' || w_u(jt) WHEN 3 THEN '{{s_redeem}}' || w_u(jt)
                                WHEN 4 THEN '{{s_borrow}}' || w_u(und) WHEN 5 THEN '{{s_borrow}}' || w_u(und)
                                WHEN 6 THEN '{{s_repay_borrow_payable}}' WHEN 7 THEN '{{s_repay_borrow}}' || w_u(und)
                                ELSE '{{s_liquidate_borrow}}' || w_a(rcv_hex) || w_u(und) || w_a('{{jtrx_hex}}') END
  END AS call_dx
FROM s;

UPDATE g_tx0 SET call_dx = l.call_dx
FROM g_defi_logs l WHERE g_tx0.kid >= 31 AND l.block_number = g_tx0.block_number AND l.tx_index = g_tx0.tx_index;

INSERT INTO g_ev BY NAME
SELECT block_number, "timestamp", tx_hash, tx_index, (li - 1)::INTEGER AS log_index, lg[li].c AS contract_i, lg[li].t0 AS topic0,
       lg[li].a1 AS t1_i, lg[li].a2 AS t2_i, NULL::INTEGER AS t3_i, NULL::VARCHAR AS t3_x,
       coalesce(lg[li].d, w_u(lg[li].v)) AS data, 'trc20' AS std,
       CASE WHEN lg[li].v IS NOT NULL THEN 'Transfer' ELSE 'DeFi' END AS etype,
       lg[li].a1 AS from_i, lg[li].a2 AS to_i, NULL::INTEGER AS op_i, NULL::VARCHAR AS token_id,
       lg[li].v::VARCHAR AS raw_s, lg[li].v::DOUBLE AS amt_d, lg[li].v IS NOT NULL AS tt
FROM (SELECT *, unnest(range(1, len(lg) + 1)) AS li FROM g_defi_logs);

-- Internal transactions: addLiquidityETH wraps the TRX (router -> WTRX); removeLiquidityETH unwraps it (WTRX ->
-- router) and pays the provider (router -> provider); jTRX pays a redeem or a borrow out (jTRX -> caller).
INSERT INTO g_int BY NAME
SELECT block_number, "timestamp", tx_hash, tx_index, ii AS internal_index,
       CASE WHEN kid = 34 THEN contract_i WHEN sub = 0 THEN {{r_router}} WHEN ii = 0 THEN {{r_token}} - {{tid_wtrx}} ELSE {{r_router}} END::INTEGER AS caller_i,
       CASE WHEN kid = 34 THEN owner_i WHEN sub = 0 THEN {{r_token}} - {{tid_wtrx}} WHEN ii = 0 THEN {{r_router}} ELSE owner_i END::INTEGER AS to_i,
       x_sun::BIGINT AS call_value, false AS rejected
FROM (SELECT *, unnest(range(CASE WHEN NOT ok THEN 0 WHEN kid = 31 THEN 1 + sub WHEN kid = 34 AND sub IN (2, 4) THEN 1 ELSE 0 END))::INTEGER AS ii
      FROM g_defi_logs);
