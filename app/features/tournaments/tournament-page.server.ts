import { liveTournamentIds, listStreams, replayFacts } from "~/features/streamers/streams.server";
import type { Database } from "~/lib/db.server";
import { sharedRead } from "~/lib/shared-reads.server";
import { findTournament } from "./registrations.server";
import { renderRules } from "./rules-markdown.server";
import { BRACKET_TABLES } from "~/features/competition/competition-reads.server";

/**
 * The part of a tournament's page that is the same for everybody: the tournament with its places
 * taken and its rules rendered, its streams and live badge, and what its replays are (who may watch
 * them is decided per request, `replaysFrom`). Read once per process and tournament, shared until a
 * table it comes from changes (migration 0021's notices; this process's own writes at once). Each
 * person's own state (registration, membership, waiting list, teams) is read per request.
 */
const PUBLIC_TABLES = [
  "tournaments",
  "organizations",
  "registrations",
  ...BRACKET_TABLES,
  "competition_audit",
  "tournament_streams",
  "tournament_recordings",
  "tournament_replay_settings",
  "streamers",
] as const;

/** A copy is read again after this long anyway: a table this list missed is never behind by more. */
export const TOURNAMENT_PAGE_KEEP_MS = 5000;

export function publicTournamentPart(database: Database, id: string, parent: string) {
  return sharedRead(
    database,
    PUBLIC_TABLES,
    // The players' embed addresses name the host the page is served on.
    `tournament-page:${id}:${parent}`,
    async () => {
      const tournament = await findTournament(database, id);
      if (!tournament) return null;
      const { rules, ...rest } = tournament;
      return {
        // Markdown rendered on the server by micromark, which escapes raw HTML and unsafe links.
        tournament: { ...rest, rulesHtml: rules ? renderRules(rules) : null },
        streams: await listStreams(database, id, parent, null),
        live: (await liveTournamentIds(database, [id])).has(id),
        replays: await replayFacts(database, tournament, parent),
      };
    },
    { keepMs: TOURNAMENT_PAGE_KEEP_MS },
  );
}
