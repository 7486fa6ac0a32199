-- /api/contracts envelope: the known contracts and those created in the 24 h before the head ($since, ms), and the
-- head day's calls ($day, contract_resources_named: in memory) in total. Binds derived from the head alone: read
-- once per version.
-- @param since BIGINT
-- @param day VARCHAR
SELECT (SELECT count(*) FROM contract_list) AS contract_count,
       (SELECT count(*) FROM contract_list WHERE created_ts > $since) AS contract_count_24h,
       (SELECT coalesce(sum(call_count), 0) FROM contract_resources_named WHERE day = $day)::BIGINT AS total_trigger
