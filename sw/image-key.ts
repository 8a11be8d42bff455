import { importImageKey } from '../src/contract/cipher';

/** The image key, imported once per worker start, not per image. */
export const imageKey: Promise<CryptoKey> = importImageKey(__IMAGE_KEY__);
