/**
 * Settles once the start frame that index.html's start script painted (start-paint.js: the frame and greeting of a
 * signed-in start at `/`) has been on screen for a frame, at once when there is none. React's first commit replaces
 * that frame with the same elements; replaced before it was presented, the browser records no largest paint for it,
 * and the page's largest paint becomes React's copy, later. At most one frame: a hidden page (no animation frames)
 * or a late frame goes on after `timeoutMs`.
 */
export const afterStartPaint = (root: HTMLElement | null, timeoutMs = 100): Promise<void> =>
  new Promise((resolve) => {
    if (!root?.firstChild || document.visibilityState === 'hidden') return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, timeoutMs);
  });
