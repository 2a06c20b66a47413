/**
 * Through the routes (docs/organizations.md): who creates an organization, its roles, its
 * tournaments (the staff's form and run page mounted under /organizations/:slug/manage), the
 * approval of paid ones, player bans at registration, and the platform's ban of an organization.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { auditLog, organizations, tournaments } from "~/db/schema";
import { useAuthSettings } from "~/features/auth/auth.server";
import { action as editAction, loader as editLoader } from "~/features/admin/routes/tournament-edit";
import { action as newTournamentAction, loader as newTournamentLoader } from "~/features/admin/routes/tournament-new";
import { loader as runLoader } from "~/features/competition/routes/run";
import { action as adminAction, loader as adminLoader } from "~/features/organizations/routes/admin-organizations";
import { action as manageAction, loader as manageLoader } from "~/features/organizations/routes/manage";
import { action as newAction, loader as newLoader } from "~/features/organizations/routes/new";
import { loader as publicLoader } from "~/features/organizations/routes/organization";
import { grantPlus } from "~/features/plus/plus.server";
import { action as registerAction, loader as tournamentLoader } from "~/features/tournaments/routes/tournament";
import type { DatabaseHandle } from "~/lib/db.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { openTestDatabase, resetTables } from "./test-database";

let handle: DatabaseHandle;
const mailer = memoryMailer();
type Jar = Awaited<ReturnType<typeof signInAs>>;
let staff: Jar;
let owner: Jar;
let helper: Jar;
let player: Jar;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  useAuthSettings(undefined);
  await handle.close();
});
beforeEach(async () => {
  await resetTables(handle);
  useTestAuth(handle.db, mailer);
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
  owner = await signInAs(handle.db, mailer, "owner@example.com");
  helper = await signInAs(handle.db, mailer, "helper@example.com");
  player = await signInAs(handle.db, mailer, "player@example.com");
});

type Answer = { ok: boolean; code?: string; field?: string; reason?: string; until?: string };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const tournamentForm = (change: Record<string, string> = {}) => ({
  title: "Copa de la Liga",
  game: "free-fire",
  date: inDays(10),
  startTime: "19:00",
  registrationOpensAt: "",
  registrationClosesAt: `${inDays(9)}T20:00`,
  capacity: "8",
  feeKind: "free",
  fee: "",
  prize: "Gloria",
  prizeSplit: "",
  rules: "",
  format: "single_elimination",
  teamSize: "1",
  ...change,
});

async function createOrganization(jar: Jar = owner) {
  await grantPlus(handle.db, { userId: jar.userId, staffId: staff.userId, months: 1, note: "prueba" });
  const answer = await callRoute(
    newAction,
    formRequest("/organizations/new", { name: "Liga Caracas", links: "https://instagram.com/liga" }, jar.jar.header()),
  );
  expect(answer.status, JSON.stringify(answer.data)).toBe(302);
  expect(answer.location).toBe("/organizations/liga-caracas/manage?done=created");
  return "liga-caracas";
}

const manage = (jar: Jar, fields: Record<string, string>, slug = "liga-caracas") =>
  callRoute<Answer>(manageAction, formRequest(`/organizations/${slug}/manage`, fields, jar.jar.header()), { slug });

async function createTournament(jar: Jar, change: Record<string, string> = {}, slug = "liga-caracas") {
  const answer = await callRoute(
    newTournamentAction,
    formRequest(`/organizations/${slug}/manage/tournaments/new`, tournamentForm(change), jar.jar.header()),
    { slug },
  );
  expect(answer.status, JSON.stringify(answer.data)).toBe(302);
  return answer.location!.match(/\/manage\/tournaments\/([^?]+)/)![1]!;
}

const statusOf = async (id: string) =>
  (await handle.db.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, id)))[0]?.status;

describe("creating an organization", () => {
  it("a non-member is told why (Plus) and refused; a Plus member creates one and owns it", async () => {
    const page = await callRoute<{ allowed: boolean }>(newLoader, getRequest("/organizations/new", owner.jar.header()));
    expect(page.data?.allowed).toBe(false);
    const refused = await callRoute<Answer>(newAction, formRequest("/organizations/new", { name: "Liga" }, owner.jar.header()));
    expect(refused.status).toBe(403);
    expect(refused.data?.code).toBe("PLUS_REQUIRED");
    await createOrganization();
    const [row] = await handle.db.select().from(organizations);
    expect(row).toMatchObject({
      name: "Liga Caracas",
      slug: "liga-caracas",
      links: ["https://instagram.com/liga"],
      createdBy: owner.userId,
    });
    const managed = await callRoute<{ role: string }>(manageLoader, getRequest("/organizations/liga-caracas/manage", owner.jar.header()), {
      slug: "liga-caracas",
    });
    expect(managed.data?.role).toBe("owner");
  });

  it("bad input gets a code and a field, never a 500; a taken address is refused", async () => {
    await createOrganization();
    await grantPlus(handle.db, { userId: helper.userId, staffId: staff.userId, months: 1, note: "prueba" });
    const bad = await callRoute<Answer>(
      newAction,
      formRequest("/organizations/new", { name: "Otra", links: "javascript:alert(1)" }, helper.jar.header()),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ code: "ORG_LINK_INVALID", field: "links" });
    const taken = await callRoute<Answer>(
      newAction,
      formRequest("/organizations/new", { name: "Otra", slug: "liga-caracas" }, helper.jar.header()),
    );
    expect(taken.status).toBe(409);
    expect(taken.data?.code).toBe("ORG_SLUG_TAKEN");
  });
});

describe("roles", () => {
  it("org staff run the organization's tournaments but do not create or edit them; the owner changes roles", async () => {
    await createOrganization();
    const id = await createTournament(owner, { publish: "on" });
    expect(await statusOf(id)).toBe("published");
    expect((await manage(owner, { intent: "add-member", email: "helper@example.com", role: "staff" })).data?.ok).toBe(true);
    const params = { slug: "liga-caracas", tournamentId: id };
    const run = await callRoute(
      runLoader,
      getRequest(`/organizations/liga-caracas/manage/tournaments/${id}/run`, helper.jar.header()),
      params,
    );
    expect(run.status).toBe(200);
    const edit = await callRoute(
      editLoader,
      getRequest(`/organizations/liga-caracas/manage/tournaments/${id}`, helper.jar.header()),
      params,
    );
    expect(edit.status).toBe(404);
    const create = await callRoute(
      newTournamentLoader,
      getRequest("/organizations/liga-caracas/manage/tournaments/new", helper.jar.header()),
      {
        slug: "liga-caracas",
      },
    );
    expect(create.status).toBe(404);
    // Staff of the org may not manage members; the owner may, and the owner stays owner.
    expect((await manage(helper, { intent: "role", userId: helper.userId, role: "admin" })).status).toBe(403);
    expect((await manage(owner, { intent: "role", userId: helper.userId, role: "admin" })).data?.ok).toBe(true);
    expect((await callRoute(editLoader, getRequest(`/x`, helper.jar.header()), params)).status).toBe(200);
    expect((await manage(owner, { intent: "remove", userId: owner.userId })).data?.code).toBe("OWNER_STAYS");
    // Someone outside the organization: nothing is there for them.
    expect((await callRoute(runLoader, getRequest(`/x`, player.jar.header()), params)).status).toBe(404);
    expect((await callRoute(manageLoader, getRequest(`/x`, player.jar.header()), { slug: "liga-caracas" })).status).toBe(404);
    const actions = (await handle.db.select({ action: auditLog.action }).from(auditLog).where(like(auditLog.action, "organization.%"))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["organization.create", "organization.member_add", "organization.member_role"]));
  });
});

describe("paid tournaments wait for platform staff", () => {
  it("publishing a paid one asks for approval; only staff publish it, from /admin/organizations", async () => {
    await createOrganization();
    const id = await createTournament(owner, { feeKind: "USD", fee: "2.00", publish: "on" });
    expect(await statusOf(id)).toBe("pending");
    // Players do not see it until it is approved.
    const hidden = await callRoute<{ tournament: unknown }>(tournamentLoader, getRequest(`/tournament?id=${id}`, player.jar.header()));
    expect(hidden.data?.tournament).toBeNull();
    const params = { slug: "liga-caracas", tournamentId: id };
    // The organization cannot publish it by itself.
    const again = await callRoute<Answer>(editAction, formRequest(`/x`, { intent: "publish" }, owner.jar.header()), params);
    expect(again.data?.code).toBe("STATUS_NOT_ALLOWED");
    const queue = await callRoute<{ pending: { id: string }[] }>(adminLoader, getRequest("/admin/organizations", staff.jar.header()));
    expect(queue.data?.pending.map((row) => row.id)).toEqual([id]);
    expect((await callRoute(adminLoader, getRequest("/admin/organizations", owner.jar.header()))).status).toBe(404);
    const approved = await callRoute<Answer>(
      adminAction,
      formRequest("/admin/organizations", { intent: "approve", tournamentId: id }, staff.jar.header()),
    );
    expect(approved.data?.ok).toBe(true);
    expect(await statusOf(id)).toBe("published");
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "tournament.publish")));
    expect(audit?.actorId).toBe(staff.userId);
  });

  it("a free published one cannot turn paid behind the platform's back", async () => {
    await createOrganization();
    const id = await createTournament(owner, { publish: "on" });
    const answer = await callRoute<Answer>(
      editAction,
      formRequest(`/x`, { intent: "save", ...tournamentForm({ feeKind: "USD", fee: "5.00" }) }, owner.jar.header()),
      { slug: "liga-caracas", tournamentId: id },
    );
    expect(answer.data?.code).toBe("PAID_NEEDS_APPROVAL");
    expect((await handle.db.select({ fee: tournaments.feeAmount }).from(tournaments).where(eq(tournaments.id, id)))[0]?.fee).toBe(0);
  });
});

describe("bans", () => {
  it("a player banned by the organization is refused with the reason and end date, and registers once the ban is lifted", async () => {
    await createOrganization();
    const id = await createTournament(owner, { publish: "on" });
    const until = inDays(30);
    const bad = await manage(owner, { intent: "ban", email: "player@example.com", reason: "", until });
    expect(bad.data).toMatchObject({ ok: false, code: "BAN_REASON_REQUIRED" });
    expect((await manage(owner, { intent: "ban", email: "player@example.com", reason: "Conducta antideportiva", until })).data?.ok).toBe(
      true,
    );
    const refused = await callRoute<Answer>(
      registerAction,
      formRequest(
        `/tournament?id=${id}`,
        { tournamentId: id, player1Name: "Luis", player1Ign: "luis-ff", phone: "04141234567" },
        player.jar.header(),
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ code: "BANNED_BY_ORGANIZER", reason: "Conducta antideportiva" });
    expect(refused.data?.until).toMatch(/\d{4}/);
    // The public tournament page names the organization.
    const page = await callRoute<{ tournament: { organizationSlug: string | null } }>(
      tournamentLoader,
      getRequest(`/tournament?id=${id}`, player.jar.header()),
    );
    expect(page.data?.tournament.organizationSlug).toBe("liga-caracas");
    // Lifted: the player registers.
    const [ban] = (
      await callRoute<{ bans: { id: string }[] }>(manageLoader, getRequest("/x", owner.jar.header()), { slug: "liga-caracas" })
    ).data!.bans;
    expect((await manage(owner, { intent: "lift-ban", banId: ban!.id })).data?.ok).toBe(true);
    const accepted = await callRoute<Answer & { outcome?: string }>(
      registerAction,
      formRequest(
        `/tournament?id=${id}`,
        { tournamentId: id, player1Name: "Luis", player1Ign: "luis-ff", phone: "04141234567" },
        player.jar.header(),
      ),
    );
    expect(accepted.data, JSON.stringify(accepted.data)).toMatchObject({ ok: true, outcome: "confirmed" });
  });

  it("platform staff ban an organization: its tournaments are unpublished and its admins can no longer create", async () => {
    await createOrganization();
    const id = await createTournament(owner, { publish: "on" });
    const [org] = await handle.db.select({ id: organizations.id }).from(organizations);
    const banned = await callRoute<Answer>(
      adminAction,
      formRequest("/admin/organizations", { intent: "ban", organizationId: org!.id, reason: "Estafa" }, staff.jar.header()),
    );
    expect(banned.data?.ok).toBe(true);
    expect(await statusOf(id)).toBe("draft");
    const create = await callRoute(newTournamentLoader, getRequest("/x", owner.jar.header()), { slug: "liga-caracas" });
    expect(create.status).toBe(404);
    const publicPage = await callRoute<{ organization: { banned: boolean }; upcoming: unknown[] }>(
      publicLoader,
      getRequest("/organizations/liga-caracas"),
      {
        slug: "liga-caracas",
      },
    );
    expect(publicPage.data).toMatchObject({ organization: { banned: true }, upcoming: [] });
    expect((await handle.db.select().from(auditLog).where(eq(auditLog.action, "organization.ban"))).length).toBe(1);
  });
});
