import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_KEY,
  encryptImage,
  IMAGE_ANSWER_HEADER,
  ImageAnswer,
  ImageUnavailableError,
  importImageKey,
} from '../../src/contract';
import { decryptedPicture, keepPicture, plainPicture, storedBytes } from '../../src/client/pictures';

/**
 * The one envelope every encrypted picture goes through on the phone (client/pictures.ts): the worker's
 * reading cache, Background Fetch downloads, the page's downloads and the page's first-visit pictures.
 */

const WEBP = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50, 9, 9, 9, 9]);
const URL_ = 'https://inkreel.test/media/img/0123456789abcdef_500_0.img';

let ciphertext: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  (globalThis as Record<string, unknown>).__IMAGE_KEY__ = DEFAULT_IMAGE_KEY;
  ciphertext = await encryptImage(await importImageKey(DEFAULT_IMAGE_KEY), WEBP);
});

const answer = (body: BodyInit | null, status: number, headers: Record<string, string> = {}) => {
  const res = new Response(body, { status, headers });
  Object.defineProperty(res, 'url', { value: URL_ });
  return res;
};
const server = () => answer(ciphertext, 200, { 'Content-Type': 'application/octet-stream' });

class OneCache {
  readonly entries = new Map<string, Response>();
  async put(key: string, res: Response) {
    this.entries.set(key, res);
  }
}

describe('picture envelope', () => {
  it("decrypts the server's answer into the stored form: image/webp with its length", async () => {
    const pic = (await decryptedPicture(server()))!;
    expect(pic.status).toBe(200);
    expect(pic.headers.get('Content-Type')).toBe('image/webp');
    expect(pic.headers.get('Content-Length')).toBe(String(WEBP.byteLength));
    expect(storedBytes(pic)).toBe(WEBP.byteLength);
    expect(new Uint8Array(await pic.arrayBuffer())).toEqual(WEBP);
  });

  it('adds the headers asked for (the worker marks its answers)', async () => {
    const pic = (await decryptedPicture(server(), { [IMAGE_ANSWER_HEADER]: ImageAnswer.plain }))!;
    expect(pic.headers.get(IMAGE_ANSWER_HEADER)).toBe('plain');
    expect(pic.headers.get('Content-Type')).toBe('image/webp');
  });

  it("takes the worker's plain answer as it is (a page the worker took over mid-visit)", async () => {
    const plain = await plainPicture(
      answer(WEBP, 200, { 'Content-Type': 'image/webp', [IMAGE_ANSWER_HEADER]: ImageAnswer.plain }),
    );
    expect(new Uint8Array(plain!)).toEqual(WEBP);
  });

  it('no picture (204) is null and stores nothing; a failure is an ImageUnavailableError', async () => {
    const cache = new OneCache();
    expect(await keepPicture(cache as unknown as Cache, URL_, answer(null, 204))).toBe(0);
    expect(cache.entries.size).toBe(0);
    await expect(decryptedPicture(answer('oops', 500))).rejects.toBeInstanceOf(ImageUnavailableError);
  });

  it('keeps the plain picture under its URL and answers its bytes; a stopped download keeps none', async () => {
    const cache = new OneCache();
    expect(await keepPicture(cache as unknown as Cache, URL_, server())).toBe(WEBP.byteLength);
    expect(new Uint8Array(await cache.entries.get(URL_)!.arrayBuffer())).toEqual(WEBP);

    const stopped = new OneCache();
    const ctl = new AbortController();
    ctl.abort();
    await expect(keepPicture(stopped as unknown as Cache, URL_, server(), ctl.signal)).rejects.toThrow();
    expect(stopped.entries.size).toBe(0);
  });
});
