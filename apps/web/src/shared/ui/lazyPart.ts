import { lazy, type ComponentType } from 'react';

/**
 * A part of a screen fetched when it is first shown (a menu, a popover, the search panel), with `preload` to start
 * the fetch early (on hover or focus of what opens it): the first load of the screen does not carry it.
 */
export const lazyPart = <P extends object>(load: () => Promise<ComponentType<P>>) => {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load());
  return Object.assign(
    lazy(() => preload().then((Component) => ({ default: Component }))),
    { preload: () => void preload() },
  );
};
