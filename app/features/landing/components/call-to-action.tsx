import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";
import { GetStartedLink, primaryButton, secondaryButton } from "./hero";

export function CallToAction({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation("landing");
  return (
    <section id="cta" className="mx-auto max-w-5xl px-4 py-20 text-center" aria-labelledby="cta-title">
      <h2 id="cta-title" className="text-3xl font-extrabold sm:text-4xl">
        {t("cta.title")}
      </h2>
      <p className="mt-3 text-slate-300">{t("cta.subtitle")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <GetStartedLink loggedIn={loggedIn} label={t("cta.getStarted")} className={primaryButton} />
        {loggedIn ? (
          // SPEC §4: schedule-demo does nothing for a signed-in user.
          <button type="button" className={secondaryButton} data-testid="schedule-demo">
            {t("cta.demo")}
          </button>
        ) : (
          <Link to="/auth" className={secondaryButton} data-testid="schedule-demo">
            {t("cta.demo")}
          </Link>
        )}
      </div>
    </section>
  );
}
