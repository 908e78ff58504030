import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec 01 §2: on every path change the window scrolls to the top. */
export const ScrollToTop = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
};
