import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n as appI18n } from '../shared/i18n/index.ts';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { appTheme } from './theme.ts';
import { queryClient } from '../shared/api/queryClient.ts';
import { setDateLocale } from '../shared/format/dates.ts';

/** The theme of the current language, built ahead of the shell's first render (the router calls it). */
export const prepareAppTheme = () => void appTheme(appI18n.resolvedLanguage ?? 'en');

/**
 * Providers of everything past the account screens: theme (in the current language), query cache, dates. MUI's
 * CssBaseline is static CSS in shared/ui/base.css.
 */
export const AppShell = () => {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const theme = appTheme(language);
  setDateLocale(language);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    </ThemeProvider>
  );
};
