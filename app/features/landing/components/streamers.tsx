import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";
import { formatNumber } from "~/domain/format";
import { GAMES } from "~/domain/games";
import { LiveBadge } from "~/features/streamers/components/live-badge";
import { secondaryButton } from "./hero";
import { SectionHeading } from "./section-heading";

/** What the landing shows when no approved streamer is featured yet: the seed's marketing content. */
const STATIC_STREAMERS = [
  { name: "ValkyriaVE", avatar: "/images/streamers/1.svg", followers: 128400, gamesPlayed: 1520 },
  { name: "LuisMLBB", avatar: "/images/streamers/2.svg", followers: 86200, gamesPlayed: 2210 },
  { name: "ZeroRushFF", avatar: "/images/streamers/3.svg", followers: 45900, gamesPlayed: 980 },
];

/** A featured approved streamer (docs/streamers.md), read from the database by the landing's loader. */
export interface FeaturedStreamer {
  handle: string;
  games: string[];
  live: boolean;
  followers: number;
  gamesPlayed: number;
}

export function Streamers({ featured }: { featured: readonly FeaturedStreamer[] }) {
  const { t, i18n } = useTranslation("landing");
  const language = i18n.language === "en" ? "en" : "es";
  const numbers = { format: (value: number) => formatNumber(value, language) };
  return (
    <section id="streamers" className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="streamers-title">
      <SectionHeading section="streamers" />
      {featured.length > 0 ? (
        <ul className="mt-8 grid gap-5 sm:grid-cols-3" data-testid="landing-streamers">
          {featured.map((streamer) => (
            <li
              key={streamer.handle}
              className="flex items-center gap-4 rounded-xl border border-slate-800 bg-arena-panel p-5"
              data-testid="landing-streamer"
            >
              <span
                aria-hidden="true"
                className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-cyan-500 to-purple-600 text-xl font-extrabold text-slate-950 uppercase"
              >
                {streamer.handle.slice(0, 1)}
              </span>
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <a
                    href={`/streamers/${streamer.handle}`}
                    className="inline-flex min-h-6 items-center font-bold break-all hover:text-cyan-300"
                  >
                    @{streamer.handle}
                  </a>
                  {streamer.live ? <LiveBadge testId="landing-streamer-live" /> : null}
                </p>
                <p className="text-sm text-slate-400">
                  {streamer.followers === 1
                    ? t("streamers.followersOne")
                    : t("streamers.followers", { count: numbers.format(streamer.followers) })}
                </p>
                <p className="text-sm text-slate-400">
                  {streamer.gamesPlayed === 1
                    ? t("streamers.gamesPlayedOne")
                    : t("streamers.gamesPlayed", { count: numbers.format(streamer.gamesPlayed) })}
                </p>
                <p className="text-xs text-slate-400">
                  {streamer.games.map((game) => GAMES[game as keyof typeof GAMES]?.name ?? game).join(" · ")}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="mt-8 grid gap-5 sm:grid-cols-3">
          {STATIC_STREAMERS.map((streamer) => (
            <li key={streamer.name} className="flex items-center gap-4 rounded-xl border border-slate-800 bg-arena-panel p-5">
              <img src={streamer.avatar} alt="" width={56} height={56} loading="lazy" className="h-14 w-14 rounded-full" />
              <div>
                <p className="font-bold">{streamer.name}</p>
                <p className="text-sm text-slate-400">{t("streamers.followers", { count: numbers.format(streamer.followers) })}</p>
                <p className="text-sm text-slate-400">{t("streamers.gamesPlayed", { count: numbers.format(streamer.gamesPlayed) })}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8">
        {/* Visitors are sent to sign in by the application page itself, and come back to it. */}
        <Link to="/streamers/apply" className={secondaryButton} data-testid="landing-become-streamer">
          {t("streamers.become")}
        </Link>
      </div>
    </section>
  );
}
