/** Reference datasets: off-chain facts an operator loads (`tronlake reference load`), validated against these. */
import { c, type Dataset } from './types.ts';

// ---- Reference datasets: off-chain facts (issue 12; design map R4/R5). Loaded by `tronlake reference load`.

const BASE58_ADDRESS = '^T[1-9A-HJ-NP-Za-km-z]{33}$';

export const addressLabels: Dataset = {
  name: 'address_labels',
  kind: 'reference',
  partitioned: false,
  key: ['address'],
  sortBy: ['address'],
  doc: 'Public labels of addresses (exchanges, foundation, projects, token contracts). Off-chain: an operator file; a small sample ships in datasets/reference/.',
  columns: [
    { ...c('address', 'VARCHAR', 'labelled address, Base58'), pattern: BASE58_ADDRESS },
    c('public_tag', 'VARCHAR', "display label, e.g. 'Binance-Hot'"),
    { ...c('category', 'VARCHAR', 'exchange | foundation | project | token | burn | witness | other'), pattern: '^(exchange|foundation|project|token|burn|witness|other)$' },
    c('entity', 'VARCHAR', "organisation behind the address ('' when unknown)", true),
    c('source', 'VARCHAR', "where the label comes from (a URL or 'synthetic')", true),
  ],
};

export const chainAnchors: Dataset = {
  name: 'chain_anchors',
  kind: 'reference',
  partitioned: false,
  key: ['name'],
  sortBy: ['name'],
  doc: "Whole-chain totals as of a block before or at the lake's first block (design map R6): what cumulative figures start from when the lake does not start at genesis.",
  columns: [
    { ...c('name', 'VARCHAR', 'tx_count | account_count | accounts_with_trx | blockchain_bytes | trc10_count | trc20_count | issued_sun | burned_sun | supply_sun | max_tps'), pattern: '^(tx_count|account_count|accounts_with_trx|blockchain_bytes|trc10_count|trc20_count|issued_sun|burned_sun|supply_sun|max_tps)$' },
    { ...c('value_raw', 'VARCHAR', 'the total, exact decimal integer'), pattern: '^-?[0-9]+$' },
    c('as_of_block', 'BIGINT', 'the block the total is as of'),
    c('source', 'VARCHAR', "where the figure comes from (a URL or 'synthetic')", true),
  ],
};

// Prices (issue 14, design map §2.4): OHLCV candles per asset, quote and source. Exact decimals as text (a price is
// not an integer in a smallest unit, and a DOUBLE would round what the operator's source said).
const DECIMAL_TEXT = '^[0-9]+(\\.[0-9]+)?$';

export const priceCandles: Dataset = {
  name: 'price_candles',
  kind: 'reference',
  partitioned: false,
  key: ['asset', 'quote', 'source', 'time'],
  sortBy: ['asset', 'quote', 'source', 'time'],
  doc: "Daily price candles (open, high, low, close, volume, market cap) of an asset in USD, EUR or ETH, per price source. Off-chain: an operator file; the generator writes synthetic TRX candles matching its token_prices; no sample ships (no source we may redistribute).",
  columns: [
    c('asset', 'VARCHAR', "'_' for TRX, else a TRC10 id or a Base58 token contract"),
    { ...c('quote', 'VARCHAR', 'USD | EUR | ETH: the currency the prices are in'), pattern: '^(USD|EUR|ETH)$' },
    c('source', 'VARCHAR', "price source, e.g. 'coinmarketcap' (/api/trx/volume?source=)"),
    c('time', 'BIGINT', 'UTC midnight of the day the candle covers, ms'),
    { ...c('open', 'VARCHAR', 'first price of the day, exact decimal text'), pattern: DECIMAL_TEXT },
    { ...c('high', 'VARCHAR', 'highest price of the day, exact decimal text'), pattern: DECIMAL_TEXT },
    { ...c('low', 'VARCHAR', 'lowest price of the day, exact decimal text'), pattern: DECIMAL_TEXT },
    { ...c('close', 'VARCHAR', 'last price of the day, exact decimal text'), pattern: DECIMAL_TEXT },
    { ...c('volume', 'VARCHAR', 'traded volume of the day in the quote currency, exact decimal text', true), pattern: DECIMAL_TEXT },
    { ...c('market_cap', 'VARCHAR', 'market capitalisation at the close in the quote currency, exact decimal text', true), pattern: DECIMAL_TEXT },
  ],
};

// Issue 33: SunSwap V2 pools dex_prices prices from beside the code registry (src/chain/sunswap-pools.ts).
export const dexPools: Dataset = {
  name: 'dex_pools',
  kind: 'reference',
  partitioned: false,
  key: ['pool'],
  sortBy: ['pool'],
  doc: "SunSwap V2 token/WTRX pools dex_prices prices from beside the code registry (src/chain/sunswap-pools.ts, which alone names TRX's USD pool): an operator file of pools it vouches for (a pair anyone can create never prices by itself); the generator writes its synthetic token/WTRX pairs. A pool whose sides are not a token and WTRX is not priced.",
  columns: [
    { ...c('pool', 'VARCHAR', 'the pair contract, Base58 (the Swap log emitter)'), pattern: BASE58_ADDRESS },
    { ...c('token0', 'VARCHAR', "the pair's token0, Base58: the order of the Swap words"), pattern: BASE58_ADDRESS },
    { ...c('token1', 'VARCHAR', "the pair's token1, Base58"), pattern: BASE58_ADDRESS },
    c('token0_decimals', 'INTEGER', "token0's decimals"),
    c('token1_decimals', 'INTEGER', "token1's decimals"),
    c('source', 'VARCHAR', "where the pool comes from (a URL or 'synthetic')", true),
  ],
};

export const nodeGeo: Dataset = {
  name: 'node_geo',
  kind: 'reference',
  partitioned: false,
  key: ['ip'],
  sortBy: ['ip'],
  doc: 'Geolocation of node IP addresses (off-chain: an operator file, e.g. from a GeoIP database). Nodes without a row are left out of /api/nodemap, never placed.',
  columns: [
    c('ip', 'VARCHAR', 'IP address as network_nodes lists it'),
    c('country', 'VARCHAR', 'country name'),
    c('province', 'VARCHAR', "region / province ('' when unknown)"),
    c('city', 'VARCHAR', "city ('' when unknown)"),
    c('lat', 'DOUBLE', 'latitude, degrees'),
    c('lng', 'DOUBLE', 'longitude, degrees'),
    c('source', 'VARCHAR', "where the location comes from (a URL or 'synthetic')", true),
  ],
};

// ---- Issue 34: the DeFi registry (src/chain/defi-events.ts, DEFI_CONTRACTS) as two reference datasets: which
// contracts belong to which project, in which role, holding which tokens in which order. The raw dex_pool_events and
// lending_events are decoded at the source from the code registry; these tables let SQL join a contract to its
// project (TVL, flows per project) and let an operator add what the code does not know.
const PROJECT_ID = '^[a-z][a-z0-9_]*$';
const VENUE = '^(sunswap_v1|sunswap_v2|sunswap_v3|sun_stableswap|usdd_psm|justlend)$';
// Comma-separated Base58 addresses, '_' for TRX (a V1 exchange's TRX side, jTRX's underlying).
const TOKEN_LIST = '^(_|T[1-9A-HJ-NP-Za-km-z]{33})(,(_|T[1-9A-HJ-NP-Za-km-z]{33}))*$';

export const projects: Dataset = {
  name: 'projects',
  kind: 'reference',
  partitioned: false,
  key: ['project'],
  sortBy: ['project'],
  doc: 'DeFi projects whose contracts project_contracts lists (issue 34). A small sample of real projects ships in datasets/reference/; the generator writes its synthetic ones.',
  columns: [
    { ...c('project', 'VARCHAR', "lowercase project id: 'sunswap', 'sunio', 'justlend', 'usdd', …"), pattern: PROJECT_ID },
    c('name', 'VARCHAR', "display name, e.g. 'SunSwap'"),
    { ...c('category', 'VARCHAR', 'dex | stableswap | lending | psm'), pattern: '^(dex|stableswap|lending|psm)$' },
    c('url', 'VARCHAR', "the project's public site", true),
    c('source', 'VARCHAR', "where the fact comes from (a reference mark or 'synthetic')", true),
  ],
};

export const projectContracts: Dataset = {
  name: 'project_contracts',
  kind: 'reference',
  partitioned: false,
  key: ['contract_address'],
  sortBy: ['contract_address'],
  doc: "The contracts of each DeFi project (issue 34): pools, lending markets, PSMs, joins, routers, factories, comptrollers, with their tokens in the contract's own coin order. Equal to the code registry (src/chain/defi-events.ts) in the shipped sample; the generator writes its synthetic pools and markets. dex_pool_events / lending_events are decoded only for the contracts of the code registry (no discovery from factories).",
  columns: [
    { ...c('contract_address', 'VARCHAR', 'the contract, Base58 (the event log emitter)'), pattern: BASE58_ADDRESS },
    { ...c('project', 'VARCHAR', 'projects.project'), pattern: PROJECT_ID },
    { ...c('venue', 'VARCHAR', 'sunswap_v1 | sunswap_v2 | sunswap_v3 | sun_stableswap | usdd_psm | justlend: the event layouts its logs follow'), pattern: VENUE },
    { ...c('role', 'VARCHAR', 'pool | market | psm | gem_join | router | factory | comptroller'), pattern: '^(pool|market|psm|gem_join|router|factory|comptroller)$' },
    c('name', 'VARCHAR', "display name, e.g. 'USDD 2pool (USDD+USDT)'"),
    { ...c('tokens', 'VARCHAR', "comma-separated Base58 tokens in the contract's coin order (V2/V3: token0,token1; V1: '_',token; a jToken market: its underlying; '_' = TRX); NULL when it holds none or the order is not known"), pattern: TOKEN_LIST, nullable: true },
    { ...c('token_decimals', 'VARCHAR', 'comma-separated decimals of tokens, same order', true), pattern: '^[0-9]+(,[0-9]+)*$' },
    { ...c('lp_token', 'VARCHAR', 'the LP token (a V1/V2 pool is its own) or the jToken itself; NULL when none or unknown', true), pattern: BASE58_ADDRESS },
    c('confirmed', 'BOOLEAN', 'false where the source marks a fact of the row UNCONFIRMED (docs/compat.md "DeFi registry and events")'),
    c('source', 'VARCHAR', "where the row comes from (a reference mark or 'synthetic')", true),
  ],
};

// ---- Search and homepage: which TRON addresses exist on other chains (/api/multiple/chain/query).
// Existence on another chain is not on TRON's chain: the operator's file says it, the generator synthesizes rows for
// its own addresses; without a file an address is on no other chain (`multipleChain: []`), never a guessed `exist`.
export const multichainAddresses: Dataset = {
  name: 'multichain_addresses',
  kind: 'reference',
  partitioned: false,
  key: ['tron_address', 'name'],
  sortBy: ['tron_address', 'name'],
  doc: "TRON addresses known on other chains (design map R: multichain_addresses), one row per address and chain: the chain's names, the address's form there, whether it exists there, links. Off-chain: an operator file; the generator writes synthetic BitTorrent Chain rows for some of its token contracts and exchange wallets; no sample ships (no source we may redistribute).",
  columns: [
    { ...c('tron_address', 'VARCHAR', 'the TRON address, Base58'), pattern: BASE58_ADDRESS },
    c('chain', 'VARCHAR', "the chain's display name, e.g. 'BitTorrent Chain'"),
    { ...c('name', 'VARCHAR', "the chain's short id, e.g. 'bttc'"), pattern: '^[a-z0-9_]+$' },
    c('title', 'VARCHAR', "the chain's explorer, e.g. 'BTTCSCAN'"),
    { ...c('address', 'VARCHAR', 'the address on that chain, 0x + 40 hex'), pattern: '^0x[0-9a-fA-F]{40}$' },
    c('exists', 'BOOLEAN', 'whether the address exists (has state) on that chain'),
    c('logo', 'VARCHAR', "the chain's logo URL ('' when none)", true),
    c('url', 'VARCHAR', "the address's page on the chain's explorer ('' when none)", true),
    c('type', 'VARCHAR', "what the address is there, e.g. 'token' or 'account' (NULL when not said)", true),
    c('source', 'VARCHAR', "where the fact comes from (a URL or 'synthetic')", true),
  ],
};

// ---- Security (SPEC §4.11, design map §4.1 "risk flags"): off-chain risk lists. No public list we may redistribute
// ships, so an operator file or the generator's synthetic rows (source 'synthetic'); absent, the security endpoints
// answer only our rule-derived flags (docs/compat.md "Security and approvals").
export const riskAddresses: Dataset = {
  name: 'risk_addresses',
  kind: 'reference',
  partitioned: false,
  key: ['address'],
  sortBy: ['address'],
  doc: "Addresses a risk list flags (fraud, phishing, scam, advertising spam, fraud token issuer). Off-chain: an operator file; the generator writes its own chain's ad spammers (source 'synthetic'); no sample ships.",
  columns: [
    { ...c('address', 'VARCHAR', 'flagged address, Base58'), pattern: BASE58_ADDRESS },
    { ...c('risk_type', 'VARCHAR', 'fraud | phishing | scam | ad_spam | fraud_token'), pattern: '^(fraud|phishing|scam|ad_spam|fraud_token)$' },
    c('source', 'VARCHAR', "where the entry comes from (a URL or 'synthetic')", true),
  ],
};

export const riskUrls: Dataset = {
  name: 'risk_urls',
  kind: 'reference',
  partitioned: false,
  key: ['domain'],
  sortBy: ['domain'],
  doc: "Domains a risk list flags as phishing, scam or malicious (a URL is flagged when its host is the domain or under it). Off-chain: an operator file; the generator writes the domains of its own ad memos (source 'synthetic'); no sample ships.",
  columns: [
    { ...c('domain', 'VARCHAR', "lowercase host name, e.g. 'tron-reward.example'"), pattern: '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$' },
    { ...c('risk_type', 'VARCHAR', 'phishing | scam | malicious | ad_spam'), pattern: '^(phishing|scam|malicious|ad_spam)$' },
    c('source', 'VARCHAR', "where the entry comes from (a URL or 'synthetic')", true),
  ],
};
