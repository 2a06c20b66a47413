/**
 * Organizations, the rest of issue 29 (docs/organizations.md): invitation links (hashed, expiring,
 * single-use, revocable, only for the organization's owner and admins), the logo, staff revoking an
 * organization's right to run tournaments (and giving it back), and the prize pools' commission as a
 * staff setting. Every change is in the audit log.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, organizationInvites, organizationMembers, organizations, organizers, settings } from "~/db/schema";
import { useAuthSettings } from "~/features/auth/auth.server";
import { action as editAction, loader as editLoader } from "~/features/admin/routes/tournament-edit";
import { action as newTournamentAction, loader as newTournamentLoader } from "~/features/admin/routes/tournament-new";
import { loader as streamsLoader } from "~/features/streamers/routes/admin-tournament-streams";
import { loader as runLoader } from "~/features/competition/routes/run";
import { useOrganizationLogoStorage } from "~/features/organizations/organization-logos.server";
import { hashInviteToken } from "~/features/organizations/organizations.server";
import { action as adminAction, loader as adminLoader } from "~/features/organizations/routes/admin-organizations";
import { action as joinAction, loader as joinLoader } from "~/features/organizations/routes/join";
import { action as manageAction, loader as manageLoader } from "~/features/organizations/routes/manage";
import { action as newAction } from "~/features/organizations/routes/new";
import { loader as logoLoader } from "~/features/organizations/routes/organization-logo";
import { loader as publicLoader } from "~/features/organizations/routes/organization";
import { grantPlus } from "~/features/plus/plus.server";
import { poolCommissionPercent } from "~/features/wallet/prize-pools.server";
import { listAudit } from "~/features/admin/audit.server";
import { auditTarget, sentenceKey } from "~/features/admin/core/audit-sentence";
import type { DatabaseHandle } from "~/lib/db.server";
import { localDiskStorage } from "~/lib/storage.server";
import { callRoute, formRequest, getRequest, multipartRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { openTestDatabase, resetTables } from "./test-database";

let handle: DatabaseHandle;
const mailer = memoryMailer();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "organization-logos-"));
type Jar = Awaited<ReturnType<typeof signInAs>>;
let staff: Jar;
let owner: Jar;
let helper: Jar;
let newcomer: Jar;
let stranger: Jar;

beforeAll(async () => {
  handle = await openTestDatabase();
  useOrganizationLogoStorage(localDiskStorage(folder));
});
afterAll(async () => {
  useAuthSettings(undefined);
  useOrganizationLogoStorage(undefined);
  fs.rmSync(folder, { recursive: true, force: true });
  await handle.close();
});
beforeEach(async () => {
  await resetTables(handle);
  useTestAuth(handle.db, mailer);
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
  owner = await signInAs(handle.db, mailer, "owner@example.com");
  helper = await signInAs(handle.db, mailer, "helper@example.com");
  newcomer = await signInAs(handle.db, mailer, "newcomer@example.com");
  stranger = await signInAs(handle.db, mailer, "stranger@example.com");
});

type Answer = { ok: boolean; code?: string; field?: string; done?: string; link?: string; slug?: string; role?: string };
const SLUG = "liga-caracas";

async function createOrganization(jar: Jar = owner, name = "Liga Caracas") {
  await grantPlus(handle.db, { userId: jar.userId, staffId: staff.userId, months: 1, note: "prueba" });
  const answer = await callRoute(newAction, formRequest("/organizations/new", { name }, jar.jar.header()));
  expect(answer.status, JSON.stringify(answer.data)).toBe(302);
  const [row] = await handle.db.select().from(organizations).where(eq(organizations.name, name));
  return row!;
}

const manage = (jar: Jar, fields: Record<string, string>, slug = SLUG) =>
  callRoute<Answer>(manageAction, formRequest(`/organizations/${slug}/manage`, fields, jar.jar.header()), { slug });
const admin = (fields: Record<string, string>) =>
  callRoute<Answer>(adminAction, formRequest("/admin/organizations", fields, staff.jar.header()));
const tokenOf = (link: string) => link.slice(link.lastIndexOf("/") + 1);
const join = (jar: Jar, token: string) =>
  callRoute<Answer>(joinAction, formRequest(`/organizations/join/${token}`, {}, jar.jar.header()), { token });
const joinPage = (jar: Jar, token: string) =>
  callRoute<{ invite: { name: string; role: string; refusal: string | null } | null }>(
    joinLoader,
    getRequest(`/organizations/join/${token}`, jar.jar.header()),
    { token },
  );
const roleOf = async (userId: string) =>
  (await handle.db.select({ role: organizationMembers.role }).from(organizationMembers).where(eq(organizationMembers.userId, userId)))[0]
    ?.role ?? null;
const actions = async () => (await handle.db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action);

describe("invitation links", () => {
  it("the owner makes a link with a role; a signed-in person sees the organization and the role and accepts once", async () => {
    await createOrganization();
    const made = await manage(owner, { intent: "create-invite", role: "admin" });
    expect(made.data, JSON.stringify(made.data)).toMatchObject({ ok: true, done: "inviteCreated", role: "admin" });
    expect(made.data!.link).toMatch(/\/organizations\/join\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(made.data!.link!);
    // Only the hash is kept: the table holds no token.
    const [row] = await handle.db.select().from(organizationInvites);
    expect(row!.tokenHash).toBe(hashInviteToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const page = await joinPage(newcomer, token);
    expect(page.data?.invite).toMatchObject({ name: "Liga Caracas", role: "admin", refusal: null });
    const accepted = await join(newcomer, token);
    expect(accepted.data).toMatchObject({ ok: true, slug: SLUG, role: "admin" });
    expect(await roleOf(newcomer.userId)).toBe("admin");

    // The same link a second time (another person, or the same one): used.
    const again = await join(stranger, token);
    expect(again.status).toBe(409);
    expect(again.data?.code).toBe("INVITE_USED");
    expect(await roleOf(stranger.userId)).toBeNull();
    expect((await joinPage(stranger, token)).data?.invite?.refusal).toBe("INVITE_USED");
    expect(await actions()).toEqual(expect.arrayContaining(["organization.invite_create", "organization.invite_accept"]));
  });

  it("two people accepting one link at once: one joins, the other is told it was used", async () => {
    await createOrganization();
    const token = tokenOf((await manage(owner, { intent: "create-invite", role: "staff" })).data!.link!);
    const answers = await Promise.all([join(newcomer, token), join(stranger, token)]);
    expect(answers.map((answer) => (answer.data?.ok ? "joined" : answer.data?.code)).sort()).toEqual(["INVITE_USED", "joined"]);
    const joined = [await roleOf(newcomer.userId), await roleOf(stranger.userId)].filter(Boolean);
    expect(joined).toEqual(["staff"]);
  });

  it("an expired link and a revoked one are refused with their own code; an unknown one is a 404; a visitor signs in first", async () => {
    await createOrganization();
    const expiring = tokenOf((await manage(owner, { intent: "create-invite", role: "staff" })).data!.link!);
    await handle.db
      .update(organizationInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizationInvites.tokenHash, hashInviteToken(expiring)));
    expect((await join(newcomer, expiring)).data?.code).toBe("INVITE_EXPIRED");
    expect((await joinPage(newcomer, expiring)).data?.invite?.refusal).toBe("INVITE_EXPIRED");

    const revocable = tokenOf((await manage(owner, { intent: "create-invite", role: "staff" })).data!.link!);
    const listed = await callRoute<{ invites: { id: string }[] }>(
      manageLoader,
      getRequest(`/organizations/${SLUG}/manage`, owner.jar.header()),
      {
        slug: SLUG,
      },
    );
    // The expired link is no longer listed as open.
    expect(listed.data?.invites).toHaveLength(1);
    expect((await manage(owner, { intent: "revoke-invite", inviteId: listed.data!.invites[0]!.id })).data?.ok).toBe(true);
    expect((await join(newcomer, revocable)).data?.code).toBe("INVITE_REVOKED");
    expect(await roleOf(newcomer.userId)).toBeNull();

    const unknown = "x".repeat(43);
    expect((await joinPage(newcomer, unknown)).status).toBe(404);
    expect((await join(newcomer, unknown)).status).toBe(404);
    const visitor = await callRoute(joinLoader, getRequest(`/organizations/join/${revocable}`), { token: revocable });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/auth?redirectTo=${encodeURIComponent(`/organizations/join/${revocable}`)}`);
    expect(await actions()).toContain("organization.invite_revoke");
  });

  it("only the organization's owner and admins make or revoke links: its staff, another organization's owner and a stranger cannot", async () => {
    const mine = await createOrganization();
    await createOrganization(stranger, "Otra Liga");
    await handle.db.insert(organizationMembers).values([
      { organizationId: mine.id, userId: helper.userId, role: "staff" },
      { organizationId: mine.id, userId: newcomer.userId, role: "admin" },
    ]);
    expect((await manage(helper, { intent: "create-invite", role: "staff" })).status).toBe(403);
    // Another organization's owner: the page is not there for them.
    expect((await manage(stranger, { intent: "create-invite", role: "admin" })).status).toBe(404);
    expect(await handle.db.$count(organizationInvites)).toBe(0);
    // An admin may; a role that is not one is refused; never owner.
    expect((await manage(newcomer, { intent: "create-invite", role: "owner" })).data?.code).toBe("ROLE_INVALID");
    expect((await manage(newcomer, { intent: "create-invite", role: "staff" })).data?.ok).toBe(true);
    const [invite] = await handle.db.select({ id: organizationInvites.id }).from(organizationInvites);
    // Staff of the organization and another organization's owner cannot revoke it, even knowing its id.
    expect((await manage(helper, { intent: "revoke-invite", inviteId: invite!.id })).status).toBe(403);
    expect((await manage(stranger, { intent: "revoke-invite", inviteId: invite!.id }, "otra-liga")).status).toBe(404);
    const [still] = await handle.db.select({ revokedAt: organizationInvites.revokedAt }).from(organizationInvites);
    expect(still!.revokedAt).toBeNull();
  });

  it("a member already in is told so and the link stays open; a banned organization's links stop working", async () => {
    const organization = await createOrganization();
    const token = tokenOf((await manage(owner, { intent: "create-invite", role: "staff" })).data!.link!);
    expect((await join(owner, token)).data?.code).toBe("ALREADY_MEMBER");
    expect(await roleOf(owner.userId)).toBe("owner");
    await admin({ intent: "ban", organizationId: organization.id, reason: "Fraude" });
    expect((await join(newcomer, token)).data?.code).toBe("ORG_BANNED");
    await admin({ intent: "unban", organizationId: organization.id });
    expect((await join(newcomer, token)).data?.ok).toBe(true);
  });
});

describe("the logo", () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 20, g: 160, b: 200 } } })
      .png()
      .toBuffer();
  const upload = (jar: Jar, bytes: Uint8Array, intent = "logo") => {
    const form = new FormData();
    form.set("intent", intent);
    form.set("logo", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "logo.png");
    return callRoute<Answer>(manageAction, multipartRequest(`/organizations/${SLUG}/manage`, form, jar.jar.header(), false), {
      slug: SLUG,
    });
  };
  const logoOf = async () => (await handle.db.select({ logoUrl: organizations.logoUrl }).from(organizations))[0]?.logoUrl ?? null;

  it("the owner uploads one (re-encoded WebP, served publicly, shown on the public page), replaces it and removes it", async () => {
    const organization = await createOrganization();
    const first = await upload(owner, await png(300, 200));
    expect(first.data, JSON.stringify(first.data)).toMatchObject({ ok: true, done: "logoSet" });
    const path1 = await logoOf();
    expect(path1).toMatch(/^\/media\/organizations\/[0-9a-f-]{36}\.webp$/);
    const file1 = path1!.split("/").pop()!;
    const served = (await logoLoader({ params: { file: file1 } } as never)) as Response;
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);
    const page = await callRoute<{ organization: { logoUrl: string | null } }>(publicLoader, getRequest(`/organizations/${SLUG}`), {
      slug: SLUG,
    });
    expect(page.data?.organization.logoUrl).toBe(path1);

    await upload(owner, await png(128, 128));
    const path2 = await logoOf();
    expect(path2).not.toBe(path1);
    // The replaced file is forgotten.
    expect(fs.readdirSync(folder)).toEqual([path2!.split("/").pop()]);

    expect((await manage(owner, { intent: "remove-logo" })).data).toMatchObject({ ok: true, done: "logoRemoved" });
    expect(await logoOf()).toBeNull();
    expect(fs.readdirSync(folder)).toEqual([]);
    const logged = await handle.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, organization.id));
    expect(logged.map((row) => row.action)).toEqual(expect.arrayContaining(["organization.logo_set", "organization.logo_remove"]));
  });

  it("refuses what is not an image, a tiny one and a too large one, and anyone but the owner and admins; nothing is stored", async () => {
    const organization = await createOrganization();
    await handle.db.insert(organizationMembers).values({ organizationId: organization.id, userId: helper.userId, role: "staff" });
    expect((await upload(owner, new TextEncoder().encode("<svg onload=alert(1)>"))).data?.code).toBe("LOGO_NOT_ALLOWED");
    expect((await upload(owner, await png(20, 20))).data?.code).toBe("LOGO_TOO_SMALL");
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await upload(owner, big)).data?.code).toBe("LOGO_TOO_LARGE");
    expect((await upload(helper, await png(200, 200))).status).toBe(403);
    expect((await upload(stranger, await png(200, 200))).status).toBe(404);
    const missing = await upload(owner, new Uint8Array(0));
    expect(missing.data).toMatchObject({ code: "LOGO_MISSING", field: "logo" });
    expect(await logoOf()).toBeNull();
    expect(fs.readdirSync(folder)).toEqual([]);
    // Unknown and ill-formed names are a 404.
    for (const file of ["nope.webp", "../secret.webp", "x.png"]) {
      const answer = await callRoute(logoLoader, getRequest(`/media/organizations/${file}`), { file });
      expect(answer.status, file).toBe(404);
    }
  });
});

describe("revoking an organization's right to run tournaments", () => {
  const tournamentForm = {
    title: "Copa Revocada",
    game: "free-fire",
    date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    startTime: "19:00",
    registrationOpensAt: "",
    registrationClosesAt: `${new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10)}T20:00`,
    capacity: "8",
    feeKind: "free",
    fee: "",
    prize: "Gloria",
    prizeSplit: "",
    rules: "",
    format: "single_elimination",
    teamSize: "1",
  };

  /** Every tournament route of the organization, as one of its members: what each answers. */
  async function reach(jar: Jar, tournamentId: string) {
    const base = `/organizations/${SLUG}/manage/tournaments`;
    const params = { slug: SLUG, tournamentId };
    const cookie = jar.jar.header();
    return {
      newPage: (await callRoute(newTournamentLoader, getRequest(`${base}/new`, cookie), { slug: SLUG })).status,
      create: (await callRoute(newTournamentAction, formRequest(`${base}/new`, tournamentForm, cookie), { slug: SLUG })).status,
      edit: (await callRoute(editLoader, getRequest(`${base}/${tournamentId}`, cookie), params)).status,
      publish: (await callRoute(editAction, formRequest(`${base}/${tournamentId}`, { intent: "publish" }, cookie), params)).status,
      run: (await callRoute(runLoader, getRequest(`${base}/${tournamentId}/run`, cookie), params)).status,
      streams: (await callRoute(streamsLoader, getRequest(`${base}/${tournamentId}/streams`, cookie), params)).status,
    };
  }

  it("its owner, admins and staff then create, edit and run nothing (404), keep the management page, and get it all back when reinstated", async () => {
    const organization = await createOrganization();
    await handle.db.insert(organizationMembers).values([
      { organizationId: organization.id, userId: helper.userId, role: "admin" },
      { organizationId: organization.id, userId: newcomer.userId, role: "staff" },
    ]);
    const created = await callRoute(
      newTournamentAction,
      formRequest(`/organizations/${SLUG}/manage/tournaments/new`, tournamentForm, owner.jar.header()),
      { slug: SLUG },
    );
    expect(created.status, JSON.stringify(created.data)).toBe(302);
    const tournamentId = created.location!.match(/\/manage\/tournaments\/([^?]+)/)![1]!;

    expect((await admin({ intent: "revoke", organizationId: organization.id, reason: "" })).data?.code).toBe("REVOKE_REASON_REQUIRED");
    const revoked = await admin({ intent: "revoke", organizationId: organization.id, reason: "Premios sin pagar" });
    expect(revoked.data).toMatchObject({ ok: true, done: "revoke" });
    expect((await admin({ intent: "revoke", organizationId: organization.id, reason: "otra vez" })).data?.code).toBe("ORG_REVOKED");

    const refused = { newPage: 404, create: 404, edit: 404, publish: 404, run: 404, streams: 404 };
    expect(await reach(owner, tournamentId)).toEqual(refused);
    expect(await reach(helper, tournamentId)).toEqual(refused);
    expect((await reach(newcomer, tournamentId)).run).toBe(404);
    // The management page stays, and says why; its tournaments can no longer be run from it.
    const page = await callRoute<{ organization: { revoked: boolean; revokedReason: string }; may: Record<string, boolean> }>(
      manageLoader,
      getRequest(`/organizations/${SLUG}/manage`, owner.jar.header()),
      { slug: SLUG },
    );
    expect(page.data?.organization).toMatchObject({ revoked: true, revokedReason: "Premios sin pagar" });
    expect(page.data?.may).toMatchObject({ run: false, create: false, edit: false, ban: false, members: true });
    // Platform staff still run it.
    expect((await reach(staff, tournamentId)).run).toBe(200);

    expect((await admin({ intent: "reinstate", organizationId: organization.id })).data?.ok).toBe(true);
    expect((await admin({ intent: "reinstate", organizationId: organization.id })).data?.code).toBe("NOT_REVOKED");
    const back = await reach(owner, tournamentId);
    expect(back).toMatchObject({ newPage: 200, create: 302, edit: 200, run: 200, streams: 200 });
    expect(await actions()).toEqual(expect.arrayContaining(["organization.revoke", "organization.reinstate"]));
  });

  it("staff take an organizer's approval back (reason required); without Plus they can no longer create an organization", async () => {
    expect((await admin({ intent: "organizer", email: "helper@example.com" })).data?.ok).toBe(true);
    const listed = await callRoute<{ organizers: { email: string }[] }>(
      adminLoader,
      getRequest("/admin/organizations", staff.jar.header()),
    );
    expect(listed.data?.organizers.map((row) => row.email)).toEqual(["helper@example.com"]);
    expect((await admin({ intent: "organizer-revoke", email: "helper@example.com", reason: "" })).data?.code).toBe(
      "REVOKE_REASON_REQUIRED",
    );
    expect((await admin({ intent: "organizer-revoke", email: "helper@example.com", reason: "Denuncias" })).data?.ok).toBe(true);
    expect(await handle.db.$count(organizers)).toBe(0);
    expect((await admin({ intent: "organizer-revoke", email: "helper@example.com", reason: "Denuncias" })).data?.code).toBe(
      "NOT_ORGANIZER",
    );
    const refused = await callRoute<Answer>(newAction, formRequest("/organizations/new", { name: "Liga Helper" }, helper.jar.header()));
    expect(refused.data?.code).toBe("PLUS_REQUIRED");
    const [row] = await handle.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "organization.organizer_revoke"), eq(auditLog.entityId, helper.userId)));
    expect(row?.after).toEqual({ reason: "Denuncias" });
    // Granting again reinstates them.
    expect((await admin({ intent: "organizer", email: "helper@example.com" })).data?.ok).toBe(true);
    expect(await handle.db.$count(organizers)).toBe(1);
  });
});

describe("the prize pools' commission", () => {
  it("starts at the environment's value; staff set 0–50 (anything else refused, nothing saved), audited and read back at once", async () => {
    expect(await poolCommissionPercent(handle.db)).toBe(10);
    for (const bad of ["51", "-3", "diez", ""]) {
      const refused = await admin({ intent: "commission", percent: bad });
      expect(refused.data, bad).toMatchObject({ ok: false, code: "COMMISSION_INVALID", field: "percent" });
    }
    expect(await handle.db.$count(settings, eq(settings.key, "prize_pool_commission_percent"))).toBe(0);
    expect((await admin({ intent: "commission", percent: "15" })).data).toMatchObject({ ok: true, done: "commission" });
    expect(await poolCommissionPercent(handle.db)).toBe(15);
    const page = await callRoute<{ commissionPercent: number }>(adminLoader, getRequest("/admin/organizations", staff.jar.header()));
    expect(page.data?.commissionPercent).toBe(15);
    // The organization's tournament form shows it.
    await createOrganization();
    const form = await callRoute<{ commissionPercent: number }>(
      newTournamentLoader,
      getRequest(`/organizations/${SLUG}/manage/tournaments/new`, owner.jar.header()),
      { slug: SLUG },
    );
    expect(form.data?.commissionPercent).toBe(15);
    // Only platform staff set it.
    const notStaff = await callRoute(
      adminAction,
      formRequest("/admin/organizations", { intent: "commission", percent: "0" }, owner.jar.header()),
    );
    expect(notStaff.status).toBe(404);
    expect(await poolCommissionPercent(handle.db)).toBe(15);

    // The audit log reads it as a sentence with the new value.
    const [entry] = await listAudit(handle.db, {
      action: "prize_pool.commission_set",
      entity: null,
      entityId: null,
      actor: null,
      before: null,
    });
    expect(entry).toMatchObject({ actorEmail: "staff@example.com", before: { percent: 10 }, after: { percent: 15 } });
    expect(sentenceKey(entry!.action)).toBe("audit.sentences.prize_pool.commission_set");
    expect(auditTarget(entry!)).toEqual({ label: "15 %", to: "/admin/organizations" });
  });

  it("the audit log names the organization of every organization action and links to its page", async () => {
    const organization = await createOrganization();
    await manage(owner, { intent: "create-invite", role: "staff" });
    const rows = await listAudit(handle.db, { action: null, entity: "organization", entityId: null, actor: null, before: null });
    expect(rows.map((row) => row.action)).toEqual(["organization.invite_create", "organization.create"]);
    for (const row of rows) {
      expect(sentenceKey(row.action)).not.toBe("audit.sentences.other");
      expect(auditTarget(row)).toEqual({ label: "Liga Caracas", to: `/organizations/${SLUG}/manage` });
    }
    expect(organization.slug).toBe(SLUG);
  });
});
