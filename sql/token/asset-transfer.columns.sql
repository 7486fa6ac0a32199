-- Columns of an /api/asset/transfer row aliased {{1}}.
{{1}}.tx_hash, {{1}}.block_number, {{1}}."timestamp", {{1}}.owner_address, {{1}}.to_address, {{1}}.amount,
asset_id({{1}}.contract_type, {{1}}.token_id) AS token_name, {{1}}.contract_ret,
is_confirmed({{1}}.block_number) AS confirmed
