/**
 * "What is shown publicly is the player's choice; phone and e-mail never are" (docs/teams.md
 * "Privacy"): the player's own settings page chooses whether the profile shows their teams and their
 * tournaments, and which store IDs it lists (none until picked); another player's IDs cannot be picked,
 * a forged form changes nothing, and visitors are sent to sign in.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { registrations, savedPlayerIds, teamMembers, teams, users } from "~/db/schema";
import { rememberPlayerId } from "~/features/store/saved-player-ids.server";
import { action as settingsAction, loader as settingsLoader } from "~/features/teams/routes/profile-settings";
import { loader as playerLoader } from "~/features/teams/routes/player";
import { BASE_URL, callRoute, getRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

const { handle, mailer } = useSignInTest({ seed: true });

/** The settings form as a browser posts it: checked boxes only, `showId` once per picked ID. */
function settingsPost(cookie: string, fields: [string, string][]) {
  return new Request(`${BASE_URL}/account/profile`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE_URL, Cookie: cookie, "x-client-ip": "203.0.113.7" },
  });
}

type Profile = {
  gameIds: { game: string; playerId: string; zone: string | null; gamerName: string | null }[];
  teams: unknown[];
  entries: unknown[];
  record: unknown[];
  player: { handle: string; showsTeams: boolean; showsTournaments: boolean };
  own: boolean;
};
type Settings = {
  settings: { ids: { id: number; playerId: string; onProfile: boolean }[]; showsTeams: boolean; showsTournaments: boolean };
};

async function player(email: string, handleName: string) {
  const session = await signInAs(handle.db, mailer, email);
  await handle.db.update(users).set({ handle: handleName }).where(eq(users.id, session.userId));
  return { ...session, cookie: session.jar.header() };
}

describe("profile privacy and saved game IDs", () => {
  it("lists only the store IDs the player picked, hides teams and tournaments when asked, never the phone or e-mail", async () => {
    const ana = await player("ana@example.com", "ana_ff");
    await rememberPlayerId(handle.db, { userId: ana.userId, gameId: "free-fire", playerId: "123456789", zone: null, gamerName: "AnaFF" });
    await rememberPlayerId(handle.db, { userId: ana.userId, gameId: "mobile-legends", playerId: "55501", zone: "2001", gamerName: null });
    const teamId = randomUUID();
    await handle.db
      .insert(teams)
      .values({ id: teamId, game: "free-fire", name: "Las Panas", tag: "PNA", country: "VE", captainUserId: ana.userId });
    await handle.db.insert(teamMembers).values({ id: randomUUID(), teamId, userId: ana.userId, role: "starter", ign: "AnaFF" });
    await handle.db.insert(registrations).values({
      id: randomUUID(),
      tournamentId: "copa-free-fire-solo",
      userId: ana.userId,
      phone: "04141112233",
      status: "confirmed",
    });

    // By default: teams and tournaments shown, no ID listed (an ID may be a friend's).
    const publicPage = async () => (await callRoute<Profile>(playerLoader, getRequest("/players/ana_ff"), { handle: "ana_ff" })).data!;
    let page = await publicPage();
    expect(page.gameIds).toEqual([]);
    expect(page.teams).toHaveLength(1);
    expect(page.entries).toHaveLength(1);
    expect(page.own).toBe(false);

    const settings = (await callRoute<Settings>(settingsLoader, getRequest("/account/profile", ana.cookie))).data!.settings;
    expect(settings).toMatchObject({ showsTeams: true, showsTournaments: true });
    const ff = settings.ids.find((id) => id.playerId === "123456789")!;
    expect(settings.ids.every((id) => !id.onProfile)).toBe(true);

    // Show the Free Fire ID, hide the tournaments, keep the teams.
    const saved = await callRoute<{ ok: boolean }>(
      settingsAction,
      settingsPost(ana.cookie, [
        ["showsTeams", "on"],
        ["showId", String(ff.id)],
      ]),
    );
    expect(saved.data).toMatchObject({ ok: true });
    page = await publicPage();
    expect(page.gameIds).toEqual([{ game: "free-fire", playerId: "123456789", zone: null, gamerName: "AnaFF" }]);
    expect(page.teams).toHaveLength(1);
    expect(page.entries).toEqual([]);
    expect(page.record).toEqual([]);
    expect(page.player).toMatchObject({ showsTeams: true, showsTournaments: false });
    const text = JSON.stringify(page);
    for (const secret of ["ana@example.com", "04141112233", ana.userId]) expect(text).not.toContain(secret);

    // Hide the teams too, and no ID: nothing of them is read.
    await callRoute(settingsAction, settingsPost(ana.cookie, [["showsTournaments", "on"]]));
    page = await publicPage();
    expect(page.teams).toEqual([]);
    expect(page.gameIds).toEqual([]);
    expect(page.entries).toHaveLength(1);

    // The owner sees the link to the settings on their own page.
    expect((await callRoute<Profile>(playerLoader, getRequest("/players/ana_ff", ana.cookie), { handle: "ana_ff" })).data!.own).toBe(true);
  });

  it("another player's saved ID cannot be shown; a forged form is refused whole; visitors sign in first", async () => {
    const ana = await player("ana2@example.com", "ana_two");
    const ben = await player("ben@example.com", "ben_ml");
    await rememberPlayerId(handle.db, { userId: ben.userId, gameId: "free-fire", playerId: "999888777", zone: null, gamerName: null });
    const [bens] = await handle.db.select().from(savedPlayerIds).where(eq(savedPlayerIds.userId, ben.userId));

    const answer = await callRoute<{ ok: boolean }>(
      settingsAction,
      settingsPost(ana.cookie, [
        ["showsTeams", "on"],
        ["showId", String(bens!.id)],
      ]),
    );
    expect(answer.data).toMatchObject({ ok: true });
    const [after] = await handle.db.select().from(savedPlayerIds).where(eq(savedPlayerIds.id, bens!.id));
    expect(after!.onProfile).toBe(false);
    expect((await callRoute<Profile>(playerLoader, getRequest("/players/ben_ml"), { handle: "ben_ml" })).data!.gameIds).toEqual([]);

    const forged = await callRoute<{ ok: boolean; code: string }>(
      settingsAction,
      settingsPost(ana.cookie, [["showId", "1; drop table users"]]),
    );
    expect(forged.status).toBe(400);
    expect(forged.data).toMatchObject({ ok: false, code: "BAD_PROFILE_CHOICE" });
    const [anaRow] = await handle.db.select().from(users).where(eq(users.id, ana.userId));
    expect(anaRow).toMatchObject({ profileShowsTeams: true, profileShowsTournaments: false });

    const visitor = await callRoute(settingsLoader, getRequest("/account/profile"));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toContain("/auth?redirectTo=");
  });
});
