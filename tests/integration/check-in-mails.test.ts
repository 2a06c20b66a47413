import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { competitionSettings, registrations, tournaments, users } from "~/db/schema";
import { checkIn, saveSettings } from "~/features/competition/competition.server";
import { sendCheckInOpenMails } from "~/features/competition/competition-mail.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { useMailer } from "~/lib/mail.server";
import { memoryMailer } from "./support/sessions";
import { deliverQueuedMail } from "./support/mail";
import { openTestDatabase, resetTables } from "./test-database";

let handle: DatabaseHandle;
let mailer: ReturnType<typeof memoryMailer>;
const T = "copa-check-in";

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  useMailer(undefined);
  await handle.close();
});
beforeEach(async () => {
  await resetTables(handle);
  mailer = memoryMailer();
  useMailer(mailer);
});

/** A tournament starting at `startsAt` with check-in from 60 to 15 minutes before, and `teams` confirmed teams (plus one released). */
async function setUp(startsAt: Date, teams = 3) {
  const db = handle.db;
  await db.insert(tournaments).values({
    id: T,
    title: "Copa Check-in",
    game: "mobile-legends",
    prize: "$100",
    players: ["5 jugadores"],
    image: "/x.jpg",
    date: "2026-12-01",
    capacity: 16,
    registrationClosesAt: new Date(),
  });
  const staff = randomUUID();
  await db.insert(users).values({ id: staff, email: "staff@example.com", name: "Staff", isStaff: true });
  const captains: string[] = [];
  for (let i = 1; i <= teams + 1; i++) {
    const userId = randomUUID();
    await db.insert(users).values({ id: userId, email: `cap${i}@example.com`, name: `Cap ${i}`, language: i === 2 ? "en" : "es" });
    await db.insert(registrations).values({
      id: randomUUID(),
      tournamentId: T,
      userId,
      teamName: `Team ${i}`,
      phone: "04141234567",
      status: i <= teams ? "confirmed" : "released",
    });
    captains.push(userId);
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
  await saveSettings(db, T, settings, staff);
  return { staff, captains, settings };
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe("the automatic check-in mail", () => {
  it("mails every confirmed team not yet checked in, once, when the window opens, each in their language", async () => {
    const { captains } = await setUp(minutes(90));
    // Window opens in 30 minutes: nothing yet.
    expect(await sendCheckInOpenMails(handle.db)).toBe(0);
    await deliverQueuedMail();
    expect(mailer.sent).toHaveLength(0);

    // Time passes: the window opens 60 minutes before the start (simulated by moving the start).
    await handle.db
      .update(competitionSettings)
      .set({ startsAt: minutes(30) })
      .where(eq(competitionSettings.tournamentId, T));
    await checkIn(handle.db, { tournamentId: T, userId: captains[2]!, now: new Date() });
    expect(await sendCheckInOpenMails(handle.db)).toBe(1);
    await deliverQueuedMail();
    expect(mailer.sent.map((mail) => mail.to).sort()).toEqual(["cap1@example.com", "cap2@example.com"]);
    const english = mailer.sent.find((mail) => mail.to === "cap2@example.com")!;
    const spanish = mailer.sent.find((mail) => mail.to === "cap1@example.com")!;
    expect(english.subject).not.toEqual(spanish.subject);
    expect(english.text).toContain(`/tournaments/${T}/bracket`);

    // Every later tick, on any instance, after a restart: already sent.
    const again = await Promise.all([sendCheckInOpenMails(handle.db), sendCheckInOpenMails(handle.db)]);
    expect(again).toEqual([0, 0]);
    await deliverQueuedMail();
    expect(mailer.sent).toHaveLength(2);
    const [row] = await handle.db.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, T));
    expect(row!.checkInMailedAt).not.toBeNull();
  });

  it("two instances ticking at once mail once", async () => {
    await setUp(minutes(30));
    const runs = await Promise.all([sendCheckInOpenMails(handle.db), sendCheckInOpenMails(handle.db), sendCheckInOpenMails(handle.db)]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
    await deliverQueuedMail();
    expect(mailer.sent).toHaveLength(3);
  });

  it("sends nothing after the window closed, for a started event or a cancelled tournament", async () => {
    await setUp(minutes(10));
    expect(await sendCheckInOpenMails(handle.db)).toBe(0);
    await handle.db
      .update(competitionSettings)
      .set({ startsAt: minutes(30) })
      .where(eq(competitionSettings.tournamentId, T));
    await handle.db.update(tournaments).set({ status: "cancelled" }).where(eq(tournaments.id, T));
    expect(await sendCheckInOpenMails(handle.db)).toBe(0);
    await handle.db.update(tournaments).set({ status: "published" }).where(eq(tournaments.id, T));
    await handle.db.update(competitionSettings).set({ startedAt: new Date() }).where(eq(competitionSettings.tournamentId, T));
    expect(await sendCheckInOpenMails(handle.db)).toBe(0);
    await deliverQueuedMail();
    expect(mailer.sent).toHaveLength(0);
  });

  it("a postponed event is owed the mail again when its new window opens", async () => {
    const { staff, settings } = await setUp(minutes(30));
    expect(await sendCheckInOpenMails(handle.db)).toBe(1);
    await saveSettings(handle.db, T, { ...settings, startsAt: minutes(24 * 60) }, staff);
    expect(await sendCheckInOpenMails(handle.db)).toBe(0);
    await handle.db
      .update(competitionSettings)
      .set({ startsAt: minutes(30) })
      .where(eq(competitionSettings.tournamentId, T));
    expect(await sendCheckInOpenMails(handle.db)).toBe(1);
    await deliverQueuedMail();
    expect(mailer.sent).toHaveLength(6);
  });
});
