// Before anything else: a signed-in visitor's app shell starts downloading while the rest of the entry evaluates.
import './app/startEarly.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './app/router.tsx';
import { initI18n } from './shared/i18n/index.ts';
import { setUnauthorizedHandler } from './shared/api/client.ts';
import { endSession } from './shared/session.ts';
import { applyCssTokens } from './shared/ui/tokens.ts';
import { afterStartPaint } from './app/afterStartPaint.ts';
import './shared/ui/base.css';

applyCssTokens();
const router = createBrowserRouter(routes);

// Spec: a 401 on an authorised call means the token is missing or expired: forget it and sign in again.
setUnauthorizedHandler(() => {
  endSession();
  const { pathname, search } = window.location;
  if (pathname !== '/login') void router.navigate(`/login?next=${encodeURIComponent(pathname + search)}`, { replace: true });
});

const root = document.getElementById('root')!;
// A start frame painted by index.html (start-paint.js) is replaced by React's first commit once it has been shown.
void Promise.all([initI18n(), afterStartPaint(root)]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
