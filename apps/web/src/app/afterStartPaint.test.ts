import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterStartPaint } from './afterStartPaint.ts';

describe('afterStartPaint', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('goes on at once when index.html painted no start frame', async () => {
    const raf = vi.spyOn(window, 'requestAnimationFrame');
    await afterStartPaint(document.createElement('div'));
    await afterStartPaint(null);
    expect(raf).not.toHaveBeenCalled();
  });

  it('waits for the task after the next animation frame when a start frame is on the page', async () => {
    vi.useFakeTimers();
    let frame: FrameRequestCallback = () => undefined;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => ((frame = callback), 1));
    const root = document.createElement('div');
    root.append(document.createElement('main'));
    let done = false;
    void afterStartPaint(root).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe(false);
    frame(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('goes on after the time-out when no frame comes', async () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    const root = document.createElement('div');
    root.append(document.createElement('main'));
    let done = false;
    void afterStartPaint(root, 100).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
