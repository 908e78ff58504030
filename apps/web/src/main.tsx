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
import './shared/ui/base.css';

applyCssTokens();
const router = createBrowserRouter(routes);

// Spec: a 401 on an authorised call means the token is missing or expired: forget it and sign in again.
setUnauthorizedHandler(() => {
  endSession();
  const { pathname, search } = window.location;
  if (pathname !== '/login') void router.navigate(`/login?next=${encodeURIComponent(pathname + search)}`, { replace: true });
});

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
