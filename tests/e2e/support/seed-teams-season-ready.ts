// While the server is stopped (tests/e2e/teams-season.spec.ts): registration of the cup closes, every
// confirmed team checks in and the start is half an hour away, so staff can seed and start it.
// Usage: tsx tests/e2e/support/seed-teams-season-ready.ts <dataDir> <tournamentId>
import { and, eq } from "drizzle-orm";
import { competitionCheckIns, registrations } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";
import { readyToStart } from "./ready-to-start";

const [dataDir, tournamentId] = process.argv.slice(2);
if (!dataDir || !tournamentId) throw new Error("usage: seed-teams-season-ready <dataDir> <tournamentId>");
const handle = await openDatabase({ dataDir });
const db = handle.db;
for (const row of await db
  .select()
  .from(registrations)
  .where(and(eq(registrations.tournamentId, tournamentId), eq(registrations.status, "confirmed"))))
  await db.insert(competitionCheckIns).values({ registrationId: row.id, tournamentId, userId: row.userId }).onConflictDoNothing();
await readyToStart(db, tournamentId);
await handle.close();
console.log("ready");
