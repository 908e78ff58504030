/** Design tokens shared by the MUI theme and the lightweight (MUI-free) auth screens. */
export const tokens = {
  primary: '#1d4ed8',
  primaryDark: '#1e3a8a',
  primaryLight: '#dbeafe',
  secondary: '#0f766e',
  error: '#c62828',
  errorLight: '#fdecea',
  success: '#1b7f3b',
  successLight: '#e8f5e9',
  warning: '#b45309',
  text: '#111827',
  textMuted: '#4b5563',
  border: '#d1d5db',
  background: '#f4f6fb',
  paper: '#ffffff',
  radius: 10,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
} as const;

/** Layout constants of spec 01 §9. */
export const layout = {
  navWidth: 280,
  navHeaderMobile: 64,
  navHeaderDesktop: 80,
  topBarMobile: 64,
  topBarDesktop: 92,
  logoWidth: 150,
  logoHeight: 100,
  notificationPanelWidth: 360,
} as const;

/** The CSS variables of the tokens: set on the page by applyCssTokens, and by index.html's start script (start-paint.ts). */
export const cssTokenVars = (): Record<string, string> => ({
  '--bd-primary': tokens.primary,
  '--bd-primary-dark': tokens.primaryDark,
  '--bd-primary-light': tokens.primaryLight,
  '--bd-error': tokens.error,
  '--bd-error-light': tokens.errorLight,
  '--bd-success': tokens.success,
  '--bd-success-light': tokens.successLight,
  '--bd-text': tokens.text,
  '--bd-text-muted': tokens.textMuted,
  '--bd-border': tokens.border,
  '--bd-bg': tokens.background,
  '--bd-paper': tokens.paper,
  '--bd-radius': `${tokens.radius}px`,
  '--bd-font': tokens.fontFamily,
  // The static frame's sizes (shared/ui/frame.css).
  '--bd-nav-width': `${layout.navWidth}px`,
  '--bd-topbar-mobile': `${layout.topBarMobile}px`,
  '--bd-topbar-desktop': `${layout.topBarDesktop}px`,
});

export const applyCssTokens = (root: HTMLElement = document.documentElement) => {
  for (const [name, value] of Object.entries(cssTokenVars())) root.style.setProperty(name, value);
};
