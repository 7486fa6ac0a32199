-- The by-address copy {{1}} aliased {{2}}, read from the files that may hold $address's rows, for a FROM clause:
-- the engine binds ${{1}}_files from the version it serves (the manifest's address ranges: at most one range file
-- per run, src/lake/address-ranges.ts), so a page costs a few small files however large the copy grows. The rows
-- themselves are picked by fragments/address-rows.
-- @param address VARCHAR
-- @files {{1}}_files {{1}} address
address_rows_{{1}}(${{1}}_files) {{2}}
