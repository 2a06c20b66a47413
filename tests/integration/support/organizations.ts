import { expect } from "vitest";
import { action as newTournamentAction } from "~/features/admin/routes/tournament-new";
import { action as newOrganizationAction } from "~/features/organizations/routes/new";
import { addMember, createOrganization as insertOrganization } from "~/features/organizations/organizations.server";
import { grantPlus } from "~/features/plus/plus.server";
import type { Database } from "~/lib/db.server";
import type { Mail, Mailer } from "~/lib/mail.server";
import { callRoute, formRequest } from "./routes";
import { signInAs } from "./sessions";

/** A signed-in person: their user id and cookie jar (support/sessions.ts). */
export type Jar = Awaited<ReturnType<typeof signInAs>>;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The new-tournament form of a free single-elimination cup ten days out, with `change` over it. */
export const tournamentForm = (change: Record<string, string> = {}) => ({
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

/**
 * An organization created by `jar` through /organizations/new, after `staff` gave them a month of Plus
 * (creating one is a Plus benefit: docs/organizations.md). Answers its slug.
 */
export async function createOrganization(db: Database, staff: Jar, jar: Jar, fields: { name: string; links?: string }): Promise<string> {
  await grantPlus(db, { userId: jar.userId, staffId: staff.userId, months: 1, note: "prueba" });
  const answer = await callRoute(newOrganizationAction, formRequest("/organizations/new", { links: "", ...fields }, jar.jar.header()));
  expect(answer.status, JSON.stringify(answer.data)).toBe(302);
  return answer.location!.match(/^\/organizations\/([^/?]+)\/manage/)![1]!;
}

/**
 * A tournament created by `jar` through the staff's form, under the organization `slug` when given
 * (its /organizations/:slug/manage address), the platform's otherwise. Answers its id.
 */
export async function createTournament(
  jar: Jar,
  { slug, change }: { slug?: string; change?: Record<string, string> } = {},
): Promise<string> {
  const path = slug ? `/organizations/${slug}/manage/tournaments/new` : "/admin/tournaments/new";
  const answer = await callRoute(newTournamentAction, formRequest(path, tournamentForm(change), jar.jar.header()), slug ? { slug } : {});
  expect(answer.status, JSON.stringify(answer.data)).toBe(302);
  return answer.location!.match(/\/tournaments\/([^/?]+)/)![1]!;
}

/**
 * The people of an organization's authorization tests, signed in: platform staff, a player, the owner of
 * "liga" (with orgstaff@ as its staff) and the owner of another organization, "otra". Answers them and
 * liga's id.
 */
export async function twoOrganizations(db: Database, mailer: Mailer & { sent: Mail[] }) {
  const staff = await signInAs(db, mailer, "staff@example.com", { staff: true });
  const owner = await signInAs(db, mailer, "owner@example.com");
  const orgStaff = await signInAs(db, mailer, "orgstaff@example.com");
  const otherOwner = await signInAs(db, mailer, "other@example.com");
  const player = await signInAs(db, mailer, "player@example.com");
  const { id: orgId } = await insertOrganization(db, owner.userId, { name: "Liga Caracas", slug: "liga", description: "", links: [] });
  await addMember(db, owner.userId, orgId, "orgstaff@example.com", "staff");
  await insertOrganization(db, otherOwner.userId, { name: "Otra Liga", slug: "otra", description: "", links: [] });
  return { staff, owner, orgStaff, otherOwner, player, orgId };
}
