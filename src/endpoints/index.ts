/** The endpoint registry: every served endpoint, one import per declaration (src/endpoints/<section>/<name>.ts, the folder of its SPEC §4 section). */
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

import tokenAll from './token/token-all.ts';
import tokenTrc20TotalSupply from './token/token-trc20-total-supply.ts';
import tokenTrc20Holders from './token/token-trc20-holders.ts';
import tokenholders from './token/tokenholders.ts';
import trc721Token from './token/trc721-token.ts';
import trc1155Inventory from './token/trc1155-inventory.ts';
import trc1155TokenInventory from './token/trc1155-token-inventory.ts';
import trc721Transfers from './token/trc721-transfers.ts';
import tokenPrice from './token/token-price.ts';
import getAssetWithPriceList from './token/get-asset-with-price-list.ts';
import positionDistribution from './token/position-distribution.ts';
import assetTransfer from './token/asset-transfer.ts';
import tokenTrc20 from './token/token-trc20.ts';
import token from './token/token.ts';
import tokensOverview from './token/tokens-overview.ts';
import accountVotes from './witness/account-votes.ts';
import walletTransferTrx from './wallet/transfer-trx.ts';
import walletTransferToken10 from './wallet/transfer-token10.ts';
import walletTransferTrc20 from './wallet/transfer-trc20.ts';
import accountTokens from './account/account-tokens.ts';
import accountWallet from './wallet/account-wallet.ts';
import tokenAssetOverview from './account/token-asset-overview.ts';
import signData from './security/sign-data.ts';
import resourceUnfreeze from './wallet/resource-unfreeze.ts';
import vote from './account/vote.ts';
import accountResource from './account/resource.ts';
import accountResourceV2 from './account/resourcev2.ts';
import acquisitionCost from './statistics/acquisition-cost-statistic.ts';
import turnover from './statistics/turnover.ts';
import funds from './statistics/funds.ts';
import freezeresource from './statistics/freezeresource.ts';
// Network statistics and protocol revenue (issue 11, SPEC §4.2, §4.10)
import energyDailyStatistic from './statistics/energy-daily-statistic.ts';
import energyStatistic from './statistics/energy-statistic.ts';
import triggerAmountStatistic from './statistics/trigger-amount-statistic.ts';
import triggerStatistic from './statistics/trigger-statistic.ts';
import contractCallerStatistic from './statistics/contract-caller-statistic.ts';
import callerAddressStatistic from './statistics/caller-address-statistic.ts';
import dailyAvgBlockSize from './statistics/daily-avg-block-size.ts';
import dailyTransactionNum from './statistics/daily-transaction-num.ts';
import transactionNum from './statistics/transaction-num.ts';
import totalBlockchainSize from './statistics/total-blockchain-size.ts';
import top10 from './statistics/top10.ts';
import activeStatistic from './statistics/active-statistic.ts';
import netStatistic from './statistics/net-statistic.ts';
import tokenTransferAnalysis from './statistics/token-transfer-analysis.ts';
import tokenAnalysis from './statistics/token-analysis.ts';
import statsOverview from './statistics/stats-overview.ts';
import turnoverNew from './revenue/turnover-new.ts';
import consumptionStatistic from './revenue/consumption-statistic.ts';
// Governance and network (issue 13, SPEC §4.8, §4.12)
import pagewitness from './witness/pagewitness.ts';
import voteWitness from './witness/vote-witness.ts';
import witnessGeneralInfo from './witness/general-info.ts';
import systemTps from './home/tps.ts';
import nodemap from './home/nodemap.ts';
import proposal from './witness/proposal.ts';
import chainParameters from './witness/chain-parameters.ts';
// Accounts (issue 14, part 2)
import accountList from './account/account-list.ts';
import accountV2 from './account/accountv2.ts';
import dailyAccounts from './statistics/daily-accounts.ts';
import accountAnalysis from './account/account-analysis.ts';
import accountsWithTrx from './statistics/accounts-with-trx.ts';
import participateProject from './account/participate-project.ts'; // issue 34
// issue 33 (prices)
import trxVolume from './statistics/trx-volume.ts';
import trxVolumeSourceList from './statistics/trx-volume-source-list.ts';
import tokenTvc from './statistics/token-tvc.ts';
import stablecoinKeyEvents from './deep/stablecoin-key-events.ts';
import relatedAccount from './deep/related-account.ts';
import accountTransferAmount from './deep/account-transfer-amount.ts';
import liquidityTransaction from './deep/liquidity-transaction.ts';
import stablecoinBlackList from './deep/stablecoin-black-list.ts';
import stablecoinTotalSupply from './deep/stablecoin-total-supply.ts';
import stablecoinSupplyChange from './deep/stablecoin-supply-change.ts';
import stablecoinSupplyTurnover from './deep/stablecoin-supply-turnover.ts';

// Account holder token, deep analysis (issue 31, SPEC §4.4)
import holderTokenTrc20Transfer from './deep/holder-token-trc20-transfer.ts';
import holderTokenChangeBalance from './deep/holder-token-change-balance.ts';
import holderTokenValueInfo from './deep/holder-token-value-info.ts';
import holderTokenBasicInfo from './deep/holder-token-basic-info.ts';
// Stablecoin holders (issue 31, SPEC §4.4)
import stableCoinHolderTop from './deep/holder-top.ts';
import stableCoinHolderChange from './deep/holder-change.ts';
import stableCoinDistribution from './deep/distribution.ts';
import stableCoinDistributionChange from './deep/distribution-change.ts';
import stableCoinHolderBalanceOverview from './deep/holder-balance-overview.ts';
import stableCoinTransferAmount from './deep/transfer-amount.ts';
import stableCoinOverview from './deep/stablecoin-overview.ts';
// DEX pools and TVL (issue 34, SPEC §4.4, §4.2)
import stableCoinTvl from './deep/stablecoin-tvl.ts';
import stableCoinPoolInfo from './deep/pool-info.ts';
import stableCoinPoolOverview from './deep/pool-overview.ts';
import defiTvl from './statistics/defi-tvl.ts';
import stableCoinPoolChange from './deep/pool-change.ts';
import stableCoinPoolTrend from './deep/pool-trend.ts';
// bigAmount (issue 34, SPEC §4.4)
import stableCoinBigAmount from './deep/stablecoin-big-amount.ts';
import accountTokenBigAmount from './deep/account-token-big-amount.ts';
// Search and homepage (SPEC §4.12; account/tag §4.4, multiple/chain/query §4.3)
import searchV2 from './home/search-v2.ts';
import accountTag from './deep/account-tag.ts';
import searchHot from './home/search-hot.ts';
import searchBar from './home/search-bar.ts';
import homepageBundle from './home/homepage-bundle.ts';
import multipleChainQuery from './account/multiple-chain-query.ts';
// Approvals and security (SPEC §4.3 approvals, §4.11 security)
import approveList from './account/approve-list.ts';
import approveChange from './account/approve-change.ts';
import securityAuthData from './security/auth-data.ts';
import securityUrlData from './security/url-data.ts';
import securityAccountData from './security/account-data.ts';
import securityTokenData from './security/token-data.ts';
import securityTransactionData from './security/transaction-data.ts';
// Contract statistics from the chain (SPEC §4.6)
import contractsTrigger from './contract/contracts-trigger.ts';
import oneContractEnergyStatistic from './contract/one-contract-energy-statistic.ts';
import oneContractTriggerStatistic from './contract/one-contract-trigger-statistic.ts';
import oneContractCallerStatistic from './contract/one-contract-caller-statistic.ts';
import oneContractCallers from './contract/one-contract-callers.ts';
import topCall from './contract/top-call.ts';
// Contract detail: /api/contracts, /api/contract, /api/contract/analysis, the triggers batch
import contractAnalysis from './contract/contract-analysis.ts';
import contracts from './contract/contracts.ts';
import contract from './contract/contract.ts';
import smartContractTriggersBatch from './contract/smart-contract-triggers-batch.ts';
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
  accountResourceV2,
  acquisitionCost,
  turnover,
  funds,
  freezeresource,
  energyDailyStatistic,
  energyStatistic,
  triggerAmountStatistic,
  triggerStatistic,
  contractCallerStatistic,
  callerAddressStatistic,
  dailyAvgBlockSize,
  dailyTransactionNum,
  transactionNum,
  totalBlockchainSize,
  top10,
  activeStatistic,
  netStatistic,
  tokenTransferAnalysis,
  tokenAnalysis,
  statsOverview,
  turnoverNew,
  consumptionStatistic,
  pagewitness,
  voteWitness,
  witnessGeneralInfo,
  systemTps,
  nodemap,
  proposal,
  chainParameters,
  accountList,
  accountV2,
  dailyAccounts,
  accountAnalysis,
  accountsWithTrx,
  participateProject, // issue 34
  trxVolume, // issue 33 (prices)
  trxVolumeSourceList,
  tokenTvc,
  walletTransferTrx,
  walletTransferToken10,
  walletTransferTrc20,
  accountTokens,
  accountWallet,
  tokenAssetOverview,
  stablecoinKeyEvents,
  relatedAccount,
  accountTransferAmount,
  liquidityTransaction,
  stablecoinBlackList,
  stablecoinTotalSupply,
  stablecoinSupplyChange,
  stablecoinSupplyTurnover,
  holderTokenTrc20Transfer,
  holderTokenChangeBalance,
  holderTokenValueInfo,
  holderTokenBasicInfo,
  stableCoinHolderTop,
  stableCoinHolderChange,
  stableCoinDistribution,
  stableCoinDistributionChange,
  stableCoinHolderBalanceOverview,
  stableCoinTransferAmount,
  stableCoinOverview,
  // issue 34 (DEX pools and TVL)
  stableCoinTvl,
  stableCoinPoolInfo,
  stableCoinPoolOverview,
  defiTvl,
  stableCoinPoolChange,
  stableCoinPoolTrend,
  stableCoinBigAmount,
  accountTokenBigAmount,
  // Search and homepage
  searchV2,
  accountTag,
  searchHot,
  searchBar,
  multipleChainQuery,
  // Its sections are the answers of these endpoints (home/homepage-bundle.ts: a section never imports another).
  homepageBundle({ tps: systemTps, node: nodemap, statsOverview, freezeResource: freezeresource, stableCoin: stableCoinOverview }),
  // Approvals and security (SPEC §4.3 approvals, §4.11 security)
  approveList,
  approveChange,
  securityAuthData,
  securityUrlData,
  securityAccountData,
  securityTokenData,
  securityTransactionData,
  // Contract statistics from the chain
  contractsTrigger,
  oneContractEnergyStatistic,
  oneContractTriggerStatistic,
  oneContractCallerStatistic,
  oneContractCallers,
  topCall,
  // Contract detail
  contractAnalysis,
  contracts,
  contract,
  smartContractTriggersBatch,
];
