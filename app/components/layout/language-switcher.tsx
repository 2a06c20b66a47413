import { useTranslation } from "react-i18next";
import { LANGUAGES, LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, type Language } from "~/domain/language";

/**
 * Plain links to `?lang=xx`: the server stores the cookie and reloads the same page, so the
 * switch works without JavaScript; with it, the choice is also written to local key `language`.
 */
export function LanguageSwitcher({ language }: { language: Language }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("language.label")} className="flex items-center rounded-full border border-slate-700 p-0.5 text-xs">
      {LANGUAGES.map((code) => (
        <a
          key={code}
          href={`?lang=${code}`}
          hrefLang={code}
          lang={code}
          aria-current={code === language ? "true" : undefined}
          data-testid={`language-${code}`}
          onClick={() => {
            try {
              window.localStorage.setItem(LANGUAGE_STORAGE_KEY, LANGUAGE_NAMES[code]);
            } catch {
              // Storage disabled: the cookie set by the server is enough.
            }
          }}
          className={`rounded-full px-2.5 py-1 font-medium transition ${
            code === language ? "bg-cyan-500 text-slate-950" : "text-slate-300 hover:text-white"
          }`}
        >
          {t(`language.${code}`)}
        </a>
      ))}
    </nav>
  );
}
