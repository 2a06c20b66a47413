import { useTranslation } from "~/lib/i18n-react";
import { LandingActions } from "./hero";
import { SectionHeading } from "./section-heading";

export function CallToAction({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation("landing");
  return (
    <section id="cta" className="mx-auto max-w-5xl px-4 py-20 text-center" aria-labelledby="cta-title">
      <SectionHeading section="cta" loud />
      <LandingActions
        loggedIn={loggedIn}
        getStarted={t("cta.getStarted")}
        second={{ label: t("cta.demo"), testId: "schedule-demo" }}
        className="mt-8 flex flex-wrap justify-center gap-3"
      />
    </section>
  );
}
