// The app and the service worker import from here: the table's facts and types, never a schema.
export * from './cache-rules.js';
export * from './table.js';
export type * from './types.js';
