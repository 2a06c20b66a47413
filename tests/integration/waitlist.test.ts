import { randomUUID } from "node:crypto";
import { deliverQueuedMail } from "./support/mail";
import { beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { competitionSettings, registrations, tournaments, users, waitlistEntries } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { cancelOrder, expireUnpaidOrders } from "~/features/orders/orders.server";
import { action as tournamentAction, loader as tournamentLoader } from "~/features/tournaments/routes/tournament";
import { registerForTournament } from "~/features/tournaments/registrations.server";
import { noticeFreedPlace, sendWaitlistMails } from "~/features/tournaments/waitlist.server";
import { updateTournament } from "~/features/admin/tournaments-admin.server";
import type { TournamentValues } from "~/features/admin/core/tournament-form";
import { action as registrationsAction, loader as registrationsLoader } from "~/features/admin/routes/registrations";
import type { RegistrationInput } from "~/domain/registration";

import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;
const SOLO = "copa-free-fire-solo";
const DUO = "blood-strike-duo-clash";

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

const solo = (ign: string): RegistrationInput => ({
  teamName: null,
  coachName: null,
  phone: "04141234567",
  paymentMethod: null,
  players: [{ name: "Ana", ign, phone: null }],
});

async function makeUser(language = "es") {
  const id = randomUUID();
  const email = `${id.slice(0, 8)}@example.com`;
  await handle.db.insert(users).values({ id, email, name: "Jugador", age: 20, language });
  return { id, email };
}

/** A tournament with one place, taken. */
async function fullTournament(id = SOLO) {
  await handle.db.update(tournaments).set({ capacity: 1 }).where(eq(tournaments.id, id));
  const holder = await makeUser();
  const registration: RegistrationInput =
    id === SOLO
      ? solo("holder")
      : {
          teamName: "Holders",
          coachName: null,
          phone: "04141234567",
          paymentMethod: "binance",
          players: [
            { name: "Uno", ign: "h-uno", phone: "04121234567" },
            { name: "Dos", ign: "h-dos", phone: null },
          ],
        };
  const result = await registerForTournament(handle.db, {
    tournamentId: id,
    userId: holder.id,
    email: holder.email,
    registration,
    exchangeRate: "245.50",
    expiresAt: new Date(Date.now() + 60_000),
  });
  return { holder, result };
}

const post = (jar: { header(): string }, fields: Record<string, string>) =>
  callRoute<{ ok: boolean; code?: string; outcome?: string }>(
    tournamentAction,
    formRequest(`/tournament?id=${SOLO}`, fields, jar.header()),
  );

const positionOf = async (jar: { header(): string }, id = SOLO) =>
  (await callRoute<{ waitlistPosition: number | null }>(tournamentLoader, getRequest(`/tournament?id=${id}`, jar.header()))).data
    ?.waitlistPosition;

const entries = () => handle.db.select().from(waitlistEntries).orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));

describe("the waiting list", () => {
  it("takes people in order only when the tournament is full, shows their place, and lets them leave", async () => {
    const first = await signInAs(handle.db, mailer, "first@example.com");
    // Not full yet: register instead.
    expect((await post(first.jar, { tournamentId: SOLO, intent: "waitlist-join" })).data).toMatchObject({ ok: false, code: "NOT_FULL" });
    await fullTournament();
    const second = await signInAs(handle.db, mailer, "second@example.com");
    expect((await post(first.jar, { tournamentId: SOLO, intent: "waitlist-join" })).data).toEqual({ ok: true, outcome: "waitlist-joined" });
    expect((await post(second.jar, { tournamentId: SOLO, intent: "waitlist-join" })).data).toEqual({
      ok: true,
      outcome: "waitlist-joined",
    });
    // Joining again keeps the first place in line.
    expect((await post(first.jar, { tournamentId: SOLO, intent: "waitlist-join" })).data).toMatchObject({ ok: true });
    expect(await positionOf(first.jar)).toBe(1);
    expect(await positionOf(second.jar)).toBe(2);
    expect(await handle.db.$count(waitlistEntries)).toBe(2);

    expect((await post(first.jar, { tournamentId: SOLO, intent: "waitlist-leave" })).data).toEqual({ ok: true, outcome: "waitlist-left" });
    expect(await positionOf(first.jar)).toBeNull();
    expect(await positionOf(second.jar)).toBe(1);
  });

  it("refuses someone already registered, a closed tournament and an unknown one", async () => {
    const { holder } = await fullTournament();
    const person = await signInAs(handle.db, mailer, "late@example.com");
    await handle.db.update(registrations).set({ userId: person.userId }).where(eq(registrations.userId, holder.id));
    expect((await post(person.jar, { tournamentId: SOLO, intent: "waitlist-join" })).data).toMatchObject({ code: "ALREADY_REGISTERED" });
    const other = await signInAs(handle.db, mailer, "other@example.com");
    await handle.db
      .update(tournaments)
      .set({ registrationClosesAt: new Date(Date.now() - 1000) })
      .where(eq(tournaments.id, SOLO));
    expect((await post(other.jar, { tournamentId: SOLO, intent: "waitlist-join" })).data).toMatchObject({ code: "REGISTRATION_CLOSED" });
    expect((await post(other.jar, { tournamentId: "nope", intent: "waitlist-join" })).status).toBe(404);
    expect(await handle.db.$count(waitlistEntries)).toBe(0);
  });

  it("when staff remove a team, everyone waiting is mailed once, in order, each in their language; staff see the line", async () => {
    const { result } = await fullTournament();
    const spanish = await makeUser("es");
    const english = await makeUser("en");
    for (const person of [spanish, english]) {
      await handle.db.insert(waitlistEntries).values({ id: randomUUID(), tournamentId: SOLO, userId: person.id });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const list = await callRoute<{ waitlist: { email: string; notifiedAt: string | null }[] }>(
      registrationsLoader,
      getRequest(`/admin/tournaments/${SOLO}/registrations`, staff.jar.header()),
      { tournamentId: SOLO },
    );
    expect(list.data?.waitlist.map((entry) => entry.email)).toEqual([spanish.email, english.email]);
    mailer.sent.length = 0;
    const removed = await callRoute<{ ok: boolean }>(
      registrationsAction,
      formRequest(
        `/admin/tournaments/${SOLO}/registrations`,
        { intent: "remove", registrationId: result.registrationId!, reason: "No se presentó" },
        staff.jar.header(),
      ),
      { tournamentId: SOLO },
    );
    expect(removed.data).toMatchObject({ ok: true });
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [spanish.email, "Se liberó un cupo · Copa Free Fire Solo"],
      [english.email, "A place freed up · Copa Free Fire Solo"],
    ]);
    expect(mailer.sent[0]!.text).toContain(`/tournament?id=${SOLO}`);
    expect((await entries()).every((entry) => entry.notifiedAt && !entry.placeFreedAt)).toBe(true);
    // Nothing more is owed: the routine finds nothing to send.
    expect(await sendWaitlistMails(handle.db)).toBe(0);
    expect(mailer.sent).toHaveLength(2);
  });

  it("a cancelled or expired order frees its place inside the move, and the routine mails after the commit", async () => {
    const { holder, result } = await fullTournament(DUO);
    const waiting = await makeUser();
    await handle.db.insert(waitlistEntries).values({ id: randomUUID(), tournamentId: DUO, userId: waiting.id });
    await cancelOrder(handle.db, result.order!.id, { userId: holder.id, isStaff: false });
    const [owed] = await entries();
    expect(owed!.placeFreedAt).not.toBeNull();
    mailer.sent.length = 0;
    expect(await sendWaitlistMails(handle.db)).toBe(1);
    await deliverQueuedMail();
    expect(mailer.sent.map((mail) => mail.to)).toEqual([waiting.email]);

    // The waiting person registers: they leave the list; a new holder expires: nobody left to tell.
    const again = await registerForTournament(handle.db, {
      tournamentId: DUO,
      userId: waiting.id,
      email: waiting.email,
      registration: {
        teamName: "Nuevos",
        coachName: null,
        phone: "04141234567",
        paymentMethod: "binance",
        players: [
          { name: "Uno", ign: "n-uno", phone: "04121234567" },
          { name: "Dos", ign: "n-dos", phone: null },
        ],
      },
      exchangeRate: "245.50",
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(again.order).not.toBeNull();
    expect(await handle.db.$count(waitlistEntries)).toBe(0);
    expect(await expireUnpaidOrders(handle.db)).toHaveLength(1);
    expect(await sendWaitlistMails(handle.db)).toBe(0);
  });

  it("raising the capacity tells the list; an edit that makes no room does not", async () => {
    await fullTournament();
    const waiting = await makeUser();
    await handle.db.insert(waitlistEntries).values({ id: randomUUID(), tournamentId: SOLO, userId: waiting.id });
    const [row] = await handle.db.select().from(tournaments).where(eq(tournaments.id, SOLO));
    const staffId = (await makeUser()).id;
    const { id: _id, createdAt: _c, updatedAt: _u, status: _s, ...stored } = row!;
    const values = stored as unknown as TournamentValues;
    await updateTournament(handle.db, staffId, SOLO, { ...values, title: "Copa renombrada" });
    expect((await entries())[0]!.placeFreedAt).toBeNull();
    await updateTournament(handle.db, staffId, SOLO, { ...values, capacity: 2 });
    expect((await entries())[0]!.placeFreedAt).not.toBeNull();
  });

  it("a freed place in a tournament that is still full (over capacity) owes nothing", async () => {
    await fullTournament();
    const waiting = await makeUser();
    await handle.db.insert(waitlistEntries).values({ id: randomUUID(), tournamentId: SOLO, userId: waiting.id });
    expect(await handle.db.transaction((tx) => noticeFreedPlace(tx, SOLO))).toBe(0);
  });
});

describe("a place taken again before the mail leaves", () => {
  it("clears the mark without announcing a place that is no longer there", async () => {
    const { holder, result } = await fullTournament(DUO);
    const waiting = await makeUser();
    await handle.db.insert(waitlistEntries).values({ id: randomUUID(), tournamentId: DUO, userId: waiting.id });
    await cancelOrder(handle.db, result.order!.id, { userId: holder.id, isStaff: false });
    // Someone else registers before the routine runs.
    const quick = await makeUser();
    await registerForTournament(handle.db, {
      tournamentId: DUO,
      userId: quick.id,
      email: quick.email,
      registration: {
        teamName: "Rápidos",
        coachName: null,
        phone: "04141234567",
        paymentMethod: "binance",
        players: [
          { name: "Uno", ign: "q-uno", phone: "04121234567" },
          { name: "Dos", ign: "q-dos", phone: null },
        ],
      },
      exchangeRate: "245.50",
      expiresAt: new Date(Date.now() + 60_000),
    });
    mailer.sent.length = 0;
    expect(await sendWaitlistMails(handle.db)).toBe(0);
    expect(mailer.sent).toHaveLength(0);
    const [entry] = await entries();
    expect(entry).toMatchObject({ placeFreedAt: null, notifiedAt: null });
  });
});

describe("the waiting list after staff started the bracket", () => {
  it("a place freed after the start is offered to nobody, and nobody joins the list", async () => {
    const { holder, result } = await fullTournament(DUO);
    const waiting = await makeUser();
    await handle.db.insert(waitlistEntries).values({ id: randomUUID(), tournamentId: DUO, userId: waiting.id });
    await handle.db
      .insert(competitionSettings)
      .values({ tournamentId: DUO, format: "single_elimination", startsAt: new Date(Date.now() - 60_000), startedAt: new Date() });
    // The holder's unpaid order is cancelled after the start: the place frees, but the bracket is being played.
    await cancelOrder(handle.db, result.order!.id, { userId: holder.id, isStaff: false });
    const [entry] = await entries();
    expect(entry!.placeFreedAt).toBeNull();
    mailer.sent.length = 0;
    expect(await sendWaitlistMails(handle.db)).toBe(0);
    // A mark owed from before the start is cleared without a mail.
    await handle.db.update(waitlistEntries).set({ placeFreedAt: new Date() });
    expect(await sendWaitlistMails(handle.db)).toBe(0);
    expect(mailer.sent).toHaveLength(0);
    expect(await noticeFreedPlace(handle.db as never, DUO)).toBe(0);

    const other = await signInAs(handle.db, mailer, "other@example.com");
    await handle.db.update(tournaments).set({ capacity: 1 }).where(eq(tournaments.id, SOLO));
    await fullTournament(SOLO);
    await handle.db
      .insert(competitionSettings)
      .values({ tournamentId: SOLO, format: "single_elimination", startsAt: new Date(Date.now() - 60_000), startedAt: new Date() });
    expect((await post(other.jar, { tournamentId: SOLO, intent: "waitlist-join" })).data).toMatchObject({ code: "REGISTRATION_CLOSED" });
  });
});
