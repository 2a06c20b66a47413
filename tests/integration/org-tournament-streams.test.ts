/**
 * Issue 30, organizers attach streams (docs/streamers.md, docs/organizations.md): the streams page is
 * mounted under /organizations/:slug/manage too, so an organization's operators attach and detach
 * streams on their own organization's tournaments, and only there (another organization's or the
 * platform's tournament is a 404, nothing changed).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, tournamentStreams } from "~/db/schema";
import { useAuthSettings } from "~/features/auth/auth.server";
import { action as newTournamentAction } from "~/features/admin/routes/tournament-new";
import { action as newAction } from "~/features/organizations/routes/new";
import { grantPlus } from "~/features/plus/plus.server";
import { action as streamsAction, loader as streamsLoader } from "~/features/streamers/routes/admin-tournament-streams";
import type { DatabaseHandle } from "~/lib/db.server";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { openTestDatabase, resetTables } from "./test-database";

let handle: DatabaseHandle;
const mailer = memoryMailer();
type Jar = Awaited<ReturnType<typeof signInAs>>;
let staff: Jar;
let owner: Jar;
let rival: Jar;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  useAuthSettings(undefined);
  await handle.close();
});
beforeEach(async () => {
  await resetTables(handle);
  useTestAuth(handle.db, mailer);
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
  owner = await signInAs(handle.db, mailer, "owner@example.com");
  rival = await signInAs(handle.db, mailer, "rival@example.com");
});

type Answer = { ok: boolean; code?: string; done?: string };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const tournamentForm = {
  title: "Copa de la Liga",
  game: "free-fire",
  date: inDays(10),
  startTime: "19:00",
  registrationOpensAt: "",
  registrationClosesAt: `${inDays(9)}T20:00`,
  capacity: "8",
  feeKind: "free",
  fee: "",
  prize: "Gloria",
  prizeSplit: "",
  rules: "",
  format: "single_elimination",
  teamSize: "1",
};

async function createOrganization(jar: Jar, name: string) {
  await grantPlus(handle.db, { userId: jar.userId, staffId: staff.userId, months: 1, note: "prueba" });
  const answer = await callRoute(newAction, formRequest("/organizations/new", { name, links: "" }, jar.jar.header()));
  expect(answer.status, JSON.stringify(answer.data)).toBe(302);
  return answer.location!.match(/^\/organizations\/([^/]+)\/manage/)![1]!;
}

async function createTournament(jar: Jar, slug?: string) {
  const path = slug ? `/organizations/${slug}/manage/tournaments/new` : "/admin/tournaments/new";
  const answer = await callRoute(newTournamentAction, formRequest(path, tournamentForm, jar.jar.header()), slug ? { slug } : {});
  expect(answer.status, JSON.stringify(answer.data)).toBe(302);
  return answer.location!.match(/\/tournaments\/([^/?]+)/)![1]!;
}

const attach = { intent: "attach", kind: "caster", platform: "twitch", url: "https://www.twitch.tv/caster_liga" };
const streamsPost = (jar: Jar, slug: string, tournamentId: string, fields: Record<string, string>) =>
  callRoute<Answer>(
    streamsAction,
    formRequest(`/organizations/${slug}/manage/tournaments/${tournamentId}/streams`, fields, jar.jar.header()),
    {
      slug,
      tournamentId,
    },
  );

describe("organizers manage their tournaments' streams", () => {
  it("an organization's admin attaches and detaches on theirs, not on another organization's or the platform's", async () => {
    const liga = await createOrganization(owner, "Liga Caracas");
    const otra = await createOrganization(rival, "Otra Liga");
    const ours = await createTournament(owner, liga);
    const theirs = await createTournament(rival, otra);
    const platform = await createTournament(staff);

    const page = await callRoute<{ base: string }>(
      streamsLoader,
      getRequest(`/organizations/${liga}/manage/tournaments/${ours}/streams`, owner.jar.header()),
      { slug: liga, tournamentId: ours },
    );
    expect(page.status).toBe(200);
    expect(page.data?.base).toBe(`/organizations/${liga}/manage/tournaments/${ours}`);
    const attached = await streamsPost(owner, liga, ours, attach);
    expect(attached.data).toMatchObject({ ok: true, done: "attached" });
    const [stream] = await handle.db.select().from(tournamentStreams).where(eq(tournamentStreams.tournamentId, ours));
    expect(stream).toMatchObject({ kind: "caster", createdBy: owner.userId });
    expect(await handle.db.$count(auditLog, eq(auditLog.action, "tournament.stream_attach"))).toBe(1);

    // Another organization's tournament, through either organization's address, and the platform's: 404, nothing attached.
    expect((await streamsPost(owner, liga, theirs, attach)).status).toBe(404);
    expect((await streamsPost(owner, otra, theirs, attach)).status).toBe(404);
    expect((await streamsPost(owner, liga, platform, attach)).status).toBe(404);
    expect((await streamsPost(rival, liga, ours, { intent: "detach", streamId: stream!.id })).status).toBe(404);
    const loaderElsewhere = await callRoute(
      streamsLoader,
      getRequest(`/organizations/${liga}/manage/tournaments/${platform}/streams`, owner.jar.header()),
      { slug: liga, tournamentId: platform },
    );
    expect(loaderElsewhere.status).toBe(404);
    expect(await handle.db.$count(tournamentStreams)).toBe(1);

    const detached = await streamsPost(owner, liga, ours, { intent: "detach", streamId: stream!.id });
    expect(detached.data).toMatchObject({ ok: true, done: "detached" });
    expect(await handle.db.$count(tournamentStreams)).toBe(0);
  });
});
