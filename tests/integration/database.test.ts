import { describe, expect, it } from "vitest";
import { getTableName, sql } from "drizzle-orm";
import { DEMO_GAMES, demoTournaments, seedDemoData } from "~/db/seed";
import { games, registrations, schema, topupPackages, tournaments, users } from "~/db/schema";
import { playersPerTeam, showsCoachField } from "~/domain/games";
import { databaseAnswers, queryRows } from "~/lib/db.server";
import { listUpcomingTournaments } from "~/features/tournaments/tournaments.server";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();

describe(`database on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("answers the health check", async () => {
    expect(await databaseAnswers(handle.db)).toBe(true);
  });

  it("has every table of the product after migrating", async () => {
    const rows = await queryRows<{ tablename: string }>(
      handle.db,
      sql`select tablename from pg_tables where schemaname = 'public' order by 1`,
    );
    // Exactly the tables app/db/schema.ts describes: a migration that forgets one, or leaves one behind, fails here.
    const described = Object.values(schema)
      .map((table) => getTableName(table))
      .sort();
    expect(rows.map((row) => row.tablename)).toEqual(described);
  });

  it("seeds the demo data once, however often it runs", async () => {
    await seedDemoData(handle.db);
    await seedDemoData(handle.db);
    expect(await handle.db.$count(tournaments)).toBe(demoTournaments(new Date()).length);
    expect(await handle.db.$count(games)).toBe(DEMO_GAMES.length);
    const packageCount = await handle.db.$count(topupPackages);
    expect(packageCount).toBeGreaterThan(15);
    await seedDemoData(handle.db);
    expect(await handle.db.$count(topupPackages)).toBe(packageCount);
  });

  it("keeps staff edits when seeding again", async () => {
    await seedDemoData(handle.db);
    await handle.db.execute(sql`update tournaments set title = 'Edited' where id = 'copa-free-fire-solo'`);
    await seedDemoData(handle.db);
    const rows = await queryRows<{ title: string }>(handle.db, sql`select title from tournaments where id = 'copa-free-fire-solo'`);
    expect(rows[0]?.title).toBe("Edited");
  });

  it("covers every tournament kind of SPEC §9", async () => {
    await seedDemoData(handle.db);
    const cards = await listUpcomingTournaments(handle.db);
    const freeSolo = cards.find((card) => card.feeAmount === 0 && playersPerTeam(card.game) === 1);
    const paidDuo = cards.find((card) => card.game === "blood-strike" && card.feeAmount > 0);
    const paidFive = cards.find((card) => card.game === "mobile-legends" && card.feeAmount > 0);
    const noCoach = cards.find((card) => !showsCoachField(card.game));
    expect(freeSolo).toBeDefined();
    expect(paidDuo && playersPerTeam(paidDuo.game)).toBe(2);
    expect(paidFive && playersPerTeam(paidFive.game)).toBe(5);
    expect(noCoach?.game).toBe("efootball");
  });

  it("lists upcoming tournaments soonest first and leaves past ones out", async () => {
    const now = new Date();
    await seedDemoData(handle.db, now);
    await handle.db.insert(tournaments).values({
      ...demoTournaments(now)[0]!,
      id: "past-cup",
      title: "Past Cup",
      date: "2020-01-01",
    });
    const cards = await listUpcomingTournaments(handle.db);
    expect(cards.map((card) => card.id)).not.toContain("past-cup");
    const dates = cards.map((card) => card.date);
    expect([...dates].sort()).toEqual(dates);
    expect(cards[0]).toMatchObject({ title: "Copa Free Fire Solo", players: ["48", "solo"], feeAmount: 0 });
  });

  it("keeps today's event listed until the day ends in the platform's time zone, not in UTC", async () => {
    const now = new Date();
    await seedDemoData(handle.db, now);
    await handle.db
      .insert(tournaments)
      .values({ ...demoTournaments(now)[0]!, id: "evening-cup", title: "Evening Cup", date: "2026-11-21" });
    // 00:30 UTC on the 22nd is 20:30 on the 21st in Caracas: the event is still today.
    const evening = await listUpcomingTournaments(handle.db, 50, new Date("2026-11-22T00:30:00Z"));
    expect(evening.map((card) => card.id)).toContain("evening-cup");
    // 04:30 UTC is half past midnight on the 22nd in Caracas: it is past.
    const after = await listUpcomingTournaments(handle.db, 50, new Date("2026-11-22T04:30:00Z"));
    expect(after.map((card) => card.id)).not.toContain("evening-cup");
  });

  it("gives each card its places and whether it is open, full or closed", async () => {
    const now = new Date();
    await seedDemoData(handle.db, now);
    await handle.db.execute(sql`update tournaments set capacity = 1 where id = 'copa-free-fire-solo'`);
    await handle.db.insert(users).values({ id: "u-full", email: "full@example.com", name: "Lleno", age: 20 });
    await handle.db
      .insert(registrations)
      .values({ id: "r-full", tournamentId: "copa-free-fire-solo", userId: "u-full", phone: "04141234567", status: "confirmed" });
    await handle.db.execute(
      sql`update tournaments set registration_closes_at = now() - interval '1 hour' where id = 'blood-strike-duo-clash'`,
    );
    const cards = await listUpcomingTournaments(handle.db);
    const byId = Object.fromEntries(cards.map((card) => [card.id, card]));
    expect(byId["copa-free-fire-solo"]).toMatchObject({ capacity: 1, taken: 1, state: "full" });
    expect(byId["blood-strike-duo-clash"]).toMatchObject({ state: "closed" });
    expect(cards.filter((card) => card.state === "open").length).toBeGreaterThan(0);
  });

  it("refuses rows that break the money rules", async () => {
    await seedDemoData(handle.db);
    await expect(
      handle.db.insert(topupPackages).values({ id: "bad", gameId: "free-fire", label: "x", priceUsd: -1, priceBs: 10 }),
    ).rejects.toMatchObject({ cause: { code: "23514" } });
    await expect(handle.db.insert(games).values({ id: "free-fire", name: "dup" })).rejects.toMatchObject({ cause: { code: "23505" } });
  });
});
