import { TOKEN_STORAGE_KEY } from '@bizdesk/contract';

/**
 * The browser sets up its locale data (ICU) on a page's first date or number format: some 50 ms of one
 * uninterrupted task, several times that on a phone. The dashboard writes today's date in its header, so a
 * signed-in start does that set-up once the splash has painted, while the shell is still downloading, instead of
 * inside the dashboard's first render.
 */
const prepareFormats = () => {
  try {
    new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' }).format(0);
    new Intl.NumberFormat().format(0);
  } catch {
    // no Intl: the app's formatters fail the same way later
  }
};

/**
 * First thing the entry runs, before React and the router are set up: a signed-in visitor will need the app shell
 * (the `shell` and `mui` chunks, see vite.config.ts), so their download starts now, while the entry is still being
 * evaluated, instead of when the router asks for its first route. The router's own import gets the same module.
 * A visitor without a session (login, register) downloads nothing more.
 */
try {
  if (localStorage.getItem(TOKEN_STORAGE_KEY)) {
    void import('./AppShell.tsx').catch(() => undefined);
    requestAnimationFrame(() => setTimeout(prepareFormats, 0));
  }
} catch {
  // storage unavailable (private mode): the router loads the shell when it needs it
}
