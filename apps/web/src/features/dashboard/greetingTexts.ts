/**
 * The dashboard's greeting and description in each language: the `dashboard` texts of each `core` namespace, and
 * what index.html's start script paints before the app's code runs (vite.config.ts `startPaint`, which inlines them
 * at build time). Kept free of imports so the build's config can load it.
 */
export const GREETING_TEXTS = {
  en: {
    greeting: { morning: 'Good morning, {{name}}', afternoon: 'Good afternoon, {{name}}', evening: 'Good evening, {{name}}' },
    subtitle: 'Here is what is happening at {{business}}.',
  },
  de: {
    greeting: { morning: 'Guten Morgen, {{name}}', afternoon: 'Guten Tag, {{name}}', evening: 'Guten Abend, {{name}}' },
    subtitle: 'Das passiert gerade bei {{business}}.',
  },
  fr: {
    greeting: { morning: 'Bonjour, {{name}}', afternoon: 'Bon après-midi, {{name}}', evening: 'Bonsoir, {{name}}' },
    subtitle: 'Voici ce qui se passe chez {{business}}.',
  },
} as const;

export type TGreetingTexts = typeof GREETING_TEXTS;
