-- Synthetic reference datasets (issue 12), so every code path that reads one is exercised: labels of the token
-- contracts, the witnesses, the burn address, ten user addresses made exchange hot wallets and the three foundation
-- wallets (reference.ts FOUNDATION_WALLETS: opening-state.sql gives them their reserve). `tronlake reference load` (or
-- --reference) replaces them with an operator's files.
INSERT INTO address_labels BY NAME
SELECT address, public_tag, category, entity, 'synthetic' AS source FROM (
  SELECT t.token_id AS address, t.name || ' (' || t.symbol || ')' AS public_tag, 'token' AS category, t.name AS entity
  FROM tokens t WHERE t.token_standard <> 'trc10' AND t.level < 3
  UNION ALL
  SELECT w.address, w.name, 'witness', w.name FROM witnesses w WHERE w.rank <= 127
  UNION ALL
  SELECT a.b58, 'Black Hole', 'burn', '' FROM g_addr a WHERE a.i = {{r_zero}}
  UNION ALL
  SELECT a.b58, 'Exchange ' || chr(65 + a.i) || '-Hot', 'exchange', 'Exchange ' || chr(65 + a.i) FROM g_addr a WHERE a.i BETWEEN 0 AND 9
  UNION ALL
  SELECT a.b58, f.tag, 'foundation', 'TRON DAO' FROM g_addr a JOIN (VALUES {{foundation_rows}}) f(i, tag) ON a.i = f.i
)
QUALIFY row_number() OVER (PARTITION BY address ORDER BY category, public_tag) = 1;

-- Whole-chain totals before the generated window, as of the block just before its first one (the dating rule of
-- sql/fragments/whole-anchors.sql). Transactions and bytes are not written here: pre_window_totals (index.ts) is their
-- one anchor (docs/generator.md "Whole-chain anchors"). TRX issued as rewards and burned: src/chain/economics.ts
-- generatorPreWindow (its reward history; burned = genesis + issued − the supply the candles' market cap uses). TRC10
-- tokens: the highest TRC10 id of the chain's tokens − 1,000,000 (ids are issued in sequence from 1,000,001, and the
-- window issues none). Accounts: synthetic, proportional to the first block's height.
INSERT INTO chain_anchors BY NAME
SELECT name, value_raw, {{first_number}} - 1 AS as_of_block, 'synthetic' AS source FROM (VALUES
  ('account_count', CAST(({{first_number}} - 1)::HUGEINT * 4 AS VARCHAR)),
  ('issued_sun', CAST({{pre_issued_sun}} AS VARCHAR)),
  ('burned_sun', CAST({{pre_burned_sun}} AS VARCHAR)),
  ('trc10_count', (SELECT CAST(max(CAST(token_id AS BIGINT)) - 1000000 AS VARCHAR) FROM tokens WHERE token_standard = 'trc10'))
) v(name, value_raw)
WHERE value_raw IS NOT NULL;

-- Accounts holding TRX before the window (synthetic: half of the pre-window accounts); /api/overview/accountswithtrx
-- counts from it.
INSERT INTO chain_anchors BY NAME
SELECT 'accounts_with_trx' AS name, CAST(({{first_number}} - 1)::HUGEINT * 2 AS VARCHAR) AS value_raw,
       {{first_number}} - 1 AS as_of_block, 'synthetic' AS source;

-- Daily TRX candles in USD, EUR and ETH (synthetic). The USD close is token_prices' TRX price of the day (printed with
-- 8 decimals), so both price sources of the lake agree; EUR and ETH are the USD figures at drifting exchange rates.
-- Open = the previous day's close (the first day: the close), high / low a hash-drawn spread around them; volume is
-- token_prices' volume_usd, market cap the close × the circulating supply (economics.ts GENERATOR_SUPPLY_TRX, 94.7 G TRX).
INSERT INTO price_candles BY NAME
WITH usd AS (
  SELECT day_ts, price_usd AS close, coalesce(lag(price_usd) OVER (ORDER BY day_ts), price_usd) AS open, volume_usd,
         row_number() OVER (ORDER BY day_ts) AS day_i
  FROM token_prices WHERE token_id = '_'
), quotes AS (
  SELECT u.*, q.quote, q.decimals,
         CASE q.quote WHEN 'USD' THEN 1.0
                      WHEN 'EUR' THEN 0.92 * (1 + 0.01 * (uf(mix(hash('eur:' || {{seed}}), 'rate'), u.day_i) - 0.5))
                      ELSE 1.0 / (3100.0 * (1 + 0.06 * (uf(mix(hash('eth:' || {{seed}}), 'rate'), u.day_i) - 0.5))) END AS rate,
         0.03 * uf(mix(hash('spread:' || {{seed}}), q.quote), u.day_i) AS spread
  FROM usd u CROSS JOIN (VALUES ('USD', 8), ('EUR', 8), ('ETH', 12)) q(quote, decimals)
)
SELECT '_' AS asset, quote, 'synthetic' AS source, day_ts AS "time",
       printf('%.*f', decimals, open * rate) AS open,
       printf('%.*f', decimals, greatest(open, close) * rate * (1 + spread)) AS high,
       printf('%.*f', decimals, least(open, close) * rate * (1 - spread)) AS low,
       printf('%.*f', decimals, close * rate) AS close,
       printf('%.2f', volume_usd * rate) AS volume,
       printf('%.2f', close * rate * CAST({{supply_trx}} AS DOUBLE)) AS market_cap
FROM quotes;

-- SunSwap V2 pools beside the code registry (issue 33, dex_pools): the synthetic token/WTRX pairs, the token as token0
-- as their swaps write it (03-events.sql); the real USDT/WTRX pair is the registry's (src/chain/sunswap-pools.ts).
-- Only the pairs of tokens token_prices prices (level 2): the chain's prices then back up no token of a generated lake
-- that token_prices leaves unpriced, so every generated answer keeps token_prices' prices (TDOGE, SCAT stay unpriced).
INSERT INTO dex_pools BY NAME
SELECT p.b58 AS pool, t.b58 AS token0, w.b58 AS token1, k.decimals AS token0_decimals, 6 AS token1_decimals, 'synthetic' AS source
FROM g_addr p
JOIN g_addr t ON t.i = {{r_token}} - ({{r_pair}} - p.i)
JOIN g_addr w ON w.i = {{r_token}} - {{tid_wtrx}}
JOIN tokens k ON k.token_id = t.b58
WHERE p.i < {{r_pair}} AND p.i > {{r_dapp}} AND p.b58 NOT IN ({{real_pairs}}) AND k.level = 2;

-- The generator's DeFi registry (issue 34, defi.ts): its projects and contracts, loaded by index.ts as g_defi_projects /
-- g_defi_contracts. Real contracts (the PSM, JustLend, the V2 router, factory and USDT/WTRX pair) carry the code
-- registry's reference marks and confirmation flags, the synthetic pairs and stable pools 'synthetic'.
INSERT INTO projects BY NAME SELECT project, name, category, url, source FROM g_defi_projects;

INSERT INTO project_contracts BY NAME
SELECT contract_address, project, venue, role, name, tokens, token_decimals, lp_token, confirmed, source FROM g_defi_contracts;
