/**
 * Lakes published before per-dataset layout ids (manifest `layouts`) record one `layout` id over every derived
 * dataset. For the commits whose lakes exist (the default lake made by main 8daa035; the bench lake made by bench3's
 * a03c0e5, which gives the same single id and the same per-dataset ids), that id is mapped here to the per-dataset
 * ids the current code computes over that commit's catalog and sql/, so `rederive` rebuilds only what changed since.
 * An entry is printed by `npx tsx src/lake/derive/legacy-layouts-of.ts <checkout> <commit>` (the single id as the
 * checkout's own code computes it). Any other single id: every dataset is stale.
 */
export const LEGACY_LAYOUTS: Record<string, { commit: string; layouts: Record<string, string> }> = {
  '8c1d462c81426682': {
    commit: '8daa035 (and a03c0e5: the bench lake)',
    layouts: {
      tx_by_hash: '0cc536d32f36f71e',
      daily_contract_call_stats: 'bc0610b4ddecba86',
      address_transactions: '67cdcbb95ddf518b',
      address_token_transfers: '9b3271a42e7d7c14',
      address_internal_transactions: 'f0a5d40fe272626e',
      address_row_counts: '716557bc0fa848f7',
      daily_transaction_stats: '0263e648a0aec76d',
      daily_token_transfer_stats: '1fe002aaf3261637',
      daily_asset_transfer_stats: 'beee91e0ef63e136',
      daily_block_stats: '52a4a3b27f105d99',
      trc20_balances: 'f297b5169fe24c3b',
      trc20_balances_by_holder: '13c0375320b44b82',
      trc10_balances: '563ba58d77afa4c7',
      trc721_owners: 'ad502b85e3702b04',
      trc1155_balances: '9a8e7133d46acac9',
      trc1155_tokens: '9baacbc387850142',
      token_flows: '2d11a941b4b6b4fd',
      token_stats: 'bc84eec7b6fdc61b',
      trc721_transfers: '7370d7891372304c',
      token_position_bands: '06cf92a2da65e30c',
      stake_events: 'f91ccbe53445a6ff',
      vote_events: '16fde35d4005e230',
      permission_updates: '9d0da387d47b50e4',
      stake_positions: '27f731cb70292d89',
      delegations_by_address: '2b6517475cd31843',
      votes_by_voter: '4e4e24bb6cc90193',
      votes_by_candidate: '2c4e4aaab5afe67a',
      daily_stake_weights: '3857ac66be2207ee',
      daily_network_stats: '684ef781159f4251',
      period_active_accounts: '1e3646e8f203a6ca',
      daily_contract_resources: 'b3c84770b803119e',
      daily_token_activity: 'c18d1d7c85fb7fa9',
    },
  },
};
