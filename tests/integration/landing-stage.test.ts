import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { registrations, tournaments, users } from "~/db/schema";
import { checkIn } from "~/features/competition/check-in.server";
import { loadBracket } from "~/features/competition/bracket-storage.server";
import { saveLobby, setResult } from "~/features/competition/match-operations.server";
import { saveSettings, startCompetition } from "~/features/competition/competition-start.server";
import { isPlayable } from "~/features/competition/core/bracket-view";
import { landingView } from "~/features/landing/landing.server";

import { getRequest } from "./support/routes";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
const T = "copa-landing";

async function startedEvent(format: "single_elimination" | "battle_royale", teams = 4) {
  const db = handle.db;
  const today = new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);
  await db.insert(tournaments).values({
    id: T,
    title: "Copa Landing",
    game: "mobile-legends",
    prize: "$100",
    players: ["5"],
    image: "/x.jpg",
    date: today,
    capacity: 16,
    registrationClosesAt: new Date(),
  });
  const staff = randomUUID();
  await db.insert(users).values({ id: staff, email: "staff@example.com", name: "Staff", isStaff: true });
  for (let i = 1; i <= teams; i++) {
    const userId = randomUUID();
    await db.insert(users).values({ id: userId, email: `cap${i}@example.com`, name: `Cap ${i}` });
    await db
      .insert(registrations)
      .values({ id: `r${i}`, tournamentId: T, userId, teamName: `Team ${i}`, phone: "04141234567", status: "confirmed" });
  }
  await saveSettings(
    db,
    T,
    {
      format,
      bestOf: 1,
      finalBestOf: 1,
      groupCount: 1,
      lobbyMatches: 2,
      startsAt: new Date(Date.now() + 30 * 60_000),
      checkInOpensMinutes: 60,
      checkInClosesMinutes: 15,
    },
    staff,
  );
  const regs = await db.select().from(registrations);
  for (const registration of regs) await checkIn(db, { tournamentId: T, userId: registration.userId, now: new Date() });
  const manual = Object.fromEntries(regs.map((registration) => [registration.id, Number(registration.id.slice(1))]));
  await startCompetition(db, { tournamentId: T, actorUserId: staff, method: "manual", manual });
  return { staff };
}

const card = async () => {
  return (await landingView(getRequest("/"))).tournaments.find((tournament) => tournament.id === T)!;
};

async function decidePlayable(staff: string) {
  for (const match of (await loadBracket(handle.db, T)).match.filter(isPlayable))
    await setResult(handle.db, {
      tournamentId: T,
      matchId: match.id as number,
      actorUserId: staff,
      score: { score1: 1, score2: 0 },
      reason: null,
    });
}

describe("the landing card of a running event", () => {
  it("shows nothing mid-event, a Final badge when the final is on, the champion when it is over", async () => {
    const { staff } = await startedEvent("single_elimination");
    expect(await card()).toMatchObject({ stage: null, champion: null });
    await decidePlayable(staff); // semi-finals
    expect(await card()).toMatchObject({ stage: "final", champion: null });
    await decidePlayable(staff); // the final
    expect(await card()).toMatchObject({ stage: "finished", champion: "Team 1" });
  });

  it("battle royale: the last lobby match is the final, then the points leader is champion", async () => {
    const { staff } = await startedEvent("battle_royale", 3);
    const lobby = (n: number) =>
      saveLobby(handle.db, {
        tournamentId: T,
        lobbyMatch: n,
        actorUserId: staff,
        results: [
          { registrationId: "r2", placement: 1, kills: 5 },
          { registrationId: "r1", placement: 2, kills: 1 },
          { registrationId: "r3", placement: 3, kills: 0 },
        ],
      });
    expect(await card()).toMatchObject({ stage: null });
    await lobby(1);
    expect(await card()).toMatchObject({ stage: "final" });
    await lobby(2);
    expect(await card()).toMatchObject({ stage: "finished", champion: "Team 2" });
  });
});
