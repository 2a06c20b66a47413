import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { useLocation } from "react-router";
import { LANGUAGES, languageSwitchHref, type Language } from "~/domain/language";

/**
 * Plain links to this page with `lang=xx` added: the server stores the cookie and reloads the same page, so the
 * switch works without JavaScript; the page script (app/browser/page.ts) also writes the
 * choice to local key `language`.
 */
export function LanguageSwitcher({ language }: { language: Language }) {
  const { t } = useTranslation();
  // Same page, same query (a tournament id, where sign-in goes next, the staff filters).
  const location = useLocation();
  return (
    <nav aria-label={t("language.label")} className="flex items-center rounded-full border border-slate-700 p-0.5 text-xs">
      {LANGUAGES.map((code) => (
        <a
          key={code}
          href={languageSwitchHref(location.pathname, location.search, code)}
          hrefLang={code}
          lang={code}
          aria-current={code === language ? "true" : undefined}
          data-testid={`language-${code}`}
          {...dataAttr(DataAttr.language, code)}
          className={`rounded-full px-2.5 py-1 font-medium transition ${
            code === language ? "bg-cyan-500 text-slate-950" : "text-slate-300 hover:text-white"
          }`}
        >
          {/* A phone shows the code, then the full name for screen readers: the link's name starts
              with what is seen (WCAG 2.5.3, voice control says "EN"). Wider screens show the name. */}
          <span className="uppercase sm:hidden">{code}</span>
          <span className="sr-only sm:not-sr-only">
            <span className="sm:hidden"> </span>
            {t(`language.${code}`)}
          </span>
        </a>
      ))}
    </nav>
  );
}
