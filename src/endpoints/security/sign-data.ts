/**
 * GET /api/security/sign/data (SPEC §4.11; reference §7): the multi-signature configuration of an account, from its
 * newest snapshot's permissions. Multi-signature = a permission needing more than one key (threshold > 1 or more
 * than one key). `ownerPermission` exactly when multi-signature (the default owner when only an active permission
 * needs several keys); `activePermissions` `[]` otherwise. An account without
 * a snapshot (or with the default permissions) is not multi-signature.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address } from '../../params/index.ts';

interface Key { address: string; weight: number }
interface Permission { type?: string; id?: number; permission_name?: string; threshold?: number; operations?: string; keys?: Key[] }

const parse = <T>(v: unknown): T | null => (v === null || v === undefined ? null : (JSON.parse(String(v)) as T));
const multi = (p: Permission | null): boolean => p !== null && ((p.threshold ?? 1) > 1 || (p.keys?.length ?? 0) > 1);
const keysOf = (p: Permission | null): string[] => (p?.keys ?? []).map((k) => k.address);

const keyShape = z.looseObject({ address: z.string(), weight: z.number().int() });
const ownerShape = z.looseObject({ permission_name: z.string(), threshold: z.number().int(), keys: z.array(keyShape) });
const signFields = {
  multiSignOwnerPermissionAddress: z.array(z.string()),
  multiSignActivePermissionAddress: z.array(z.string()),
  multiSignWitnessPermissionAddress: z.array(z.string()),
  activePermissions: z.array(z.looseObject({ id: z.number().int(), type: z.string(), threshold: z.number().int(), keys: z.array(keyShape) })),
};

const QUERIES = { permissions: 'security/sign-data' } as const;

export default defineEndpoint({
  path: '/api/security/sign/data',
  method: 'GET',
  summary: 'Multi-signature configuration of an account (owner, active and witness permissions).',
  params: z.object({ address: address() }),
  // ownerPermission is there exactly when multiSign is true: two shapes, so a body without it fails when it must have it.
  response: z.union([
    z.looseObject({ ...signFields, multiSign: z.literal(true), ownerPermission: ownerShape }),
    z.looseObject({ ...signFields, multiSign: z.literal(false), ownerPermission: z.never().optional() }),
  ]),
  queries: QUERIES,
  async handle(p, ctx) {
    const [found] = await ctx.typedRows(QUERIES.permissions, { address: p.address });
    const r = found && Number(found.n) > 0 ? found : undefined;
    const owner = parse<Permission>(r?.owner_permission_json);
    const actives = parse<Permission[]>(r?.active_permissions_json) ?? [];
    const witness = parse<Permission>(r?.witness_permission_json);
    const multiSign = multi(owner) || actives.some(multi);
    return {
      multiSign,
      multiSignOwnerPermissionAddress: multiSign ? keysOf(owner) : [],
      multiSignActivePermissionAddress: multiSign ? [...new Set(actives.flatMap(keysOf))] : [],
      multiSignWitnessPermissionAddress: multiSign ? keysOf(witness) : [],
      activePermissions: multiSign
        ? actives.map((a, i) => ({ id: a.id ?? i + 2, type: 'Active', permission_name: a.permission_name ?? 'active', threshold: a.threshold ?? 1, operations: a.operations ?? '', keys: a.keys ?? [] }))
        : [],
      // Multi-signature through the active permissions only: the owner permission is the default one (the account's
      // own key, threshold 1), as the node prints it.
      ...(multiSign
        ? { ownerPermission: { permission_name: owner?.permission_name ?? 'owner', threshold: owner?.threshold ?? 1, keys: owner?.keys ?? [{ address: p.address, weight: 1 }] } }
        : {}),
    };
  },
});
