import i18n, { type BackendModule, type ReadCallback, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MSG } from '@bizdesk/contract';
import { messages as enCore } from './locales/en/core.ts';
import { errorMessage, type TErrorResponse } from '../api/errors.ts';
import { ruleText, serverMessage, type TFieldLabels } from './words.ts';

export const LANGUAGES = ['en', 'de', 'fr'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
/** Each language in its own name, whatever the current one (issue 30): a reader finds their language by its name. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = { en: 'English', de: 'Deutsch', fr: 'Français' };
const LANGUAGE_STORAGE_KEY = 'bizdeskLanguage';

/** Every other resource (de/fr core, and the `app` namespace of each language) is its own lazy chunk. */
const loaders = import.meta.glob<Record<string, unknown>>(['./locales/*/*.ts', '!./locales/en/core.ts'], { import: 'messages' });

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, namespace: string, callback: ReadCallback) => {
    const load = loaders[`./locales/${language}/${namespace}.ts`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (resource) => callback(null, resource as never),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** Settles once init has run: the router asks for route texts as it is built, before main.tsx's init resolves. */
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

export const isLanguage = (value: unknown): value is TLanguage => LANGUAGES.includes(value as TLanguage);

const detectLanguage = (): TLanguage => {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage unavailable (private mode): fall through to the browser language
  }
  const browser = typeof navigator === 'undefined' ? 'en' : navigator.language.slice(0, 2).toLowerCase();
  return isLanguage(browser) ? browser : 'en';
};

export const initI18n = async (language: TLanguage = detectLanguage()) => {
  if (i18n.isInitialized) {
    markReady();
    return i18n;
  }
  i18n.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: ['core'],
      defaultNS: 'core',
      fallbackNS: 'core',
      resources: { en: { core: enCore } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  markReady();
  return i18n;
};

/** The language menu: loads the resources, switches, and remembers the choice. */
export const changeLanguage = async (language: TLanguage) => {
  await i18n.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not remembered; the switch still applies
  }
};

export const currentLanguage = (): TLanguage => (isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en');

/** The namespaces of the signed-in app and the public site (and the server's notification texts), loaded with the MUI shell. */
export const loadAppTexts = async () => {
  // Before init, loadNamespaces does nothing at all (a deep link builds the router first): wait for it.
  await ready;
  await i18n.loadNamespaces(['app', 'notifications', 'words']);
};

const catalogueKeyByText = new Map<string, string>(Object.entries(MSG).map(([key, text]) => [text, key]));

/** Server messages from the spec's catalogue are shown in the user's language; others as sent. */
export const translateMessage = (t: TFunction, message: string) => {
  const key = catalogueKeyByText.get(message);
  return key ? t(`core:msg.${key}`, { defaultValue: message }) : message;
};

/**
 * Spec 01 §8 display rule, in the reader's language: a catalogue text translated whole; otherwise the server's
 * message with its field named by the form's label (`labels`, else the shared `words:fields`), once (issue 30).
 */
export const displayError = (t: TFunction, error: unknown, labels?: TFieldLabels) => {
  const data = (error as { response?: TErrorResponse } | null)?.response?.data;
  const message = errorMessage(error);
  if (!data || data.message !== message || catalogueKeyByText.has(message)) return translateMessage(t, message);
  return serverMessage(t, data, labels, (text) => translateMessage(t, text));
};

const validationKeyByText: Record<string, string> = {
  'is required': 'required',
  'must be a valid e-mail address': 'email',
  'must be at least 8 characters': 'passwordMin',
  'must be at most 200 characters': 'passwordMax',
  'must be a two-letter country code such as NG or GH': 'country',
  'must be a web address starting with http:// or https://': 'url',
};

/** A field error from the contract's zod schemas or the server's details, in the user's language. */
export const fieldErrorText = (t: TFunction, message: string | undefined) => {
  if (!message) return undefined;
  const key = validationKeyByText[message] ?? (/^must be at most \d+ characters$/.test(message) ? 'tooLong' : undefined);
  if (key) return t(`core:validation.${key}`);
  if (/^Invalid input|^Too small|^Too big/i.test(message)) return t('core:validation.invalid');
  // Under its field the rule reads as a sentence of its own: "May contain only letters, …".
  const rule = ruleText(t, message);
  if (rule) return rule.charAt(0).toUpperCase() + rule.slice(1);
  return translateMessage(t, message);
};

export { i18n };
