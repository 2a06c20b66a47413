import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { competitionAudit, competitionMatchTimes, competitionRoundTimes, competitionSettings, tournaments, users } from "~/db/schema";
import { checkIn } from "~/features/competition/check-in.server";
import { findMatch } from "~/features/competition/competition-reads.server";
import { loadBracket } from "~/features/competition/bracket-storage.server";
import { sendMatchReminders } from "~/features/competition/competition-mail.server";
import { isFinalMatch, isPlayable, thirdPlaceMatch } from "~/features/competition/core/bracket-view";
import { action as runAction, loader as runLoader } from "~/features/competition/routes/run";
import { action as newAction } from "~/features/admin/routes/tournament-new";
import { action as editAction } from "~/features/admin/routes/tournament-edit";
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
const T = "copa-tercero";
const params = { tournamentId: T };

/** An 8-team cup (or 4) with the organizer's 3rd-place choice, started on the run page by staff. */
async function startedCup(teams: number, thirdPlace: "shared" | "match") {
  const db = handle.db;
  const staff = await signInAs(db, setup.mailer, "staff@example.com");
  const [staffRow] = await db.update(users).set({ isStaff: true }).where(eq(users.email, "staff@example.com")).returning();
  const { captains } = await createCup(db, {
    id: T,
    title: "Copa Tercero",
    game: "free-fire",
    players: ["4 jugadores"],
    teams,
    startsAt: new Date(Date.now() + 30 * 60_000),
    staffId: staffRow!.id,
  });
  await db.update(competitionSettings).set({ thirdPlace }).where(eq(competitionSettings.tournamentId, T));
  for (const captain of captains) await checkIn(db, { tournamentId: T, userId: captain.userId, now: new Date() });
  const seeds = Object.fromEntries(captains.map((captain, index) => [`seed_${captain.registrationId}`, String(index + 1)]));
  const started = await callRoute<{ ok: boolean }>(
    runAction,
    formRequest(`/x`, { intent: "start", method: "manual", ...seeds }, staff.jar.header()),
    params,
  );
  expect(started.data).toMatchObject({ ok: true, done: "started" });
  return { staff, captains };
}

type Jar = Awaited<ReturnType<typeof signInAs>>;

/** Staff decide a match on its page: the better seed (lower participant id) wins 2–0, or `side` wins. */
async function decide(staff: Jar, matchId: number, side?: 1 | 2) {
  const data = await loadBracket(handle.db, T);
  const match = data.match.find((candidate) => candidate.id === matchId)!;
  const first = side ? side === 1 : (match.opponent1!.id as number) < (match.opponent2!.id as number);
  const answer = await callRoute<{ ok: boolean }>(
    matchAction,
    formRequest(`/x`, { intent: "result", score1: first ? "1" : "0", score2: first ? "0" : "1" }, staff.jar.header()),
    { ...params, matchId: String(matchId) },
  );
  expect(answer.data).toMatchObject({ ok: true });
}

async function playAll(staff: Jar, skip: (matchId: number) => boolean = () => false) {
  for (let guard = 0; guard < 20; guard++) {
    const next = (await loadBracket(handle.db, T)).match.find((match) => isPlayable(match) && !skip(match.id as number));
    if (!next) return;
    await decide(staff, next.id as number);
  }
}

type Page = {
  page: {
    standings: { registrationId: string; rank: number; name: string }[];
    champion: { name: string } | null;
    bracket: { number: number; rounds: { matches: { id: number }[] }[] }[];
    matchTimes: Record<number, string>;
  };
};

describe("3rd place", () => {
  it("with a 3rd-place match: the semifinal losers play it once both semifinals are decided; standings give 3rd and 4th", async () => {
    const { staff } = await startedCup(8, "match");
    let data = await loadBracket(handle.db, T);
    const third = thirdPlaceMatch(data, "single_elimination")!;
    expect(third).toBeTruthy();
    // The bracket shows it as its own group below the final.
    const shown = await callRoute<Page>(bracketLoader, getRequest(`/x`), params);
    expect(shown.data!.page.bracket.map((group) => group.number)).toEqual([1, 2]);
    expect(shown.data!.page.bracket[1]!.rounds[0]!.matches.map((match) => match.id)).toEqual([third.id]);

    // Quarterfinals and one semifinal: the 3rd-place match still waits for the other semifinal.
    const semis = data.match.filter((match) => match.round_id === 1).map((match) => match.id as number);
    await playAll(staff, (id) => id === semis[1] || isFinalMatch(data, id, "single_elimination"));
    data = await loadBracket(handle.db, T);
    expect(isPlayable(thirdPlaceMatch(data, "single_elimination")!)).toBe(false);
    await decide(staff, semis[1]!);
    data = await loadBracket(handle.db, T);
    expect(isPlayable(thirdPlaceMatch(data, "single_elimination")!)).toBe(true);
    // Its page names it and plays it like any match (best-of of ordinary matches, not the final's).
    const page = await callRoute<{ thirdPlace: boolean; playable: boolean }>(matchLoader, getRequest(`/x`), {
      ...params,
      matchId: String(third.id),
    });
    expect(page.data).toMatchObject({ thirdPlace: true, playable: true });

    // The final first: the event is not over (no champion) until 3rd place is played too.
    const final = data.match.find((match) => isFinalMatch(data, match.id as number, "single_elimination"))!;
    await decide(staff, final.id as number);
    expect((await callRoute<Page>(bracketLoader, getRequest(`/x`), params)).data!.page.champion).toBeNull();
    // The 4th seed wins 3rd place: the winner of the 3rd-place match is 3rd.
    const thirdDetails = (await findMatch(handle.db, T, third.id as number))!;
    await decide(staff, third.id as number, thirdDetails.side1!.name === "Team 4" ? 1 : 2);
    const done = (await callRoute<Page>(bracketLoader, getRequest(`/x`), params)).data!.page;
    expect(done.champion).toMatchObject({ name: "Team 1" });
    expect(done.standings.slice(0, 4).map((row) => [row.rank, row.name])).toEqual([
      [1, "Team 1"],
      [2, "Team 2"],
      [3, "Team 4"],
      [4, "Team 3"],
    ]);
  });

  it("shared: no 3rd-place match, both semifinal losers are 3rd, and staff may give both the 3rd prize", async () => {
    const { staff, captains } = await startedCup(8, "shared");
    expect(thirdPlaceMatch(await loadBracket(handle.db, T), "single_elimination")).toBeNull();
    await playAll(staff);
    const done = (await callRoute<Page>(bracketLoader, getRequest(`/x`), params)).data!.page;
    expect(done.champion).toMatchObject({ name: "Team 1" });
    expect(done.standings.slice(0, 5).map((row) => row.rank)).toEqual([1, 2, 3, 3, 5]);
    const thirds = done.standings.filter((row) => row.rank === 3).map((row) => row.registrationId);
    const prize = (registrationId: string) => captains.find((captain) => captain.registrationId === registrationId)!.registrationId;
    const fields = {
      intent: "prizes",
      [`place_${captains[0]!.registrationId}`]: "1",
      [`amount_${captains[0]!.registrationId}`]: "$50",
      [`place_${prize(thirds[0]!)}`]: "3",
      [`amount_${prize(thirds[0]!)}`]: "$10",
      [`place_${prize(thirds[1]!)}`]: "3",
      [`amount_${prize(thirds[1]!)}`]: "$10",
    };
    const saved = await callRoute<{ ok: boolean }>(runAction, formRequest(`/x`, fields, staff.jar.header()), params);
    expect(saved.data).toMatchObject({ ok: true, done: "prizes" });
    const listed = await callRoute<{ page: { prizes: { place: number }[] } }>(bracketLoader, getRequest(`/x`), params);
    expect(listed.data!.page.prizes.map((row) => row.place)).toEqual([1, 3, 3]);
  });
});

describe("the organizer's choice", () => {
  it("is set on the tournament form with the format, changed on edit, and read-only on the run page", async () => {
    const staff = await signInAs(handle.db, setup.mailer, "staff@example.com", { staff: true });
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const day = inDays(10);
    const fields = {
      title: "Copa Elección",
      game: "free-fire",
      date: day,
      startTime: "19:00",
      registrationOpensAt: "",
      registrationClosesAt: `${inDays(9)}T20:00`,
      capacity: "8",
      feeKind: "free",
      fee: "",
      prize: "$100",
      prizeSplit: "",
      rules: "",
      format: "single_elimination",
      thirdPlace: "match",
    };
    const created = await callRoute(newAction, formRequest("/admin/tournaments/new", fields, staff.jar.header()));
    expect(created.status, JSON.stringify(created.data)).toBe(302);
    const id = created.location!.match(/\/admin\/tournaments\/([^?]+)/)![1]!;
    const settings = async () =>
      (await handle.db.select().from(competitionSettings).where(eq(competitionSettings.tournamentId, id)))[0]!.thirdPlace;
    expect(await settings()).toBe("match");
    const run = await callRoute<{ settings: { thirdPlace: string } }>(runLoader, getRequest(`/x`, staff.jar.header()), {
      tournamentId: id,
    });
    expect(run.data!.settings.thirdPlace).toBe("match");

    const edited = await callRoute<{ ok: boolean }>(
      editAction,
      formRequest(`/admin/tournaments/${id}`, { intent: "save", ...fields, thirdPlace: "shared" }, staff.jar.header()),
      { tournamentId: id },
    );
    expect(edited.data).toMatchObject({ ok: true });
    expect(await settings()).toBe("shared");
    const bad = await callRoute<{ ok: boolean; code: string }>(
      editAction,
      formRequest(`/admin/tournaments/${id}`, { intent: "save", ...fields, thirdPlace: "cuarto" }, staff.jar.header()),
      { tournamentId: id },
    );
    expect(bad.data).toMatchObject({ ok: false, code: "THIRD_PLACE_UNKNOWN" });
    expect(await settings()).toBe("shared");
  });
});

describe("times per match", () => {
  it("operators set one match's time (Caracas time), overriding its round's: audited, shown, used by the walkover rule", async () => {
    const { staff, captains } = await startedCup(4, "shared");
    const captain = await signInAs(handle.db, setup.mailer, captains[0]!.email);
    const matchParams = { ...params, matchId: "0" };
    await handle.db.insert(competitionRoundTimes).values({ tournamentId: T, roundId: 0, scheduledAt: new Date(Date.now() - 60_000) });

    const refused = await callRoute<{ ok: boolean; code: string }>(
      matchAction,
      formRequest(`/x`, { intent: "match-time", matchTime: "2026-12-19T19:15" }, captain.jar.header()),
      matchParams,
    );
    expect(refused.data).toMatchObject({ ok: false });
    const bad = await callRoute<{ ok: boolean; code: string }>(
      matchAction,
      formRequest(`/x`, { intent: "match-time", matchTime: "luego" }, staff.jar.header()),
      matchParams,
    );
    expect(bad.data).toMatchObject({ ok: false, code: "BAD_ROUND_TIME" });
    expect(await handle.db.select().from(competitionMatchTimes)).toHaveLength(0);

    // An hour from now, typed as Caracas time.
    const later = new Date(Math.ceil((Date.now() + 60 * 60_000) / 60_000) * 60_000);
    const saved = await callRoute<{ ok: boolean }>(
      matchAction,
      formRequest(`/x`, { intent: "match-time", matchTime: localDateTimeText(later) }, staff.jar.header()),
      matchParams,
    );
    expect(saved.data).toMatchObject({ ok: true, done: "matchTime" });
    const [row] = await handle.db.select().from(competitionMatchTimes);
    expect(row!.scheduledAt.toISOString()).toBe(later.toISOString());
    const [audit] = await handle.db.select().from(competitionAudit).where(eq(competitionAudit.action, "match_time"));
    expect(audit).toMatchObject({ matchId: 0, after: { scheduledAt: later.toISOString() } });

    // Shown on the match page, the bracket and the captain's registrations; the round's time passed, this match's has not.
    const page = await callRoute<{ scheduledAt: string; late: boolean }>(matchLoader, getRequest(`/x`, staff.jar.header()), matchParams);
    expect(page.data).toMatchObject({ scheduledAt: later.toISOString(), late: false });
    const bracket = await callRoute<Page>(bracketLoader, getRequest(`/x`), params);
    expect(bracket.data!.page.matchTimes).toEqual({ 0: later.toISOString() });
    const mine = await callRoute<{ registrations: { nextMatch: { matchId: number; scheduledAt: string } | null }[] }>(
      myOrdersLoader,
      getRequest(`/orders`, captain.jar.header()),
    );
    expect(mine.data!.registrations[0]!.nextMatch).toEqual({ matchId: 0, scheduledAt: later.toISOString() });
    const early = await callRoute<{ ok: boolean; code: string }>(
      matchAction,
      formRequest(`/x`, { intent: "walkover", present: "1" }, staff.jar.header()),
      matchParams,
    );
    expect(early.data).toMatchObject({ ok: false, code: "NOT_LATE_YET" });

    // Cleared: the round's time (passed) holds again, and the walkover is allowed.
    await callRoute(matchAction, formRequest(`/x`, { intent: "match-time", matchTime: "" }, staff.jar.header()), matchParams);
    expect(await handle.db.select().from(competitionMatchTimes)).toHaveLength(0);
    const walkover = await callRoute<{ ok: boolean }>(
      matchAction,
      formRequest(`/x`, { intent: "walkover", present: "1" }, staff.jar.header()),
      matchParams,
    );
    expect(walkover.data).toMatchObject({ ok: true, done: "walkover" });
  });
});

describe("a late reminder", () => {
  it("a match whose teams are known only after its reminder moment is reminded then, once, also with two instances", async () => {
    const { staff } = await startedCup(4, "shared");
    await handle.db.update(tournaments).set({ status: "published" }).where(eq(tournaments.id, T));
    const final = 2;
    const finalTime = new Date("2026-12-19T23:30:00Z");
    await handle.db.insert(competitionRoundTimes).values({ tournamentId: T, roundId: 1, scheduledAt: finalTime });

    // 15 minutes before the final the semifinals are still being played: the final's round is claimed, nobody reminded.
    const at = (minutes: number) => new Date(finalTime.getTime() - minutes * 60_000);
    expect(await sendMatchReminders(handle.db, at(14))).toBe(1);
    await deliverQueuedMail();
    const reminders = () => setup.mailer.sent.filter((mail) => /empieza pronto|starts soon/.test(mail.subject));
    expect(reminders()).toHaveLength(0);

    // The semifinals are decided at −10 min: the final's two teams are known, its reminder moment has passed.
    await decide(staff, 0);
    await decide(staff, 1);
    expect(isPlayable((await findMatch(handle.db, T, final))!.match)).toBe(true);
    const runs = await Promise.all([sendMatchReminders(handle.db, at(9)), sendMatchReminders(handle.db, at(9))]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await sendMatchReminders(handle.db, at(5))).toBe(0);
    await deliverQueuedMail();
    expect(
      reminders()
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(["cap1@example.com", "cap2@example.com"]);

    // After its time: too late for a reminder.
    await handle.db.delete(competitionRoundTimes).where(and(eq(competitionRoundTimes.tournamentId, T)));
    await handle.db.insert(competitionRoundTimes).values({ tournamentId: T, roundId: 1, scheduledAt: at(20) });
    expect(await sendMatchReminders(handle.db, at(9))).toBe(0);
  });
});
