/** The endpoint registry: every served endpoint, one import per declaration (src/endpoints/<group>/<name>.ts). */
import type { AnyEndpoint } from './kit/endpoint.ts';
import block from './block/block.ts';
import blockStatistic from './block/block-statistic.ts';
import transaction from './transaction/transaction.ts';
import transactionInfo from './transaction/transaction-info.ts';
import transactionStatistics from './transaction/transaction-statistics.ts';
import tokenTrc20Transfers from './transaction/token-trc20-transfers.ts';
import tokenTrc1155Transfers from './transaction/token-trc1155-transfers.ts';
import transfer from './transaction/transfer.ts';
import internalTransaction from './transaction/internal-transaction.ts';
import tokenTrc20TransfersWithStatus from './transaction/token-trc20-transfers-with-status.ts';
import transferStatistics from './transaction/transfer-statistics.ts';

import tokenAll from './tokens/token-all.ts';
import tokenTrc20TotalSupply from './tokens/token-trc20-total-supply.ts';
import tokenTrc20Holders from './tokens/token-trc20-holders.ts';
import tokenholders from './tokens/tokenholders.ts';
import trc721Token from './tokens/trc721-token.ts';
import trc1155Inventory from './tokens/trc1155-inventory.ts';
import trc1155TokenInventory from './tokens/trc1155-token-inventory.ts';
import trc721Transfers from './tokens/trc721-transfers.ts';
import tokenPrice from './tokens/token-price.ts';
import getAssetWithPriceList from './tokens/get-asset-with-price-list.ts';
import positionDistribution from './tokens/position-distribution.ts';
import assetTransfer from './tokens/asset-transfer.ts';
import tokenTrc20 from './tokens/token-trc20.ts';
import token from './tokens/token.ts';
import tokensOverview from './tokens/tokens-overview.ts';
import accountVotes from './account/account-votes.ts';
import signData from './account/sign-data.ts';
import resourceUnfreeze from './account/resource-unfreeze.ts';
import vote from './account/vote.ts';
import accountResource from './account/resource.ts';
export const endpoints: readonly AnyEndpoint[] = [
  block,
  blockStatistic,
  transaction,
  transactionInfo,
  transactionStatistics,
  tokenTrc20Transfers,
  tokenTrc1155Transfers,
  transfer,
  internalTransaction,
  tokenTrc20TransfersWithStatus,
  transferStatistics,
  tokenAll,
  tokenTrc20TotalSupply,
  tokenTrc20Holders,
  tokenholders,
  trc721Token,
  trc1155Inventory,
  trc1155TokenInventory,
  trc721Transfers,
  tokenPrice,
  getAssetWithPriceList,
  positionDistribution,
  assetTransfer,
  tokenTrc20,
  token,
  tokensOverview,
  accountVotes,
  signData,
  resourceUnfreeze,
  vote,
  accountResource,
];
