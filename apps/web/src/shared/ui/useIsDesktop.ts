import { useSyncExternalStore } from 'react';

/** MUI's `lg` breakpoint (1200 px and up): the navigation is a fixed panel there, a drawer below. */
const DESKTOP = '(min-width: 1200px)';

// As MUI's useMediaQuery: where there is no matchMedia (jsdom), the screen counts as small.
const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(DESKTOP) : null);
const subscribe = (onChange: () => void) => {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/**
 * Whether the screen is a large one, following resizes: `useMediaQuery(theme.breakpoints.up('lg'))` without MUI,
 * so the main layout renders on a signed-in start before MUI loads (issue 10).
 */
export const useIsDesktop = () => useSyncExternalStore(subscribe, () => query()?.matches ?? false, () => false);
