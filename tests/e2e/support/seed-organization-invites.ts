// Prepares a data directory for tests/e2e/organization-invites.spec.ts (docs/organizations.md "Logo",
// "Invitation links", "Revoking"): "Otra Liga" (owner otra-org@example.com) with a published cup, two
// people who are not in it, and a platform staff member.
// Usage: tsx tests/e2e/support/seed-organization-invites.ts <dataDir>
import { randomUUID } from "node:crypto";
import { competitionSettings, organizationMembers, organizations, tournaments } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";
import { seedPeople } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-organization-invites <dataDir>");
const handle = await openDatabase({ dataDir });
const db = handle.db;
const now = Date.now();

const ids = await seedPeople(db, [
  ["otra-org@example.com", "Olga Otra", false],
  ["vetado@example.com", "Víctor Invitado", false],
  ["liga-plus@example.com", "Lucía Liga", false],
  ["org-staff@example.com", "Sofía Staff", true],
]);
const organizationId = randomUUID();
await db
  .insert(organizations)
  .values({ id: organizationId, slug: "otra-liga", name: "Otra Liga", createdBy: ids["otra-org@example.com"]! });
await db.insert(organizationMembers).values({ organizationId, userId: ids["otra-org@example.com"]!, role: "owner" });
await db.insert(tournaments).values({
  id: "otra-copa",
  title: "Copa de Otra Liga",
  game: "free-fire",
  prize: "Gloria",
  players: ["8", "solo"],
  teamSize: 1,
  image: "/images/tournaments/generic.svg",
  date: new Date(now + 5 * 86_400_000).toISOString().slice(0, 10),
  capacity: 8,
  registrationClosesAt: new Date(now + 4 * 86_400_000),
  organizationId,
});
await db.insert(competitionSettings).values({
  tournamentId: "otra-copa",
  format: "single_elimination",
  bestOf: 1,
  finalBestOf: 1,
  lobbyMatches: 4,
  startsAt: new Date(now + 5 * 86_400_000),
  checkInOpensMinutes: 60,
  checkInClosesMinutes: 15,
});
await handle.close();
console.log("seeded organization invites");
