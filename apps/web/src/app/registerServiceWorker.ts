/** How long after the page's load event the service worker is registered, at the earliest (issue 10). */
export const SERVICE_WORKER_DELAY_MS = 5_000;
/** The longest the browser may put the registration off once that delay is over (it waits for an idle moment). */
const IDLE_TIMEOUT_MS = 10_000;

type TWindow = Pick<Window, 'addEventListener' | 'setTimeout'> & { requestIdleCallback?: Window['requestIdleCallback'] };

/**
 * Registers the service worker (it keeps the app's files for field staff offline) once the page has settled: a few
 * seconds after its load event, at an idle moment. The worker's install downloads and stores every file of the app;
 * run while the page starts (it was registered at `load`), it took the processor from the page's own start, which
 * blocked the first seconds of a phone by ~0.2–0.5 s more (Lighthouse's total blocking time on the dashboard). A
 * user loses nothing: the worker only serves later visits, and an offline check-in is kept by the page itself.
 */
export const registerServiceWorkerWhenSettled = (
  win: TWindow = window,
  doc: Pick<Document, 'readyState'> = document,
  container: Pick<ServiceWorkerContainer, 'register'> | undefined = navigator.serviceWorker,
) => {
  if (!container) return;
  const register = () => {
    container.register('/sw.js', { scope: '/' }).catch(() => undefined); // no worker (private window, old browser): the app works without
  };
  const whenIdle = () => {
    if (win.requestIdleCallback) win.requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS });
    else register();
  };
  const afterLoad = () => void win.setTimeout(whenIdle, SERVICE_WORKER_DELAY_MS);
  if (doc.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });
};
