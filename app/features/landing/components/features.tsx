import { useTranslation } from "~/lib/i18n-react";
import { Icon, type IconName } from "./icons";
import { SectionHeading } from "./section-heading";

const FEATURES: Array<{ key: string; icon: IconName; href?: string }> = [
  // A card leads to what it advertises once that exists (visitors are asked to sign in where it needs an account).
  { key: "tournaments", icon: "trophy", href: "/tournaments" },
  { key: "teams", icon: "users", href: "/teams" },
  { key: "analytics", icon: "chart", href: "/leaderboards" },
  { key: "streaming", icon: "broadcast", href: "/streamers" },
  { key: "payments", icon: "wallet", href: "/store" },
  { key: "monetization", icon: "coins", href: "/streamers/apply" },
];

const STREAMING_POINTS = ["easySetup", "support", "branding", "lowLatency"] as const;

export function Features() {
  const { t } = useTranslation("landing");
  return (
    <section id="features" className="border-y border-slate-800 bg-slate-950/40" aria-labelledby="features-title">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <SectionHeading section="features" />
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, icon, href }) => (
            <li key={key} className="rounded-xl border border-slate-800 bg-arena-panel p-6">
              <span className="inline-flex rounded-lg bg-cyan-500/15 p-2.5 text-cyan-300">
                <Icon name={icon} />
              </span>
              <h3 className="mt-4 text-lg font-bold">
                {href ? (
                  <a
                    href={href}
                    className="text-slate-100 underline decoration-cyan-400/60 underline-offset-4 hover:text-cyan-200"
                    data-testid={`feature-link-${key}`}
                  >
                    {t(`features.items.${key}.title`)}
                  </a>
                ) : (
                  t(`features.items.${key}.title`)
                )}
              </h3>
              <p className="mt-2 text-sm text-slate-400">{t(`features.items.${key}.description`)}</p>
            </li>
          ))}
        </ul>
        <div
          className="mt-10 grid gap-6 rounded-2xl border border-purple-500/30 bg-gradient-to-br from-purple-900/40 to-cyan-900/20 p-8 md:grid-cols-2"
          data-testid="streaming-promo"
        >
          <div>
            <h3 className="text-2xl font-extrabold">{t("features.streaming.title")}</h3>
            <p className="mt-2 text-slate-300">{t("features.streaming.subtitle")}</p>
          </div>
          <ul className="grid grid-cols-2 gap-3">
            {STREAMING_POINTS.map((point) => (
              <li key={point} className="flex items-center gap-2 text-sm font-semibold">
                <Icon name="check" className="h-5 w-5 text-cyan-400" />
                {t(`features.streaming.${point}`)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
