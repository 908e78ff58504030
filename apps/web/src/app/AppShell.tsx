import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../shared/api/queryClient.ts';
import { setDateLocale } from '../shared/format/dates.ts';

/**
 * Providers of everything past the account screens: query cache, dates, the page's language. MUI's theme is
 * given by each screen that uses MUI (app/Themed.tsx), so a signed-in start needs no MUI; MUI's CssBaseline is
 * static CSS in shared/ui/base.css.
 */
export const AppShell = () => {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  setDateLocale(language);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
};
