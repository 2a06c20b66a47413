/**
 * A team's logo (docs/teams.md "Logo"): the captain uploads a PNG, JPEG or WebP; it is checked
 * by content, size-limited, re-encoded as a WebP square, stored like the game art and served from
 * /media/teams/; a member who is not the captain, a file that is not an image, a tiny or too large one are
 * refused with nothing stored or changed; a new logo forgets the old file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { teamMembers, teams } from "~/db/schema";
import { action as teamAction, loader as teamLoader } from "~/features/teams/routes/team";
import { loader as logoLoader } from "~/features/teams/routes/team-logo";
import { TEAM_LOGO_MAX_BYTES, useTeamLogoStorage } from "~/features/teams/team-logos.server";
import { localDiskStorage } from "~/lib/storage.server";
import { callRoute, getRequest, multipartRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

const { handle, mailer } = useSignInTest();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "team-logos-"));

beforeAll(async () => {
  useTeamLogoStorage(localDiskStorage(folder));
});
afterAll(async () => {
  useTeamLogoStorage(undefined);
  fs.rmSync(folder, { recursive: true, force: true });
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

function logoPost(teamId: string, bytes: Uint8Array, cookie: string, type = "image/png") {
  const form = new FormData();
  form.set("intent", "logo");
  form.set("logo", new Blob([new Uint8Array(bytes)], { type }), "logo.png");
  return callRoute<{ ok: boolean; code?: string; outcome?: string }>(
    teamAction,
    multipartRequest(`/teams/${teamId}`, form, cookie, false),
    {
      teamId,
    },
  );
}

const stored = () => fs.readdirSync(folder);

async function teamWithMember() {
  const captain = await signInAs(handle.db, mailer, "capi@example.com");
  const member = await signInAs(handle.db, mailer, "miembro@example.com");
  const teamId = randomUUID();
  await handle.db
    .insert(teams)
    .values({ id: teamId, game: "free-fire", name: "Las Panas", tag: "PNA", country: "VE", captainUserId: captain.userId });
  await handle.db.insert(teamMembers).values([
    { id: randomUUID(), teamId, userId: captain.userId, role: "starter", ign: "Capi" },
    { id: randomUUID(), teamId, userId: member.userId, role: "substitute", ign: "Miembro" },
  ]);
  return { teamId, captain: captain.jar.header(), member: member.jar.header() };
}

describe("team logos", () => {
  it("the captain uploads a logo: re-encoded as a 256 px WebP, served publicly, shown instead of the tag; a new one forgets the old", async () => {
    const { teamId, captain } = await teamWithMember();
    const answer = await logoPost(teamId, await png(400, 300), captain);
    expect(answer.data).toMatchObject({ ok: true, outcome: "logoSet" });
    const [team] = await handle.db.select().from(teams).where(eq(teams.id, teamId));
    expect(team!.logoUrl).toMatch(/^\/media\/teams\/[\w.-]+\.webp$/);
    const file = team!.logoUrl!.split("/").pop()!;
    expect(stored()).toEqual([file]);

    const served = (await logoLoader({ params: { file } } as never)) as Response;
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });

    const page = await callRoute<{ team: { logoUrl: string } }>(teamLoader, getRequest(`/teams/${teamId}`), { teamId });
    expect(page.data!.team.logoUrl).toBe(team!.logoUrl);

    await logoPost(teamId, await png(128, 128), captain);
    const [after] = await handle.db.select().from(teams).where(eq(teams.id, teamId));
    expect(after!.logoUrl).not.toBe(team!.logoUrl);
    expect(stored()).toEqual([after!.logoUrl!.split("/").pop()]);
    await expect(logoLoader({ params: { file: "../secret.webp" } } as never)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("refuses a member who is not the captain, a file that is not an image, a tiny or too large image: nothing stored or changed", async () => {
    const { teamId, captain, member } = await teamWithMember();
    const before = stored();
    const notCaptain = await logoPost(teamId, await png(200, 200), member);
    expect(notCaptain).toMatchObject({ status: 403, data: { ok: false, code: "NOT_CAPTAIN" } });
    const text = await logoPost(teamId, new TextEncoder().encode("<svg onload=alert(1)></svg>"), captain, "image/png");
    expect(text).toMatchObject({ status: 400, data: { code: "LOGO_NOT_ALLOWED" } });
    expect((await logoPost(teamId, await png(20, 20), captain)).data).toMatchObject({ code: "LOGO_TOO_SMALL" });
    expect((await logoPost(teamId, new Uint8Array(TEAM_LOGO_MAX_BYTES + 1), captain)).data).toMatchObject({ code: "LOGO_TOO_LARGE" });
    const empty = new FormData();
    empty.set("intent", "logo");
    const missing = await callRoute<{ code: string }>(teamAction, multipartRequest(`/teams/${teamId}`, empty, captain, false), { teamId });
    expect(missing.data).toMatchObject({ code: "LOGO_MISSING" });
    const [team] = await handle.db.select().from(teams).where(eq(teams.id, teamId));
    expect(team!.logoUrl).toBeNull();
    expect(stored()).toEqual(before);
  });
});
