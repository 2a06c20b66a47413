/**
 * Organizers attach streams (docs/streamers.md, docs/organizations.md): the streams page is
 * mounted under /organizations/:slug/manage too, so an organization's operators attach and detach
 * streams on their own organization's tournaments, and only there (another organization's or the
 * platform's tournament is a 404, nothing changed).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, tournamentStreams } from "~/db/schema";
import { action as streamsAction, loader as streamsLoader } from "~/features/streamers/routes/admin-tournament-streams";
import { createOrganization, createTournament, type Jar } from "./support/organizations";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

const { handle, mailer } = useSignInTest();
let staff: Jar;
let owner: Jar;
let rival: Jar;

beforeEach(async () => {
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
  owner = await signInAs(handle.db, mailer, "owner@example.com");
  rival = await signInAs(handle.db, mailer, "rival@example.com");
});

type Answer = { ok: boolean; code?: string; done?: string };

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
    const liga = await createOrganization(handle.db, staff, owner, { name: "Liga Caracas" });
    const otra = await createOrganization(handle.db, staff, rival, { name: "Otra Liga" });
    const ours = await createTournament(owner, { slug: liga });
    const theirs = await createTournament(rival, { slug: otra });
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
