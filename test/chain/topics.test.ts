// Every topic constant is keccak256 of its canonical signature (reference §3).
import { describe, expect, it } from 'vitest';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import * as topics from '../../src/chain/topics.ts';

const keccak = (s: string): string => bytesToHex(keccak_256(utf8ToBytes(s)));

describe('event topics', () => {
  it.each(Object.entries(topics.TOPIC_SIGNATURES))('%s = keccak(%s)', (topic, sig) => {
    expect(keccak(sig)).toBe(topic);
  });

  it('covers every exported TOPIC_ constant', () => {
    const exported = Object.entries(topics).filter(([k]) => k.startsWith('TOPIC_') && k !== 'TOPIC_SIGNATURES').map(([, v]) => v);
    expect(new Set(exported)).toEqual(new Set(Object.keys(topics.TOPIC_SIGNATURES)));
  });

  it('transfer selector', () => {
    expect(keccak('transfer(address,uint256)').slice(0, 8)).toBe(topics.SELECTOR_TRANSFER);
  });
});
