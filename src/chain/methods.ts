/**
 * Known contract methods by 4-byte selector, and the display decoding TronScan shows as `trigger_info`
 * (reference §1.4): method signature with parameter names, and parameters as strings (uint256 as decimal).
 */
import { wordToBase58 } from './address.ts';

interface MethodAbi {
  name: string;
  params: { name: string; type: 'address' | 'uint256' | 'bool' }[];
}

export const KNOWN_METHODS: Record<string, MethodAbi> = {
  a9059cbb: { name: 'transfer', params: [{ name: '_to', type: 'address' }, { name: '_value', type: 'uint256' }] },
  '095ea7b3': { name: 'approve', params: [{ name: '_spender', type: 'address' }, { name: '_value', type: 'uint256' }] },
  '23b872dd': { name: 'transferFrom', params: [{ name: '_from', type: 'address' }, { name: '_to', type: 'address' }, { name: '_value', type: 'uint256' }] },
  '42842e0e': { name: 'safeTransferFrom', params: [{ name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'tokenId', type: 'uint256' }] },
  cc872b66: { name: 'issue', params: [{ name: 'amount', type: 'uint256' }] },
  db006a75: { name: 'redeem', params: [{ name: 'amount', type: 'uint256' }] },
  '0ecb93c0': { name: 'addBlackList', params: [{ name: '_evilUser', type: 'address' }] },
  e4997dc5: { name: 'removeBlackList', params: [{ name: '_clearedUser', type: 'address' }] },
  f3bdc228: { name: 'destroyBlackFunds', params: [{ name: '_blackListedUser', type: 'address' }] },
};

export interface TriggerInfo {
  method: string;
  methodId: string;
  methodName: string;
  data: string;
  parameter: Record<string, string>;
  contract_address: string;
  call_value: number;
}

/**
 * Decodes call data for display, e.g. `decodeTrigger('a9059cbb…', 'TR7N…', 0).methodName` = 'transfer'.
 * Unknown selectors keep the raw data with an empty method name.
 */
export function decodeTrigger(callData: string, contractAddress: string, callValue: number): TriggerInfo {
  const data = callData.replace(/^0x/, '').toLowerCase();
  const methodId = data.slice(0, 8);
  const abi = KNOWN_METHODS[methodId];
  const parameter: Record<string, string> = {};
  let method = '';
  if (abi) {
    method = `${abi.name}(${abi.params.map((p) => `${p.type} ${p.name}`).join(',')})`;
    abi.params.forEach((p, i) => {
      const word = data.slice(8 + i * 64, 8 + (i + 1) * 64);
      if (word.length !== 64) return;
      try {
        parameter[p.name] = p.type === 'address' ? wordToBase58(word) : p.type === 'bool' ? String(BigInt('0x' + word) !== 0n) : BigInt('0x' + word).toString();
      } catch {
        parameter[p.name] = word;
      }
    });
  }
  return { method, methodId, methodName: abi?.name ?? '', data, parameter, contract_address: contractAddress, call_value: callValue };
}
