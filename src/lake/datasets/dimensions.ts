/** Dimensions: small tables of one file, loaded into memory by the engine (kind `dimension`). */
import { c, type Dataset } from './types.ts';

export const witnesses: Dataset = {
  name: 'witnesses',
  kind: 'dimension',
  partitioned: false,
  sortBy: ['rank'],
  doc: 'Super Representatives, partners and candidates at the head block.',
  columns: [
    c('address', 'VARCHAR', 'witness account, Base58'),
    c('name', 'VARCHAR', 'display name'),
    c('url', 'VARCHAR', 'website'),
    c('rank', 'INTEGER', 'vote rank, from 1'),
    c('witness_type', 'INTEGER', '1 Super Representative (rank 1-27), 2 Partner (28-127), 3 Candidate'),
    c('votes', 'BIGINT', 'votes received'),
    c('brokerage', 'INTEGER', 'commission kept by the SR, percent'),
    c('created_ts', 'BIGINT', 'application time, ms'),
  ],
};

export const tokens: Dataset = {
  name: 'tokens',
  kind: 'dimension',
  partitioned: false,
  sortBy: ['token_standard', 'token_id'],
  doc: 'Token metadata for TRC10, TRC20, TRC721 and TRC1155 (what tokenInfo objects show).',
  columns: [
    c('token_id', 'VARCHAR', 'TRC10 numeric id, or the Base58 contract address'),
    c('token_standard', 'VARCHAR', 'trc10 | trc20 | trc721 | trc1155'),
    c('name', 'VARCHAR', 'token name ("unknown" when the contract does not say)'),
    c('symbol', 'VARCHAR', 'abbreviation'),
    c('decimals', 'INTEGER', 'decimal places'),
    c('issuer_address', 'VARCHAR', 'issuer / deployer, Base58'),
    c('logo_url', 'VARCHAR', 'logo URL (empty string when none)'),
    c('level', 'INTEGER', '0 UNKNOWN, 1 NEUTRAL, 2 OK, 3 SUSPICIOUS, 4 UNSAFE'),
    c('vip', 'BOOLEAN', 'VIP token'),
    c('can_show', 'INTEGER', '1 displayable, 0 hidden'),
    c('total_supply_raw', 'VARCHAR', 'issued supply in the smallest unit, exact decimal string'),
    c('created_ts', 'BIGINT', 'issue / deploy time, ms'),
    // Listing metadata (what TronScan's token pages show beside the chain facts). Nullable: the chain does not hold
    // them, so the ingester leaves them NULL (= unknown) and the endpoints print their "empty" values.
    c('project_name', 'VARCHAR', 'associated project name', true),
    c('project_id', 'INTEGER', 'project numeric id', true),
    c('home_page', 'VARCHAR', 'project website URL', true),
    c('description', 'VARCHAR', 'token description', true),
    c('aggregators', 'VARCHAR', 'JSON array of the aggregator platforms listing the token, e.g. ["CoinGecko"]', true),
    c('list_status', 'VARCHAR', "'whitelist' | 'blacklist' | 'none' (showAll filters of /api/token_trc20 and /api/token)", true),
  ],
};

export const tokenPrices: Dataset = {
  name: 'token_prices',
  kind: 'dimension',
  partitioned: false,
  sortBy: ['token_id', 'day_ts'],
  doc: "Daily price of each priced token in USD and TRX (token_id '_' = TRX, priced in USD; price_trx = 1).",
  columns: [
    c('token_id', 'VARCHAR', "TRC10 id or Base58 contract; '_' for TRX"),
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('price_usd', 'DOUBLE', 'closing price, USD per whole token'),
    c('price_trx', 'DOUBLE', 'closing price, TRX per whole token'),
    c('volume_usd', 'DOUBLE', 'traded volume of the day, USD'),
  ],
};

export const contracts: Dataset = {
  name: 'contracts',
  kind: 'dimension',
  partitioned: false,
  sortBy: ['address'],
  doc: 'Smart contracts known to the lake (deployed or seen in calls/logs).',
  columns: [
    c('address', 'VARCHAR', 'contract address, Base58'),
    c('name', 'VARCHAR', 'contract name (empty string when unknown)'),
    c('creator_address', 'VARCHAR', 'deployer, Base58', true),
    c('created_ts', 'BIGINT', 'deploy time, ms (0 when unknown)'),
    c('is_token', 'BOOLEAN', 'the contract is a TRC20/721/1155 token'),
    c('tag', 'VARCHAR', 'public label (empty string when none)'),
  ],
};

// Network statistics (issue 11): the resource prices fees were burned at, and the totals before the lake's first block.

export const resourcePrices: Dataset = {
  name: 'resource_prices',
  kind: 'dimension',
  partitioned: false,
  sortBy: ['resource', 'from_ts'],
  doc: "Price of a unit of energy and of bandwidth, in sun, from each change on (the node's getenergyprices / getbandwidthprices history; the generator's own schedule). Empty when the source gave none.",
  columns: [
    c('resource', 'VARCHAR', "'energy' (sun per energy unit) | 'bandwidth' (sun per byte) | 'memo' (sun per transaction with a memo; ingested lakes, from getmemofee)"),
    c('from_ts', 'BIGINT', 'time the price takes effect, ms (0 = from genesis)'),
    c('price_sun', 'BIGINT', 'sun per unit burned from then on'),
  ],
};

export const preWindowTotals: Dataset = {
  name: 'pre_window_totals',
  kind: 'dimension',
  partitioned: false,
  sortBy: ['as_of_block'],
  doc: "Chain totals before the lake's first block, where the cumulative series start (at most one row; the generator writes synthetic ones, ingest takes them from --pre-window FILE). Empty: cumulative series count from the lake's first day.",
  columns: [
    c('as_of_block', 'BIGINT', "the last block the totals cover (the lake's first block - 1)"),
    c('tx_count', 'BIGINT', 'transactions in blocks 0..as_of_block'),
    c('blockchain_size_bytes', 'BIGINT', 'serialized size of blocks 0..as_of_block, bytes'),
    c('source', 'VARCHAR', "where the figures come from ('generator', or the file given to ingest)"),
  ],
};
