import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  auditLog,
  competitionCheckIns,
  competitionSettings,
  orders,
  registrations,
  tournaments,
  users,
  waitlistEntries,
} from "~/db/schema";
import { checkIn } from "~/features/competition/check-in.server";
import { listEntrants } from "~/features/competition/competition-reads.server";
import { saveSettings, startCompetition } from "~/features/competition/competition-start.server";
import { sendNoShowMails } from "~/features/competition/competition-mail.server";
import { decideOrder, submitProof } from "~/features/orders/orders.server";
import { action as tournamentAction, loader as tournamentLoader } from "~/features/tournaments/routes/tournament";
import { registerForTournament } from "~/features/tournaments/registrations.server";
import { joinWaitlist, sendWaitlistMails } from "~/features/tournaments/waitlist.server";
import { loader as registrationsLoader } from "~/features/admin/routes/registrations";
import type { RegistrationInput } from "~/domain/registration";
import type { DatabaseHandle } from "~/lib/db.server";
import { useMailer } from "~/lib/mail.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { deliverQueuedMail } from "./support/mail";
import { openTestDatabase, resetTables } from "./test-database";

let handle: DatabaseHandle;
let mailer: ReturnType<typeof memoryMailer>;
const T = "copa-no-show";

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
  useTestAuth(handle.db, mailer);
  useMailer(mailer);
});

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

const solo = (ign: string, paymentMethod: RegistrationInput["paymentMethod"] = null): RegistrationInput => ({
  teamName: null,
  coachName: null,
  phone: "04141234567",
  paymentMethod,
  players: [{ name: "Ana", ign, phone: null }],
});

async function makeUser(email: string, language = "es") {
  const id = randomUUID();
  await handle.db.insert(users).values({ id, email, name: email.split("@")[0]!, age: 20, language });
  return { id, email };
}

/**
 * A full two-place solo tournament starting in 30 minutes (check-in open now, 60 → 15 minutes
 * before): captains A and B registered, `waiting` people on the waiting list in that order.
 */
async function fullTournament(options: { fee?: number; waiting: { email: string; language?: string }[] }) {
  const fee = options.fee ?? 0;
  await handle.db.insert(tournaments).values({
    id: T,
    title: "Copa No-Show",
    game: "free-fire",
    prize: "$100",
    feeAmount: fee,
    players: ["2", "solo"],
    image: "/x.jpg",
    date: "2026-12-01",
    capacity: 2,
    registrationClosesAt: minutes(10),
  });
  const staff = await makeUser("staff@example.com");
  await handle.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.id));
  const captains = [];
  for (const name of ["a", "b"]) {
    const captain = await makeUser(`cap-${name}@example.com`, name === "b" ? "en" : "es");
    const registered = await registerForTournament(handle.db, {
      tournamentId: T,
      userId: captain.id,
      email: captain.email,
      registration: solo(`ign-${name}`, fee ? "paypal" : null),
      exchangeRate: "245.50",
      expiresAt: minutes(60),
    });
    if (registered.order) await approve(registered.order.id, captain.id, staff.id);
    captains.push({ ...captain, registrationId: registered.registrationId!, orderId: registered.order?.id ?? null });
  }
  const waiting = [];
  for (const person of options.waiting) {
    const user = await makeUser(person.email, person.language);
    await joinWaitlist(handle.db, T, user.id);
    // Joining order is by time: keep them apart.
    await new Promise((resolve) => setTimeout(resolve, 5));
    waiting.push(user);
  }
  await saveSettings(
    handle.db,
    T,
    {
      format: "single_elimination",
      bestOf: 1,
      finalBestOf: 1,
      groupCount: 1,
      lobbyMatches: 4,
      startsAt: minutes(30),
      checkInOpensMinutes: 60,
      checkInClosesMinutes: 15,
    },
    staff.id,
  );
  return { staff, a: captains[0]!, b: captains[1]!, waiting };
}

async function approve(orderId: string, ownerId: string, staffId: string) {
  await submitProof(handle.db, orderId, { userId: ownerId, isStaff: false }, { method: "paypal", payerEmail: "payer@example.com" }, null);
  await decideOrder(handle.db, orderId, { userId: staffId, isStaff: true }, { decision: "approve" });
}

/** Time passes: registration has closed and check-in closed 5 minutes ago; the start is 10 minutes away. */
async function checkInCloses() {
  await handle.db
    .update(tournaments)
    .set({ registrationClosesAt: minutes(-20) })
    .where(eq(tournaments.id, T));
  await handle.db
    .update(competitionSettings)
    .set({ startsAt: minutes(10) })
    .where(eq(competitionSettings.tournamentId, T));
}

const page = (jar: { header(): string }) =>
  callRoute<{ tournament: { closed: boolean; placesLeft: number }; lateEntry: { state: string; startsAt: string } | null }>(
    tournamentLoader,
    getRequest(`/tournament?id=${T}`, jar.header()),
  );

const register = (jar: { header(): string }, ign: string) =>
  callRoute<{ ok: boolean; code?: string; outcome?: string }>(
    tournamentAction,
    formRequest(`/tournament?id=${T}`, { tournamentId: T, player1Name: "Luis", player1Ign: ign, phone: "04141234567" }, jar.header()),
  );

const registrationOf = async (id: string) => (await handle.db.select().from(registrations).where(eq(registrations.id, id)))[0]!;
const checkedIn = async (registrationId: string) =>
  (await handle.db.select().from(competitionCheckIns).where(eq(competitionCheckIns.registrationId, registrationId))).length === 1;

describe("no-shows and late entry", () => {
  it("at check-in close the no-show is released once, its captain and the waiting list are mailed; the first waiting person enters checked in", async () => {
    const w1 = await signInAs(handle.db, mailer, "w1@example.com");
    const w2 = await signInAs(handle.db, mailer, "w2@example.com");
    const outsider = await signInAs(handle.db, mailer, "outsider@example.com");
    await handle.db.update(users).set({ language: "en" }).where(eq(users.id, w2.userId));
    const { staff, a, b } = await fullTournament({ waiting: [] });
    // The signed-in people join the list through the page, in this order.
    for (const person of [w1, w2]) {
      const joined = await callRoute<{ ok: boolean }>(
        tournamentAction,
        formRequest(`/tournament?id=${T}`, { tournamentId: T, intent: "waitlist-join" }, person.jar.header()),
      );
      expect(joined.data).toMatchObject({ ok: true });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await checkIn(handle.db, { tournamentId: T, userId: a.id, now: new Date() });

    // Check-in is still open: nothing is dropped.
    expect(await sendNoShowMails(handle.db)).toBe(0);
    expect((await page(w1.jar)).data?.lateEntry).toBeNull();

    await checkInCloses();
    mailer.sent.length = 0;
    // Two instances tick at once: one drops, the other finds nothing.
    const runs = await Promise.all([sendNoShowMails(handle.db), sendNoShowMails(handle.db)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await sendNoShowMails(handle.db)).toBe(0);
    expect(await sendWaitlistMails(handle.db)).toBe(0);
    await deliverQueuedMail();

    expect(await registrationOf(a.registrationId)).toMatchObject({ status: "confirmed" });
    expect(await registrationOf(b.registrationId)).toMatchObject({ status: "released", releaseReason: "no_show" });
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.action, "registration.no_show"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: null, entity: "tournament", entityId: T, after: { released: [b.registrationId] } });

    // B's captain (English) is told why; then everyone waiting, in joining order, each in their language.
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ["cap-b@example.com", "You lost your place: no check-in · Copa No-Show"],
      ["w1@example.com", "Cupo libre antes del inicio · Copa No-Show"],
      ["w2@example.com", "A place is free before the start · Copa No-Show"],
    ]);
    expect(mailer.sent[0]!.text).toContain("not refunded automatically");
    expect(mailer.sent[1]!.text).toContain("entras con el check-in hecho");
    expect(mailer.sent[1]!.text).toContain(`/tournament?id=${T}`);

    // The page: a waiting person sees the notice and the form; anyone else, registration closed.
    const mine = await page(w1.jar);
    expect(mine.data?.lateEntry?.state).toBe("open");
    expect(mine.data?.tournament).toMatchObject({ closed: false, placesLeft: 1 });
    expect((await page(outsider.jar)).data).toMatchObject({ lateEntry: null, tournament: { closed: true } });

    // Someone not on the list cannot take the place.
    expect((await register(outsider.jar, "outsider")).data).toMatchObject({ ok: false, code: "REGISTRATION_CLOSED" });

    // The first waiting person registers: confirmed, checked in, off the list.
    expect((await register(w1.jar, "late-one")).data).toMatchObject({ ok: true, outcome: "confirmed" });
    const [late] = await handle.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.tournamentId, T), eq(registrations.userId, w1.userId)));
    expect(late).toMatchObject({ status: "confirmed", lateEntry: true });
    expect(await checkedIn(late!.id)).toBe(true);
    expect(await handle.db.$count(waitlistEntries, and(eq(waitlistEntries.tournamentId, T), eq(waitlistEntries.userId, w1.userId)))).toBe(
      0,
    );

    // The second is refused: the tournament is full again.
    expect((await register(w2.jar, "late-two")).data).toMatchObject({ ok: false, code: "TOURNAMENT_FULL" });
    expect((await page(w2.jar)).data).toMatchObject({ lateEntry: { state: "full" }, tournament: { closed: true } });
    expect(await handle.db.$count(registrations, and(eq(registrations.tournamentId, T), eq(registrations.status, "confirmed")))).toBe(2);

    // Staff see the no-show and the late entry plainly.
    const staffJar = (await signInAs(handle.db, mailer, "staff@example.com", { staff: true })).jar;
    const list = await callRoute<{ registrations: { id: string; status: string; releaseReason: string | null; lateEntry: boolean }[] }>(
      registrationsLoader,
      getRequest(`/admin/tournaments/${T}/registrations`, staffJar.header()),
      { tournamentId: T },
    );
    expect(list.data?.registrations.find((row) => row.id === b.registrationId)).toMatchObject({
      status: "released",
      releaseReason: "no_show",
    });
    expect(list.data?.registrations.find((row) => row.id === late!.id)).toMatchObject({ lateEntry: true });

    // Staff start: A and the late entrant are the entrants.
    await startCompetition(handle.db, { tournamentId: T, actorUserId: staff.id, method: "past_results" });
    const entrants = await listEntrants(handle.db, T);
    expect(entrants.map((entrant) => entrant.registrationId).sort()).toEqual([a.registrationId, late!.id].sort());
  });

  it("a paid no-show keeps its order; a paid late entrant is checked in when staff approve, not before", async () => {
    const { staff, a, b, waiting } = await fullTournament({ fee: 500, waiting: [{ email: "w1@example.com" }] });
    await checkIn(handle.db, { tournamentId: T, userId: a.id, now: new Date() });
    await checkInCloses();
    expect(await sendNoShowMails(handle.db)).toBe(1);
    expect(await registrationOf(b.registrationId)).toMatchObject({ status: "released", releaseReason: "no_show" });
    const [order] = await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, b.orderId!));
    expect(order!.status).toBe("approved");

    const w1 = waiting[0]!;
    const late = await registerForTournament(handle.db, {
      tournamentId: T,
      userId: w1.id,
      email: w1.email,
      registration: solo("late-paid", "paypal"),
      exchangeRate: "245.50",
      expiresAt: minutes(60),
    });
    expect(await registrationOf(late.registrationId!)).toMatchObject({ status: "pending_payment", lateEntry: true });
    expect(await checkedIn(late.registrationId!)).toBe(false);
    await approve(late.order!.id, w1.id, staff.id);
    expect(await registrationOf(late.registrationId!)).toMatchObject({ status: "confirmed" });
    expect(await checkedIn(late.registrationId!)).toBe(true);
  });

  it("starting the bracket before check-in closes still drops the no-shows at the start, and the routine then does nothing", async () => {
    const { staff, a, b } = await fullTournament({ waiting: [{ email: "w1@example.com" }] });
    const c = await makeUser("cap-c@example.com");
    await handle.db.update(tournaments).set({ capacity: 3 }).where(eq(tournaments.id, T));
    const third = await registerForTournament(handle.db, {
      tournamentId: T,
      userId: c.id,
      email: c.email,
      registration: solo("ign-c"),
      exchangeRate: "0",
      expiresAt: minutes(60),
    });
    await checkIn(handle.db, { tournamentId: T, userId: a.id, now: new Date() });
    await checkIn(handle.db, { tournamentId: T, userId: c.id, now: new Date() });
    await startCompetition(handle.db, { tournamentId: T, actorUserId: staff.id, method: "past_results" });
    expect((await listEntrants(handle.db, T)).map((entrant) => entrant.registrationId).sort()).toEqual(
      [a.registrationId, third.registrationId].sort(),
    );
    await checkInCloses();
    mailer.sent.length = 0;
    expect(await sendNoShowMails(handle.db)).toBe(0);
    expect(mailer.sent).toHaveLength(0);
    expect(await registrationOf(b.registrationId)).toMatchObject({ status: "confirmed" });
  });

  it("nothing is dropped when everyone checked in; no late entry opens", async () => {
    const { a, b, waiting } = await fullTournament({ waiting: [{ email: "w1@example.com" }] });
    for (const captain of [a, b]) await checkIn(handle.db, { tournamentId: T, userId: captain.id, now: new Date() });
    await checkInCloses();
    mailer.sent.length = 0;
    expect(await sendNoShowMails(handle.db)).toBe(0);
    expect(mailer.sent).toHaveLength(0);
    await expect(
      registerForTournament(handle.db, {
        tournamentId: T,
        userId: waiting[0]!.id,
        email: waiting[0]!.email,
        registration: solo("late"),
        exchangeRate: "0",
        expiresAt: minutes(60),
      }),
    ).rejects.toMatchObject({ code: "TOURNAMENT_FULL" });
  });
});
