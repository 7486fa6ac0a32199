/** The endpoint registry: every served endpoint, one import per declaration (src/endpoints/<group>/<name>.ts). */
import type { AnyEndpoint } from '../http/endpoint.ts';
import block from './block/block.ts';

export const endpoints: readonly AnyEndpoint[] = [block];
