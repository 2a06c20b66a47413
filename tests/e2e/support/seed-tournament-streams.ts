// Prepares a data directory for the tournament streams test (docs/streamers.md): the demo data, staff, a Plus member,
// a player without Plus, an approved streamer who is live, a tournament tomorrow (staff attach the stream in
// the test) and yesterday's tournament (in the platform's calendar) with a recording, inside its 48 Plus hours.
// Usage: tsx tests/e2e/support/seed-tournament-streams.ts <dataDir>
import { randomUUID } from "node:crypto";
import { membershipPeriods, streamerChannels, streamers, tournamentRecordings, tournaments } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { platformToday } from "~/domain/format";
import { registerOrderKinds } from "~/features/order-kinds.server";
import { openDatabase } from "~/lib/db.server";
import { seedPeople } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-tournament-streams <dataDir>");
const handle = await openDatabase({ dataDir });
registerOrderKinds();
await seedDemoData(handle.db);
const ids = await seedPeople(handle.db, [
  ["staff-ts@example.com", "Sara Staff", true],
  ["member-ts@example.com", "Mia Plus", false],
  ["visitor-ts@example.com", "Victor Visita", false],
  ["caster-ts@example.com", "Vale Caster", false],
] as const);
const now = Date.now();
await handle.db.insert(membershipPeriods).values({
  id: randomUUID(),
  userId: ids["member-ts@example.com"]!,
  startsAt: new Date(now - 86_400_000),
  endsAt: new Date(now + 30 * 86_400_000),
  note: "e2e",
});
const streamerId = randomUUID();
await handle.db.insert(streamers).values({
  id: streamerId,
  userId: ids["caster-ts@example.com"]!,
  handle: "vale_caster",
  games: ["free-fire"],
  status: "approved",
  live: true,
  liveSince: new Date(now),
});
await handle.db
  .insert(streamerChannels)
  .values({ id: randomUUID(), streamerId, platform: "twitch", url: "https://www.twitch.tv/vale_caster" });
const base = { game: "free-fire", prize: "$100", players: ["1"], image: "/images/tournaments/free-fire.svg", capacity: 48 };
await handle.db.insert(tournaments).values({
  ...base,
  id: "copa-en-vivo",
  title: "Copa En Vivo",
  date: platformToday(new Date(now + 86_400_000)),
  registrationClosesAt: new Date(now + 12 * 3_600_000),
});
await handle.db.insert(tournaments).values({
  ...base,
  id: "copa-de-ayer",
  title: "Copa de Ayer",
  date: platformToday(new Date(now - 86_400_000)),
  registrationClosesAt: new Date(now - 30 * 3_600_000),
});
await handle.db.insert(tournamentRecordings).values({
  id: randomUUID(),
  tournamentId: "copa-de-ayer",
  platform: "youtube",
  videoId: "dQw4w9WgXcQ",
  url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  title: "Gran final",
  createdBy: ids["staff-ts@example.com"]!,
});
await handle.close();
console.log("{}");
