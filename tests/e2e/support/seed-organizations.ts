// Prepares a data directory for tests/e2e/organizations.spec.ts (docs/organizations.md): a Plus member who will
// create an organization (no staff rights), a player the organization will ban, and another
// organization with a published tournament of its own (which the member must not reach).
// Usage: tsx tests/e2e/support/seed-organizations.ts <dataDir>
import { randomUUID } from "node:crypto";
import { competitionSettings, membershipPeriods, organizationMembers, organizations, tournaments } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";
import { seedPerson } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-organizations <dataDir>");
const handle = await openDatabase({ dataDir });
const db = handle.db;
const now = Date.now();

const person = (email: string, name: string) => seedPerson(db, email, name, { age: 24 });

// The member: Plus for a month from an hour ago (bought like anyone; no staff rights).
const member = await person("liga-plus@example.com", "Lucía Liga");
await db.insert(membershipPeriods).values({
  id: randomUUID(),
  userId: member,
  startsAt: new Date(now - 3_600_000),
  endsAt: new Date(now + 30 * 86_400_000),
  note: "e2e",
});
await person("vetado@example.com", "Víctor Vetado");

// Another organization with its own published tournament.
const other = await person("otra-org@example.com", "Olga Otra");
const otherOrg = randomUUID();
await db.insert(organizations).values({ id: otherOrg, slug: "otra-liga", name: "Otra Liga", createdBy: other });
await db.insert(organizationMembers).values({ organizationId: otherOrg, userId: other, role: "owner" });
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
  organizationId: otherOrg,
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
console.log("seeded organizations");
