import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_KEY,
  encryptImage,
  IMAGE_ANSWER_HEADER,
  ImageAnswer,
  imageAnswerKind,
  ImageUnavailableError,
  importImageKey,
  pictureBytes,
  type ImageAnswerKind,
} from '../../src/contract';
import { IMAGE_KIND_SCRIPT } from '../../src/server/http/prerender-page';

const WEBP = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50, 9, 9, 9, 9]);
const URL_ = 'https://inkreel.test/media/img/0123456789abcdef_500_0.img';
const key = importImageKey(DEFAULT_IMAGE_KEY);

const answer = (body: BodyInit | null, status: number, headers: Record<string, string>) => {
  const res = new Response(body, { status, headers });
  Object.defineProperty(res, 'url', { value: URL_ });
  return res;
};

/** Every answer a page meets for a `.img` URL, and what it holds. */
const cases: [string, () => Promise<Response>, ImageAnswerKind][] = [
  [
    "the server's ciphertext",
    async () =>
      answer(await encryptImage(await key, WEBP), 200, { 'Content-Type': 'application/octet-stream' }),
    'encrypted',
  ],
  ["the server's 204 (no picture)", async () => answer(null, 204, {}), 'none'],
  ["the server's error", async () => answer('oops', 500, { 'Content-Type': 'text/plain' }), 'failed'],
  [
    "the worker's decrypted picture",
    async () => answer(WEBP, 200, { 'Content-Type': 'image/webp', [IMAGE_ANSWER_HEADER]: 'plain' }),
    'plain',
  ],
  [
    "the worker's placeholder for a 204",
    async () => answer('<svg/>', 200, { 'Content-Type': 'image/svg+xml', [IMAGE_ANSWER_HEADER]: 'none' }),
    'none',
  ],
  ["the worker's failure", async () => answer(null, 503, { [IMAGE_ANSWER_HEADER]: 'failed' }), 'failed'],
  [
    'a picture an older worker kept, unmarked',
    async () => answer(WEBP, 200, { 'Content-Type': 'image/webp' }),
    'plain',
  ],
];

describe('what an answer to a picture URL holds (contract/image-answer.ts)', () => {
  it.each(cases)('%s', async (_, make, kind) => {
    expect(imageAnswerKind(await make())).toBe(kind);
  });

  it("is told alike by the prerender's inline script", async () => {
    const scriptKind = new Function(`return ${IMAGE_KIND_SCRIPT}`)() as (r: Response) => string;
    for (const [name, make, kind] of cases) expect(scriptKind(await make()), name).toBe(kind);
  });
});

describe('the picture of such an answer', () => {
  it('is decrypted from ciphertext only, and taken as it is when the worker decrypted it', async () => {
    for (const [name, make, kind] of cases) {
      if (kind !== ImageAnswer.plain && kind !== 'encrypted') continue;
      expect(new Uint8Array((await pictureBytes(await make(), key))!), name).toEqual(WEBP);
    }
  });

  it('is none for good when there is no picture, and a failure worth trying again otherwise', async () => {
    for (const [name, make, kind] of cases) {
      if (kind === ImageAnswer.none) expect(await pictureBytes(await make(), key), name).toBeNull();
      if (kind === ImageAnswer.failed)
        await expect(pictureBytes(await make(), key), name).rejects.toBeInstanceOf(ImageUnavailableError);
    }
  });

  it('plain bytes taken for ciphertext would not decrypt (the defect the rule prevents)', async () => {
    const plainAsCipher = answer(WEBP, 200, { 'Content-Type': 'application/octet-stream' });
    await expect(pictureBytes(plainAsCipher, key)).rejects.toThrow();
  });
});
