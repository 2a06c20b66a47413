import { useTranslation } from "~/lib/i18n-react";
import { Icon } from "./icons";
import { buttonClass } from "~/components/ui/button";
import { SectionHeading } from "./section-heading";

const BENEFITS = ["fees", "ads", "subscriptions", "earlyAccess", "events", "create", "discord", "replays", "support"] as const;

export function PlusBenefits() {
  const { t } = useTranslation("landing");
  return (
    <section
      id="plus"
      className="border-y border-slate-800 bg-gradient-to-b from-purple-950/30 to-transparent"
      aria-labelledby="plus-title"
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-[1fr_2fr]">
        <div>
          <SectionHeading section="plus" />
          <div className="mt-6 inline-flex flex-col rounded-2xl border border-cyan-400/40 bg-slate-900 p-6" data-testid="plus-badge">
            <span className="text-sm text-slate-300">{t("plus.badge")}</span>
            <span className="mt-1 bg-gradient-to-r from-cyan-300 to-purple-400 bg-clip-text text-5xl font-black text-transparent">
              {t("plus.price")}
            </span>
          </div>
          <div className="mt-6">
            <a href="/plus" className={buttonClass("primary", "md", "inline-block")} data-testid="plus-cta">
              {t("plus.cta")}
            </a>
          </div>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-start gap-3 rounded-lg border border-slate-800 bg-arena-panel p-4 text-sm">
              <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-cyan-400" />
              {t(`plus.benefits.${benefit}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
