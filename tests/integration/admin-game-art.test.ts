import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { auditLog, games } from "~/db/schema";
import { useGameArtStorage } from "~/features/admin/game-art.server";
import { action as gamesAction, loader as gamesLoader } from "~/features/admin/routes/catalogue";
import { loader as artLoader } from "~/features/store/routes/game-art";
import { localDiskStorage } from "~/lib/storage.server";
import { callRoute, getRequest, multipartRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

const { handle, mailer } = useSignInTest({ seed: true });
let staff: Awaited<ReturnType<typeof signInAs>>;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "game-art-"));

beforeAll(async () => {
  useGameArtStorage(localDiskStorage(folder));
});
afterAll(async () => {
  useGameArtStorage(undefined);
  fs.rmSync(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
});

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 180, b: 220 } } })
    .png()
    .toBuffer();

function gameForm(files: Record<string, { bytes: Uint8Array; name: string; type: string }>, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ gameId: "free-fire", name: "Free Fire", sortOrder: "1", checksPlayerId: "on", ...fields }))
    form.set(name, value);
  for (const [name, file] of Object.entries(files)) form.set(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}
const save = (form: FormData) =>
  callRoute<{ ok: boolean; code?: string; field?: string }>(
    gamesAction as never,
    multipartRequest("/admin/catalogue", form, staff.jar.header()),
  );
const freeFire = async () => (await handle.db.select().from(games).where(eq(games.id, "free-fire")))[0]!;

describe("game art upload (/admin/catalogue)", () => {
  it("stores a real icon and banner resized as WebP, serves them publicly, and audits the new paths", async () => {
    const answer = await save(
      gameForm({
        logoFile: { bytes: await image(600, 600), name: "icon.png", type: "image/png" },
        bannerFile: { bytes: await image(1600, 500), name: "banner.png", type: "image/png" },
      }),
    );
    expect(answer.data).toEqual({ ok: true, gameId: "free-fire" });
    const game = await freeFire();
    expect(game.logo).toMatch(/^\/media\/games\/[0-9a-f-]{36}\.webp$/);
    expect(game.banner).toMatch(/^\/media\/games\/[0-9a-f-]{36}\.webp$/);

    for (const [address, width, height] of [
      [game.logo!, 256, 256],
      [game.banner!, 1200, 400],
    ] as const) {
      const file = address.replace("/media/games/", "");
      const served = (await artLoader({ params: { file }, request: getRequest(address), context: {} } as never)) as Response;
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, height]);
    }
    const [entry] = await handle.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(entry).toMatchObject({ action: "game.update", entityId: "free-fire", after: { logo: game.logo, banner: game.banner } });
  });

  it("refuses a text file renamed .png with a clear error, and changes nothing", async () => {
    const before = await freeFire();
    const filesBefore = fs.readdirSync(folder).length;
    const fake = new TextEncoder().encode("this is not an image, only text with a .png name\n");
    const answer = await save(gameForm({ logoFile: { bytes: fake, name: "icon.png", type: "image/png" } }, { name: "Renamed" }));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, code: "ART_NOT_ALLOWED", field: "logoFile" });
    expect(await freeFire()).toEqual(before);
    expect(fs.readdirSync(folder)).toHaveLength(filesBefore);
    expect(await handle.db.select().from(auditLog)).toHaveLength(0);
  });

  it("a good icon with a bad banner stores neither (no orphan file)", async () => {
    const filesBefore = fs.readdirSync(folder).length;
    const answer = await save(
      gameForm({
        logoFile: { bytes: await image(600, 600), name: "icon.png", type: "image/png" },
        bannerFile: { bytes: new TextEncoder().encode("GIF89a not really"), name: "banner.png", type: "image/png" },
      }),
    );
    expect(answer.data).toMatchObject({ ok: false, code: "ART_NOT_ALLOWED", field: "bannerFile" });
    expect(fs.readdirSync(folder)).toHaveLength(filesBefore);
  });

  it("refuses a PNG header on garbage, a too-small banner and a file over 5 MB", async () => {
    const header = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const garbage = Buffer.concat([header, Buffer.alloc(64, 7)]);
    expect((await save(gameForm({ logoFile: { bytes: garbage, name: "x.png", type: "image/png" } }))).data).toMatchObject({
      code: "ART_UNREADABLE",
    });
    expect((await save(gameForm({ bannerFile: { bytes: await image(300, 100), name: "b.png", type: "image/png" } }))).data).toMatchObject({
      code: "ART_TOO_SMALL",
      field: "bannerFile",
    });
    const huge = Buffer.concat([await image(600, 600), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await save(gameForm({ logoFile: { bytes: huge, name: "big.png", type: "image/png" } }))).data).toMatchObject({
      code: "ART_TOO_LARGE",
    });
  });

  it("keeps the typed path as an alternative, and the served route refuses names that are not ours", async () => {
    const answer = await save(gameForm({}, { logo: "/images/games/free-fire.png", banner: "https://cdn.example.com/ff-banner.webp" }));
    expect(answer.data).toEqual({ ok: true, gameId: "free-fire" });
    expect(await freeFire()).toMatchObject({ logo: "/images/games/free-fire.png", banner: "https://cdn.example.com/ff-banner.webp" });
    for (const file of ["../secret.webp", "x.webp", "00000000-0000-4000-8000-000000000000.webp"]) {
      const answer = await callRoute(artLoader as never, getRequest(`/media/games/${file}`), { file });
      expect(answer.status, file).toBe(404);
    }
  });

  it("shows whether each game's player ID is checked and whether the checker is configured", async () => {
    const page = await callRoute<{ games: { id: string; checksPlayerId: boolean }[]; checkerConfigured: boolean }>(
      gamesLoader as never,
      getRequest("/admin/catalogue", staff.jar.header()),
    );
    expect(typeof page.data!.checkerConfigured).toBe("boolean");
    expect(page.data!.games.find((game) => game.id === "free-fire")?.checksPlayerId).toBe(true);
  });
});
