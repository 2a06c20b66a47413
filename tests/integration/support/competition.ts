import { randomUUID } from "node:crypto";
import { afterAll, beforeEach } from "vitest";
import { registrations, tournaments, users } from "~/db/schema";
import { saveSettings } from "~/features/competition/competition-start.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { useMailer } from "~/lib/mail.server";
import { useTestDatabase } from "../test-database";
import { memoryMailer, useTestAuth } from "./sessions";

/**
 * The set-up the competition files share: the test database (emptied before each test) and a fresh
 * memory mailer in use for each test; with `auth`, sign-in by link sends its mail there too.
 */
export function useCompetitionTest({ auth = false }: { auth?: boolean } = {}): {
  handle: DatabaseHandle;
  readonly mailer: ReturnType<typeof memoryMailer>;
} {
  const handle = useTestDatabase();
  let mailer = memoryMailer();
  beforeEach(() => {
    mailer = memoryMailer();
    useMailer(mailer);
    if (auth) useTestAuth(handle.db, mailer);
  });
  afterAll(() => useMailer(undefined));
  return {
    handle,
    get mailer() {
      return mailer;
    },
  };
}

export interface Captain {
  userId: string;
  registrationId: string;
  email: string;
}

/**
 * A tournament whose registration has closed, with `teams` confirmed teams (captains cap1@…, cap2 in
 * English, the rest in Spanish) and `released` released ones after them, and competition settings for
 * a single-elimination event starting at `startsAt` (check-in from 60 to 15 minutes before), saved by `staffId`.
 */
export async function createCup(
  db: DatabaseHandle["db"],
  options: {
    id: string;
    title: string;
    game: string;
    players: string[];
    teams: number;
    released?: number;
    startsAt: Date;
    staffId: string;
  },
) {
  const { id, title, game, players, teams, released = 0, startsAt, staffId } = options;
  await db.insert(tournaments).values({
    id,
    title,
    game,
    prize: "$100",
    players,
    image: "/x.jpg",
    date: "2026-12-01",
    capacity: 16,
    registrationClosesAt: new Date(),
  });
  const captains: Captain[] = [];
  for (let i = 1; i <= teams + released; i++) {
    const userId = randomUUID();
    const registrationId = randomUUID();
    const email = `cap${i}@example.com`;
    await db.insert(users).values({ id: userId, email, name: `Cap ${i}`, language: i === 2 ? "en" : "es" });
    await db.insert(registrations).values({
      id: registrationId,
      tournamentId: id,
      userId,
      teamName: `Team ${i}`,
      phone: "04141234567",
      status: i <= teams ? "confirmed" : "released",
    });
    captains.push({ userId, registrationId, email });
  }
  const settings = {
    format: "single_elimination" as const,
    bestOf: 1,
    finalBestOf: 1,
    groupCount: 1,
    lobbyMatches: 4,
    startsAt,
    checkInOpensMinutes: 60,
    checkInClosesMinutes: 15,
  };
  await saveSettings(db, id, settings, staffId);
  return { captains, settings };
}
