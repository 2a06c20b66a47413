/**
 * Teams that last (docs/teams.md): create, invite by link and by mail, accept, leave, remove,
 * hand over, and who may do it (another user gets a 404, never a 500); entering a team in a tournament
 * with a snapshot of its roster; one team per player per tournament; public pages without phones or e-mails.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import {
  auditLog,
  competitionPrizes,
  competitionResults,
  registrationPlayers,
  registrations,
  teamMembers,
  teams,
  tournaments,
  users,
} from "~/db/schema";
import { acceptInvite, createInvite } from "~/features/teams/teams.server";
import { action as teamsAction, loader as teamsLoader } from "~/features/teams/routes/teams";
import { action as teamAction, loader as teamLoader } from "~/features/teams/routes/team";
import { action as joinAction, loader as joinLoader } from "~/features/teams/routes/join";
import { loader as playerLoader } from "~/features/teams/routes/player";
import { action as staffTeamsAction, loader as staffTeamsLoader } from "~/features/admin/routes/teams";
import { action as tournamentAction, loader as tournamentLoader } from "~/features/tournaments/routes/tournament";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

const { handle, mailer } = useSignInTest({ seed: true });
const ML = "liga-mobile-legends-5v5";

type Answer = { ok: boolean; code?: string; outcome?: string; link?: string | null; teamId?: string };

async function makeUser(name: string, language = "es") {
  const id = randomUUID();
  const email = `${name.toLowerCase()}-${id.slice(0, 6)}@example.com`;
  await handle.db.insert(users).values({ id, email, name, age: 20, language });
  return { id, email };
}

async function createTeamAs(cookie: string, fields: Partial<Record<string, string>> = {}) {
  const answer = await callRoute<Answer>(
    teamsAction,
    formRequest(
      "/teams",
      { intent: "create", game: "mobile-legends", name: "Los Tigres", tag: "tgr", country: "VE", ign: "CapiML", ...fields },
      cookie,
    ),
  );
  expect(answer.status).toBe(302);
  return answer.location!.split("/teams/")[1]!.split("?")[0]!;
}

const teamPost = (teamId: string, fields: Record<string, string>, cookie: string) =>
  callRoute<Answer>(teamAction, formRequest(`/teams/${teamId}`, fields, cookie), { teamId });

async function inviteLink(teamId: string, cookie: string) {
  const answer = await teamPost(teamId, { intent: "invite-link" }, cookie);
  expect(answer.data).toMatchObject({ ok: true, outcome: "link" });
  return answer.data!.link!.split("/teams/join/")[1]!;
}

describe("teams that last", () => {
  it("a captain creates a team, a player joins by link, the link is spent, and the public page shows both without phones or e-mails", async () => {
    const captain = await signInAs(handle.db, mailer, "capi@example.com", { name: "Capitana" });
    const player = await signInAs(handle.db, mailer, "jugador@example.com", { name: "Jugador" });
    const teamId = await createTeamAs(captain.jar.header(), { logoUrl: "https://example.org/tigres.png" });

    // The name is unique per game, whatever its case.
    const twin = await callRoute<Answer>(
      teamsAction,
      formRequest(
        "/teams",
        { intent: "create", game: "mobile-legends", name: "LOS TIGRES", tag: "TG", country: "VE", ign: "X" },
        player.jar.header(),
      ),
    );
    expect(twin).toMatchObject({ status: 409, data: { ok: false, code: "NAME_TAKEN" } });

    const token = await inviteLink(teamId, captain.jar.header());
    const page = await callRoute<{ invite: { state: string; teamName: string } }>(
      joinLoader,
      getRequest(`/teams/join/${token}`, player.jar.header()),
      { token },
    );
    expect(page.data?.invite).toMatchObject({ state: "valid", teamName: "Los Tigres" });
    // Visitors sign in first and come back.
    const visitor = await callRoute(joinLoader, getRequest(`/teams/join/${token}`), { token });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toContain("/auth?redirectTo=");

    const refusedIgn = await callRoute<Answer>(joinAction, formRequest(`/teams/join/${token}`, { ign: "  " }, player.jar.header()), {
      token,
    });
    expect(refusedIgn.data).toMatchObject({ ok: false, code: "IGN_REQUIRED" });
    const joined = await callRoute<Answer>(joinAction, formRequest(`/teams/join/${token}`, { ign: "JugaML" }, player.jar.header()), {
      token,
    });
    expect(joined.data).toMatchObject({ ok: true, teamId });

    const again = await callRoute<Answer>(joinAction, formRequest(`/teams/join/${token}`, { ign: "Otra" }, player.jar.header()), { token });
    expect(again).toMatchObject({ status: 409, data: { ok: false, code: "INVITE_USED" } });
    const spent = await callRoute<{ invite: { state: string } }>(joinLoader, getRequest(`/teams/join/${token}`, player.jar.header()), {
      token,
    });
    expect(spent.data?.invite.state).toBe("used");
    const unknown = await callRoute<{ invite: null }>(joinLoader, getRequest(`/teams/join/nope`, player.jar.header()), { token: "nope" });
    expect(unknown.status).toBe(404);

    const publicPage = await callRoute<{ roster: { ign: string; role: string; captain: boolean }[] }>(
      teamLoader,
      getRequest(`/teams/${teamId}`),
      { teamId },
    );
    expect(publicPage.status).toBe(200);
    expect((publicPage.data as unknown as { team: { logoUrl: string } }).team.logoUrl).toBe("https://example.org/tigres.png");
    expect(publicPage.data?.roster.map((member) => [member.ign, member.role, member.captain])).toEqual([
      ["CapiML", "starter", true],
      ["JugaML", "starter", false],
    ]);
    expect(JSON.stringify(publicPage.data)).not.toMatch(/@example\.com|0414/);

    const mine = await callRoute<{ teams: { id: string; captain: boolean }[] }>(teamsLoader, getRequest("/teams", player.jar.header()));
    expect(mine.data?.teams).toEqual([expect.objectContaining({ id: teamId, captain: false })]);
  });

  it("an expired link says so, and an e-mailed invite goes through the outbox in the invitee's language", async () => {
    const captain = await signInAs(handle.db, mailer, "capi@example.com");
    const teamId = await createTeamAs(captain.jar.header());
    const captainId = captain.userId;
    const old = await createInvite(handle.db, {
      teamId,
      actorId: captainId,
      email: null,
      language: "es",
      now: new Date(Date.now() - 8 * 86_400_000),
    });
    const expired = await callRoute<{ invite: { state: string } }>(
      joinLoader,
      getRequest(`/teams/join/${old.token}`, captain.jar.header()),
      {
        token: old.token,
      },
    );
    expect(expired.data?.invite.state).toBe("expired");

    const english = await makeUser("Luke", "en");
    const sent = await teamPost(teamId, { intent: "invite-email", email: english.email.toUpperCase() }, captain.jar.header());
    expect(sent.data).toMatchObject({ ok: true, outcome: "email" });
    const mail = mailer.sent.find((candidate) => candidate.to === english.email);
    expect(mail?.subject).toContain("invites you to the team Los Tigres");
    expect(mail?.text).toMatch(/\/teams\/join\/[\w-]+/);
    const bad = await teamPost(teamId, { intent: "invite-email", email: "not-an-email" }, captain.jar.header());
    expect(bad.data).toMatchObject({ ok: false, code: "EMAIL_INVALID" });

    // An invite for one address is not for another.
    const stranger = await makeUser("Otro");
    const token = mail!.text.match(/\/teams\/join\/([\w-]+)/)![1]!;
    await expect(acceptInvite(handle.db, { token, userId: stranger.id, email: stranger.email, ign: "X" })).rejects.toMatchObject({
      code: "INVITE_OTHER_EMAIL",
    });
  });

  it("only the captain invites, removes and hands over; another user gets a 404; the captain hands over before leaving; history is kept", async () => {
    const captain = await signInAs(handle.db, mailer, "capi@example.com");
    const member = await signInAs(handle.db, mailer, "miembro@example.com");
    const outsider = await signInAs(handle.db, mailer, "fuera@example.com");
    const teamId = await createTeamAs(captain.jar.header());
    const token = await inviteLink(teamId, captain.jar.header());
    await acceptInvite(handle.db, { token, userId: member.userId, email: "miembro@example.com", ign: "MiembroML" });

    // Someone outside the team: nothing about it, a 404 (not a 500) for every act.
    const acts: Record<string, string>[] = [
      { intent: "invite-link" },
      { intent: "remove", userId: member.userId },
      { intent: "hand-over", userId: outsider.userId },
      { intent: "set-role", userId: member.userId, role: "coach" },
      { intent: "leave" },
    ];
    for (const fields of acts) {
      const answer = await teamPost(teamId, fields, outsider.jar.header());
      expect(answer.status, fields.intent).toBe(404);
    }
    expect((await teamPost("unknown-team", { intent: "invite-link" }, captain.jar.header())).status).toBe(404);
    expect((await callRoute(teamLoader, getRequest("/teams/nope"), { teamId: "nope" })).status).toBe(404);
    expect((await callRoute(teamLoader, getRequest("/teams/%00"), { teamId: "\u0000" })).status).toBe(404);
    // A visitor is sent to sign in.
    expect((await teamPost(teamId, { intent: "leave" }, "")).status).toBe(302);

    // A member is not the captain.
    const notCaptain = await teamPost(teamId, { intent: "remove", userId: captain.userId }, member.jar.header());
    expect(notCaptain).toMatchObject({ status: 403, data: { code: "NOT_CAPTAIN" } });
    expect((await teamPost(teamId, { intent: "invite-link" }, member.jar.header())).data).toMatchObject({ code: "NOT_CAPTAIN" });

    // Roles: the game's, and never more starters than it plays with.
    expect((await teamPost(teamId, { intent: "set-role", userId: member.userId, role: "coach" }, captain.jar.header())).data).toMatchObject(
      {
        ok: true,
      },
    );
    expect((await teamPost(teamId, { intent: "set-role", userId: member.userId, role: "boss" }, captain.jar.header())).data).toMatchObject({
      code: "ROLE_NOT_ALLOWED",
    });

    // The captain cannot leave, nor remove themself, before handing over.
    expect((await teamPost(teamId, { intent: "leave" }, captain.jar.header())).data).toMatchObject({ code: "CAPTAIN_MUST_HAND_OVER" });
    expect((await teamPost(teamId, { intent: "remove", userId: captain.userId }, captain.jar.header())).data).toMatchObject({
      code: "CANNOT_REMOVE_SELF",
    });
    expect((await teamPost(teamId, { intent: "hand-over", userId: outsider.userId }, captain.jar.header())).data).toMatchObject({
      code: "NOT_A_MEMBER",
    });
    expect((await teamPost(teamId, { intent: "hand-over", userId: member.userId }, captain.jar.header())).data).toMatchObject({
      ok: true,
      outcome: "handedOver",
    });
    const [row] = await handle.db.select({ captain: teams.captainUserId }).from(teams).where(eq(teams.id, teamId));
    expect(row?.captain).toBe(member.userId);

    // The former captain leaves; the new one removes nobody twice.
    expect((await teamPost(teamId, { intent: "leave" }, captain.jar.header())).data).toMatchObject({ ok: true, outcome: "left" });
    expect((await teamPost(teamId, { intent: "remove", userId: captain.userId }, member.jar.header())).data).toMatchObject({
      code: "NOT_A_MEMBER",
    });
    const history = await handle.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
    expect(history).toHaveLength(2);
    expect(history.find((entry) => entry.userId === captain.userId)?.leftAt).toBeInstanceOf(Date);

    // Rejoining later is a new row: the old one stays in the history.
    const back = await createInvite(handle.db, { teamId, actorId: member.userId, email: null, language: "es" });
    await acceptInvite(handle.db, { token: back.token, userId: captain.userId, email: "capi@example.com", ign: "CapiVuelve" });
    expect((await teamPost(teamId, { intent: "remove", userId: captain.userId }, member.jar.header())).data).toMatchObject({
      ok: true,
      outcome: "removed",
    });
    const rows = await handle.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, captain.userId)));
    expect(rows).toHaveLength(2);
    expect(rows.every((entry) => entry.leftAt !== null)).toBe(true);
  });

  it("a team is entered in one tap with a roster snapshot; no player in two teams of one tournament; the profile shows it", async () => {
    await handle.db.update(tournaments).set({ feeAmount: 0 }).where(eq(tournaments.id, ML));
    const captain = await signInAs(handle.db, mailer, "capi@example.com", { name: "Capitana" });
    const rival = await signInAs(handle.db, mailer, "rival@example.com", { name: "Rival" });
    const teamId = await createTeamAs(captain.jar.header());
    const members = [];
    for (const name of ["Beto", "Caro", "Dani", "Eva", "Fede"]) {
      const user = await makeUser(name);
      const token = await inviteLink(teamId, captain.jar.header());
      await acceptInvite(handle.db, { token, userId: user.id, email: user.email, ign: `${name}ML` });
      members.push(user);
    }
    const page = await callRoute<{ myTeams: { id: string; roster: { userId: string; role: string }[] }[] }>(
      tournamentLoader,
      getRequest(`/tournament?id=${ML}`, captain.jar.header()),
    );
    expect(page.data?.myTeams.map((team) => team.id)).toEqual([teamId]);
    expect(page.data?.myTeams[0]!.roster).toHaveLength(6);
    expect(JSON.stringify(page.data?.myTeams)).not.toContain("@example.com");

    const starters = [captain.userId, ...members.slice(0, 4).map((user) => user.id)];
    const enter = (cookie: string, team: string, picked: string[]) => {
      const body = new URLSearchParams({ tournamentId: ML, intent: "team", teamId: team, phone: "04141234567" });
      for (const id of picked) body.append("starter", id);
      return callRoute<Answer>(
        tournamentAction,
        new Request(`http://localhost:3000/tournament?id=${ML}`, {
          method: "POST",
          body,
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: "http://localhost:3000",
            Cookie: cookie,
            "x-client-ip": "203.0.113.7",
          },
        }),
      );
    };
    expect((await enter(captain.jar.header(), teamId, starters.slice(0, 4))).data).toMatchObject({ code: "WRONG_STARTER_COUNT" });
    expect((await enter(rival.jar.header(), teamId, starters)).status).toBe(404);
    const entered = await enter(captain.jar.header(), teamId, starters);
    expect(entered.data).toMatchObject({ ok: true, outcome: "confirmed" });

    const [registration] = await handle.db.select().from(registrations).where(eq(registrations.teamId, teamId));
    expect(registration).toMatchObject({ teamName: "Los Tigres", userId: captain.userId, status: "confirmed" });
    const snapshot = await handle.db
      .select({ ign: registrationPlayers.ign, userId: registrationPlayers.userId, position: registrationPlayers.position })
      .from(registrationPlayers)
      .where(eq(registrationPlayers.registrationId, registration!.id))
      .orderBy(registrationPlayers.position);
    expect(snapshot.slice(0, 5).map((player) => player.ign)).toEqual(["CapiML", "BetoML", "CaroML", "DaniML", "EvaML"]);

    // A rival team with one of those players cannot enter the same tournament.
    const rivalTeam = await createTeamAs(rival.jar.header(), { name: "Rivales", tag: "RIV", ign: "RivalML" });
    const shared = members[0]!;
    const rivalInvite = await createInvite(handle.db, { teamId: rivalTeam, actorId: rival.userId, email: null, language: "es" });
    await acceptInvite(handle.db, { token: rivalInvite.token, userId: shared.id, email: shared.email, ign: "BetoRival" });
    const others = [];
    for (const name of ["Gabo", "Hugo", "Ines"]) {
      const user = await makeUser(name);
      const invite = await createInvite(handle.db, { teamId: rivalTeam, actorId: rival.userId, email: null, language: "es" });
      await acceptInvite(handle.db, { token: invite.token, userId: user.id, email: user.email, ign: `${name}R` });
      others.push(user.id);
    }
    const refused = await enter(rival.jar.header(), rivalTeam, [rival.userId, shared.id, ...others]);
    expect(refused).toMatchObject({ status: 409, data: { ok: false, code: "PLAYER_IN_OTHER_TEAM" } });

    // Someone entered as a team's player does not register again by hand.
    const dani = await signInAs(handle.db, mailer, members[2]!.email);
    expect(dani.userId).toBe(members[2]!.id);
    const fields: Record<string, string> = { tournamentId: ML, teamName: "A mano", phone: "04141234567", player1Phone: "04141234567" };
    for (let n = 1; n <= 5; n += 1) Object.assign(fields, { [`player${n}Name`]: `Mano ${n}`, [`player${n}Ign`]: `mano-${n}` });
    const byHand = await callRoute<Answer>(tournamentAction, formRequest(`/tournament?id=${ML}`, fields, dani.jar.header()));
    expect(byHand).toMatchObject({ status: 409, data: { ok: false, code: "PLAYER_IN_OTHER_TEAM" } });

    // A roster change after the event leaves the registration's snapshot as it was.
    await callRoute(teamAction, formRequest(`/teams/${teamId}`, { intent: "remove", userId: members[1]!.id }, captain.jar.header()), {
      teamId,
    });
    const after = await handle.db
      .select({ ign: registrationPlayers.ign })
      .from(registrationPlayers)
      .where(eq(registrationPlayers.registrationId, registration!.id))
      .orderBy(registrationPlayers.position);
    expect(after.map((player) => player.ign)).toEqual(snapshot.map((player) => player.ign));
    const active = await handle.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), isNull(teamMembers.leftAt)));
    expect(active).toHaveLength(5);

    // The team page and a player's profile list the tournament; the profile shows no phone or e-mail.
    const teamPage = await callRoute<{ entries: { tournamentId: string }[] }>(teamLoader, getRequest(`/teams/${teamId}`), { teamId });
    expect(teamPage.data?.entries.map((entry) => entry.tournamentId)).toEqual([ML]);
    // The record is derived from the competition's results: a staff correction changes it on the next read.
    await handle.db.insert(competitionResults).values([
      {
        tournamentId: ML,
        matchId: 1,
        registration1: registration!.id,
        registration2: "rival-reg",
        score1: 2,
        score2: 0,
        source: "agreement",
      },
      {
        tournamentId: ML,
        matchId: 2,
        registration1: "rival-reg",
        registration2: registration!.id,
        score1: 2,
        score2: 1,
        source: "agreement",
      },
    ]);
    await handle.db.insert(competitionPrizes).values({ tournamentId: ML, registrationId: registration!.id, place: 2, amount: "$50" });
    type GameRecordRows = {
      game: string;
      tournaments: number;
      won: number;
      lost: number;
      winRate: number | null;
      bestPlace: number | null;
    }[];
    const recordNow = async () =>
      (await callRoute<{ record: GameRecordRows }>(teamLoader, getRequest(`/teams/${teamId}`), { teamId })).data?.record;
    expect(await recordNow()).toEqual([
      expect.objectContaining({ game: "mobile-legends", tournaments: 1, won: 1, lost: 1, winRate: 50, bestPlace: 2 }),
    ]);
    await handle.db
      .update(competitionResults)
      .set({ score1: 1, score2: 2, source: "staff" })
      .where(and(eq(competitionResults.tournamentId, ML), eq(competitionResults.matchId, 2)));
    expect(await recordNow()).toEqual([expect.objectContaining({ won: 2, lost: 0, winRate: 100 })]);

    const setHandle = await callRoute<Answer>(
      teamsAction,
      formRequest("/teams", { intent: "handle", handle: "Capi_VE" }, captain.jar.header()),
    );
    expect(setHandle.data).toMatchObject({ ok: true });
    const taken = await callRoute<Answer>(teamsAction, formRequest("/teams", { intent: "handle", handle: "capi_ve" }, rival.jar.header()));
    expect(taken.data).toMatchObject({ ok: false, code: "HANDLE_TAKEN" });
    const profile = await callRoute<{ entries: { tournamentId: string }[]; teams: { teamId: string; captain: boolean }[] }>(
      playerLoader,
      getRequest("/players/capi_ve"),
      { handle: "capi_ve" },
    );
    expect(profile.data?.entries.map((entry) => entry.tournamentId)).toEqual([ML]);
    expect((profile.data as unknown as { record: GameRecordRows }).record).toEqual([
      expect.objectContaining({ won: 2, lost: 0, bestPlace: 2 }),
    ]);
    expect(profile.data?.teams).toEqual([expect.objectContaining({ teamId, captain: true })]);
    expect(JSON.stringify(profile.data)).not.toMatch(/@example\.com|0414|Capitana/);
    expect((await callRoute(playerLoader, getRequest("/players/nobody"), { handle: "nobody" })).status).toBe(404);
  });

  it("one link gives one place and the roster never overflows, even when people accept at the same moment", async () => {
    const captain = await makeUser("Capi");
    const { createTeam } = await import("~/features/teams/teams.server");
    const { id: teamId } = await createTeam(handle.db, captain.id, {
      game: "blood-strike",
      name: "Duo",
      tag: "DUO",
      country: "VE",
      logoUrl: null,
      ign: "CapiBS",
    });
    const shared = await createInvite(handle.db, { teamId, actorId: captain.id, email: null, language: "es" });
    const racers = await Promise.all(["Uno", "Dos", "Tres"].map((name) => makeUser(name)));
    const results = await Promise.allSettled(
      racers.map((user) =>
        acceptInvite(handle.db, { token: shared.token, userId: user.id, email: user.email, ign: `${user.id.slice(0, 6)}` }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect((result.reason as { code?: string }).code).toBe("INVITE_USED");

    // Blood Strike: 2 starters + 3 substitutes; the sixth is refused, however the links are taken.
    const more = await Promise.all(["A", "B", "C", "D"].map((name) => makeUser(name)));
    const tokens = await Promise.all(more.map(() => createInvite(handle.db, { teamId, actorId: captain.id, email: null, language: "es" })));
    const taken = await Promise.allSettled(
      more.map((user, index) =>
        acceptInvite(handle.db, { token: tokens[index]!.token, userId: user.id, email: user.email, ign: user.id.slice(0, 6) }),
      ),
    );
    expect(taken.filter((result) => result.status === "rejected").map((result) => (result as PromiseRejectedResult).reason.code)).toEqual([
      "TEAM_FULL",
    ]);
    const roster = await handle.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), isNull(teamMembers.leftAt)));
    expect(roster).toHaveLength(5);
    expect(roster.filter((member) => member.role === "starter")).toHaveLength(2);
  });

  it("staff rename or lock an abusive team, see its roster's history, rename or take a handle away, each audited", async () => {
    const captain = await signInAs(handle.db, mailer, "capi@example.com");
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const teamId = await createTeamAs(captain.jar.header(), { name: "Nombre Feo" });
    await callRoute(teamsAction, formRequest("/teams", { intent: "handle", handle: "feo_total" }, captain.jar.header()));
    const staffPost = (fields: Record<string, string>, cookie = staff.jar.header()) =>
      callRoute<Answer>(staffTeamsAction, formRequest("/admin/teams", fields, cookie));

    // Not staff: the page is not there.
    expect((await staffPost({ intent: "lock", teamId }, captain.jar.header())).status).toBe(404);
    expect((await staffPost({ intent: "rename", teamId, name: "x" })).data).toMatchObject({ code: "TEAM_NAME_LENGTH" });
    expect((await staffPost({ intent: "rename", teamId, name: "Los Buenos" })).data).toMatchObject({ ok: true });
    expect((await staffPost({ intent: "lock", teamId })).data).toMatchObject({ ok: true });
    expect((await staffPost({ intent: "lock", teamId: "missing" })).status).toBe(404);

    // A locked team changes no more, takes no one, enters nothing.
    expect(await teamPost(teamId, { intent: "invite-link" }, captain.jar.header())).toMatchObject({
      status: 423,
      data: { code: "TEAM_LOCKED" },
    });
    const page = await callRoute<{ myTeams: unknown[] }>(tournamentLoader, getRequest(`/tournament?id=${ML}`, captain.jar.header()));
    expect(page.data?.myTeams).toEqual([]);

    const list = await callRoute<{ teams: { id: string; name: string; locked: boolean }[]; history: { ign: string }[] }>(
      staffTeamsLoader,
      getRequest(`/admin/teams?q=bue&team=${teamId}`, staff.jar.header()),
    );
    expect(list.data?.teams).toEqual([expect.objectContaining({ id: teamId, name: "Los Buenos", locked: true })]);
    expect(list.data?.history.map((row) => row.ign)).toEqual(["CapiML"]);

    // Renaming a handle: the same rules as a player's own choice; the profile moves to the new name.
    await makeUser("Otra").then((other) => handle.db.update(users).set({ handle: "ya_tomado" }).where(eq(users.id, other.id)));
    expect((await staffPost({ intent: "rename-handle", handle: "feo_total", newHandle: "x" })).data).toMatchObject({
      code: "HANDLE_FORMAT",
    });
    expect((await staffPost({ intent: "rename-handle", handle: "feo_total", newHandle: "ya_tomado" })).data).toMatchObject({
      code: "HANDLE_TAKEN",
    });
    expect((await staffPost({ intent: "rename-handle", handle: "nadie_asi", newHandle: "jugador_1" })).data).toMatchObject({
      code: "HANDLE_NOT_FOUND",
    });
    expect((await staffPost({ intent: "rename-handle", handle: "FEO_TOTAL", newHandle: "Jugador_Uno" })).data).toMatchObject({ ok: true });
    expect((await callRoute(playerLoader, getRequest("/players/feo_total"), { handle: "feo_total" })).status).toBe(404);
    expect((await callRoute(playerLoader, getRequest("/players/jugador_uno"), { handle: "jugador_uno" })).status).toBe(200);

    expect((await staffPost({ intent: "clear-handle", handle: "JUGADOR_UNO" })).data).toMatchObject({ ok: true });
    expect((await callRoute(playerLoader, getRequest("/players/jugador_uno"), { handle: "jugador_uno" })).status).toBe(404);
    expect((await staffPost({ intent: "clear-handle", handle: "jugador_uno" })).data).toMatchObject({ code: "HANDLE_NOT_FOUND" });

    const audit = await handle.db.select({ action: auditLog.action }).from(auditLog).orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual(["team.rename", "team.lock", "user.rename_handle", "user.clear_handle"]);
  });
});
