import { useEffect, useMemo } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAppTheme } from './theme.ts';
import { queryClient } from '../shared/api/queryClient.ts';
import { setDateLocale } from '../shared/format/dates.ts';

/** Providers of everything past the account screens: theme (in the current language), query cache, dates. */
export const AppShell = () => {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const theme = useMemo(() => createAppTheme(language), [language]);
  setDateLocale(language);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    </ThemeProvider>
  );
};
