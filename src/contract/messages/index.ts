// The app's strings grouped by screen; the spec's own table (Msg, AccountText, …) is ../messages.ts.
export * from './account.js';
export * from './comics.js';
export * from './common.js';
export * from './downloads.js';
export * from './home.js';
export * from './lists.js';
export * from './player.js';
export * from './purchase.js';
export * from './reader.js';
export * from './search.js';
export * from './shelf.js';
export * from './shell.js';
export * from './video.js';
