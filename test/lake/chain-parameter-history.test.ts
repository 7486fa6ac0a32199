/**
 * chain_parameter_history's reach-back rule (docs/compat.md "Proposals and chain parameters") on hand-made tables:
 * a snapshot's value holds back to the last approved proposal that set it, or to the first block when none of the
 * window did, only when a `proposals` listing as of the snapshot or later exists. Expected rows written by hand.
 */
import { readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { CHAIN_PARAMETER_KEY_MACRO } from '../../src/lake/views.ts';

const SQL = readFileSync('sql/derive/governance/chain_parameter_history.sql', 'utf8');
const H = 3_600_000;

/** Blocks 100-199 one hour apart from 0; a snapshot at block 150 (t = 50 h); `listing`: the proposals snapshot's block. */
async function history(listing: number | null, approved: { id: number; key: number; value: number; at: number; fromListing?: boolean }[]) {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(CHAIN_PARAMETER_KEY_MACRO);
  await db.run(`CREATE TABLE blocks AS SELECT range + 100 AS block_number, range * ${H} AS "timestamp" FROM range(100)`);
  await db.run(`CREATE TABLE chain_parameters AS SELECT * FROM (VALUES (150, 'getEnergyFee', 420), (150, 'getMemoFee', 1000000), (150, 'getWitnessPayPerBlock', 8000000)) v(as_of_block, key, value)`);
  await db.run('CREATE TABLE proposals (as_of_block BIGINT, proposal_id BIGINT, parameters_json VARCHAR, expiration_time BIGINT, state VARCHAR)');
  await db.run('CREATE TABLE proposal_state (proposal_id BIGINT, parameters_json VARCHAR, effective_ts BIGINT, state VARCHAR)');
  for (const p of approved) {
    const json = `[{"key":${p.key},"value":${p.value}}]`;
    if (p.fromListing) await db.run(`INSERT INTO proposals VALUES (${listing}, ${p.id}, '${json}', ${p.at}, 'APPROVED')`);
    else await db.run(`INSERT INTO proposal_state VALUES (${p.id}, '${json}', ${p.at}, 'APPROVED')`);
  }
  if (listing !== null) await db.run(`INSERT INTO proposals VALUES (${listing}, 999, '[{"key":0,"value":1}]', 0, 'DISAPPROVED')`);
  const rows = (await db.runAndReadAll(`SELECT key, parameter, value, from_ts, source FROM (${SQL}) ORDER BY source, key, parameter`)).getRowObjectsJson();
  return rows.map((r) => [r.source, r.key ?? Number(r.parameter), Number(r.value), Number(r.from_ts) / H]);
}

describe('chain_parameter_history: how far back a snapshot value holds', () => {
  it('with a complete listing: back to the first block when no approved proposal of the window set it', async () => {
    expect(await history(150, [])).toEqual([
      ['snapshot', 'getEnergyFee', 420, 0], ['snapshot', 'getMemoFee', 1000000, 0], ['snapshot', 'getWitnessPayPerBlock', 8000000, 0],
    ]);
  });

  it('back to the last approved proposal that set the value (from the listing or the lake); not back when it set another value', async () => {
    expect(await history(199, [
      { id: 1, key: 11, value: 280, at: 10 * H, fromListing: true }, { id: 2, key: 11, value: 420, at: 30 * H, fromListing: true },
      { id: 3, key: 5, value: 16000000, at: 20 * H }, { id: 4, key: 68, value: 1000000, at: 60 * H },
    ])).toEqual([
      ['proposal', 5, 16000000, 20], ['proposal', 68, 1000000, 60],
      ['snapshot', 'getEnergyFee', 420, 30], ['snapshot', 'getMemoFee', 1000000, 0], ['snapshot', 'getWitnessPayPerBlock', 8000000, 50],
    ]);
  });

  it('without a listing as of the snapshot or later: every snapshot row starts at its block', async () => {
    for (const listing of [null, 149]) {
      expect(await history(listing, [])).toEqual([
        ['snapshot', 'getEnergyFee', 420, 50], ['snapshot', 'getMemoFee', 1000000, 50], ['snapshot', 'getWitnessPayPerBlock', 8000000, 50],
      ]);
    }
  });
});
