/**
 * "lists and leaderboards use index-backed keyset pagination" (docs/teams.md): the staff's team
 * list and a player's tournaments are read page by page after an opaque cursor; rows sharing a sort key
 * are neither skipped nor repeated, and a forged cursor answers the first page.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { registrations, teams, tournaments, users } from "~/db/schema";
import { listTeamsForStaff } from "~/features/admin/teams-admin.server";
import { decodeKeyset, type KeysetCursor } from "~/features/teams/core/keyset";
import { playerTournamentsPage } from "~/features/teams/teams.server";
import { loader as playerLoader } from "~/features/teams/routes/player";
import { callRoute, getRequest } from "./support/routes";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();

async function user(handleName?: string) {
  const id = randomUUID();
  await handle.db.insert(users).values({ id, email: `u-${id.slice(0, 8)}@example.com`, name: "Jugador", handle: handleName ?? null });
  return id;
}

/** Reads every page, following the cursors, with `read(after)` answering one page. */
async function allPages<R>(read: (after: KeysetCursor | null) => Promise<{ rows: R[]; next: string | null }>, kind: "timestamp" | "day") {
  const pages: R[][] = [];
  let after: KeysetCursor | null = null;
  for (let guard = 0; guard < 50; guard++) {
    const page = await read(after);
    pages.push(page.rows);
    if (!page.next) break;
    after = decodeKeyset(page.next, kind);
    expect(after).not.toBeNull();
  }
  return pages;
}

describe("staff team list", () => {
  it("pages newest first without overlap or gaps when teams share a creation instant", async () => {
    const captain = await user();
    const same = new Date("2026-11-20T10:00:00.000Z");
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const id = randomUUID();
      ids.push(id);
      // Five teams made in the same instant, two a little later (one of them a microsecond later).
      await handle.db.insert(teams).values({
        id,
        game: "mobile-legends",
        name: `Equipo ${i}`,
        tag: `E${i}`,
        country: "VE",
        captainUserId: captain,
        createdAt: i < 5 ? same : new Date(same.getTime() + (i - 4) * 1000),
      });
    }
    const pages = await allPages(async (after) => {
      const page = await listTeamsForStaff(handle.db, null, after, 2);
      return { rows: page.teams, next: page.next };
    }, "timestamp");
    const seen = pages.flat().map((team) => team.id);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    expect(new Set(seen).size).toBe(7);
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(seen.slice(0, 2)).toEqual([ids[6], ids[5]]);

    // A search is paged the same way.
    const searched = await allPages(async (after) => {
      const page = await listTeamsForStaff(handle.db, "Equipo", after, 3);
      return { rows: page.teams, next: page.next };
    }, "timestamp");
    expect(searched.flat().map((team) => team.id)).toEqual(seen);
  });

  it("keeps microseconds in the cursor so rows within one millisecond are not repeated", async () => {
    const captain = await user();
    const [a, b] = [randomUUID(), randomUUID()];
    await handle.db.insert(teams).values([
      { id: a, game: "free-fire", name: "Micro A", tag: "MA", country: "VE", captainUserId: captain },
      { id: b, game: "free-fire", name: "Micro B", tag: "MB", country: "VE", captainUserId: captain },
    ]);
    const pages = await allPages(async (after) => {
      const page = await listTeamsForStaff(handle.db, "Micro", after, 1);
      return { rows: page.teams, next: page.next };
    }, "timestamp");
    expect(
      pages
        .flat()
        .map((team) => team.id)
        .sort(),
    ).toEqual([a, b].sort());
  });
});

describe("a player's tournaments", () => {
  it("pages latest first across tournaments on the same day, and a forged cursor shows the first page", async () => {
    const me = await user("pagina_ccs");
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const tournamentId = `copa-pagina-${i}`;
      await handle.db.insert(tournaments).values({
        id: tournamentId,
        title: `Copa ${i}`,
        game: "free-fire",
        prize: "$10",
        players: ["1 jugador"],
        image: "/x.jpg",
        date: i < 3 ? "2026-10-10" : `2026-10-1${i}`,
        capacity: 16,
        registrationClosesAt: new Date(),
      });
      const registrationId = randomUUID();
      made.push(registrationId);
      await handle.db.insert(registrations).values({
        id: registrationId,
        tournamentId,
        userId: me,
        teamName: "Yo",
        phone: "04141234567",
        status: "confirmed",
      });
    }
    const pages = await allPages((after) => playerTournamentsPage(handle.db, me, after, 2), "day");
    const seen = pages.flat().map((entry) => entry.registrationId);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect([...seen].sort()).toEqual([...made].sort());
    expect(pages[0]!.map((entry) => entry.date)).toEqual(["2026-10-14", "2026-10-13"]);

    const forgeries = [
      "nonsense",
      Buffer.from(`["2026-10-10' or 1=1 --","x"]`).toString("base64url"),
      Buffer.from("[]").toString("base64url"),
      "%".repeat(300),
    ];
    for (const forged of forgeries) {
      const answer = await callRoute<{ entries: { registrationId: string }[]; paged: boolean }>(
        playerLoader,
        getRequest(`/players/pagina_ccs?after=${encodeURIComponent(forged)}`),
        { handle: "pagina_ccs" },
      );
      expect(answer.status).toBe(200);
      expect(answer.data?.paged).toBe(false);
      expect(answer.data?.entries.map((entry) => entry.registrationId)).toEqual(seen.slice(0, answer.data?.entries.length));
    }
    // A well-formed cursor that names nothing real is only a position in the order: no error either.
    const madeUp = await playerTournamentsPage(handle.db, me, { key: "2026-10-12", id: "zzz" }, 10);
    expect(madeUp.rows.map((entry) => entry.date)).toEqual(["2026-10-10", "2026-10-10", "2026-10-10"]);
  });
});
