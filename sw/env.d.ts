/** Base64 AES-256 key, fixed at build time by vite.config.ts (`define`). */
declare const __IMAGE_KEY__: string;

/** Each landing screen's path (a RegExp source) and its route's chunks (vite.config.ts, shellPreloads). */
declare module 'virtual:shell-preloads' {
  const screens: { path: string; files: string[] }[];
  export default screens;
}
