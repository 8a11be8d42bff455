/** Base64 AES-256 key, fixed at build time by vite.config.ts (`define`). */
declare const __IMAGE_KEY__: string;
