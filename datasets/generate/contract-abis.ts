/**
 * The ABIs of the generator's contracts (the `contract_code` snapshot, issue P4), in the node's format
 * (`/wallet/getcontract` `abi.entrys`: `type` 'Function' | 'Event', `inputs` with `indexed` on events). Each event's
 * indexed inputs are exactly the topics the generator's logs carry (sql/03-events.sql), so a decoder reading this
 * ABI decodes every log the generator wrote. Parameter names: the TRC-20 / 721 / 1155 standards' and Uniswap V2's
 * well-known ones for the standard events; the stablecoin admin events take their signatures and indexed counts from
 * the code registry (src/chain/stablecoins.ts) with names of the generator's own (synthetic, like its dapps').
 */
import { STABLECOIN_CONTRACTS } from '../../src/chain/stablecoins.ts';
import type { Db } from '../../src/duckdb/duck.ts';
import { columnDDL, contractCode } from '../../src/lake/datasets/index.ts';

export interface AbiParam {
  name: string;
  type: string;
  indexed?: boolean;
}
export interface AbiEntry {
  type: 'Function' | 'Event';
  name: string;
  inputs: AbiParam[];
  anonymous?: boolean;
  stateMutability?: 'View' | 'Nonpayable' | 'Payable';
}

const p = (type: string, name: string, indexed?: boolean): AbiParam => (indexed === undefined ? { name, type } : { indexed, name, type });
const fn = (name: string, inputs: AbiParam[], stateMutability: AbiEntry['stateMutability'] = 'Nonpayable'): AbiEntry => ({ type: 'Function', name, inputs, stateMutability });
const ev = (name: string, inputs: AbiParam[]): AbiEntry => ({ type: 'Event', name, inputs, anonymous: false });

const TRC20: AbiEntry[] = [
  fn('name', [], 'View'), fn('symbol', [], 'View'), fn('decimals', [], 'View'), fn('totalSupply', [], 'View'),
  fn('balanceOf', [p('address', '_owner')], 'View'), fn('allowance', [p('address', '_owner'), p('address', '_spender')], 'View'),
  fn('transfer', [p('address', '_to'), p('uint256', '_value')]),
  fn('transferFrom', [p('address', '_from'), p('address', '_to'), p('uint256', '_value')]),
  fn('approve', [p('address', '_spender'), p('uint256', '_value')]),
  ev('Transfer', [p('address', 'from', true), p('address', 'to', true), p('uint256', 'value', false)]),
  ev('Approval', [p('address', 'owner', true), p('address', 'spender', true), p('uint256', 'value', false)]),
];

const TRC721: AbiEntry[] = [
  fn('name', [], 'View'), fn('symbol', [], 'View'), fn('balanceOf', [p('address', 'owner')], 'View'), fn('ownerOf', [p('uint256', 'tokenId')], 'View'),
  fn('safeTransferFrom', [p('address', 'from'), p('address', 'to'), p('uint256', 'tokenId')]),
  fn('transferFrom', [p('address', 'from'), p('address', 'to'), p('uint256', 'tokenId')]),
  fn('approve', [p('address', 'to'), p('uint256', 'tokenId')]),
  fn('setApprovalForAll', [p('address', 'operator'), p('bool', 'approved')]),
  fn('mint', [p('address', 'to'), p('uint256', 'tokenId')]),
  ev('Transfer', [p('address', 'from', true), p('address', 'to', true), p('uint256', 'tokenId', true)]),
  ev('Approval', [p('address', 'owner', true), p('address', 'approved', true), p('uint256', 'tokenId', true)]),
  ev('ApprovalForAll', [p('address', 'owner', true), p('address', 'operator', true), p('bool', 'approved', false)]),
];

const TRC1155: AbiEntry[] = [
  fn('balanceOf', [p('address', 'account'), p('uint256', 'id')], 'View'),
  fn('safeTransferFrom', [p('address', 'from'), p('address', 'to'), p('uint256', 'id'), p('uint256', 'amount'), p('bytes', 'data')]),
  fn('safeBatchTransferFrom', [p('address', 'from'), p('address', 'to'), p('uint256[]', 'ids'), p('uint256[]', 'amounts'), p('bytes', 'data')]),
  fn('setApprovalForAll', [p('address', 'operator'), p('bool', 'approved')]),
  fn('mint', [p('address', 'to'), p('uint256', 'id'), p('uint256', 'amount'), p('bytes', 'data')]),
  ev('TransferSingle', [p('address', 'operator', true), p('address', 'from', true), p('address', 'to', true), p('uint256', 'id', false), p('uint256', 'value', false)]),
  ev('TransferBatch', [p('address', 'operator', true), p('address', 'from', true), p('address', 'to', true), p('uint256[]', 'ids', false), p('uint256[]', 'values', false)]),
  ev('ApprovalForAll', [p('address', 'account', true), p('address', 'operator', true), p('bool', 'approved', false)]),
];

/** WTRX: the WETH9 interface (deposit / withdraw and their events). */
const WRAPPED: AbiEntry[] = [
  fn('deposit', [], 'Payable'), fn('withdraw', [p('uint256', 'wad')]),
  ev('Deposit', [p('address', 'dst', true), p('uint256', 'wad', false)]),
  ev('Withdrawal', [p('address', 'src', true), p('uint256', 'wad', false)]),
];

/** A SunSwap V2 pair: its LP token (TRC-20) and the Uniswap V2 pair events. */
const PAIR: AbiEntry[] = [
  ...TRC20,
  fn('getReserves', [], 'View'), fn('swap', [p('uint256', 'amount0Out'), p('uint256', 'amount1Out'), p('address', 'to'), p('bytes', 'data')]),
  ev('Swap', [p('address', 'sender', true), p('uint256', 'amount0In', false), p('uint256', 'amount1In', false), p('uint256', 'amount0Out', false), p('uint256', 'amount1Out', false), p('address', 'to', true)]),
  ev('Sync', [p('uint112', 'reserve0', false), p('uint112', 'reserve1', false)]),
  ev('Mint', [p('address', 'sender', true), p('uint256', 'amount0', false), p('uint256', 'amount1', false)]),
  ev('Burn', [p('address', 'sender', true), p('uint256', 'amount0', false), p('uint256', 'amount1', false), p('address', 'to', true)]),
];

const ROUTER: AbiEntry[] = [
  fn('swapExactETHForTokens', [p('uint256', 'amountOutMin'), p('address[]', 'path'), p('address', 'to'), p('uint256', 'deadline')], 'Payable'),
  fn('swapExactTokensForETH', [p('uint256', 'amountIn'), p('uint256', 'amountOutMin'), p('address[]', 'path'), p('address', 'to'), p('uint256', 'deadline')]),
];

/**
 * A JustLend jToken (a TRC-20) and its market events, signatures from the code registry (src/chain/defi-events.ts),
 * nothing indexed; names from the registry's reading of each word (borrower, amount, account / total borrows, …),
 * `arg<i>` for the words it leaves unread.
 */
const JTOKEN: AbiEntry[] = [
  ...TRC20,
  ev('Mint', [p('address', 'minter', false), p('uint256', 'mintAmount', false), p('uint256', 'mintTokens', false)]),
  ev('Redeem', [p('address', 'redeemer', false), p('uint256', 'redeemAmount', false), p('uint256', 'redeemTokens', false)]),
  ev('Borrow', [p('address', 'borrower', false), p('uint256', 'borrowAmount', false), p('uint256', 'accountBorrows', false), p('uint256', 'totalBorrows', false), p('uint256', 'arg4', false)]),
  ev('RepayBorrow', [p('address', 'payer', false), p('address', 'borrower', false), p('uint256', 'repayAmount', false), p('uint256', 'accountBorrows', false), p('uint256', 'totalBorrows', false), p('uint256', 'arg5', false)]),
  ev('LiquidateBorrow', [p('address', 'liquidator', false), p('address', 'borrower', false), p('uint256', 'repayAmount', false), p('address', 'jTokenCollateral', false), p('uint256', 'seizeTokens', false)]),
];

/** The generator's dapps (synthetic): a bet, settled by one event. */
const DAPP: AbiEntry[] = [
  fn('play', [p('uint256', 'number'), p('uint256', 'amount')], 'Payable'),
  ev('BetSettled', [p('address', 'player', true), p('uint256', 'amount', false), p('uint256', 'payout', false)]),
];

const DAPPS = new Set(['TronDiceGame', 'MoonRoulette', 'LuckyWheel', 'EnergyRentalMarket']);

/** Names of the generator's own for the registry's admin events: the indexed address, then the amounts (synthetic). */
function adminEvents(address: string): AbiEntry[] {
  const c = STABLECOIN_CONTRACTS.find((x) => x.address === address);
  if (!c) return [];
  return c.events.map((e) => {
    const types = e.signature.slice(e.signature.indexOf('(') + 1, -1).split(',').filter(Boolean);
    const indexed = e.topics - 1;
    return ev(e.name, types.map((t, i) => p(t, t === 'address' ? (i === 0 ? '_user' : `_user${i}`) : i === types.length - 1 ? 'amount' : `arg${i}`, i < indexed)));
  });
}

/** USDT's admin functions (TetherToken: issue, redeem, the blacklist), beside its events from the registry. */
const USDT_ADMIN: AbiEntry[] = [
  fn('issue', [p('uint256', 'amount')]), fn('redeem', [p('uint256', 'amount')]),
  fn('addBlackList', [p('address', '_evilUser')]), fn('removeBlackList', [p('address', '_clearedUser')]),
  fn('destroyBlackFunds', [p('address', '_blackListedUser')]),
];
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const WTRX = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR';

/** The ABI of a generated contract from its name, token standard and address; null when the generator gives it none. */
export function generatedAbi(c: { address: string; name: string; standard: string | null }): AbiEntry[] | null {
  const own = [...(c.address === USDT ? USDT_ADMIN : []), ...adminEvents(c.address)];
  if (c.name === 'SunswapV2Pair') return PAIR;
  if (c.name === 'SunswapV2Router02') return ROUTER;
  if (DAPPS.has(c.name)) return DAPP;
  if (c.name.startsWith('JustLend ')) return JTOKEN;
  if (c.standard === 'trc20') return [...TRC20, ...(c.address === WTRX ? WRAPPED : []), ...own];
  if (c.standard === 'trc721') return TRC721;
  if (c.standard === 'trc1155') return TRC1155;
  return own.length ? own : null;
}

/**
 * Stages `contract_code` in a batch's database: one row per contract of its `contracts` table (every batch's, the
 * earlier ones kept) that `generatedAbi` knows, as of the batch's last block; the staged rows replace the previous
 * version's (a snapshot), so the dataset holds one row per contract whatever the number of batches.
 */
export async function stageContractCode(db: Db): Promise<void> {
  await db.run(`CREATE TABLE IF NOT EXISTS ${contractCode.name} (${columnDDL(contractCode)})`);
  await db.run(`DELETE FROM ${contractCode.name}`);
  const head = Number(await db.scalar('SELECT max(block_number) FROM blocks'));
  const rows = await db.all(
    `SELECT c.address, c.name, t.token_standard FROM contracts c LEFT JOIN tokens t ON t.token_id = c.address AND t.token_standard <> 'trc10' ORDER BY c.address`,
  );
  const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;
  const values = rows.flatMap((r) => {
    const abi = generatedAbi({ address: String(r.address), name: String(r.name ?? ''), standard: r.token_standard === null ? null : String(r.token_standard) });
    return abi ? [`(${lit(String(r.address))}, ${head}, ${lit(JSON.stringify(abi))}, 'generator')`] : [];
  });
  for (let i = 0; i < values.length; i += 200) {
    await db.run(`INSERT INTO ${contractCode.name} (contract_address, as_of_block, abi_json, source) VALUES ${values.slice(i, i + 200).join(', ')}`);
  }
}
