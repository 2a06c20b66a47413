// Prepares a data directory for tests/e2e/profile-privacy.spec.ts: a player with a public name, two IDs
// saved at the store (none shown yet), a Free Fire team and a tournament entered.
// Usage: tsx tests/e2e/support/seed-profile-privacy.ts <dataDir>
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { registrations, teamMembers, teams, tournaments, users } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { rememberPlayerId } from "~/features/store/saved-player-ids.server";
import { openDatabase } from "~/lib/db.server";
import { seedPeople } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-profile-privacy <dataDir>");
const handle = await openDatabase({ dataDir });
const db = handle.db;
await seedDemoData(db);
const ids = await seedPeople(db, [["privada@example.com", "Ana Privada", false]]);
const ana = ids["privada@example.com"]!;
await db.update(users).set({ handle: "ana_privada" }).where(eq(users.id, ana));
await rememberPlayerId(db, { userId: ana, gameId: "free-fire", playerId: "512340077", zone: null, gamerName: "AnaFF" });
await rememberPlayerId(db, { userId: ana, gameId: "mobile-legends", playerId: "88120011", zone: "2010", gamerName: null });
const teamId = randomUUID();
await db.insert(teams).values({ id: teamId, game: "free-fire", name: "Las Panas FF", tag: "PNA", country: "VE", captainUserId: ana });
await db.insert(teamMembers).values({ id: randomUUID(), teamId, userId: ana, role: "starter", ign: "AnaFF" });
const [cup] = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, "copa-free-fire-solo"));
await db.insert(registrations).values({ id: randomUUID(), tournamentId: cup!.id, userId: ana, phone: "04141112233", status: "confirmed" });
await handle.close();
console.log("{}");
