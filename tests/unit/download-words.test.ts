import { describe, expect, it } from 'vitest';
import { DownloadText, formatAboutBytes } from '../../src/contract';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

describe('downloads in plain words', () => {
  it('says the room left as a reader estimates it: whole units from 10 up, one decimal below', () => {
    expect(formatAboutBytes(10.04 * GB)).toBe('10 GB');
    expect(formatAboutBytes(123.6 * GB)).toBe('124 GB');
    expect(formatAboutBytes(3.44 * GB)).toBe('3.4 GB');
    expect(formatAboutBytes(3 * GB)).toBe('3 GB');
    expect(formatAboutBytes(256.4 * MB)).toBe('256 MB');
    expect(formatAboutBytes(1.25 * MB)).toBe('1.3 MB');
    expect(formatAboutBytes(0)).toBe('0 MB');
    expect(formatAboutBytes(-5)).toBe('0 MB');
    expect(formatAboutBytes(Number.NaN)).toBe('0 MB');
  });

  it('builds the storage line and the queued toast short', () => {
    expect(DownloadText.storageUsed('3.4 MB') + DownloadText.storageFree('10 GB')).toBe(
      '已用 3.4 MB，手机还可存约 10 GB',
    );
    // One line of a phone's toast (about 20 characters), two at most with a long count.
    expect(DownloadText.queuedWith(12, DownloadText.persistOff).length).toBeLessThanOrEqual(24);
  });
});
