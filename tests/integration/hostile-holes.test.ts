/**
 * Smaller holes a hostile visitor or a careless upload could use (docs/reliability.md "Hostile user", item 8). Drafts stay in
 * the back-office (bracket, matches, live stream), the sign-in page shows only our own messages, and
 * a damaged image is a clear refusal, never a 500.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { tournaments } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { useGameArtStorage } from "~/features/admin/game-art.server";
import { action as catalogueAction } from "~/features/admin/routes/catalogue";
import { action as newTournamentAction } from "~/features/admin/routes/tournament-new";
import { loader as authLoader } from "~/features/auth/routes/auth";
import { saveSettings } from "~/features/competition/competition-start.server";
import { loader as bracketLoader } from "~/features/competition/routes/bracket";
import { loader as liveLoader } from "~/features/competition/routes/live";
import { localDiskStorage } from "~/lib/storage.server";
import { callRoute, getRequest, multipartRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

const { handle, mailer } = useSignInTest();
const artFolder = fs.mkdtempSync(path.join(os.tmpdir(), "holes-art-"));

beforeAll(async () => {
  useGameArtStorage(localDiskStorage(artFolder));
});
afterAll(async () => {
  useGameArtStorage(undefined);
  fs.rmSync(artFolder, { recursive: true, force: true });
});

describe("a draft tournament is seen only by staff", () => {
  const T = "copa-borrador";

  async function draftWithBracket() {
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    await handle.db.insert(tournaments).values({
      id: T,
      title: "Copa Borrador",
      game: "free-fire",
      prize: "$100",
      players: ["4 jugadores"],
      image: "/x.jpg",
      date: "2026-12-01",
      capacity: 16,
      registrationClosesAt: new Date(Date.now() + 86_400_000),
      status: "draft",
    });
    await saveSettings(
      handle.db,
      T,
      {
        format: "single_elimination",
        bestOf: 1,
        finalBestOf: 1,
        groupCount: 1,
        lobbyMatches: 4,
        startsAt: new Date(Date.now() + 2 * 86_400_000),
        checkInOpensMinutes: 60,
        checkInClosesMinutes: 15,
      },
      staff.userId,
    );
    return staff;
  }

  it("answers 404 to visitors and players on the bracket page and the live stream; staff see it", async () => {
    const staff = await draftWithBracket();
    const player = await signInAs(handle.db, mailer, "ana@example.com");
    const params = { tournamentId: T };
    for (const cookie of ["", player.jar.header()]) {
      expect((await callRoute(bracketLoader, getRequest(`/tournaments/${T}/bracket`, cookie), params)).status).toBe(404);
      expect((await callRoute(liveLoader, getRequest(`/tournaments/${T}/live`, cookie), params)).status).toBe(404);
    }
    const asStaff = await callRoute<{ page: { tournament: { id: string } } }>(
      bracketLoader,
      getRequest(`/tournaments/${T}/bracket`, staff.jar.header()),
      params,
    );
    expect(asStaff.status).toBe(200);
    expect(asStaff.data?.page.tournament.id).toBe(T);

    // Once published, everyone sees it.
    await handle.db.update(tournaments).set({ status: "published" }).where(eq(tournaments.id, T));
    expect((await callRoute(bracketLoader, getRequest(`/tournaments/${T}/bracket`), params)).status).toBe(200);
  });
});

describe("the sign-in page shows only our own messages", () => {
  it("an `error` in the address picks one of our messages and never supplies text", async () => {
    const phishing = "Tu cuenta fue bloqueada. Llama al +58 412 000 0000 o escribe a soporte@evil.example";
    const answer = await callRoute<{ oauthError: string | null }>(
      authLoader,
      getRequest(`/auth?${new URLSearchParams({ oauth: "failed", error: phishing })}`),
    );
    expect(answer.data?.oauthError).toBe("OAUTH_FAILED");
    expect(JSON.stringify(answer.data)).not.toContain("+58 412");
    const denied = await callRoute<{ oauthError: string | null }>(authLoader, getRequest("/auth?oauth=failed&error=access_denied"));
    expect(denied.data?.oauthError).toBe("OAUTH_DENIED");
    const plain = await callRoute<{ oauthError: string | null }>(
      authLoader,
      getRequest(`/auth?${new URLSearchParams({ error: phishing })}`),
    );
    expect(plain.data?.oauthError).toBeNull();
  });
});

describe("a damaged image is refused with a clear message, never a 500", () => {
  async function truncatedPng() {
    const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: "#0af" } })
      .png()
      .toBuffer();
    return png.subarray(0, Math.floor(png.length / 2));
  }

  it("a tournament card image cut in half", async () => {
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: "Copa Rota",
      game: "blood-strike",
      date: inDays(10),
      startTime: "19:00",
      registrationOpensAt: "",
      registrationClosesAt: `${inDays(9)}T20:00`,
      capacity: "16",
      feeKind: "USD",
      fee: "3.50",
      prize: "$300",
      prizeSplit: "60,40",
      rules: "# Reglas",
      format: "single_elimination",
    }))
      form.set(name, value);
    form.set("image", new Blob([new Uint8Array(await truncatedPng())], { type: "image/png" }), "card.png");
    const answer = await callRoute(newTournamentAction, multipartRequest("/admin/tournaments/new", form, staff.jar.header()));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, code: "IMAGE_UNREADABLE", field: "image" });
    expect(await handle.db.$count(tournaments)).toBe(0);
  });

  it("game art cut in half", async () => {
    await seedDemoData(handle.db);
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const form = new FormData();
    for (const [name, value] of Object.entries({ gameId: "free-fire", name: "Free Fire", sortOrder: "1", checksPlayerId: "on" }))
      form.set(name, value);
    form.set("bannerFile", new Blob([new Uint8Array(await truncatedPng())], { type: "image/png" }), "banner.png");
    const answer = await callRoute(catalogueAction as never, multipartRequest("/admin/catalogue", form, staff.jar.header()));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, code: "ART_UNREADABLE", field: "bannerFile" });
    expect(fs.readdirSync(artFolder)).toHaveLength(0);
  });
});
