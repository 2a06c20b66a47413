import { eventStagesOf } from "~/features/competition/bracket-page.server";
import { getCurrentUser, isPlusMember } from "~/features/auth/session.server";
import { heroLive } from "~/features/streamers/core/live";
import { formatCompactNumber } from "~/domain/format";
import { languageFromCookieHeader } from "~/domain/language";
import { db } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { withLive } from "~/features/streamers/streams.server";
import { featuredStreamers } from "~/features/streamers/streamers.server";
import { listUpcomingTournaments, type TournamentCard } from "~/features/tournaments/tournaments.server";
import type { Database } from "~/lib/db.server";
import type { HeroLiveView } from "./components/hero";
import type { FeaturedStreamer } from "./components/streamers";
import { sharedRead } from "~/lib/shared-reads.server";
import { BRACKET_TABLES } from "~/features/competition/competition-reads.server";

/**
 * The landing's data is the same for every visitor, signed in or not (who is signed in only changes
 * the buttons): it is read once per process and shared until a table it comes from changes (the
 * notices of migrations 0008 and 0021, and this process's own writes at once). The cards' state
 * ("closes soon", "closed") also follows the clock, so a copy is kept at most as long as the
 * anonymous landing's page cache keeps a page (server/app.ts).
 */
export const LANDING_KEEP_MS = 5000;

/** Cards: the tournaments, their places, their stage or champion, the live badge of their streams. */
const CARD_TABLES = ["tournaments", "registrations", ...BRACKET_TABLES, "tournament_streams", "streamers"] as const;

/** Featured streamers: the streamer rows, their followers and the games their players played. */
const STREAMER_TABLES = ["streamers", "streamer_follows", "registrations", "competition_results", "competition_lobby_results"] as const;

export function landingTournaments(database: Database): Promise<TournamentCard[]> {
  return sharedRead(
    database,
    CARD_TABLES,
    "landing:tournaments",
    async () => {
      const cards = await listUpcomingTournaments(database);
      // Events run here that reached their final or their end: a "Final" badge or the champion on the card.
      const stages = await eventStagesOf(
        database,
        cards.map((tournament) => tournament.id),
      );
      const staged = cards.map((tournament) => {
        const stage = stages.get(tournament.id);
        return stage ? { ...tournament, stage: stage.stage, champion: stage.stage === "finished" ? stage.champion : null } : tournament;
      });
      // "EN VIVO" while one of a tournament's attached streams is live (docs/streamers.md).
      return withLive(database, staged);
    },
    { keepMs: LANDING_KEEP_MS },
  );
}

export function landingStreamers(database: Database) {
  return sharedRead(database, STREAMER_TABLES, "landing:streamers", () => featuredStreamers(database), { keepMs: LANDING_KEEP_MS });
}

/**
 * What the landing shows a request's visitor: the shared cards and featured streamers (the very
 * objects of the shared reads, so the page's shared markup can tell when they changed), the hero's
 * live badge, and who is asking (signed in, Plus member), the only thing that varies by person.
 */
export async function landingView(request: Request) {
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  let tournaments: TournamentCard[] = [];
  try {
    tournaments = await landingTournaments(db());
  } catch (error) {
    // SPEC §8: a loading failure is logged and the list stays empty.
    log.error("tournaments failed to load", { error: String(error) });
  }
  // Featured approved streamers (docs/streamers.md): shared like the cards, so the landing's 5-second copy is the only delay
  // before a change of featured or live status made elsewhere shows.
  let featured: Awaited<ReturnType<typeof landingStreamers>> = [];
  let hero: HeroLiveView | null = null;
  try {
    featured = await landingStreamers(db());
    // The hero's LIVE badge and viewers are the live featured streamers' (the static text stays when none is).
    const live = heroLive(featured.map(({ handle, live, liveViewers }) => ({ handle, live, viewers: liveViewers })));
    hero = live ? { handle: live.handle, viewers: live.viewers === null ? null : formatCompactNumber(live.viewers, language) } : null;
  } catch (error) {
    log.error("featured streamers failed to load", { error: String(error) });
  }
  const streamers: FeaturedStreamer[] = featured.map(({ handle, games, live, followers, gamesPlayed }) => ({
    handle,
    games,
    live,
    followers,
    gamesPlayed,
  }));
  const user = await getCurrentUser(request);
  const plus = user ? await isPlusMember(user.id) : false;
  return { language, tournaments, featured, streamers, hero, loggedIn: user !== null, plus };
}
