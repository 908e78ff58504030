import { TOKEN_STORAGE_KEY } from '@bizdesk/contract';
import { loadSession } from '../shared/session.ts';

const isSignedInStart = (() => {
  try {
    return !!localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return false; // storage unavailable (private mode): the router reads the session when it needs it
  }
})();

/**
 * First thing the entry runs, before React and the router are set up. A signed-in visitor's user is read now (the
 * start frame greets them on the dashboard as soon as the answer arrives, and the router's loaders get the same
 * answer), and the app shell (the `shell` and `mui` chunks, see vite.config.ts) starts downloading while the entry
 * is still being evaluated; the router's own import gets the same module. A visitor without a session (login,
 * register) asks for nothing. (Holding the shell's download back until the greeting painted gave Lighthouse a
 * shorter LCP, but the whole dashboard a request later on a slow network: not kept.)
 */
if (isSignedInStart) {
  loadSession().catch(() => undefined); // a failure is the loaders' to handle: they ask again
  void import('./AppShell.tsx').catch(() => undefined);
}
