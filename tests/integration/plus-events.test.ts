// Plus events (docs/plus.md): a tournament staff mark as a Plus event takes members only, on
// every way in (the registration form, a lasting team, the waiting list); the list can show them alone.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { registrations, tournaments, users, waitlistEntries } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { grantPlus } from "~/features/plus/plus.server";
import { action as tournamentAction, loader as tournamentLoader } from "~/features/tournaments/routes/tournament";
import { loader as tournamentsLoader } from "~/features/tournaments/routes/tournaments";
import { registerForTournament } from "~/features/tournaments/registrations.server";
import { joinWaitlist } from "~/features/tournaments/waitlist.server";
import type { TournamentCard } from "~/features/tournaments/tournaments.server";

import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;
const SOLO = "copa-free-fire-solo";
const ML = "liga-mobile-legends-5v5";
type Person = Awaited<ReturnType<typeof signInAs>>;
let player: Person;
let staff: Person;

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
  player = await signInAs(handle.db, mailer, "player@example.com", { name: "Pia" });
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
  await handle.db.update(tournaments).set({ plusOnly: true }).where(eq(tournaments.id, SOLO));
});

const makeMember = (userId: string) => grantPlus(handle.db, { userId, staffId: staff.userId, months: 1, note: "prueba" });

const registerByForm = (person: Person, ign: string) =>
  callRoute<{ ok: boolean; code?: string; outcome?: string }>(
    tournamentAction,
    formRequest(
      `/tournament?id=${SOLO}`,
      { tournamentId: SOLO, phone: "04141234567", player1Name: "Pia", player1Ign: ign, player1Phone: "04141234567" },
      person.jar.header(),
    ),
  );

describe("a Plus event", () => {
  it("refuses a non-member on the registration form with a translated code, and takes a member", async () => {
    const refused = await registerByForm(player, "PiaFF");
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ ok: false, code: "PLUS_ONLY" });
    expect(await handle.db.$count(registrations, eq(registrations.tournamentId, SOLO))).toBe(0);
    // The page tells the person before they type anything.
    const page = await callRoute<{ member: boolean; tournament: { plusOnly: boolean } }>(
      tournamentLoader,
      getRequest(`/tournament?id=${SOLO}`, player.jar.header()),
    );
    expect(page.data).toMatchObject({ member: false, tournament: { plusOnly: true } });

    await makeMember(player.userId);
    expect((await registerByForm(player, "PiaFF")).data).toMatchObject({ ok: true, outcome: "confirmed" });
  });

  it("refuses a lasting team's entry when the one entering it is not a member", async () => {
    await handle.db.update(tournaments).set({ plusOnly: true, feeAmount: 0 }).where(eq(tournaments.id, ML));
    const entry = () =>
      registerForTournament(handle.db, {
        tournamentId: ML,
        userId: player.userId,
        email: "player@example.com",
        exchangeRate: "245.50",
        expiresAt: new Date(Date.now() + 3_600_000),
        team: { teamId: randomUUID(), playerUserIds: [player.userId, null, null, null, null] },
        registration: {
          teamName: "Los Tigres",
          coachName: null,
          phone: "04141234567",
          paymentMethod: null,
          players: ["A", "B", "C", "D", "E"].map((name) => ({ name, ign: `${name}ML`, phone: null })),
        },
      });
    await expect(entry()).rejects.toMatchObject({ code: "PLUS_ONLY" });
    expect(await handle.db.$count(registrations, eq(registrations.tournamentId, ML))).toBe(0);
  });

  it("keeps its waiting list for members", async () => {
    // Full: one place, taken by a member.
    const holder = randomUUID();
    await handle.db.insert(users).values({ id: holder, email: "holder@example.com", name: "Holder", age: 20, language: "es" });
    await makeMember(holder);
    await handle.db.update(tournaments).set({ capacity: 1 }).where(eq(tournaments.id, SOLO));
    await registerForTournament(handle.db, {
      tournamentId: SOLO,
      userId: holder,
      email: "holder@example.com",
      exchangeRate: "245.50",
      expiresAt: new Date(Date.now() + 60_000),
      registration: {
        teamName: null,
        coachName: null,
        phone: "04141234567",
        paymentMethod: null,
        players: [{ name: "H", ign: "holder", phone: null }],
      },
    });
    const join = () =>
      callRoute<{ ok: boolean; code?: string }>(
        tournamentAction,
        formRequest(`/tournament?id=${SOLO}`, { tournamentId: SOLO, intent: "waitlist-join" }, player.jar.header()),
      );
    expect((await join()).data).toMatchObject({ ok: false, code: "PLUS_ONLY" });
    await expect(joinWaitlist(handle.db, SOLO, player.userId)).rejects.toMatchObject({ code: "PLUS_ONLY" });
    expect(await handle.db.$count(waitlistEntries)).toBe(0);
    await makeMember(player.userId);
    expect((await join()).data).toMatchObject({ ok: true, outcome: "waitlist-joined" });
  });

  it("an ordinary tournament still takes everyone", async () => {
    await handle.db.update(tournaments).set({ plusOnly: false }).where(eq(tournaments.id, SOLO));
    expect((await registerByForm(player, "PiaFF")).data).toMatchObject({ ok: true, outcome: "confirmed" });
  });

  it("is marked on the cards, and the list shows Plus events alone with ?plus=1", async () => {
    const all = await callRoute<{ tournaments: TournamentCard[] }>(tournamentsLoader, getRequest("/tournaments"));
    const plusOnly = await callRoute<{ tournaments: TournamentCard[]; filter: { plus: boolean } }>(
      tournamentsLoader,
      getRequest("/tournaments?plus=1"),
    );
    expect(all.data!.tournaments.length).toBeGreaterThan(1);
    expect(all.data!.tournaments.find((card) => card.id === SOLO)?.plusOnly).toBe(true);
    expect(all.data!.tournaments.filter((card) => card.id !== SOLO).every((card) => !card.plusOnly)).toBe(true);
    expect(plusOnly.data!.tournaments.map((card) => card.id)).toEqual([SOLO]);
    expect(plusOnly.data!.filter.plus).toBe(true);
  });
});
