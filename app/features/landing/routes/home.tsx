import { useNavigation, useRouteLoaderData } from "react-router";
import type { RouteHandle, loader as rootLoader } from "~/root";
import { languageFromCookieHeader } from "~/domain/language";
import { eventStagesOf } from "~/features/competition/bracket-page.server";
import { withLive } from "~/features/streamers/streams.server";
import { featuredStreamers } from "~/features/streamers/streamers.server";
import { listUpcomingTournaments, type TournamentCard } from "~/features/tournaments/tournaments.server";
import { db } from "~/lib/db.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { CallToAction } from "../components/call-to-action";
import { Features } from "../components/features";
import { Hero } from "../components/hero";
import { PlusBenefits } from "../components/plus-benefits";
import { Streamers, type FeaturedStreamer } from "../components/streamers";
import { TournamentGrid } from "../components/tournament-grid";
import type { Route } from "./+types/home";

// Served as plain HTML: the landing page needs no React runtime (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  let tournaments: TournamentCard[] = [];
  try {
    tournaments = await listUpcomingTournaments(db());
    // Events run here that reached their final or their end: a "Final" badge or the champion on the card.
    const stages = await eventStagesOf(
      db(),
      tournaments.map((tournament) => tournament.id),
    );
    tournaments = tournaments.map((tournament) => {
      const stage = stages.get(tournament.id);
      return stage ? { ...tournament, stage: stage.stage, champion: stage.stage === "finished" ? stage.champion : null } : tournament;
    });
    // #30: "EN VIVO" while one of a tournament's attached streams is live.
    tournaments = await withLive(db(), tournaments);
  } catch (error) {
    // SPEC §8: a loading failure is logged and the list stays empty.
    log.error("tournaments failed to load", { error: String(error) });
  }
  // Featured approved streamers (issue 30): read on every render, so the landing's 5-second page cache is the only delay
  // before a change of featured or live status shows (docs/streamers.md).
  let streamers: FeaturedStreamer[] = [];
  try {
    streamers = (await featuredStreamers(db())).map(({ handle, games, live, followers, gamesPlayed }) => ({
      handle,
      games,
      live,
      followers,
      gamesPlayed,
    }));
  } catch (error) {
    log.error("featured streamers failed to load", { error: String(error) });
  }
  return { tournaments, streamers, now: new Date().toISOString(), messages: loadMessages(language, ["landing"]) };
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
      <Hero loggedIn={loggedIn} />
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
