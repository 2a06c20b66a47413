import { useNavigation, useRouteLoaderData } from "react-router";
import type { RouteHandle, loader as rootLoader } from "~/root";
import { languageFromCookieHeader } from "~/domain/language";
import type { TournamentCard } from "~/features/tournaments/tournaments.server";
import { db } from "~/lib/db.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { CallToAction } from "../components/call-to-action";
import { Features } from "../components/features";
import { Hero, type HeroLiveView } from "../components/hero";
import { PlusBenefits } from "../components/plus-benefits";
import { Streamers, type FeaturedStreamer } from "../components/streamers";
import { TournamentGrid } from "../components/tournament-grid";
import { landingStreamers, landingTournaments } from "../landing.server";
import { formatCompactNumber } from "~/domain/format";
import { heroLive } from "~/features/streamers/core/live";
import type { Route } from "./+types/home";

// Served as plain HTML: the landing page needs no React runtime (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  let tournaments: TournamentCard[] = [];
  try {
    tournaments = await landingTournaments(db());
  } catch (error) {
    // SPEC §8: a loading failure is logged and the list stays empty.
    log.error("tournaments failed to load", { error: String(error) });
  }
  // Featured approved streamers (docs/streamers.md): shared like the cards, so the landing's 5-second copy is the only delay
  // before a change of featured or live status made elsewhere shows (docs/streamers.md).
  let streamers: FeaturedStreamer[] = [];
  let hero: HeroLiveView | null = null;
  try {
    const featured = await landingStreamers(db());
    // The hero's LIVE badge and viewers are the live featured streamers' (the static text stays when none is) (docs/streamers.md).
    const live = heroLive(featured.map(({ handle, live, liveViewers }) => ({ handle, live, viewers: liveViewers })));
    hero = live ? { handle: live.handle, viewers: live.viewers === null ? null : formatCompactNumber(live.viewers, language) } : null;
    streamers = featured.map(({ handle, games, live, followers, gamesPlayed }) => ({
      handle,
      games,
      live,
      followers,
      gamesPlayed,
    }));
  } catch (error) {
    log.error("featured streamers failed to load", { error: String(error) });
  }
  return { tournaments, streamers, hero, now: new Date().toISOString(), messages: loadMessages(language, ["landing"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaText(matches, "landing", "title") },
    { name: "description", content: metaText(matches, "common", "meta.description") },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const loggedIn = Boolean(root?.user);
  const navigation = useNavigation();
  return (
    <div data-testid="landing">
      <Hero loggedIn={loggedIn} live={loaderData.hero} />
      <TournamentGrid
        tournaments={loaderData.tournaments}
        loggedIn={loggedIn}
        plus={root?.user?.plus === true}
        now={loaderData.now}
        loading={navigation.state === "loading" && navigation.location.pathname === "/"}
      />
      <Features />
      <Streamers featured={loaderData.streamers} />
      <PlusBenefits />
      <CallToAction loggedIn={loggedIn} />
    </div>
  );
}
