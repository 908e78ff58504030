import { lazy, type ComponentType } from 'react';

/**
 * A screen or part that draws with MUI, loaded inside MUI's theme (app/Themed.tsx): the app shell gives none, so
 * the signed-in start needs no MUI (issue 10). The router loads its pages through it, `lazyPart` its parts.
 */
export const loadThemed =
  <P extends object>(load: () => Promise<ComponentType<P>>) =>
  (): Promise<ComponentType<P>> =>
    Promise.all([load(), import('../../app/Themed.tsx')]).then(([Component, { withTheme }]) => withTheme(Component));

/**
 * A part of a screen fetched when it is first shown (a menu, a popover, the search panel), with `preload` to start
 * the fetch early (on hover or focus of what opens it): the first load of the screen does not carry it. The parts
 * draw with MUI, and the layout around them has no theme (app/Themed.tsx): each comes inside MUI's theme.
 */
export const lazyPart = <P extends object>(load: () => Promise<ComponentType<P>>) => {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= loadThemed(load)());
  return Object.assign(
    lazy(() => preload().then((Component) => ({ default: Component }))),
    { preload: () => void preload() },
  );
};
