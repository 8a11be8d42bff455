import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_DATA_ELEMENT_ID, type BootData } from '../../src/contract';

/** A page whose boot-data block holds `boot` (the unit project runs without a DOM). */
function pageWith(boot: BootData | string) {
  const text = typeof boot === 'string' ? boot : JSON.stringify(boot);
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === BOOT_DATA_ELEMENT_ID ? { textContent: text } : null),
  });
}

const load = async () => {
  vi.resetModules();
  return import('../../src/app/lib/api/boot');
};

describe('inlined first answers', () => {
  afterEach(() => vi.unstubAllGlobals());

  const home = { result: true, code: 200, msg: 'success', data: { adList: [] } };
  const today = { result: true, code: 200, msg: 'success', data: { dailySign: null } };
  const boot = (at = Date.now()): BootData => ({
    at,
    entries: [
      { url: '/api/book/home/index', anonymousOnly: false, body: home },
      { url: '/api/book/today_update?category=0&pageSize=6&currentPage=1', anonymousOnly: true, body: today },
    ],
  });

  it('answers a call once, by the URL the client sends', async () => {
    pageWith(boot());
    const { bootKey, takeBootAnswer } = await load();
    expect(bootKey('/api/book/home/index', undefined)).toBe('/api/book/home/index');
    expect(takeBootAnswer('/api/book/home/index', true)).toEqual(home);
    expect(takeBootAnswer('/api/book/home/index', true)).toBeUndefined();
    const key = bootKey('/api/book/today_update', { category: '0', pageSize: '6', currentPage: '1' });
    expect(takeBootAnswer(key, false)).toEqual(today);
  });

  it('never gives a caller-specific answer to a device that holds a session', async () => {
    pageWith(boot());
    const { takeBootAnswer } = await load();
    expect(
      takeBootAnswer('/api/book/today_update?category=0&pageSize=6&currentPage=1', true),
    ).toBeUndefined();
  });

  it('ignores an old page and a damaged block', async () => {
    pageWith(boot(Date.now() - 10 * 60_000));
    expect((await load()).takeBootAnswer('/api/book/home/index', false)).toBeUndefined();
    pageWith('{not json');
    expect((await load()).takeBootAnswer('/api/book/home/index', false)).toBeUndefined();
  });
});
