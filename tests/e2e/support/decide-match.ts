// Decides a match while the server is stopped (tests/e2e/live-final.spec.ts): both captains report
// the same score, straight on the data directory's database.
// Usage: tsx tests/e2e/support/decide-match.ts <dataDir> <tournamentId> <matchId> [postgresUrl]
// (on PostgreSQL the reports' notifications reach every instance listening: tests/multi-instance)
import { openDatabase, setDatabase } from "~/lib/db.server";
import { findMatch } from "~/features/competition/competition-reads.server";
import { reportMatch } from "~/features/competition/match-operations.server";

const [dataDir, tournamentId, matchId, url] = process.argv.slice(2);
if (!dataDir || !tournamentId || !matchId) throw new Error("usage: decide-match <dataDir> <tournamentId> <matchId>");
const handle = await openDatabase({ dataDir, url: url || undefined });
// On PostgreSQL the writes send their notification only when the process knows its driver.
setDatabase(handle);
const details = (await findMatch(handle.db, tournamentId, Number(matchId)))!;
for (const side of [details.side1!, details.side2!])
  await reportMatch(handle.db, {
    tournamentId,
    matchId: Number(matchId),
    userId: side.captainId,
    score: { score1: 1, score2: 0 },
    screenshot: { key: "00000000-0000-0000-0000-000000000000.png", type: "image/png" },
  });
await handle.close();
console.log("decided");
