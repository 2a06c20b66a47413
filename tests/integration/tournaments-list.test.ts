import { describe, expect, it } from "vitest";
import { tournaments } from "~/db/schema";
import { loader as tournamentsLoader } from "~/features/tournaments/routes/tournaments";
import { listTournamentsPage, TOURNAMENTS_PAGE } from "~/features/tournaments/tournaments.server";
import { callRoute, getRequest } from "./support/routes";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function seed(count: number) {
  await handle.db.insert(tournaments).values(
    Array.from({ length: count }, (_, i) => ({
      id: `t-${String(i).padStart(3, "0")}`,
      title: `Copa ${i}`,
      game: i % 3 === 0 ? "blood-strike" : "free-fire",
      prize: "$10",
      players: ["1"],
      image: "/x.jpg",
      date: day(1 + (i % 7)),
      capacity: 16,
      feeAmount: i % 2 === 0 ? 0 : 200,
      registrationClosesAt: new Date(Date.now() + 86_400_000),
    })),
  );
  // Neither a draft nor a past event is listed.
  await handle.db.insert(tournaments).values([
    {
      id: "draft",
      title: "Borrador",
      game: "free-fire",
      prize: "-",
      players: ["1"],
      image: "/x.jpg",
      date: day(2),
      capacity: 8,
      status: "draft",
      registrationClosesAt: new Date(),
    },
    {
      id: "past",
      title: "Pasado",
      game: "free-fire",
      prize: "-",
      players: ["1"],
      image: "/x.jpg",
      date: day(-3),
      capacity: 8,
      registrationClosesAt: new Date(),
    },
  ]);
}

describe("/tournaments: every upcoming tournament", () => {
  it("pages by date then id without gaps or repeats, and filters by game and fee", async () => {
    await seed(60);
    const seen: string[] = [];
    let after: { date: string; id: string } | null = null;
    do {
      const page = await listTournamentsPage(handle.db, { game: null, fee: null, after });
      expect(page.cards.length).toBeLessThanOrEqual(TOURNAMENTS_PAGE);
      seen.push(...page.cards.map((card) => card.id));
      after = page.next;
    } while (after);
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    expect(seen).not.toContain("draft");
    expect(seen).not.toContain("past");

    const free = await listTournamentsPage(handle.db, { game: "blood-strike", fee: "free", after: null });
    expect(free.cards.length).toBeGreaterThan(0);
    for (const card of free.cards) expect([card.game, card.feeAmount]).toEqual(["blood-strike", 0]);
  });

  it("answers a visitor; filters it does not understand are left out, never a 500", async () => {
    await seed(3);
    const answer = await callRoute(tournamentsLoader, getRequest("/tournaments?game=%00&fee=gratis&after=nope~%00"));
    expect(answer.status).toBe(200);
    expect((answer.data as { tournaments: unknown[] }).tournaments).toHaveLength(3);
  });
});
