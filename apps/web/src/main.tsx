// Before anything else: a signed-in visitor's app shell starts downloading while the rest of the entry evaluates.
import './app/startEarly.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createRouterStart } from './app/router.tsx';
import { initI18n } from './shared/i18n/index.ts';
import { setUnauthorizedHandler } from './shared/api/client.ts';
import { endSession } from './shared/session.ts';
import { applyCssTokens } from './shared/ui/tokens.ts';
import { afterStartPaint } from './app/afterStartPaint.ts';
import { nextTask } from './app/nextTask.ts';
import { registerServiceWorkerWhenSettled } from './app/registerServiceWorker.ts';
import './shared/ui/base.css';

// Each step in a task of its own (the modules' evaluation, i18next, the router's start, React's first render):
// one long task would hold the page up after its first paint (issue 10).
const start = async () => {
  applyCssTokens();
  await nextTask();
  const texts = initI18n();
  await nextTask();
  const { routes, patchRoutesOnNavigation } = createRouterStart();
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation });

  // Spec: a 401 on an authorised call means the token is missing or expired: forget it and sign in again.
  setUnauthorizedHandler(() => {
    endSession();
    const { pathname, search } = window.location;
    if (pathname !== '/login') void router.navigate(`/login?next=${encodeURIComponent(pathname + search)}`, { replace: true });
  });

  const root = document.getElementById('root')!;
  // A start frame painted by index.html (start-paint.js) is replaced by React's first commit once it has been shown.
  await Promise.all([texts, afterStartPaint(root)]);
  // A transition: React renders in slices that yield to the browser every few milliseconds, then commits.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
  if (import.meta.env.PROD) registerServiceWorkerWhenSettled();
};
void start();
