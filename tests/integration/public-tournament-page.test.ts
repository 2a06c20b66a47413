/**
 * A tournament's page is public (issues #24, #25): a visitor reads what every player reads (the
 * tournament, its places, prize and date) and none of anyone's own part; registering still needs an
 * account, so a visitor's post goes to /auth and changes nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orders, registrations, tournaments, waitlistEntries } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { action as tournamentAction, loader as tournamentLoader } from "~/features/tournaments/routes/tournament";
import type { TournamentPageData } from "~/features/tournaments/tournament-route.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

const SOLO = "copa-free-fire-solo";
const DUO = "blood-strike-duo-clash";

/** A player registers for the duo (their team, in-game names and phone are theirs alone) and enters the solo's waiting list. */
async function playerWithAPlace() {
  const player = await signInAs(handle.db, mailer, "owner-of-a-place@example.com");
  const fields = {
    tournamentId: DUO,
    teamName: "Equipo Privado",
    phone: "04141112233",
    paymentMethod: "binance",
    player1Name: "Priva Uno",
    player1Ign: "priv-uno-ign",
    player1Phone: "04125556677",
    player2Name: "Priva Dos",
    player2Ign: "priv-dos-ign",
  };
  const registered = await callRoute<{ ok: boolean }>(tournamentAction, formRequest(`/tournament?id=${DUO}`, fields, player.jar.header()));
  expect(registered.data?.ok, JSON.stringify(registered.data)).toBe(true);
  return player;
}

describe("a visitor on a tournament's page", () => {
  it("reads the shared page (200) with no one's own data, no cookie, and a way to sign in that comes back here", async () => {
    const player = await playerWithAPlace();
    const signedIn = await callRoute<TournamentPageData>(tournamentLoader, getRequest(`/tournament?id=${DUO}`, player.jar.header()));
    expect(signedIn.data?.registration?.teamName).toBe("Equipo Privado");

    const answer = await callRoute<TournamentPageData>(tournamentLoader, getRequest(`/tournament?id=${DUO}&participants=32`));
    expect(answer.status).toBe(200);
    const page = answer.data!;
    expect(page.tournament).toMatchObject({ id: DUO, title: "Blood Strike Duo Clash" });
    expect(page.tournament.prize).toBeTruthy();
    expect(page.tournament.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The player's registration took a place: the count everybody sees says so.
    expect(page.tournament.placesLeft).toBe(signedIn.data!.tournament.placesLeft);
    expect(page).toMatchObject({
      signedIn: false,
      signInTo: `/auth?redirectTo=${encodeURIComponent(`/tournament?id=${DUO}&participants=32`)}`,
      member: false,
      registration: null,
      waitlistPosition: null,
      lateEntry: null,
      idempotencyKey: null,
      prefill: {},
      myTeams: [],
    });
    // Nothing of the player who registered, anywhere in the answer.
    const text = JSON.stringify(page);
    for (const secret of ["Equipo Privado", "priv-uno-ign", "04141112233", "04125556677", "owner-of-a-place"])
      expect(text, secret).not.toContain(secret);
    // The same address answers a player differently: no shared cache keeps it, and it sets no cookie.
    expect(answer.headers.get("Set-Cookie")).toBeNull();
    expect(answer.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(answer.headers.get("Vary")).toBe("Cookie");
    // The player's own page is not the visitor's either way round: theirs has their place, no sign-in link.
    expect(signedIn.data).toMatchObject({ signedIn: true, signInTo: null });
  });

  it("still gets 404 for a draft, an organization's event waiting for approval, an unknown or a malformed id", async () => {
    await handle.db.update(tournaments).set({ status: "draft" }).where(eq(tournaments.id, SOLO));
    await handle.db.update(tournaments).set({ status: "pending" }).where(eq(tournaments.id, DUO));
    for (const id of [SOLO, DUO, "nope", "%00"]) {
      const answer = await callRoute<TournamentPageData>(tournamentLoader, getRequest(`/tournament?id=${id}`));
      expect(answer.status, id).toBe(404);
      expect(answer.data?.tournament, id).toBeNull();
    }
  });

  it("is sent to sign in by a post (register, team, waiting list), which changes nothing", async () => {
    await playerWithAPlace();
    const before = {
      registrations: await handle.db.$count(registrations),
      orders: await handle.db.$count(orders),
      waitlist: await handle.db.$count(waitlistEntries),
    };
    const posts: Record<string, string>[] = [
      { tournamentId: SOLO, player1Name: "Visi Tante", player1Ign: "visi-ign", phone: "04141234567" },
      { tournamentId: DUO, intent: "team", teamId: "x" },
      { tournamentId: SOLO, intent: "waitlist-join" },
    ];
    for (const fields of posts) {
      const answer = await callRoute(tournamentAction, formRequest(`/tournament?id=${fields.tournamentId}`, fields));
      expect(answer.status, JSON.stringify(fields)).toBe(302);
      expect(answer.location).toBe(`/auth?redirectTo=${encodeURIComponent(`/tournament?id=${fields.tournamentId}`)}`);
    }
    expect({
      registrations: await handle.db.$count(registrations),
      orders: await handle.db.$count(orders),
      waitlist: await handle.db.$count(waitlistEntries),
    }).toEqual(before);
  });
});
