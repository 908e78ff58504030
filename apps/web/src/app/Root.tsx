import { Outlet } from 'react-router';
import { FlashHost } from '../shared/ui/FlashHost.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

/** The outermost route: scroll restoration and flash messages for every screen. */
export const Root = () => (
  <>
    <ScrollToTop />
    <Outlet />
    <FlashHost />
  </>
);
