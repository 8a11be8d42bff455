import { describe, expect, it } from 'vitest';
import { DATA_URL_MAX_BYTES } from '../../src/contract';
import { pictureUrl } from '../../src/app/lib/picture-url';

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 255).buffer;

describe('the URL a picture decrypted on the page is shown from', () => {
  it('is a data: URL carrying the very bytes up to the limit', () => {
    for (const n of [1, 3, 20_000, DATA_URL_MAX_BYTES]) {
      const url = pictureUrl(bytes(n));
      expect(url.startsWith('data:image/webp;base64,')).toBe(true);
      const back = Buffer.from(url.slice('data:image/webp;base64,'.length), 'base64');
      expect(new Uint8Array(back)).toEqual(new Uint8Array(bytes(n)));
    }
  });

  it('is a blob: URL above it (chapter pages keep their bytes out of the script heap)', () => {
    const url = pictureUrl(bytes(DATA_URL_MAX_BYTES + 1));
    expect(url.startsWith('blob:')).toBe(true);
    URL.revokeObjectURL(url);
  });
});
