import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorkerWhenSettled, SERVICE_WORKER_DELAY_MS } from './registerServiceWorker.ts';

/** A window whose load event, timers and idle callbacks the test fires itself. */
const fakeWindow = (opts: { idle: boolean }) => {
  const listeners: Array<() => void> = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const idles: Array<() => void> = [];
  const win = {
    addEventListener: (type: string, fn: () => void) => type === 'load' && listeners.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    ...(opts.idle ? { requestIdleCallback: (fn: () => void) => idles.push(fn) } : {}),
  };
  return { win: win as never, load: () => listeners.forEach((fn) => fn()), timers, idles };
};

describe('registerServiceWorkerWhenSettled', () => {
  it('registers the worker only after the load event, the delay and an idle moment', () => {
    const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    const page = fakeWindow({ idle: true });
    registerServiceWorkerWhenSettled(page.win, { readyState: 'loading' }, { register });
    expect(page.timers).toHaveLength(0);
    page.load();
    expect(page.timers.map((t) => t.ms)).toEqual([SERVICE_WORKER_DELAY_MS]);
    expect(register).not.toHaveBeenCalled();
    page.timers[0]!.fn();
    expect(register).not.toHaveBeenCalled();
    page.idles[0]!();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('starts the delay at once on a page already loaded, and registers after it without requestIdleCallback', () => {
    const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    const page = fakeWindow({ idle: false });
    registerServiceWorkerWhenSettled(page.win, { readyState: 'complete' }, { register });
    expect(page.timers.map((t) => t.ms)).toEqual([SERVICE_WORKER_DELAY_MS]);
    page.timers[0]!.fn();
    expect(register).toHaveBeenCalledOnce();
  });

  it('does nothing without service workers, and a refused registration is not an error', async () => {
    const page = fakeWindow({ idle: false });
    expect(() => registerServiceWorkerWhenSettled(page.win, { readyState: 'complete' }, undefined)).not.toThrow();
    expect(page.timers).toHaveLength(0);
    const refused = vi.fn(() => Promise.reject(new Error('SecurityError')));
    registerServiceWorkerWhenSettled(page.win, { readyState: 'complete' }, { register: refused });
    page.timers[0]!.fn();
    await Promise.resolve();
    expect(refused).toHaveBeenCalledOnce();
  });
});
