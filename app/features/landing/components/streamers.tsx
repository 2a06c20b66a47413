import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";
import { formatNumber } from "~/domain/format";
import { secondaryButton } from "./hero";

/** Marketing content (SPEC §1: streamer roles appear only in copy). */
const STREAMERS = [
  { name: "ValkyriaVE", avatar: "/images/streamers/1.svg", followers: 128400, gamesPlayed: 1520 },
  { name: "LuisMLBB", avatar: "/images/streamers/2.svg", followers: 86200, gamesPlayed: 2210 },
  { name: "ZeroRushFF", avatar: "/images/streamers/3.svg", followers: 45900, gamesPlayed: 980 },
];

export function Streamers({ loggedIn }: { loggedIn: boolean }) {
  const { t, i18n } = useTranslation("landing");
  const language = i18n.language === "en" ? "en" : "es";
  const numbers = { format: (value: number) => formatNumber(value, language) };
  return (
    <section id="streamers" className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="streamers-title">
      <h2 id="streamers-title" className="text-3xl font-extrabold">
        {t("streamers.title")}
      </h2>
      <p className="mt-2 text-slate-400">{t("streamers.subtitle")}</p>
      <ul className="mt-8 grid gap-5 sm:grid-cols-3">
        {STREAMERS.map((streamer) => (
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
      <div className="mt-8">
        <Link to={loggedIn ? "#cta" : "/auth"} className={secondaryButton}>
          {t("streamers.become")}
        </Link>
      </div>
    </section>
  );
}
