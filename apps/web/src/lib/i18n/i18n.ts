// i18next set up once: two namespaces, texts loaded lazily per language, en-US filling gaps key by key,
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

export const NAMESPACES = ['admin', 'report'] as const;
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

export async function initI18n(language: UiLanguage = initialLanguage()): Promise<typeof i18next> {
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
      ns: NAMESPACES,
      defaultNS: 'admin',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    });
  return i18next;
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
