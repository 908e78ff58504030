import { TOKEN_STORAGE_KEY } from '@bizdesk/contract';

/**
 * First thing the entry runs, before React and the router are set up: a signed-in visitor will need the app shell
 * (the `shell` and `mui` chunks, see vite.config.ts), so their download starts now, while the entry is still being
 * evaluated, instead of when the router asks for its first route. The router's own import gets the same module.
 * A visitor without a session (login, register) downloads nothing more.
 */
try {
  if (localStorage.getItem(TOKEN_STORAGE_KEY)) void import('./AppShell.tsx').catch(() => undefined);
} catch {
  // storage unavailable (private mode): the router loads the shell when it needs it
}
