import { TOKEN_STORAGE_KEY } from '@bizdesk/contract';
import { loadSession } from '../shared/session.ts';

const isSignedInStart = (() => {
  try {
    return !!localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return false; // storage unavailable (private mode): the router reads the session when it needs it
  }
})();
/** The start frame greets the user on the dashboard only (app/StartFrame.tsx). */
const isDashboardStart = isSignedInStart && window.location.pathname === '/';

/**
 * First thing the entry runs, before React and the router are set up. A signed-in visitor's user is read now: the
 * start frame greets them as soon as the answer arrives, and the router's loaders get the same answer. Elsewhere
 * than the dashboard, the app shell (the `shell` and `mui` chunks, see vite.config.ts) starts downloading now too,
 * while the entry is still being evaluated; the router's own import gets the same module. A visitor without a
 * session (login, register) asks for nothing.
 */
if (isSignedInStart) {
  loadSession().catch(() => undefined); // a failure is the loaders' to handle: they ask again
  if (!isDashboardStart) void import('./AppShell.tsx').catch(() => undefined);
}

let startPainted: Promise<void> | null = null;

/**
 * Settles once a signed-in start at the dashboard has read the user and painted the frame after it (the greeting);
 * at once for everyone else. The start routes (providers, main layout, dashboard) load their code after it:
 * downloading and running MUI and the dashboard (~200 KB, one long task to evaluate) would otherwise come before
 * the greeting on a phone, and the layout cannot render before the user is known anyway.
 */
export const whenStartPainted = () =>
  (startPainted ??= isDashboardStart
    ? loadSession()
        .catch(() => null)
        .then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))
    : Promise.resolve());
