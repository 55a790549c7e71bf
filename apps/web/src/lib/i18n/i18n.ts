// i18next set up once: four namespaces, texts loaded lazily per language, en-US filling gaps key by key,
// the chosen language kept in localStorage and mirrored to <html lang>.
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  UI_LANGUAGES,
  htmlLang,
  normalizeLanguage,
  type UiLanguage,
} from './languages';
import { loadTexts } from './resources';

export const NAMESPACES = ['common', 'admin', 'report', 'questionnaire', 'ai'] as const;
type Namespace = (typeof NAMESPACES)[number];
export const STORAGE_KEY = 'survey-console.language';

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadTexts(language, namespace).then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, null),
    );
  },
};

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, sandbox): keep the default
  }
}

/** The language to start with: the stored choice, mapped onto a UI language. */
export function initialLanguage(): UiLanguage {
  return normalizeLanguage(readStoredLanguage());
}

/**
 * Starts i18next with the common texts only (the frame and the sign-in pages): the console's page
 * texts (`admin`) load once someone is signed in, the report texts with the pages that use them
 * (`withTexts`). A key not found in a component's namespace is looked up in `common`, then `admin`.
 * Tests load every namespace up front.
 */
export async function initI18n(
  language: UiLanguage = initialLanguage(),
  namespaces: readonly Namespace[] = ['common'],
): Promise<typeof i18next> {
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = htmlLang(normalizeLanguage(lng));
  });
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: UI_LANGUAGES,
      load: 'currentOnly', // 'fi-FI' is a file of its own; never look for 'fi'
      ns: [...namespaces],
      defaultNS: 'common',
      fallbackNS: ['common', 'admin'],
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    });
  pluralRulesByRealTag(i18next);
  return i18next;
}

interface PluralResolver {
  getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
}

/**
 * i18next picks plural forms with `new Intl.PluralRules(language)`, and Intl knows 'cz' not (it
 * falls back to English: one, other), so Czech would never use `_few` or `_many`. Its rule lookup
 * is given the real tag ('cs', 'se') of every language instead.
 */
function pluralRulesByRealTag(instance: typeof i18next): void {
  const resolver = instance.services.pluralResolver as PluralResolver;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) =>
    getRule(code === 'dev' ? code : htmlLang(normalizeLanguage(code)), options);
}

/**
 * A route module loaded together with the texts of `namespaces`, so the page renders with its texts
 * rather than suspending. i18next keeps them loaded: a language switch reloads them too.
 */
export function withTexts<T>(namespaces: Namespace[], load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadNamespaces(namespaces)]))[0];
}

/** Starts loading the texts of `namespaces` (kept, and reloaded on a language switch). */
export async function loadNamespaces(namespaces: Namespace[]): Promise<void> {
  await i18next.loadNamespaces(namespaces);
}

/** Switches the UI language (any code; it is mapped onto a UI language) and remembers it. */
export async function changeLanguage(code: string): Promise<UiLanguage> {
  const language = normalizeLanguage(code);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // not persisted; the switch still applies to this tab
  }
  await i18next.changeLanguage(language);
  return language;
}

export function currentLanguage(): UiLanguage {
  return normalizeLanguage(i18next.resolvedLanguage ?? i18next.language);
}
