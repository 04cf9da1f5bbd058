// The console's language: English, Romanian or Russian, chosen in the switcher and kept in this
// browser (localStorage); the first visit follows the browser's languages. No i18n library: the
// messages are typed objects (messages.ts), so `t.users.title` is checked by the compiler and a
// message with values is a plain function.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { en } from './en.js';
import type { Messages } from './messages.js';
import { ro } from './ro.js';
import { ru } from './ru.js';

export const LANGUAGES = [
  { code: 'en', label: 'English', locale: 'en-GB', messages: en },
  { code: 'ro', label: 'Română', locale: 'ro-MD', messages: ro },
  { code: 'ru', label: 'Русский', locale: 'ru-MD', messages: ru },
] as const satisfies readonly { code: string; label: string; locale: string; messages: Messages }[];

export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'fpos-console-language';

const isLanguage = (value: string | null): value is Language => LANGUAGES.some((l) => l.code === value);

function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const tag of navigator.languages) {
    const code = tag.slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return 'en';
}

interface I18n {
  t: Messages;
  language: Language;
  /** The BCP 47 locale for Intl formatting (dates, numbers, money). */
  locale: string;
  setLanguage: (language: Language) => void;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
    setLanguageState(next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo(() => {
    const entry = LANGUAGES.find((l) => l.code === language) ?? LANGUAGES[0];
    return { t: entry.messages, language, locale: entry.locale, setLanguage };
  }, [language, setLanguage]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside I18nProvider');
  return i18n;
}

/** The messages of the current language: `const t = useT(); t.users.title`. */
export const useT = (): Messages => useI18n().t;
