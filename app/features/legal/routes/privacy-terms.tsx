import { useTranslation } from "~/lib/i18n-react";
import { languageFromCookieHeader } from "~/domain/language";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/privacy-terms";

// Text and links only: no React runtime (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };

interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export function loader({ request }: Route.LoaderArgs) {
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  return { messages: loadMessages(language, ["legal"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "legal", "pageTitle")} · Arena LATAM` }];
}

function Sections({ id, title, sections }: { id: string; title: string; sections: LegalSection[] }) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="text-2xl font-extrabold text-cyan-300">
        {title}
      </h2>
      {sections.map((section) => (
        <div key={section.heading} className="mt-6">
          <h3 className="text-lg font-bold">{section.heading}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2 leading-relaxed text-slate-300">
              {paragraph}
            </p>
          ))}
        </div>
      ))}
    </section>
  );
}

export default function PrivacyTerms({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("legal");
  const terms = t("terms", { returnObjects: true }) as LegalSection[];
  const privacy = t("privacy", { returnObjects: true }) as LegalSection[];
  return (
    <article className="mx-auto max-w-3xl px-4 py-14" data-testid="privacy-terms">
      <h1 className="text-4xl font-black">{t("pageTitle")}</h1>
      <p className="mt-2 text-sm text-slate-400">{t("updated")}</p>
      <p className="mt-6 leading-relaxed text-slate-300">{t("intro")}</p>
      <nav className="mt-6 flex gap-4 text-sm font-semibold text-cyan-400">
        <a href="#terms">{t("termsTitle")}</a>
        <a href="#privacy">{t("privacyTitle")}</a>
      </nav>
      <Sections id="terms" title={t("termsTitle")} sections={terms} />
      <Sections id="privacy" title={t("privacyTitle")} sections={privacy} />
      <p className="mt-12 rounded-lg border border-slate-800 bg-arena-panel p-5 text-slate-300">{t("contact")}</p>
    </article>
  );
}
