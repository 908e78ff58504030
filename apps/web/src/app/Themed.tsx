import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import { appTheme } from './theme.ts';

/**
 * MUI's theme in the current language, around a screen or a part that draws with MUI. The app shell has no theme
 * provider of its own: the signed-in start (layout, top bar, dashboard) is plain elements and static CSS and
 * renders before MUI loads (issue 10); each page, and each lazily loaded part (shared/ui/lazyPart.ts), brings MUI
 * and this provider with it.
 */
export const Themed = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  return <ThemeProvider theme={appTheme(i18n.resolvedLanguage ?? 'en')}>{children}</ThemeProvider>;
};

/** A component inside `Themed`, made once per loaded page or part. */
export const withTheme = <P extends object>(Component: ComponentType<P>): ComponentType<P> => {
  const ThemedComponent = (props: P) => (
    <Themed>
      <Component {...props} />
    </Themed>
  );
  ThemedComponent.displayName = `Themed(${Component.displayName ?? Component.name ?? 'Component'})`;
  return ThemedComponent;
};
