import { importImageKey } from '../contract/cipher';

// Defined by the build (vite.config.ts `define`, for the app and the worker alike); declared here since
// each bundle's own env.d.ts is not in the other's program.
declare const __IMAGE_KEY__: string;

let key: Promise<CryptoKey> | undefined;

/** The image key, imported once per page or worker start and only when a picture needs it. */
export const imageKey = (): Promise<CryptoKey> => (key ??= importImageKey(__IMAGE_KEY__));
