import { and, asc, eq, gt, gte, sql, type SQL } from "drizzle-orm";
import { competitionSettings, tournaments } from "~/db/schema";
import type { GameId } from "~/domain/games";
import { tournamentState, type TournamentState } from "~/domain/tournament-state";
import { platformToday } from "~/domain/format";
import { env } from "~/lib/env.server";
import type { Database } from "~/lib/db.server";
import { holdsPlaceSql } from "./registration-status.server";

/**
 * Places a tournament row has given: its registrations that hold a place (every one but released).
 * Written against "tournaments"."id" because Drizzle renders a column inside raw SQL without its
 * table, which inside this subquery would mean the registration's own id.
 */
export const PLACES_TAKEN = sql<number>`(select count(*)::int from registrations r where r.tournament_id = "tournaments"."id" and ${holdsPlaceSql(sql.raw("r.status"))})`;

/** A tournament as a row of a list: its name, game, date and status, and its entry fee. */
export const TOURNAMENT_ROW_COLUMNS = {
  id: tournaments.id,
  title: tournaments.title,
  game: tournaments.game,
  date: tournaments.date,
  status: tournaments.status,
  feeAmount: tournaments.feeAmount,
  feeCurrency: tournaments.feeCurrency,
};

/** What a landing card needs; no more leaves the server. */
export interface TournamentCard {
  id: string;
  title: string;
  game: string;
  prize: string;
  feeAmount: number;
  feeCurrency: "USD" | "VES";
  players: string[];
  image: string;
  badges: string[];
  date: string;
  /** A Plus event: members only (the card shows "Evento Plus"). */
  plusOnly: boolean;
  /** Places: capacity and those held by live registrations (docs/product.md: a bar on the card). */
  capacity: number;
  taken: number;
  state: TournamentState;
  /** When registration opens for everyone (ISO), while that is still ahead; Plus members may start 15 minutes earlier. */
  opensAt: string | null;
  /** Once the event runs here: its final is being played, or it is over (with the champion's name). */
  stage: "final" | "finished" | null;
  champion: string | null;
  /** One of its attached streams is live now ("EN VIVO") (docs/streamers.md); set by the pages' loaders (streams.server.ts withLive). */
  live: boolean;
}

const LANDING_LIMIT = 12;

/** The columns every tournament view starts from (a landing card). */
export const TOURNAMENT_CARD_COLUMNS = {
  id: tournaments.id,
  title: tournaments.title,
  game: tournaments.game,
  prize: tournaments.prize,
  feeAmount: tournaments.feeAmount,
  feeCurrency: tournaments.feeCurrency,
  players: tournaments.players,
  image: tournaments.image,
  badges: tournaments.badges,
  date: tournaments.date,
  plusOnly: tournaments.plusOnly,
};

/** A card's columns and what its state is read from (places, the registration window, the bracket's start); joins competition_settings. */
export const TOURNAMENT_STATE_COLUMNS = {
  ...TOURNAMENT_CARD_COLUMNS,
  capacity: tournaments.capacity,
  registrationClosesAt: tournaments.registrationClosesAt,
  registrationOpensAt: tournaments.registrationOpensAt,
  status: tournaments.status,
  startedAt: competitionSettings.startedAt,
  taken: PLACES_TAKEN,
};

/** Upcoming tournaments for the landing grid, soonest first (bounded: the grid is a teaser). */
export async function listUpcomingTournaments(db: Database, limit = LANDING_LIMIT, now = new Date()): Promise<TournamentCard[]> {
  return upcomingCards(db, [], limit, now);
}

/** A page of `/tournaments`: every upcoming published tournament, filtered, soonest first. */
export const TOURNAMENTS_PAGE = 24;

export interface TournamentFilter {
  game: GameId | null;
  fee: "free" | "paid" | null;
  /** Only Plus events (`?plus=1`). */
  plus?: boolean;
  /** The last card of the page before (keyset: date, then id). */
  after: { date: string; id: string } | null;
}

export async function listTournamentsPage(
  db: Database,
  filter: TournamentFilter,
  now = new Date(),
): Promise<{ cards: TournamentCard[]; next: { date: string; id: string } | null }> {
  const where: SQL[] = [];
  if (filter.game) where.push(eq(tournaments.game, filter.game));
  if (filter.fee === "free") where.push(eq(tournaments.feeAmount, 0));
  if (filter.fee === "paid") where.push(gt(tournaments.feeAmount, 0));
  if (filter.plus) where.push(eq(tournaments.plusOnly, true));
  if (filter.after) where.push(sql`(${tournaments.date}, ${tournaments.id}) > (${filter.after.date}, ${filter.after.id})`);
  const cards = await upcomingCards(db, where, TOURNAMENTS_PAGE + 1, now, "keyset");
  const page = cards.slice(0, TOURNAMENTS_PAGE);
  const last = page.at(-1);
  return { cards: page, next: cards.length > TOURNAMENTS_PAGE && last ? { date: last.date, id: last.id } : null };
}

/** Published tournaments from today on (the platform's calendar), as cards. */
async function upcomingCards(db: Database, where: SQL[], limit: number, now: Date, order: "landing" | "keyset" = "landing") {
  const rows = await db
    .select(TOURNAMENT_STATE_COLUMNS)
    .from(tournaments)
    .leftJoin(competitionSettings, eq(competitionSettings.tournamentId, tournaments.id))
    // Drafts and cancelled tournaments are staff-only (back-office).
    // "Today" in the platform's calendar: an evening event in Caracas is still today while UTC is on tomorrow.
    .where(and(eq(tournaments.status, "published"), gte(tournaments.date, platformToday(now, env().TIME_ZONE)), ...where))
    // The landing keeps staff's order within a day; the full list pages by (date, id).
    .orderBy(asc(tournaments.date), order === "landing" ? asc(tournaments.sortOrder) : asc(tournaments.id))
    .limit(limit);
  return rows.map(({ registrationClosesAt, registrationOpensAt, status, startedAt, ...row }): TournamentCard => {
    const places = { capacity: row.capacity, taken: Number(row.taken) };
    return {
      ...row,
      ...places,
      feeCurrency: row.feeCurrency === "VES" ? "VES" : "USD",
      state: tournamentState(places, { status, registrationClosesAt, startedAt }, now),
      opensAt: registrationOpensAt && registrationOpensAt > now ? registrationOpensAt.toISOString() : null,
      stage: null,
      champion: null,
      live: false,
    };
  });
}
