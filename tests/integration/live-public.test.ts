import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { registrations, tournaments, users } from "~/db/schema";
import { bracketPageData } from "~/features/competition/bracket-page.server";
import { checkIn } from "~/features/competition/check-in.server";
import { findMatch, findVisibleCompetition } from "~/features/competition/competition-reads.server";
import { postRoom, reportMatch } from "~/features/competition/match-operations.server";
import { saveSettings, startCompetition } from "~/features/competition/competition-start.server";
import { BROADCAST_WINDOW_MS, competitionListenerReady, subscribe } from "~/features/competition/competition-events.server";
import { createLiveChannel } from "~/features/competition/live-channel.server";
import { hasPersonalParts, loadPublicVersion, publicVersion } from "~/features/competition/live-version.server";

import { useTestDatabase } from "./test-database";

/**
 * Spectators are woken only by what they can see (docs/decisions/012-live-channel.md). A first
 * report awaiting the opponent's
 * confirmation, a dispute or a posted room leave the public version as it was; the confirming report
 * moves it, and a viewer that comes back with an older version is brought up to date at once.
 */
const handle = useTestDatabase();
const T = "copa-en-vivo";
const shot = { key: "00000000-0000-0000-0000-000000000000.png", type: "image/png" };

async function startedCup(teams = 4) {
  const db = handle.db;
  await db.insert(tournaments).values({
    id: T,
    title: "Copa en vivo",
    game: "free-fire",
    prize: "$100",
    players: ["4 jugadores"],
    image: "/x.jpg",
    date: "2026-12-01",
    capacity: 64,
    registrationClosesAt: new Date(),
  });
  const staff = randomUUID();
  await db.insert(users).values({ id: staff, email: "staff@example.com", name: "Staff", isStaff: true });
  const captains: { userId: string; registrationId: string }[] = [];
  for (let i = 1; i <= teams; i++) {
    const userId = randomUUID();
    const registrationId = randomUUID();
    await db.insert(users).values({ id: userId, email: `cap${i}@example.com`, name: `Cap ${i}` });
    await db
      .insert(registrations)
      .values({ id: registrationId, tournamentId: T, userId, teamName: `Team ${i}`, phone: "04141234567", status: "confirmed" });
    captains.push({ userId, registrationId });
  }
  await saveSettings(
    db,
    T,
    {
      format: "single_elimination",
      bestOf: 1,
      finalBestOf: 1,
      groupCount: 1,
      lobbyMatches: 4,
      startsAt: new Date(Date.now() + 30 * 60_000),
      checkInOpensMinutes: 60,
      checkInClosesMinutes: 15,
    },
    staff,
  );
  for (const captain of captains) await checkIn(db, { tournamentId: T, userId: captain.userId, now: new Date() });
  const manual = Object.fromEntries(captains.map((captain, index) => [captain.registrationId, index + 1]));
  await startCompetition(db, { tournamentId: T, actorUserId: staff, method: "manual", manual });
  const details = (await findMatch(db, T, 0))!;
  const captainOf = (registrationId: string) => captains.find((captain) => captain.registrationId === registrationId)!.userId;
  return { staff, captains, side1: captainOf(details.side1!.registrationId), side2: captainOf(details.side2!.registrationId) };
}

class Viewer extends EventEmitter {
  written: string[] = [];
  writableLength = 0;
  destroyed = false;
  writableEnded = false;
  writeHead() {
    return this;
  }
  setHeader() {}
  write(chunk: string | Buffer) {
    this.written.push(chunk.toString());
    return true;
  }
  end() {
    this.writableEnded = true;
    this.emit("close");
  }
  destroy() {
    this.destroyed = true;
    this.emit("close");
  }
  versions() {
    return this.written.filter((text) => text.includes("event: fragment")).map((text) => /^id: (.*)$/m.exec(text)![1]);
  }
}
const request = { headers: {}, socket: { setNoDelay() {}, setTimeout() {} } } as unknown as IncomingMessage;

/** The coalescing window and the version read after it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, BROADCAST_WINDOW_MS * 2 + 100));

describe("the public version", () => {
  it("is what the bracket page gives a spectator, and stays put through a first report, a room and a dispute", async () => {
    const { staff, side1, side2 } = await startedCup();
    const competition = (await findVisibleCompetition(handle.db, T, null))!;
    const page = await bracketPageData(handle.db, competition, null, new Date());
    const start = await loadPublicVersion(handle.db, T);
    expect(start).toBe(publicVersion(page));

    await reportMatch(handle.db, { tournamentId: T, matchId: 0, userId: side1, score: { score1: 1, score2: 0 }, screenshot: shot });
    expect(await loadPublicVersion(handle.db, T)).toBe(start);
    await postRoom(handle.db, { tournamentId: T, matchId: 0, actorUserId: staff, roomId: "SALA-1", roomPassword: "x" });
    expect(await loadPublicVersion(handle.db, T)).toBe(start);
    // The opponent disagrees: a dispute for staff, still nothing public.
    await reportMatch(handle.db, { tournamentId: T, matchId: 0, userId: side2, score: { score1: 0, score2: 1 }, screenshot: shot });
    expect(await loadPublicVersion(handle.db, T)).toBe(start);
  });

  it("tells pages with parts of their own (staff, captains) from spectators' pages", async () => {
    const { staff, side1 } = await startedCup();
    expect(await hasPersonalParts(handle.db, T, null, true)).toBe(false);
    expect(await hasPersonalParts(handle.db, T, { id: staff, isStaff: true }, true)).toBe(true);
    expect(await hasPersonalParts(handle.db, T, { id: side1, isStaff: false }, true)).toBe(true);
    expect(await hasPersonalParts(handle.db, T, { id: randomUUID(), isStaff: false }, true)).toBe(false);
    expect(await hasPersonalParts(handle.db, T, { id: randomUUID(), isStaff: false }, false)).toBe(true);
  });
});

describe("spectators on the live channel", () => {
  it("hear nothing of a first report (the two teams' stream does), then get the result once, in the event", async () => {
    const { side1, side2 } = await startedCup();
    const renders: string[] = [];
    const channel = createLiveChannel({
      version: (tournamentId) => loadPublicVersion(handle.db, tournamentId),
      async render(tournamentId, language) {
        renders.push(language);
        const competition = (await findVisibleCompetition(handle.db, tournamentId, null))!;
        const page = await bracketPageData(handle.db, competition, null, new Date());
        const winner = page.settings === "ok" ? page.bracket?.[0]?.rounds[0]?.matches[0]?.side1?.winner : null;
        return `<section data-swap>${winner ? "won" : "open"}</section>`;
      },
    });
    const start = await loadPublicVersion(handle.db, T);
    const spectators = [new Viewer(), new Viewer()];
    for (const spectator of spectators) await channel.handle(request, spectator as unknown as ServerResponse, T, start);
    // The stream every change reaches (staff's and the captains' pages: "something changed").
    const everyChange: number[] = [];
    const stop = subscribe(T, (version) => everyChange.push(version));
    // On PostgreSQL the first subscriber opens the LISTEN connection: it listens before the write.
    expect(await competitionListenerReady()).toBe(true);

    await reportMatch(handle.db, { tournamentId: T, matchId: 0, userId: side1, score: { score1: 1, score2: 0 }, screenshot: shot });
    await settle();
    expect(everyChange.length).toBeGreaterThan(0);
    for (const spectator of spectators) expect(spectator.versions()).toEqual([]);
    expect(renders).toEqual([]);

    await reportMatch(handle.db, { tournamentId: T, matchId: 0, userId: side2, score: { score1: 1, score2: 0 }, screenshot: shot });
    await settle();
    const decided = await loadPublicVersion(handle.db, T);
    expect(decided).not.toBe(start);
    for (const spectator of spectators) {
      expect(spectator.versions()).toEqual([decided]);
      expect(spectator.written.join("")).toContain("data: <section data-swap>won</section>");
    }
    // One render for both.
    expect(renders).toEqual(["es"]);

    // A third comes back (a restart, a dropped connection) with the version from before the result: caught up at once.
    const returning = new Viewer();
    await channel.handle(request, returning as unknown as ServerResponse, T, start);
    expect(returning.versions()).toEqual([decided]);
    expect(renders).toEqual(["es"]);
    stop();
    channel.closeAll();
  });
});
