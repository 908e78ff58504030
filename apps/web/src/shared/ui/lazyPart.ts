import { lazy, type ComponentType } from 'react';

/**
 * A part of a screen fetched when it is first shown (a menu, a popover, the search panel), with `preload` to start
 * the fetch early (on hover or focus of what opens it): the first load of the screen does not carry it. The parts
 * draw with MUI, and the layout around them has no theme (app/Themed.tsx): each comes inside MUI's theme.
 */
export const lazyPart = <P extends object>(load: () => Promise<ComponentType<P>>) => {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= Promise.all([load(), import('../../app/Themed.tsx')]).then(([Component, { withTheme }]) => withTheme(Component)));
  return Object.assign(
    lazy(() => preload().then((Component) => ({ default: Component }))),
    { preload: () => void preload() },
  );
};
