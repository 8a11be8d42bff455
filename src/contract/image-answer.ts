import { decryptImage } from './cipher.js';

/**
 * What an answer to an encrypted picture's URL (`….img`) holds. The server answers ciphertext
 * (application/octet-stream) or 204 (no picture). Once the service worker controls a page, it answers
 * the same URL itself: the picture already decrypted, or its placeholder. A page that read the worker's
 * plain bytes as ciphertext failed to decrypt them and showed a placeholder for good (issue 29: the
 * worker takes over a new visitor's first page mid-visit, clients.claim), so every answer the worker
 * makes carries IMAGE_ANSWER_HEADER, and every reader goes by imageAnswerKind.
 */
export const IMAGE_ANSWER_HEADER = 'X-Inkreel-Image';

/** Values of IMAGE_ANSWER_HEADER. */
export const ImageAnswer = {
  /** The picture, decrypted by the worker: used as it is. */
  plain: 'plain',
  /** The server has no picture (its 204): the placeholder, for good. */
  none: 'none',
  /** Could not be had now (network, server error): shown as the placeholder, tried again later. */
  failed: 'failed',
} as const;

/** `encrypted`: the server's own answer, to decrypt with the contract cipher. */
export type ImageAnswerKind = (typeof ImageAnswer)[keyof typeof ImageAnswer] | 'encrypted';

/** The parts of a fetch Response the rule reads. */
export interface ImageAnswerHead {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
}

/** The one rule telling plain from encrypted answers (page, prerender script and worker alike). */
export function imageAnswerKind(res: ImageAnswerHead): ImageAnswerKind {
  const marked = res.headers.get(IMAGE_ANSWER_HEADER);
  if (marked === ImageAnswer.none || res.status === 204) return ImageAnswer.none;
  if (marked === ImageAnswer.failed || !res.ok) return ImageAnswer.failed;
  if (marked === ImageAnswer.plain) return ImageAnswer.plain;
  // Ciphertext is never served as an image type: a picture answer without the mark (a worker of an
  // older version, whose decrypted entries are still in its cache) is plain too.
  return /^image\//i.test(res.headers.get('Content-Type') ?? '') ? ImageAnswer.plain : 'encrypted';
}

/** A picture that could not be had now; worth trying again (ImageAnswer.failed). */
export class ImageUnavailableError extends Error {
  constructor(url: string, status: number) {
    super(`image ${status}: ${url}`);
    this.name = 'ImageUnavailableError';
  }
}

/**
 * The plain picture of an answer to a `.img` URL: decrypted when it is ciphertext, as it is when the
 * worker decrypted it; null when there is no picture (204); ImageUnavailableError when it failed.
 */
export async function pictureBytes(
  res: ImageAnswerHead & { url: string; arrayBuffer(): Promise<ArrayBuffer> },
  key: CryptoKey | Promise<CryptoKey>,
): Promise<ArrayBuffer | null> {
  switch (imageAnswerKind(res)) {
    case ImageAnswer.none:
      return null;
    case ImageAnswer.failed:
      throw new ImageUnavailableError(res.url, res.status);
    case ImageAnswer.plain:
      return res.arrayBuffer();
    case 'encrypted':
      return decryptImage(await key, await res.arrayBuffer());
  }
}
