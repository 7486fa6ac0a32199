/**
 * Event topic0 hashes (keccak256 of the canonical signature) the ingester decodes, reference tron-chain-data.md §3.
 * Verified against @noble/hashes keccak in test/chain/topics.test.ts.
 */

/** TRC20 `Transfer(address,address,uint256)` (3 topics) and TRC721 `Transfer` (4 topics: tokenId indexed). */
export const TOPIC_TRANSFER = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** TRC20 `Approval(address,address,uint256)` (3 topics) and TRC721 `Approval` (4 topics). */
export const TOPIC_APPROVAL = '8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
/** TRC721 / TRC1155 `ApprovalForAll(address,address,bool)`. */
export const TOPIC_APPROVAL_FOR_ALL = '17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31';
/** TRC1155 `TransferSingle(address,address,address,uint256,uint256)`. */
export const TOPIC_TRANSFER_SINGLE = 'c3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';
/** TRC1155 `TransferBatch(address,address,address,uint256[],uint256[])`. */
export const TOPIC_TRANSFER_BATCH = '4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb';
/** Stablecoin (USDT) `Issue(uint256)`: minted to the owner. */
export const TOPIC_ISSUE = 'cb8241adb0c3fdb35b70c24ce35c5eb0c17af7431c99f827d44a445ca624176a';
/** Stablecoin (USDT) `Redeem(uint256)`: burned from the owner. */
export const TOPIC_REDEEM = '702d5967f45f6513a38ffc42d6ba9bf230bd40e8f53b16363c7eb4fd2deb9a44';
/** Stablecoin (USDT) `AddedBlackList(address)`: user in topics[1] (indexed form) or data word 0. */
export const TOPIC_ADDED_BLACKLIST = '42e160154868087d6bfdc0ca23d96a1c1cfa32f1b72ba9ba27b69b98a0d819dc';
/** Stablecoin (USDT) `RemovedBlackList(address)`. */
export const TOPIC_REMOVED_BLACKLIST = 'd7e9ec6e6ecd65492dce6bf513cd6867560d49544421d0783ddf06e76c24470c';
/** Stablecoin (USDT) `DestroyedBlackFunds(address,uint256)`. */
export const TOPIC_DESTROYED_BLACK_FUNDS = '61e6e66b0d6339b2980aecc6ccc0039736791f0ccde9ed512e789a7fbdd698c6';

/** Canonical signature of each topic above (what the test hashes). */
export const TOPIC_SIGNATURES: Record<string, string> = {
  [TOPIC_TRANSFER]: 'Transfer(address,address,uint256)',
  [TOPIC_APPROVAL]: 'Approval(address,address,uint256)',
  [TOPIC_APPROVAL_FOR_ALL]: 'ApprovalForAll(address,address,bool)',
  [TOPIC_TRANSFER_SINGLE]: 'TransferSingle(address,address,address,uint256,uint256)',
  [TOPIC_TRANSFER_BATCH]: 'TransferBatch(address,address,address,uint256[],uint256[])',
  [TOPIC_ISSUE]: 'Issue(uint256)',
  [TOPIC_REDEEM]: 'Redeem(uint256)',
  [TOPIC_ADDED_BLACKLIST]: 'AddedBlackList(address)',
  [TOPIC_REMOVED_BLACKLIST]: 'RemovedBlackList(address)',
  [TOPIC_DESTROYED_BLACK_FUNDS]: 'DestroyedBlackFunds(address,uint256)',
};

/** Function selectors used by the ingester (token metadata constant calls) and its tests. */
export const SELECTOR_TRANSFER = 'a9059cbb';
