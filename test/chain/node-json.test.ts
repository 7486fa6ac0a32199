import { describe, expect, it } from 'vitest';
import { NodeNotJsonError, int, int64, intString, parseNodeJson } from '../../src/chain/node-json.ts';

describe('parseNodeJson', () => {
  it('keeps integers above 2^53 exact, as decimal strings', () => {
    const r = parseNodeJson('{"total_supply": 99000000000000001, "small": 12, "list": [12345678901234567890, 1]}') as Record<string, unknown>;
    expect(r.total_supply).toBe('99000000000000001');
    expect(r.small).toBe(12);
    expect(r.list).toEqual(['12345678901234567890', 1]);
    expect(int64(r.total_supply as string)).toBe(99000000000000001n);
    expect(int64('123')).toBe(123);
    expect(int64(undefined)).toBe(0);
    expect(int(undefined)).toBe(0);
    expect(intString(undefined)).toBe('0');
  });

  it('never touches digits inside strings', () => {
    const text = '{"data":"31303034303839","memo":"x:12345678901234567,y","n":-9223372036854775808}';
    expect(parseNodeJson(text)).toEqual({ data: '31303034303839', memo: 'x:12345678901234567,y', n: '-9223372036854775808' });
    expect(parseNodeJson('{"s":":12345678901234567,"}')).toEqual({ s: ':12345678901234567,' });
  });

  it('names the lite full node when the answer is not JSON', () => {
    expect(() => parseNodeJson('this API is closed because this node is a lite fullnode')).toThrow(NodeNotJsonError);
    expect(() => parseNodeJson('this API is closed because this node is a lite fullnode')).toThrow(/lite full node/);
    expect(() => parseNodeJson('<html>502</html>')).toThrow(/did not answer JSON/);
    expect(() => parseNodeJson('{"a":')).toThrow(NodeNotJsonError);
  });
});
