import { createTheme, type Theme } from '@mui/material/styles';
import { deDE, enUS, frFR } from '@mui/material/locale';
import { tokens } from '../shared/ui/tokens.ts';

const MUI_LOCALES = { en: enUS, de: deDE, fr: frFR } as const;

/** The Bizdesk theme: one clear primary blue, quiet surfaces, rounded cards. */
export const createAppTheme = (language: string): Theme =>
  createTheme(
    {
      palette: {
        primary: { main: tokens.primary, dark: tokens.primaryDark, light: '#3b82f6', contrastText: '#fff' },
        secondary: { main: tokens.secondary },
        error: { main: tokens.error },
        success: { main: tokens.success },
        warning: { main: tokens.warning },
        // MUI's default info blue (#0288d1) gives white chip text 3.9:1; sky-700 gives 5.9:1 (WCAG AA for small text).
        info: { main: '#0369a1', contrastText: '#fff' },
        background: { default: tokens.background, paper: tokens.paper },
        text: { primary: tokens.text, secondary: tokens.textMuted },
        divider: 'rgba(17, 24, 39, 0.08)',
      },
      shape: { borderRadius: tokens.radius },
      typography: {
        fontFamily: tokens.fontFamily,
        h1: { fontSize: '2.5rem', fontWeight: 800, letterSpacing: '-0.02em' },
        h2: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.01em' },
        h3: { fontSize: '1.6rem', fontWeight: 700 },
        h4: { fontSize: '1.5rem', fontWeight: 700, letterSpacing: '-0.01em' },
        h5: { fontSize: '1.2rem', fontWeight: 700 },
        h6: { fontSize: '1.05rem', fontWeight: 700 },
        subtitle1: { fontWeight: 600 },
        subtitle2: { fontWeight: 600 },
        button: { fontWeight: 600, textTransform: 'none' },
        overline: { fontWeight: 700, letterSpacing: '0.08em' },
      },
      components: {
        MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { borderRadius: 8 }, sizeLarge: { minHeight: 48 } } },
        MuiCard: {
          defaultProps: { elevation: 0 },
          styleOverrides: { root: { border: '1px solid rgba(17, 24, 39, 0.08)', boxShadow: '0 1px 2px rgba(17, 24, 39, 0.04), 0 8px 24px rgba(17, 24, 39, 0.04)' } },
        },
        MuiCardHeader: { styleOverrides: { root: { padding: '20px 24px 0' }, title: { fontSize: '1.05rem', fontWeight: 700 } } },
        MuiCardContent: { styleOverrides: { root: { padding: 24, '&:last-child': { paddingBottom: 24 } } } },
        MuiListItemButton: { styleOverrides: { root: { borderRadius: 8 } } },
        MuiTooltip: { defaultProps: { arrow: true } },
        MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
        MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
        MuiTextField: { defaultProps: { fullWidth: true } },
        MuiFormControl: {
          styleOverrides: {
            root: {
              // A resting label ends before a select's or an autocomplete's arrow and is cut with an ellipsis, so a
              // long one (German "Stellenbezeichnung") never runs under the arrow, at 390 px or on a desktop.
              '&:has(.MuiSelect-icon, .MuiNativeSelect-icon) > .MuiInputLabel-root:not(.MuiInputLabel-shrink)': { maxWidth: 'calc(100% - 48px)' },
              '&:has(.MuiAutocomplete-endAdornment) > .MuiInputLabel-root:not(.MuiInputLabel-shrink)': { maxWidth: 'calc(100% - 56px)' },
            },
          },
        },
        MuiLink: { defaultProps: { underline: 'hover' } },
      },
    },
    MUI_LOCALES[language as keyof typeof MUI_LOCALES] ?? enUS,
  );

const themes = new Map<string, Theme>();

/**
 * The theme of a language, built once, by the first screen that draws with MUI (app/Themed.tsx): the signed-in
 * start at the dashboard needs none (issue 10).
 */
export const appTheme = (language: string): Theme => {
  let theme = themes.get(language);
  if (!theme) {
    theme = createAppTheme(language);
    themes.set(language, theme);
  }
  return theme;
};
