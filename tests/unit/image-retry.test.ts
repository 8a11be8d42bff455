import { describe, expect, it } from 'vitest';
import { onceWorthRetrying, type RetryEnv } from '../../src/app/lib/image-retry';

/** Stand-ins for window, navigator.serviceWorker and an IntersectionObserver, with their listeners counted. */
function fakeEnv(online = true) {
  const listeners = new Map<string, number>();
  const target = () => {
    const t = new EventTarget();
    const add = t.addEventListener.bind(t);
    const remove = t.removeEventListener.bind(t);
    t.addEventListener = (type: string, ...rest: [never, never?]) => {
      listeners.set(type, (listeners.get(type) ?? 0) + 1);
      add(type, ...rest);
    };
    t.removeEventListener = (type: string, ...rest: [never, never?]) => {
      listeners.set(type, (listeners.get(type) ?? 0) - 1);
      remove(type, ...rest);
    };
    return t;
  };
  const state = { online, view: undefined as ((yes: boolean) => void) | undefined, watching: 0 };
  const env: RetryEnv = {
    window: target(),
    worker: target(),
    online: () => state.online,
    watchView: (_el, inView) => {
      state.watching++;
      state.view = inView;
      return () => {
        state.watching--;
        state.view = undefined;
      };
    },
  };
  const live = () => [...listeners.values()].reduce((a, b) => a + b, 0) + state.watching;
  return { env, state, live };
}

const box = {} as Element;

describe('when a picture that failed is tried again', () => {
  it('once the service worker takes the page over', () => {
    const { env, live } = fakeEnv();
    let tries = 0;
    onceWorthRetrying(box, () => tries++, env);
    env.worker!.dispatchEvent(new Event('controllerchange'));
    expect(tries).toBe(1);
    expect(live()).toBe(0);
  });

  it('once the browser is back online', () => {
    const { env, live } = fakeEnv(false);
    let tries = 0;
    onceWorthRetrying(box, () => tries++, env);
    env.window.dispatchEvent(new Event('online'));
    expect(tries).toBe(1);
    expect(live()).toBe(0);
  });

  it('once its box comes back into view, not while it stays there (no loop)', () => {
    const { env, state } = fakeEnv();
    let tries = 0;
    onceWorthRetrying(box, () => tries++, env);
    // The observer's first report: it failed in view. Reports while it stays in view change nothing.
    state.view!(true);
    state.view!(true);
    expect(tries).toBe(0);
    state.view!(false);
    state.view!(true);
    expect(tries).toBe(1);
  });

  it('not when it comes into view offline; then when it does online', () => {
    const { env, state } = fakeEnv(false);
    let tries = 0;
    onceWorthRetrying(box, () => tries++, env);
    state.view!(false);
    state.view!(true);
    expect(tries).toBe(0);
    state.online = true;
    state.view!(false);
    state.view!(true);
    expect(tries).toBe(1);
  });

  it('only once for several triggers, and never after the screen let it go', () => {
    const { env, live } = fakeEnv();
    let tries = 0;
    onceWorthRetrying(box, () => tries++, env);
    env.window.dispatchEvent(new Event('online'));
    env.worker!.dispatchEvent(new Event('controllerchange'));
    expect(tries).toBe(1);
    expect(live()).toBe(0);

    const other = fakeEnv();
    const stop = onceWorthRetrying(box, () => tries++, other.env);
    stop();
    expect(other.live()).toBe(0);
    other.env.window.dispatchEvent(new Event('online'));
    expect(tries).toBe(1);
  });

  it('without a service worker or an observer, on coming back online', () => {
    const { env } = fakeEnv(false);
    let tries = 0;
    onceWorthRetrying(null, () => tries++, { ...env, worker: undefined, watchView: undefined });
    env.window.dispatchEvent(new Event('online'));
    expect(tries).toBe(1);
  });
});
