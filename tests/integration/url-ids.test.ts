/**
 * Ids read from a URL are checked before use (docs/product.md "Security rules"). A NUL character
 * (`%00`) reached PostgreSQL,
 * which refuses it in text, and the page answered 500; now it is the 404 of an id that does not exist.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { seedDemoData } from "~/db/seed";
import { loader as userLoader } from "~/features/admin/routes/user";
import { loader as registrationsLoader } from "~/features/admin/routes/registrations";
import { loader as bracketLoader } from "~/features/competition/routes/bracket";
import { loader as liveLoader } from "~/features/competition/routes/live";
import { loader as matchLoader } from "~/features/competition/routes/match";
import { loader as orderLoader } from "~/features/orders/routes/order";
import { action as cancelAction } from "~/features/orders/routes/cancel";
import { loader as gameLoader } from "~/features/store/routes/game";
import { loader as tournamentLoader } from "~/features/tournaments/routes/tournament";
import { idParam, isWellFormedId } from "~/lib/http.server";

import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let player: Awaited<ReturnType<typeof signInAs>>;
let staff: Awaited<ReturnType<typeof signInAs>>;

beforeEach(async () => {
  await seedDemoData(handle.db);
  const mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
  player = await signInAs(handle.db, mailer, "player@example.com");
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
});

const NUL = "\u0000";

describe("ids in URLs", () => {
  it("accepts the ids the platform makes and refuses control characters, spaces and overlong values", () => {
    for (const id of ["copa-free-fire-solo", "3f2b9c1e-8a4d-4b7e-9c2a-1d5e6f7a8b9c", "free-fire", "aB3_x.Y:z", "12"])
      expect(isWellFormedId(id)).toBe(true);
    for (const id of [NUL, `copa${NUL}`, "", " ", "a b", "a/b", "x".repeat(129), null, undefined]) expect(isWellFormedId(id)).toBe(false);
    expect(() => idParam(NUL)).toThrow();
  });

  it("answers 404, not 500, to a NUL in the tournament, bracket and match URLs", async () => {
    const tournament = await callRoute(tournamentLoader, getRequest("/tournament?id=%00", player.jar.header()));
    expect(tournament.status).toBe(404);
    const bracket = await callRoute(bracketLoader, getRequest("/tournaments/%00/bracket", player.jar.header()), { tournamentId: NUL });
    expect(bracket.status).toBe(404);
    const match = await callRoute(matchLoader, getRequest("/tournaments/%00/matches/1", player.jar.header()), {
      tournamentId: NUL,
      matchId: "1",
    });
    expect(match.status).toBe(404);
    const live = await callRoute(liveLoader, getRequest("/tournaments/%00/live", player.jar.header()), { tournamentId: NUL });
    expect(live.status).toBe(404);
  });

  it("answers 404 to a NUL in the other id-bearing URLs (orders, store games, back-office)", async () => {
    expect((await callRoute(orderLoader, getRequest("/orders/%00", player.jar.header()), { orderId: NUL })).status).toBe(404);
    expect((await callRoute(cancelAction, formRequest("/orders/%00/cancel", {}, player.jar.header()), { orderId: NUL })).status).toBe(404);
    expect((await callRoute(gameLoader, getRequest("/store/%00", player.jar.header()), { gameId: NUL })).status).toBe(404);
    expect((await callRoute(userLoader, getRequest("/admin/users/%00", staff.jar.header()), { userId: NUL })).status).toBe(404);
    expect(
      (await callRoute(registrationsLoader, getRequest("/admin/tournaments/%00/registrations", staff.jar.header()), { tournamentId: NUL }))
        .status,
    ).toBe(404);
  });
});
