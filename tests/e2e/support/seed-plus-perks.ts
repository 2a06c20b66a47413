// Prepares a data directory for plus-perks.spec.ts: the demo data, a staff member, a player who is not
// a member (Spanish) and one who links Discord and buys Plus (English), and the free Free Fire cup made
// a Plus event, open now.
// Usage: tsx tests/e2e/support/seed-plus-perks.ts <dataDir>; prints {"tournamentId", "discordId"} last.
// With "expire" after the data directory: moves the members' periods into the past (the membership has
// ended while the server was stopped; the routine takes the role away when it starts again).
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { accounts, membershipPeriods, tournaments } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { openDatabase } from "~/lib/db.server";
import { seedPerson } from "./seed-people";

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-plus-perks <dataDir> [expire]");
const handle = await openDatabase({ dataDir });
const tournamentId = "copa-free-fire-solo";
const discordId = "300000000000000029";

if (mode === "expire") {
  await handle.db.update(membershipPeriods).set({ startsAt: sql`now() - interval '31 days'`, endsAt: sql`now() - interval '1 minute'` });
  await handle.close();
  process.exit(0);
}

await seedDemoData(handle.db);
const person = (email: string, name: string, language: "es" | "en", isStaff = false) =>
  seedPerson(handle.db, email, name, { isStaff, language });
await person("staff-perks@example.com", "Sara Staff", "es", true);
await person("perks-plain@example.com", "Nora Normal", "es");
const member = await person("perks-member@example.com", "Mia Member", "en");
// Signed in with Discord once (the same e-mail): better-auth's account row.
await handle.db.insert(accounts).values({ id: randomUUID(), accountId: discordId, providerId: "discord", userId: member });
await handle.db.update(tournaments).set({ plusOnly: true, registrationOpensAt: null }).where(eq(tournaments.id, tournamentId));
await handle.close();
console.log(JSON.stringify({ tournamentId, discordId }));
