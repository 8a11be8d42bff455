import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyAppType, currentEnv } from '../../src/app/lib/app-type';
import { UA } from './app-type.fixtures';

/**
 * A page's first matchMedia call brings its style up to date: on a phone, while the app's modules were
 * evaluated (the redirect guard's app type, the install state), that was a long task's share. Phones
 * other than an iPhone or iPad never need the answer there, and the install state asks in a later task.
 */
describe('matchMedia stays out of the task that evaluates the app', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const phone = (userAgent: string, platform = '') => {
    const matchMedia = vi.fn(() => ({ matches: true }));
    vi.stubGlobal('navigator', { userAgent, platform, maxTouchPoints: 5 });
    vi.stubGlobal('matchMedia', matchMedia);
    return matchMedia;
  };

  it('an Android phone is classified without it; an iPhone asks it, as only there it decides', () => {
    const android = phone(UA.androidChrome);
    expect(classifyAppType(currentEnv())).toBe('wap_browser');
    expect(android).not.toHaveBeenCalled();

    const iphone = phone(UA.iphoneSafari, 'iPhone');
    expect(classifyAppType(currentEnv())).toBe('ios_desk');
    expect(iphone).toHaveBeenCalledOnce();
  });

  it('the install state asks it in a task after the one that catches the install prompt', async () => {
    vi.useFakeTimers();
    const matchMedia = phone(UA.androidChrome);
    vi.stubGlobal('window', { addEventListener: vi.fn() });
    const { captureInstallPrompt } = await import('../../src/app/lib/install');
    captureInstallPrompt();
    expect(matchMedia).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(matchMedia).toHaveBeenCalledOnce();
  });
});
