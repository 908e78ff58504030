import { useEffect, useRef, useState } from 'react';

/**
 * True once the element is on screen or within `margin` of it (then stays true): a part below the fold, such as a
 * chart, is built when the user scrolls towards it instead of during the screen's first load. Where the browser has
 * no IntersectionObserver (tests), true at once.
 */
export const useNearViewport = <T extends Element>(margin = '200px') => {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
};
