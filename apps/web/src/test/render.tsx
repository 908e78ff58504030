import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme } from '../app/theme.ts';
import { changeLanguage, i18n, initI18n, loadAppTexts } from '../shared/i18n/index.ts';

/** English texts (core and app) loaded, as in the running app. */
export const setupI18n = async () => {
  await initI18n('en');
  await changeLanguage('en');
  await loadAppTexts();
};

export const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });

type TOptions = { route?: string; queryClient?: QueryClient };

/** Renders a component inside the theme, a query cache and a router, like a screen of the main layout. */
export const renderWithApp = (ui: ReactElement, { route = '/', queryClient = newQueryClient() }: TOptions = {}) => {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={createAppTheme('en')}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>
  );
  return { queryClient, ...render(ui, { wrapper: Wrapper }) };
};

/** A JWT-shaped string with the given payload (unsigned; the client never verifies). */
export const fakeToken = (payload: Record<string, unknown>) => {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
};

export const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A screen test file's hooks: English texts with the feature's namespaces loaded before its tests, and after each test
 * the DOM cleaned and stubbed globals (fetch) restored. Call once at the top of the file.
 */
export const setupScreenTests = (...namespaces: string[]) => {
  beforeAll(async () => {
    await setupI18n();
    if (namespaces.length) await i18n.loadNamespaces(namespaces);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
};
