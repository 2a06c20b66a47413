import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { competitionSettings, tournaments, users } from "~/db/schema";
import { checkIn } from "~/features/competition/check-in.server";
import { saveSettings } from "~/features/competition/competition-start.server";
import { sendCheckInOpenMails } from "~/features/competition/competition-mail.server";
import { createCup, useCompetitionTest } from "./support/competition";
import { deliverQueuedMail } from "./support/mail";

const setup = useCompetitionTest();
const { handle } = setup;
const T = "copa-check-in";

/** A tournament starting at `startsAt` with check-in from 60 to 15 minutes before, and `teams` confirmed teams (plus one released). */
async function setUp(startsAt: Date, teams = 3) {
  const staff = randomUUID();
  await handle.db.insert(users).values({ id: staff, email: "staff@example.com", name: "Staff", isStaff: true });
  const { captains, settings } = await createCup(handle.db, {
    id: T,
    title: "Copa Check-in",
    game: "mobile-legends",
    players: ["5 jugadores"],
    teams,
    released: 1,
    startsAt,
    staffId: staff,
  });
  return { staff, captains: captains.map((captain) => captain.userId), settings };
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe("the automatic check-in mail", () => {
  it("mails every confirmed team not yet checked in, once, when the window opens, each in their language", async () => {
    const { captains } = await setUp(minutes(90));
    // Window opens in 30 minutes: nothing yet.
    expect(await sendCheckInOpenMails(handle.db)).toBe(0);
    await deliverQueuedMail();
    expect(setup.mailer.sent).toHaveLength(0);

    // Time passes: the window opens 60 minutes before the start (simulated by moving the start).
    await handle.db
      .update(competitionSettings)
      .set({ startsAt: minutes(30) })
      .where(eq(competitionSettings.tournamentId, T));
    await checkIn(handle.db, { tournamentId: T, userId: captains[2]!, now: new Date() });
    expect(await sendCheckInOpenMails(handle.db)).toBe(1);
    await deliverQueuedMail();
    expect(setup.mailer.sent.map((mail) => mail.to).sort()).toEqual(["cap1@example.com", "cap2@example.com"]);
    const english = setup.mailer.sent.find((mail) => mail.to === "cap2@example.com")!;
    const spanish = setup.mailer.sent.find((mail) => mail.to === "cap1@example.com")!;
    expect(english.subject).not.toEqual(spanish.subject);
    expect(english.text).toContain(`/tournaments/${T}/bracket`);

    // Every later tick, on any instance, after a restart: already sent.
    const again = await Promise.all([sendCheckInOpenMails(handle.db), sendCheckInOpenMails(handle.db)]);
    expect(again).toEqual([0, 0]);
    await deliverQueuedMail();
    expect(setup.mailer.sent).toHaveLength(2);
    const [row] = await handle.db.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, T));
    expect(row!.checkInMailedAt).not.toBeNull();
  });

  it("two instances ticking at once mail once", async () => {
    await setUp(minutes(30));
    const runs = await Promise.all([sendCheckInOpenMails(handle.db), sendCheckInOpenMails(handle.db), sendCheckInOpenMails(handle.db)]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
    await deliverQueuedMail();
    expect(setup.mailer.sent).toHaveLength(3);
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
    expect(setup.mailer.sent).toHaveLength(0);
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
    expect(setup.mailer.sent).toHaveLength(6);
  });
});
