// Prepares a data directory for tests/e2e/teams-keyset.spec.ts: staff, 53 teams (more than one page of
// the staff's list, several made in the same instant) and a player with a public name who entered 22
// tournaments (more than one page of a profile's tournaments).
// Usage: tsx tests/e2e/support/seed-teams-keyset.ts <dataDir>
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { registrations, teams, tournaments, users } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { openDatabase } from "~/lib/db.server";
import { seedPeople } from "./seed-people";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-teams-keyset <dataDir>");
const handle = await openDatabase({ dataDir });
const db = handle.db;
await seedDemoData(db);
const ids = await seedPeople(db, [
  ["paginas-staff@example.com", "Pía Staff", true],
  ["paginas-jugador@example.com", "Paco Páginas", false],
]);
const player = ids["paginas-jugador@example.com"]!;
await db.update(users).set({ handle: "paco_paginas" }).where(eq(users.id, player));
const start = Date.parse("2026-01-01T12:00:00Z");
await db.insert(teams).values(
  Array.from({ length: 53 }, (_, i) => ({
    id: randomUUID(),
    game: "free-fire",
    name: `Página ${String(i + 1).padStart(2, "0")}`,
    tag: `P${i + 1}`,
    country: "VE",
    captainUserId: player,
    // Teams 1 to 5 share one instant: the cursor's id breaks the tie.
    createdAt: new Date(start + Math.max(0, i - 4) * 60_000),
  })),
);
for (let i = 1; i <= 22; i++) {
  const id = `copa-pagina-${String(i).padStart(2, "0")}`;
  await db.insert(tournaments).values({
    id,
    title: `Copa Página ${String(i).padStart(2, "0")}`,
    game: "free-fire",
    prize: "$10",
    players: ["1 jugador"],
    image: "/x.jpg",
    date: `2026-0${1 + Math.floor((i - 1) / 9)}-${String(1 + ((i - 1) % 9)).padStart(2, "0")}`,
    capacity: 16,
    registrationClosesAt: new Date(start),
  });
  await db.insert(registrations).values({ id: randomUUID(), tournamentId: id, userId: player, phone: "04141112233", status: "confirmed" });
}
await handle.close();
console.log("{}");
