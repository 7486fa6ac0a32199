/** The shared parameter builders: import endpoints' params from here. */
export * from './atoms.ts';
export * from './paging.ts';
export * from './sort.ts';
export * from './filters.ts';
export * from './tokens.ts';
export * from './amounts.ts';
