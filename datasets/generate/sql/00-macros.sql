-- Pseudo-randomness and ABI encoding helpers. Every random draw is a hash of (seed, row key, salt), so a row's
-- content never depends on thread scheduling (random() is never used).

-- hash(a, b) of DuckDB combines the per-argument hashes by XOR, so hash(h, 1) and hash(h, 2) are correlated.
-- mix() re-hashes the XOR with the single-value hash (a full avalanche finalizer): independent draws per salt.
CREATE OR REPLACE MACRO mix(h, k) AS hash(xor(CAST(h AS UBIGINT), hash(k)));

-- Uniform in [0, 1) from a 64-bit row hash and a salt (53 significant bits).
CREATE OR REPLACE MACRO uf(h, k) AS (mix(h, k) >> 11)::DOUBLE / 9007199254740992.0;

-- USD price on window day d of a priced token (token_id as token_prices keys it, '_' for TRX): base × (1 ± amp / 2).
-- token_prices (07-token-market.sql) and the SunSwap swaps' random walk (02-tx-base.sql, issue 33) read this one formula.
CREATE OR REPLACE MACRO usd_day(token_id, base, amp, d) AS base * (1 + amp * (uf(mix(hash('price:' || {{seed}}), token_id), d) - 0.5));

-- 32-byte ABI word of a non-negative integer (integer types up to HUGEINT), 64 lowercase hex.
-- printf is several times faster than lpad(lower(hex(x))).
CREATE OR REPLACE MACRO w_u(x) AS printf('%064x', x);

-- 32-byte ABI word / log topic of an address given as 40 hex (12 zero bytes + 20 bytes).
CREATE OR REPLACE MACRO w_a(hx) AS '000000000000000000000000' || hx;

-- TRC1155 batch item i of a transaction: token id 1..50 and value 1..20.
CREATE OR REPLACE MACRO b_id(h, i) AS 1 + mix(h, 200 + i) % 50;
CREATE OR REPLACE MACRO b_val(h, i) AS 1 + mix(h, 300 + i) % 20;

-- 64 hex from two md5 digests: ids that only need to be unique and look like hashes (tx trie root, internal tx id),
-- a quarter of the cost of sha256. Transaction and block ids use sha256.
CREATE OR REPLACE MACRO hex64(s) AS md5(s) || md5(s || '#');

-- Name of a contract deployed by a CreateSmartContract transaction (same in parameter_json and contracts).
CREATE OR REPLACE MACRO created_name(h) AS {{created_names}}[1 + (mix(h, 43) % {{n_created_names}})::INTEGER];

-- Accounts created in the window (new-accounts.ts, docs/generator.md "New accounts"). A pool index from {{born_from}} on that is
-- not a multiple of 3 is "born": it exists only from its creating transaction on. settled(x) is the pre-window
-- account that stands in for x before then (the multiple of 3 just below it); born_i(k) is the index the k-th
-- creating transaction of the window creates and born_k(x) its inverse (a fixed permutation of the born indices).
CREATE OR REPLACE MACRO is_born(x) AS (x >= {{born_from}} AND x % 3 <> 0);
CREATE OR REPLACE MACRO settled(x) AS CASE WHEN is_born(x) THEN x - x % 3 ELSE x END;
CREATE OR REPLACE MACRO born_of_j(j) AS {{born_from}} + 3 * (j // 2) + 1 + j % 2;
CREATE OR REPLACE MACRO born_i(k) AS born_of_j(({{born_a}}::BIGINT * k + {{born_b}}) % {{born_n}});
CREATE OR REPLACE MACRO born_k(x) AS
  ({{born_a_inv}}::BIGINT * ((2 * ((x - {{born_from}}) // 3) + (x - {{born_from}}) % 3 - 1 - {{born_b}} + {{born_n}}) % {{born_n}})) % {{born_n}};
-- The always-existing indices numbered 0 .. n_settled - 1 (the first {{born_from}}, then every third): a key drawn
-- among them is an existing account.
CREATE OR REPLACE MACRO settled_no(x) AS CASE WHEN x < {{born_from}} THEN x ELSE {{born_from}} + (x - {{born_from}}) // 3 END;
CREATE OR REPLACE MACRO settled_at(s) AS CASE WHEN s < {{born_from}} THEN s ELSE {{born_from}} + 3 * (s - {{born_from}}) END;
