import { useId } from 'react';
import { LANGUAGES, useI18n, type Language } from './i18n.js';

/** A labelled select of the console's languages, each named in itself. */
export function LanguageSwitcher() {
  const { t, language, setLanguage } = useI18n();
  const id = useId();
  return (
    <span className="ui-language">
      <label htmlFor={id} className="ui-visually-hidden">
        {t.app.language}
      </label>
      <select
        id={id}
        className="ui-input ui-input--compact"
        value={language}
        onChange={(event) => setLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </span>
  );
}
