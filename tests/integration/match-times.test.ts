import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { competitionAudit, competitionResults, competitionRoundTimes, tournaments, users } from "~/db/schema";
import { checkIn } from "~/features/competition/check-in.server";
import { findMatch } from "~/features/competition/competition-reads.server";
import { loadBracket } from "~/features/competition/bracket-storage.server";
import { startCompetition } from "~/features/competition/competition-start.server";
import { sendMatchReminders } from "~/features/competition/competition-mail.server";
import { MATCH_REMINDER_MINUTES } from "~/features/competition/core/match-times";
import { action as runAction, loader as runLoader } from "~/features/competition/routes/run";
import { action as matchAction, loader as matchLoader } from "~/features/competition/routes/match";
import { loader as bracketLoader } from "~/features/competition/routes/bracket";
import { loader as myOrdersLoader } from "~/features/orders/routes/my-orders";
import { localDateTimeText } from "~/features/admin/core/tournament-form";
import { deliverQueuedMail } from "./support/mail";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { createCup, useCompetitionTest } from "./support/competition";
import { signInAs } from "./support/sessions";

const setup = useCompetitionTest({ auth: true });
const { handle } = setup;
const T = "copa-horarios";

/** A started four-team cup (two semi-finals ready, a final waiting), its staff and captains signed in. */
async function startedCup() {
  const db = handle.db;
  const staffUser = await signInAs(db, setup.mailer, "staff@example.com");
  const [staffRow] = await db.update(users).set({ isStaff: true }).where(eq(users.email, "staff@example.com")).returning();
  const startsAt = new Date(Date.now() + 30 * 60_000);
  const { captains } = await createCup(db, {
    id: T,
    title: "Copa Horarios",
    game: "free-fire",
    players: ["4 jugadores"],
    teams: 4,
    startsAt,
    staffId: staffRow!.id,
  });
  for (const captain of captains) await checkIn(db, { tournamentId: T, userId: captain.userId, now: new Date() });
  const manual = Object.fromEntries(captains.map((captain, index) => [captain.registrationId, index + 1]));
  await startCompetition(db, { tournamentId: T, actorUserId: staffRow!.id, method: "manual", manual });
  return { staff: staffUser, staffId: staffRow!.id, captains, startsAt };
}

const params = { tournamentId: T };
const firstRound = async () => (await loadBracket(handle.db, T)).round.sort((a, b) => (a.id as number) - (b.id as number))[0]!.id as number;

describe("round times", () => {
  it("only staff set a round's time; the match page and the bracket show it in Caracas time", async () => {
    const { staff, captains } = await startedCup();
    const round = await firstRound();
    const captain = await signInAs(handle.db, setup.mailer, captains[0]!.email);

    const refused = await callRoute(
      runAction,
      formRequest(`/admin/tournaments/${T}/run`, { intent: "round-times", [`round_${round}`]: "2026-12-19T18:30" }, captain.jar.header()),
      params,
    );
    expect(refused.status).not.toBe(200);
    expect(await handle.db.select().from(competitionRoundTimes)).toHaveLength(0);

    const bad = await callRoute<{ ok: boolean; code: string }>(
      runAction,
      formRequest(`/x`, { intent: "round-times", [`round_${round}`]: "mañana" }, staff.jar.header()),
      params,
    );
    expect(bad.data).toMatchObject({ ok: false, code: "BAD_ROUND_TIME" });

    // 6:30 p. m. in Caracas is 22:30 UTC (the server runs in UTC; the zone is the platform's).
    const day = localDateTimeText(new Date()).slice(0, 10);
    const saved = await callRoute<{ ok: boolean }>(
      runAction,
      formRequest(`/x`, { intent: "round-times", [`round_${round}`]: `${day}T18:30` }, staff.jar.header()),
      params,
    );
    expect(saved.data).toMatchObject({ ok: true, done: "roundTimes" });
    const [row] = await handle.db.select().from(competitionRoundTimes);
    expect(row!.scheduledAt.toISOString()).toBe(`${day}T22:30:00.000Z`);
    expect((await handle.db.select().from(competitionAudit).where(eq(competitionAudit.action, "round_times"))).length).toBe(1);

    const run = await callRoute<{ rounds: { id: number; value: string }[] }>(runLoader, getRequest(`/x`, staff.jar.header()), params);
    expect(run.data!.rounds.find((entry) => entry.id === round)!.value).toBe(`${day}T18:30`);
    const match = await callRoute<{ scheduledAt: string | null; late: boolean }>(matchLoader, getRequest(`/x`, captain.jar.header()), {
      ...params,
      matchId: "0",
    });
    expect(match.data!.scheduledAt).toBe(`${day}T22:30:00.000Z`);
    const bracket = await callRoute<{ page: { roundTimes: Record<number, string> } }>(bracketLoader, getRequest(`/x`), params);
    expect(bracket.data!.page.roundTimes[round]).toBe(`${day}T22:30:00.000Z`);
    // The captain's registrations lead to the next match, with its time.
    const mine = await callRoute<{ registrations: { nextMatch: { matchId: number; scheduledAt: string } | null }[] }>(
      myOrdersLoader,
      getRequest(`/orders`, captain.jar.header()),
    );
    expect(mine.data!.registrations[0]!.nextMatch).toEqual({ matchId: 0, scheduledAt: `${day}T22:30:00.000Z` });
  });

  it("the reminder goes to both teams of each ready match once, on a fixed clock, also when two instances run it", async () => {
    await startedCup();
    const round = await firstRound();
    const scheduledAt = new Date("2026-12-19T22:30:00Z");
    await handle.db.insert(competitionRoundTimes).values({ tournamentId: T, roundId: round, scheduledAt });
    await handle.db.update(tournaments).set({ status: "published" }).where(eq(tournaments.id, T));

    // Sixteen minutes before: not yet.
    expect(await sendMatchReminders(handle.db, new Date(scheduledAt.getTime() - (MATCH_REMINDER_MINUTES + 1) * 60_000))).toBe(0);
    const due = new Date(scheduledAt.getTime() - 10 * 60_000);
    const runs = await Promise.all([sendMatchReminders(handle.db, due), sendMatchReminders(handle.db, due)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await sendMatchReminders(handle.db, new Date(scheduledAt.getTime() - 60_000))).toBe(0);
    await deliverQueuedMail();
    const reminders = setup.mailer.sent.filter((mail) => /empieza pronto|starts soon/.test(mail.subject));
    expect(reminders.map((mail) => mail.to).sort()).toEqual([
      "cap1@example.com",
      "cap2@example.com",
      "cap3@example.com",
      "cap4@example.com",
    ]);
    // In each captain's language, in Caracas time: 6:30 p. m. / 6:30 PM.
    expect(reminders.find((mail) => mail.to === "cap1@example.com")!.text).toMatch(/6:30 p\. ?m\./);
    expect(reminders.find((mail) => mail.to === "cap2@example.com")!.text).toMatch(/6:30 PM/);
  });
});

describe("walkover", () => {
  it("refused before the time and to players; after it the present team advances, W.O. shown, audited, both teams told", async () => {
    const { staff, captains } = await startedCup();
    const round = await firstRound();
    const captain = await signInAs(handle.db, setup.mailer, captains[0]!.email);
    const matchParams = { ...params, matchId: "0" };
    const details = (await findMatch(handle.db, T, 0))!;

    await handle.db
      .insert(competitionRoundTimes)
      .values({ tournamentId: T, roundId: round, scheduledAt: new Date(Date.now() + 60 * 60_000) });
    const early = await callRoute<{ ok: boolean; code: string }>(
      matchAction,
      formRequest(`/x`, { intent: "walkover", present: "1" }, staff.jar.header()),
      matchParams,
    );
    expect(early.data).toMatchObject({ ok: false, code: "NOT_LATE_YET" });
    const byPlayer = await callRoute<{ ok: boolean; code: string }>(
      matchAction,
      formRequest(`/x`, { intent: "walkover", present: "1" }, captain.jar.header()),
      matchParams,
    );
    expect(byPlayer.data).toMatchObject({ ok: false, code: "NOT_IN_MATCH" });

    await handle.db.update(competitionRoundTimes).set({ scheduledAt: new Date(Date.now() - 60_000) });
    const page = await callRoute<{ late: boolean }>(matchLoader, getRequest(`/x`, staff.jar.header()), matchParams);
    expect(page.data!.late).toBe(true);
    const given = await callRoute<{ ok: boolean }>(
      matchAction,
      formRequest(`/x`, { intent: "walkover", present: "2", reason: "Team 1 no llegó" }, staff.jar.header()),
      matchParams,
    );
    expect(given.data).toMatchObject({ ok: true, done: "walkover" });

    const [result] = await handle.db
      .select()
      .from(competitionResults)
      .where(and(eq(competitionResults.tournamentId, T), eq(competitionResults.matchId, 0)));
    expect(result).toMatchObject({ source: "walkover", score1: 0, score2: 1 });
    const data = await loadBracket(handle.db, T);
    const final = data.match.find((match) => match.round_id !== round)!;
    const present = data.participant.find(
      (p) => (p as unknown as { registration_id: string }).registration_id === details.side2!.registrationId,
    )!;
    expect([final.opponent1?.id, final.opponent2?.id]).toContain(present.id);
    const [audit] = await handle.db.select().from(competitionAudit).where(eq(competitionAudit.action, "walkover"));
    expect(audit).toMatchObject({ matchId: 0, reason: "Team 1 no llegó" });
    const after = await callRoute<{ state: string }>(matchLoader, getRequest(`/x`), matchParams);
    expect(after.data!.state).toBe("walkover");
    const bracket = await callRoute<{ page: { walkovers: number[] } }>(bracketLoader, getRequest(`/x`), params);
    expect(bracket.data!.page.walkovers).toEqual([0]);
    const told = setup.mailer.sent.filter((mail) => /W\.O\.|Walkover/.test(mail.subject)).map((mail) => mail.to);
    const sides = [details.side1!, details.side2!].map((side) => captains.find((c) => c.registrationId === side.registrationId)!.email);
    expect(told.sort()).toEqual(sides.sort());

    const again = await callRoute<{ ok: boolean; code: string }>(
      matchAction,
      formRequest(`/x`, { intent: "walkover", present: "1" }, staff.jar.header()),
      matchParams,
    );
    expect(again.data).toMatchObject({ ok: false, code: "ALREADY_DECIDED" });
  });
});
