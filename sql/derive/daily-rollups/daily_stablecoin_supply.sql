-- Stablecoin supply per UTC day and contract (issue 31, SPEC §4.4): the day's mints and burns and the supply at the
-- end of the day. Supply moves once (src/chain/stablecoins.ts): the rows of stablecoin_events with supply_effect
-- mint / burn (named events, and USDD 2.0's Transfers from / to the zero address, which the registry writes as
-- Mint / Burn rows); echo Transfers (USDT, USDC, TUSD) are no rows, so they never count again.
-- The supply now: the newest totalSupply() the lake read (trc20_snapshots, holder = the zero address) plus the net
-- flows after its block; without one, the ledger's supply (token_stats.supply_raw: the sum of trc20_balances, whose
-- moves are the Transfers and the balance moves no Transfer shows, USDJ Mint / Burn and USDT DestroyedBlackFunds,
-- each after its holder's own anchor). The supply at the end of day D = the
-- supply now minus the net flows of the days after D. Growth per-day: run over the rewritten days (`blocks` is
-- then those days, always the newest), reading the flows after them from main; a full derive runs it over every day.
-- The contracts are the registry's six (fragments/stable-contracts).
WITH win AS (
  SELECT DISTINCT "date" AS day FROM blocks
),
{{> fragments/stable-contracts}},
ev AS (
  SELECT contract_address, "date" AS day, block_number, supply_effect, CAST(amount_raw AS HUGEINT) AS amt
  FROM main.stablecoin_events
  WHERE supply_effect IN ('mint', 'burn') AND amount_raw IS NOT NULL
),
snap AS (
  SELECT contract_address, max(as_of_block) AS blk, arg_max(CAST(balance_raw AS HUGEINT), as_of_block) AS supply
  FROM main.trc20_snapshots
  WHERE holder_address = zero_address() AND contract_address IN (SELECT contract_address FROM stable_contracts)
  GROUP BY ALL
),
after_snap AS (
  SELECT e.contract_address, sum(CASE e.supply_effect WHEN 'mint' THEN e.amt WHEN 'burn' THEN -e.amt ELSE 0 END) AS net
  FROM ev e JOIN snap s ON s.contract_address = e.contract_address AND e.block_number > s.blk
  GROUP BY ALL
),
supply_now AS (
  SELECT c.contract_address,
         CASE WHEN s.blk IS NOT NULL THEN s.supply + coalesce(x.net, 0)
              ELSE CAST(t.supply_raw AS HUGEINT) END AS supply
  FROM stable_contracts c
  LEFT JOIN snap s ON s.contract_address = c.contract_address
  LEFT JOIN after_snap x ON x.contract_address = c.contract_address
  LEFT JOIN main.token_stats t ON t.token_id = c.contract_address AND t.token_standard = 'trc20'
  WHERE s.blk IS NOT NULL OR t.token_id IS NOT NULL
),
daily AS (
  SELECT contract_address, day,
         coalesce(sum(amt) FILTER (WHERE supply_effect = 'mint'), 0) AS minted,
         coalesce(sum(amt) FILTER (WHERE supply_effect = 'burn'), 0) AS burned,
         count(*) FILTER (WHERE supply_effect = 'mint') AS mint_count,
         count(*) FILTER (WHERE supply_effect = 'burn') AS burn_count
  FROM ev
  WHERE day >= (SELECT min(day) FROM win)
  GROUP BY ALL
),
keys AS (
  SELECT contract_address, day FROM daily WHERE day IN (SELECT day FROM win)
  UNION
  SELECT contract_address, (SELECT min(day) FROM main.daily_network_stats)
  FROM supply_now
  WHERE (SELECT min(day) FROM main.daily_network_stats) IN (SELECT day FROM win)
)
SELECT k.day, k.contract_address, c.coin, c.contract_key,
       CAST(coalesce(d.minted, 0) AS VARCHAR) AS minted_raw,
       CAST(coalesce(d.burned, 0) AS VARCHAR) AS burned_raw,
       CAST(coalesce(d.mint_count, 0) AS BIGINT) AS mint_count,
       CAST(coalesce(d.burn_count, 0) AS BIGINT) AS burn_count,
       CAST(n.supply - coalesce((SELECT sum(l.minted - l.burned) FROM daily l WHERE l.contract_address = k.contract_address AND l.day > k.day), 0) AS VARCHAR) AS supply_raw
FROM keys k
JOIN stable_contracts c ON c.contract_address = k.contract_address
LEFT JOIN daily d ON d.contract_address = k.contract_address AND d.day = k.day
LEFT JOIN supply_now n ON n.contract_address = k.contract_address
