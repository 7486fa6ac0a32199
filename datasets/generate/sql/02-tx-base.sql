-- Transaction semantics, one row per transaction: kind (the mix of reference.ts), parties as address-table
-- indices (>= 0 user pool, < 0 roles), amounts, success, and how many logs / internal transactions it emits.
-- Encodings (hex, Base58, receipts) come later. Owners are heavy-tailed: index = floor(N * u^3), so the first pool
-- addresses (exchanges, hot wallets) are the busiest. Kind, token pick and token properties are CASE expressions
-- generated from reference.ts: small lookup joins here get planned with the big side as build side.
-- Accounts created in the window (docs/generator.md "New accounts"). The creating transactions: a share {{p_new}} of the TRX
-- and TRC10 transfers (kinds 1-3, drawn on the transaction's own hash) and every AccountCreate that account-kinds.sql
-- leaves one (the same draw, 91, on the tx id). The k-th of the window (counted on from the earlier batches) creates
-- born index born_i(k); past the born indices a transfer creates nothing.
CREATE TABLE g_new AS
WITH t AS (
  SELECT block_number, unnest(range(n_tx))::INTEGER AS tx_index FROM g_block WHERE n_tx > 0
), u AS (
  SELECT block_number, tx_index, mix(mix(hash('tx:' || {{seed}}), block_number), tx_index) AS h FROM t
), k AS (
  SELECT block_number, tx_index, h, ({{kind_case}})::SMALLINT AS kid FROM (SELECT u.*, uf(h, 1) AS u_kind FROM u) u
), c AS (
  SELECT block_number, tx_index, {{new_before}} + row_number() OVER (ORDER BY block_number, tx_index) - 1 AS k
  FROM k
  WHERE (kid IN (1, 2, 3) AND uf(h, 45) < {{p_new}})
     OR (kid = 11 AND uf(hash(sha256('tx:' || {{seed}} || ':' || block_number || ':' || tx_index) || {{seed}}), 91) >= 0.15)
)
SELECT block_number, tx_index, k, born_i(k)::INTEGER AS i FROM c WHERE k < {{born_n}};

-- Issue 33: tokens per TRX of a SunSwap pair at time ts, a random walk through token_prices' daily closes. The
-- close of window day d is usd_day(TRX) / usd_day(token) (00-macros.sql, the formula of token_prices), or for a token
-- without a price its per_trx moved ±4 % a day. Inside a day the log price runs linearly from the previous day's close
-- to the day's close, plus a per-trade deviation of at most ±0.2 % that vanishes at midnight (sin): so a day's last
-- swaps sit near its token_prices close (tolerance in docs/generator.md "SunSwap V2 swaps").
CREATE OR REPLACE MACRO swap_close_q(tok, per_trx, d) AS
  CASE WHEN {{tok_price_id}} IS NOT NULL
       THEN usd_day('_', {{trx_price_usd}}, 0.08, d) / usd_day({{tok_price_id}}, {{tok_price_usd}}, {{tok_price_amp}}, d)
       ELSE per_trx * (1 + 0.08 * (uf(mix(hash('swapwalk:' || {{seed}}), tok), d) - 0.5)) END;
CREATE OR REPLACE MACRO swap_q(tok, per_trx, ts, h) AS
  exp((1 - ((ts - {{window_start_ts}}) % 86400000) / 86400000.0) * ln(swap_close_q(tok, per_trx, (ts - {{window_start_ts}}) // 86400000 - 1))
      + ((ts - {{window_start_ts}}) % 86400000) / 86400000.0 * ln(swap_close_q(tok, per_trx, (ts - {{window_start_ts}}) // 86400000))
      + 0.004 * sin(pi() * ((ts - {{window_start_ts}}) % 86400000) / 86400000.0) * (uf(h, 61) - 0.5));

CREATE TABLE g_tx0 AS
WITH t AS (
  SELECT block_number, "timestamp", unnest(range(n_tx))::INTEGER AS tx_index FROM g_block WHERE n_tx > 0
), u AS (
  SELECT block_number, "timestamp", tx_index, mix(mix(hash('tx:' || {{seed}}), block_number), tx_index) AS h FROM t
), k AS (
  SELECT u.*, ({{kind_case}})::SMALLINT AS kid, uf(h, 2) AS u_sub, uf(h, 3) AS u_tok
  FROM (SELECT u.*, uf(h, 1) AS u_kind FROM u) u
), s AS (
  SELECT k.*,
         CASE kid
           WHEN 1 THEN (u_sub < 0.04)::INTEGER
           WHEN 22 THEN CASE WHEN u_sub < 0.85 THEN 0 WHEN u_sub < 0.95 THEN 1 ELSE 2 END
           WHEN 25 THEN (u_sub < 0.3)::INTEGER
           WHEN 26 THEN (u_sub < 0.1)::INTEGER
           -- stablecoin admin (issue 31), half USDT: 0 Issue, 1 Redeem, 2 AddedBlackList, 3 RemovedBlackList,
           -- 4 DestroyedBlackFunds; USDC (Circle): 5 Mint, 6 Burn, 7 Blacklisted, 8 UnBlacklisted; USDD 2.0: 9 / 10 a
           -- Transfer from / to the zero address; USDJ: 11 Mint, 12 Burn (no Transfer); TUSD: 13 Mint, 14 Burn,
           -- 15 Blacklisted(address, bool)
           WHEN 28 THEN CASE WHEN u_sub < 0.15 THEN 0 WHEN u_sub < 0.25 THEN 1 WHEN u_sub < 0.375 THEN 2
                             WHEN u_sub < 0.425 THEN 3 WHEN u_sub < 0.5 THEN 4
                             WHEN u_sub < 0.54 THEN 5 WHEN u_sub < 0.56 THEN 6 WHEN u_sub < 0.585 THEN 7 WHEN u_sub < 0.6 THEN 8
                             WHEN u_sub < 0.66 THEN 9 WHEN u_sub < 0.7 THEN 10 WHEN u_sub < 0.76 THEN 11 WHEN u_sub < 0.8 THEN 12
                             WHEN u_sub < 0.88 THEN 13 WHEN u_sub < 0.94 THEN 14 ELSE 15 END
           WHEN 30 THEN (u_sub < 0.45)::INTEGER
           -- DeFi (issue 34, docs/generator.md "DeFi kinds"). SunSwap V2: 0 addLiquidityETH, 1 removeLiquidityETH
           WHEN 31 THEN (u_sub >= 0.55)::INTEGER
           -- SUN.io stable pools: 0 / 1 exchange on the 2pool / 3pool, 2 / 3 add_liquidity, 4 / 5 remove_liquidity
           WHEN 32 THEN CASE WHEN u_sub < 0.3 THEN 0 WHEN u_sub < 0.5 THEN 1 WHEN u_sub < 0.65 THEN 2 WHEN u_sub < 0.75 THEN 3
                             WHEN u_sub < 0.9 THEN 4 ELSE 5 END
           -- USDD PSM: 0 sellGem (USDT in, USDD minted), 1 buyGem (USDD burned, USDT out)
           WHEN 33 THEN (u_sub >= 0.6)::INTEGER
           -- JustLend, even subs jTRX, odd jUSDT: 0 / 1 mint (supply), 2 / 3 redeem, 4 / 5 borrow, 6 / 7 repayBorrow,
           -- 8 liquidateBorrow on jUSDT seizing jTRX
           WHEN 34 THEN CASE WHEN u_sub < 0.18 THEN 0 WHEN u_sub < 0.35 THEN 1 WHEN u_sub < 0.45 THEN 2 WHEN u_sub < 0.55 THEN 3
                             WHEN u_sub < 0.63 THEN 4 WHEN u_sub < 0.75 THEN 5 WHEN u_sub < 0.82 THEN 6 WHEN u_sub < 0.93 THEN 7
                             ELSE 8 END
           ELSE 0 END AS sub
  FROM k
), p AS (
  -- a stablecoin admin call's coin follows its sub (tids of reference.ts: 1 USDT, 2 USDC, 3 USDD, 4 USDJ, 5 TUSD)
  SELECT s.*, (CASE WHEN kid = 28 THEN CASE WHEN sub <= 4 THEN 1 WHEN sub <= 8 THEN 2 WHEN sub <= 10 THEN 3 WHEN sub <= 12 THEN 4 ELSE 5 END
                    ELSE {{pick_case}} END)::SMALLINT AS tok FROM s
), r AS (
  SELECT p.*, ({{ct_case}})::INTEGER AS ct, {{tok_std}} AS std, {{tok_scale}} AS scale, {{tok_scale10}} AS scale10,
         {{tok_lo}} AS lo, {{tok_hi}} AS hi, {{tok_per_trx}} AS per_trx,
         uf(h, 4) AS u_own, uf(h, 5) AS u_to, uf(h, 6) AS u_a, uf(h, 7) AS u_b, uf(h, 8) AS u_c, uf(h, 9) AS u_fail
  FROM p
), o AS (
  SELECT r.*,
         CASE
           WHEN kid = 2 THEN 100 + floor(u_own * 20)
           WHEN kid IN (4, 5) AND u_own < 0.7 THEN 30 + floor(u_own / 0.7 * 20)
           WHEN kid = 10 AND u_own < 0.3 THEN {{r_witness}} - 1 - floor(u_own / 0.3 * 127)
           WHEN kid = 28 AND sub <= 4 THEN {{r_usdt_owner}}
           WHEN kid = 28 THEN {{r_issuer}} - tok
           WHEN kid = 29 OR (kid = 26 AND sub = 1) THEN {{r_issuer}} - tok
           ELSE floor({{pool}} * pow(uf(h, 11), 3))
         END::INTEGER AS owner_i,
         -- token amount in whole units for fungible tokens (USDT has rare whales; half the amounts are round)
         CASE WHEN kid = 20 AND u_a < 0.001 THEN pow(10, 6 + 1.5 * u_b)
              ELSE pow(10, lo + (hi - lo) * pow(u_b, 1.3)) END AS units0
  FROM r
), q AS (
  SELECT o.*,
         CASE WHEN u_c < 0.5 AND units0 >= 1 THEN floor(units0) ELSE units0 END AS units,
         CASE
           WHEN kid IN (1, 2, 3, 20, 21, 26, 27, 29) OR (kid = 25 AND sub = 0) OR (kid = 22 AND sub = 2)
             THEN floor({{pool}} * pow(u_to, 2))
           WHEN kid IN (4, 5) THEN floor({{pool}} * pow(u_to, 1.5))
           WHEN kid = 9 THEN {{r_witness}} - 1 - floor(27 * pow(u_to, 1.5))
           WHEN kid = 11 THEN {{pool}} - 1 - floor({{pool}} * u_to)
           WHEN kid = 22 AND sub = 0 THEN CASE WHEN u_to < 0.6 THEN {{r_router}} WHEN u_to < 0.8 THEN {{r_smart_router}}
                                               ELSE floor({{pool}} * pow(u_to, 2)) END
           WHEN kid = 22 AND sub = 1 THEN {{r_marketplace}}
           WHEN kid IN (23, 24, 30, 31, 32, 33) OR (kid = 25 AND sub = 1) OR (kid = 34 AND sub < 8) THEN owner_i
           -- the borrower a liquidation repays for
           WHEN kid = 34 THEN floor({{pool}} * pow(u_to, 2))
           WHEN kid = 28 AND sub IN (0, 1) THEN {{r_usdt_owner}}
           -- Circle and TUSD burn their caller's own tokens
           WHEN kid = 28 AND sub IN (6, 14) THEN {{r_issuer}} - tok
           -- a few addresses are listed, unlisted and have their funds destroyed again and again
           WHEN kid = 28 AND sub IN (2, 3, 4, 7, 8, 15) THEN {{pool}} // 2 + floor(24 * u_to)
           WHEN kid = 28 THEN floor({{pool}} * pow(u_to, 2))
         END::INTEGER AS rcv0,
         NOT (ct = 31 AND kid NOT IN (28, 29) AND u_fail < 0.025) AS ok
  FROM o
), x AS (
  SELECT q.*,
         -- no self-transfers: move the receiver to the next pool address
         CASE WHEN rcv0 = owner_i AND rcv0 >= 0 AND kid NOT IN (23, 24, 25, 30, 31, 32, 33) AND NOT (kid = 34 AND sub < 8)
              THEN (rcv0 + 1) % {{pool}} ELSE rcv0 END AS rcv_i,
         CASE kid
           WHEN 1 THEN CASE WHEN u_a < 0.002 THEN floor(pow(10, 13 + 1.7 * u_b))
                            WHEN u_c < 0.6 THEN greatest(1, floor(pow(10, 5 + 7.5 * pow(u_b, 1.3)) / 1e6)) * 1000000
                            ELSE floor(pow(10, 5 + 7.5 * pow(u_b, 1.3))) END
           WHEN 2 THEN CASE WHEN u_a < 0.8 THEN 1 ELSE 1 + floor(u_b * 9) END
           WHEN 3 THEN floor(pow(10, lo + (hi - lo) * pow(u_b, 1.3))) * scale10
           WHEN 4 THEN floor(pow(10, 3 + 3.5 * u_b)) * 1000000
           WHEN 5 THEN floor(pow(10, 3 + 3.5 * u_b)) * 1000000
           WHEN 6 THEN floor(pow(10, 2 + 4.5 * u_b)) * 1000000
           WHEN 7 THEN floor(pow(10, 2 + 4 * u_b)) * 1000000
           WHEN 23 THEN floor(pow(10, 1 + 4.5 * pow(u_b, 1.5))) * 1000000
           WHEN 30 THEN CASE WHEN sub = 1 OR u_a < 0.4 THEN floor(pow(10, 1 + 3 * u_b)) * 1000000 ELSE 0 END
           -- TRX call value: addLiquidityETH, jTRX mint() / repayBorrow() (the same draws as x_sun below)
           WHEN 31 THEN CASE WHEN sub = 0 THEN floor(pow(10, 1 + 4 * pow(u_b, 1.5))) * 1000000 ELSE 0 END
           WHEN 34 THEN CASE WHEN sub IN (0, 6) THEN floor(pow(10, 2 + 3 * u_b)) * 1000000 ELSE 0 END
           ELSE 0 END::BIGINT AS amt
  FROM q
), y AS (
  -- New accounts: a creating transaction's receiver is the account it creates. Before its creation a born index is
  -- no account: as a party of any other transaction it is replaced by its settled stand-in. A born account only
  -- receives (TRX, TRC10, tokens, delegated resources; never an undelegation or a USDT blacklist action): as an owner
  -- it is always replaced, since its spending would need a balance from before it existed (docs/generator.md "New
  -- accounts").
  SELECT x.* REPLACE (
           settled(x.owner_i)::INTEGER AS owner_i,
           CASE WHEN c.i IS NOT NULL THEN c.i
                WHEN x.rcv_i = x.owner_i THEN settled(x.owner_i)
                WHEN x.rcv_i IS NULL OR NOT is_born(x.rcv_i) THEN x.rcv_i
                WHEN x.kid NOT IN (5, 28, 34)
                     AND (born_k(x.rcv_i) < {{new_before}}
                          OR l.block_number * 100000 + l.tx_index <= x.block_number * 100000 + x.tx_index) THEN x.rcv_i
                ELSE settled(x.rcv_i) END::INTEGER AS rcv_i),
         c.i IS NOT NULL AS acct_new, x.rcv_i <> x.owner_i AS apart
  FROM x
  LEFT JOIN g_new c ON c.block_number = x.block_number AND c.tx_index = x.tx_index
  LEFT JOIN g_new l ON l.i = x.rcv_i
), z AS (
  -- two parties made one by their stand-ins: the receiver moves to another existing account
  SELECT y.* REPLACE (
           CASE WHEN apart AND rcv_i = owner_i
                THEN CASE WHEN rcv_i < {{born_from}} THEN (rcv_i + 1) % {{born_from}} WHEN rcv_i + 3 < {{pool}} THEN rcv_i + 3 ELSE rcv_i - 3 END
                ELSE rcv_i END::INTEGER AS rcv_i)
  FROM y
), w AS (
  -- tokens per TRX of a swap (issue 33); the trader receives 0.997 of it (the pool's 0.3 % fee)
  SELECT z.*, CASE WHEN kid IN (23, 24, 31) THEN swap_q(tok, per_trx, "timestamp", h) END AS q_t FROM z
)
SELECT block_number, "timestamp", tx_index, h,
       sha256('tx:' || {{seed}} || ':' || block_number || ':' || tx_index) AS tx_hash,
       kid, ct, sub::SMALLINT AS sub, tok, std, ok, acct_new,
       CASE WHEN ok THEN NULL WHEN u_fail < 0.015 THEN 'REVERT' ELSE 'OUT_OF_ENERGY' END AS fail,
       owner_i, rcv_i,
       CASE WHEN kid = 20 THEN {{r_token}} - {{tid_usdt}}
            WHEN kid = 28 THEN {{r_token}} - tok
            WHEN kid IN (21, 22, 25, 26, 27, 29) THEN {{r_token}} - tok
            WHEN kid IN (23, 24, 31) THEN {{r_router}}
            WHEN kid = 30 THEN {{r_dapp}} - floor(u_c * {{n_dapps}})
            WHEN kid = 32 THEN CASE WHEN sub IN (0, 2, 4) THEN {{r_stable2}} ELSE {{r_stable3}} END
            WHEN kid = 33 THEN {{r_psm}}
            WHEN kid = 34 THEN CASE WHEN sub IN (0, 2, 4, 6) THEN {{r_jtrx}} ELSE {{r_jusdt}} END
       END::INTEGER AS contract_i,
       CASE WHEN ct = 31 THEN NULL WHEN kid IN (1, 2, 3, 4, 5, 9, 11) THEN rcv_i END::INTEGER AS to_i,
       amt,
       -- TRX side of a swap (sun): paid in for TRX->token, paid out for token->TRX; dapp payout
       CASE kid WHEN 23 THEN amt
                WHEN 24 THEN floor(units / q_t * 1e6 * 0.997)
                WHEN 30 THEN CASE WHEN sub = 1 THEN floor(amt * (1.5 + u_c)) ELSE 0 END
                -- the TRX side of a V2 liquidity move; jTRX's underlying (paid in or out)
                WHEN 31 THEN floor(pow(10, 1 + 4 * pow(u_b, 1.5))) * 1000000
                WHEN 34 THEN CASE WHEN sub IN (0, 2, 4, 6) THEN floor(pow(10, 2 + 3 * u_b)) * 1000000 END
       END::BIGINT AS x_sun,
       CASE
         WHEN kid IN (20, 21, 24, 29) OR (kid = 22 AND sub = 0) THEN floor(units * 1e6)::HUGEINT * scale
         WHEN kid = 23 THEN floor(amt / 1e6 * q_t * 0.997 * 1e6)::HUGEINT * scale
         -- the token side of a V2 liquidity move at the pair's price
         WHEN kid = 31 THEN floor(floor(pow(10, 1 + 4 * pow(u_b, 1.5))) * q_t * 1e6)::HUGEINT * scale
         WHEN kid = 26 THEN (1 + floor(pow(10, 2 * u_b)))::HUGEINT
         WHEN kid = 28 THEN CASE WHEN sub = 0 THEN (floor(pow(10, 8 + 1.7 * u_b)) * 1000000)::HUGEINT
                                 WHEN sub = 1 THEN (floor(pow(10, 6 + 2 * u_b)) * 1000000)::HUGEINT
                                 WHEN sub = 4 THEN floor(pow(10, 3 + 4 * u_b) * 1e6)::HUGEINT
                                 -- other coins' mints and burns: 10^3-10^7 whole units in the token's decimals
                                 WHEN sub IN (5, 6, 9, 10, 11, 12, 13, 14) THEN floor(pow(10, 3 + 4 * u_b) * 1e6)::HUGEINT * scale
                                 -- TUSD's flag: 1 listed, 0 unlisted
                                 WHEN sub = 15 THEN (u_a < 0.7)::INTEGER::HUGEINT
                                 ELSE 0::HUGEINT END
         WHEN kid = 22 AND sub = 1 THEN (u_a < 0.9)::INTEGER::HUGEINT
         WHEN kid IN (22, 25) THEN 1::HUGEINT
       END AS raw,
       (kid = 22 AND sub = 0 AND u_a < 0.4) AS unlimited,
       CASE WHEN kid IN (22, 25) THEN 1 + floor(u_a * 1000)
            WHEN kid = 26 THEN 1 + floor(50 * pow(u_a, 2)) END::BIGINT AS nft_id,
       CASE WHEN kid = 27 THEN 2 + floor(u_a * 3) END::INTEGER AS k,
       q_t, {{tok_wtrx_first}} AS wtrx_first,
       -- votes: 1-3 distinct witnesses (ranks r1 < 28 mostly, r2/r3 offset so they never collide)
       CASE WHEN kid = 9 THEN 1 + (u_c < 0.3)::INTEGER + (u_c < 0.1)::INTEGER END::INTEGER AS nv,
       CASE WHEN kid = 9 THEN {{r_witness}} - 1 - ((({{r_witness}} - rcv_i - 1) + 1 + floor(u_b * 30)) % 127) END::INTEGER AS v2_i,
       CASE WHEN kid = 9 THEN {{r_witness}} - 1 - ((({{r_witness}} - rcv_i - 1) + 31 + floor(u_b * 60)) % 127) END::INTEGER AS v3_i,
       -- rows this transaction emits in logs / internal_transactions (failed calls emit none)
       CASE WHEN NOT ok OR ct <> 31 THEN 0
            WHEN kid IN (23, 24) THEN 5
            WHEN kid = 28 AND sub IN (0, 1, 5, 6, 13, 14) THEN 2
            -- DeFi: the logs of defi-events.sql, per sub
            WHEN kid = 31 THEN CASE sub WHEN 0 THEN 6 ELSE 8 END
            WHEN kid = 32 THEN [3, 3, 4, 5, 4, 5][sub + 1]
            WHEN kid = 33 THEN 3 + sub
            WHEN kid = 34 THEN [2, 3, 2, 3, 1, 2, 1, 2, 4][sub + 1]
            ELSE 1 END::INTEGER AS n_logs,
       CASE WHEN NOT ok THEN 0 WHEN kid = 23 THEN 2 WHEN kid = 24 THEN 4 WHEN kid = 30 AND sub = 1 THEN 1
            -- router -> WTRX (deposit); WTRX -> router, router -> provider; jTRX -> redeemer / borrower
            WHEN kid = 31 THEN 1 + sub WHEN kid = 34 AND sub IN (2, 4) THEN 1 ELSE 0 END::INTEGER AS n_int,
       -- call data of the DeFi kinds, set by defi-events.sql (it needs the address table)
       NULL::VARCHAR AS call_dx
FROM w;

-- Sequences: the n-th CreateSmartContract gets created address n; TRC721 mints get the next token id of their
-- collection (pre-minted ids are 1..1000). Counted on from the earlier batches of days.
CREATE TABLE g_seq AS
SELECT block_number, tx_index, kid, tok,
       row_number() OVER (PARTITION BY kid, tok ORDER BY block_number, tx_index) AS seq
FROM g_tx0 WHERE kid = 12 OR (kid = 25 AND sub = 1);

UPDATE g_tx0 SET contract_i = {{r_created}} - {{created_before}} - s.seq, to_i = {{r_created}} - {{created_before}} - s.seq
FROM g_seq s WHERE s.kid = 12 AND g_tx0.kid = 12 AND s.block_number = g_tx0.block_number AND s.tx_index = g_tx0.tx_index;

UPDATE g_tx0 SET nft_id = 1000 + {{minted_before}} + s.seq
FROM g_seq s WHERE s.kid = 25 AND g_tx0.kid = 25 AND s.block_number = g_tx0.block_number AND s.tx_index = g_tx0.tx_index;

-- First successful USDT receipt per address: a transfer up to it goes to a new holder (130,285 energy).
CREATE TABLE g_usdt_first AS
SELECT rcv_i, min(block_number * 1000000 + tx_index) AS first_pos FROM g_tx0 WHERE kid = 20 AND ok GROUP BY rcv_i;
