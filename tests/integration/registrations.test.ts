import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { competitionSettings, orders, registrationPlayers, registrations, tournaments, users } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { cancelOrder, decideOrder, expireUnpaidOrders, submitProof } from "~/features/orders/orders.server";
import { listUpcomingTournaments } from "~/features/tournaments/tournaments.server";
import { action as reviewAction, loader as reviewLoader } from "~/features/admin/routes/order-review";
import { action as registerAction, loader as tournamentLoader } from "~/features/tournaments/routes/tournament";
import { RegistrationError, findTournament, registerForTournament, registrationPrefill } from "~/features/tournaments/registrations.server";
import type { RegistrationInput } from "~/domain/registration";

import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { deliverQueuedMail } from "./support/mail";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

async function makeUser(email = `${randomUUID()}@example.com`) {
  const id = randomUUID();
  await handle.db.insert(users).values({ id, email, name: "Jugador", age: 20 });
  return { id, email };
}

function duo(suffix: string, method: RegistrationInput["paymentMethod"] = "binance"): RegistrationInput {
  return {
    teamName: `Equipo ${suffix}`,
    coachName: null,
    phone: "04141234567",
    paymentMethod: method,
    players: [
      { name: "Uno", ign: `uno-${suffix}`, phone: "04121234567" },
      { name: "Dos", ign: `dos-${suffix}`, phone: null },
    ],
  };
}

const later = () => new Date(Date.now() + 3_600_000);

describe("registering", () => {
  it("holds exactly capacity places under many concurrent attempts", async () => {
    await handle.db.update(tournaments).set({ capacity: 3 }).where(eq(tournaments.id, "blood-strike-duo-clash"));
    const people = await Promise.all(Array.from({ length: 10 }, () => makeUser()));
    const results = await Promise.allSettled(
      people.map((person, index) =>
        registerForTournament(handle.db, {
          tournamentId: "blood-strike-duo-clash",
          userId: person.id,
          email: person.email,
          registration: duo(String(index)),
          exchangeRate: "245.50",
          expiresAt: later(),
        }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "TOURNAMENT_FULL" });
    }
    expect((await findTournament(handle.db, "blood-strike-duo-clash"))?.placesLeft).toBe(0);
    expect(await handle.db.$count(orders)).toBe(3);
  });

  it("prices the order from the tournament row, in Bs for Pago Móvil at the stored rate", async () => {
    const person = await makeUser();
    const result = await registerForTournament(handle.db, {
      tournamentId: "blood-strike-duo-clash",
      userId: person.id,
      email: person.email,
      registration: duo("a", "pago_movil"),
      exchangeRate: "245.50",
      expiresAt: later(),
    });
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, result.order!.id));
    expect(order).toMatchObject({
      kind: "tournament",
      status: "initiated",
      currency: "VES",
      amount: 49100,
      amountUsd: 200,
      exchangeRate: "245.50",
    });
  });

  it("charges a tournament priced in bolívares as it is, with Pago Móvil only", async () => {
    await handle.db.update(tournaments).set({ feeAmount: 50000, feeCurrency: "VES" }).where(eq(tournaments.id, "blood-strike-duo-clash"));
    const ana = await makeUser();
    await expect(
      registerForTournament(handle.db, {
        tournamentId: "blood-strike-duo-clash",
        userId: ana.id,
        email: ana.email,
        registration: duo("ves-bn", "binance"),
        exchangeRate: "245.50",
        expiresAt: later(),
      }),
    ).rejects.toMatchObject({ code: "METHOD_NOT_ACCEPTED" });
    expect(await handle.db.$count(registrations)).toBe(0);
    const result = await registerForTournament(handle.db, {
      tournamentId: "blood-strike-duo-clash",
      userId: ana.id,
      email: ana.email,
      registration: duo("ves-pm", "pago_movil"),
      exchangeRate: "245.50",
      expiresAt: later(),
    });
    expect(result.order).toMatchObject({ amount: 50000, currency: "VES" });
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, result.order!.id));
    expect(order).toMatchObject({ amount: 50000, currency: "VES", exchangeRate: "245.50", amountUsd: 204 });
  });

  it("refuses a second registration by the same user and an in-game id already on a team", async () => {
    const [ana, luis] = [await makeUser(), await makeUser()];
    await registerForTournament(handle.db, {
      tournamentId: "blood-strike-duo-clash",
      userId: ana.id,
      email: ana.email,
      registration: duo("x"),
      exchangeRate: "245.50",
      expiresAt: later(),
    });
    await expect(
      registerForTournament(handle.db, {
        tournamentId: "blood-strike-duo-clash",
        userId: ana.id,
        email: ana.email,
        registration: duo("y"),
        exchangeRate: "245.50",
        expiresAt: later(),
      }),
    ).rejects.toMatchObject({ code: "ALREADY_REGISTERED" });
    const stolen = duo("z");
    stolen.players[1]!.ign = "UNO-x";
    await expect(
      registerForTournament(handle.db, {
        tournamentId: "blood-strike-duo-clash",
        userId: luis.id,
        email: luis.email,
        registration: stolen,
        exchangeRate: "245.50",
        expiresAt: later(),
      }),
    ).rejects.toMatchObject({ code: "IGN_TAKEN" });
    expect(await handle.db.$count(registrations)).toBe(1);
  });

  it("frees the place when the order is cancelled, rejected or expires, and takes it back on new proof", async () => {
    await handle.db.update(tournaments).set({ capacity: 1 }).where(eq(tournaments.id, "blood-strike-duo-clash"));
    const [ana, luis] = [await makeUser(), await makeUser()];
    const staff = { userId: (await makeUser()).id, isStaff: true };
    const first = await registerForTournament(handle.db, {
      tournamentId: "blood-strike-duo-clash",
      userId: ana.id,
      email: ana.email,
      registration: duo("a"),
      exchangeRate: "245.50",
      expiresAt: later(),
    });
    await expect(
      registerForTournament(handle.db, {
        tournamentId: "blood-strike-duo-clash",
        userId: luis.id,
        email: luis.email,
        registration: duo("b"),
        exchangeRate: "245.50",
        expiresAt: later(),
      }),
    ).rejects.toMatchObject({ code: "TOURNAMENT_FULL" });

    // Rejected: the place and the in-game ids are free again…
    const receipt = { key: `${randomUUID()}.png`, type: "image/png" as const, size: 10 };
    await submitProof(
      handle.db,
      first.order!.id,
      { userId: ana.id, isStaff: false },
      { method: "binance", transactionId: "TX-000001" },
      receipt,
    );
    await decideOrder(handle.db, first.order!.id, staff, { decision: "reject", reason: "Comprobante ilegible" });
    expect((await findTournament(handle.db, "blood-strike-duo-clash"))?.placesLeft).toBe(1);
    // …so new proof takes the place back while it is free.
    await submitProof(
      handle.db,
      first.order!.id,
      { userId: ana.id, isStaff: false },
      { method: "binance", transactionId: "TX-000002" },
      receipt,
    );
    expect((await findTournament(handle.db, "blood-strike-duo-clash"))?.placesLeft).toBe(0);
    await decideOrder(handle.db, first.order!.id, staff, { decision: "approve" });
    const [confirmed] = await handle.db.select().from(registrations).where(eq(registrations.userId, ana.id));
    expect(confirmed?.status).toBe("confirmed");

    // Cancelled and expired orders free their places too.
    await handle.db.update(tournaments).set({ capacity: 3 }).where(eq(tournaments.id, "blood-strike-duo-clash"));
    const second = await registerForTournament(handle.db, {
      tournamentId: "blood-strike-duo-clash",
      userId: luis.id,
      email: luis.email,
      registration: duo("b"),
      exchangeRate: "245.50",
      expiresAt: later(),
    });
    await cancelOrder(handle.db, second.order!.id, { userId: luis.id, isStaff: false });
    const carla = await makeUser();
    await registerForTournament(handle.db, {
      tournamentId: "blood-strike-duo-clash",
      userId: carla.id,
      email: carla.email,
      registration: duo("b"),
      exchangeRate: "245.50",
      expiresAt: new Date(Date.now() - 1000),
    });
    await expireUnpaidOrders(handle.db);
    expect((await findTournament(handle.db, "blood-strike-duo-clash"))?.placesLeft).toBe(2);
    expect(await handle.db.$count(registrationPlayers, eq(registrationPlayers.active, true))).toBe(2);
  });

  it("refuses a closed registration window", async () => {
    const person = await makeUser();
    await handle.db
      .update(tournaments)
      .set({ registrationClosesAt: new Date(Date.now() - 1000) })
      .where(eq(tournaments.id, "blood-strike-duo-clash"));
    await expect(
      registerForTournament(handle.db, {
        tournamentId: "blood-strike-duo-clash",
        userId: person.id,
        email: person.email,
        registration: duo("a"),
        exchangeRate: "245.50",
        expiresAt: later(),
      }),
    ).rejects.toBeInstanceOf(RegistrationError);
  });
});

describe("the /tournament page", () => {
  it("registers a free solo player at once and mails them", async () => {
    const player = await signInAs(handle.db, mailer, "solo@example.com");
    mailer.sent.length = 0;
    const answer = await callRoute(
      registerAction,
      formRequest(
        "/tournament?id=copa-free-fire-solo",
        { tournamentId: "copa-free-fire-solo", player1Name: "Ana", player1Ign: "AnaFF", phone: "04141234567" },
        player.jar.header(),
      ),
    );
    expect(answer.data).toEqual({ ok: true, outcome: "confirmed" });
    const [row] = await handle.db.select().from(registrations).where(eq(registrations.userId, player.userId));
    expect(row).toMatchObject({ status: "confirmed", teamName: null, orderId: null });
    expect(mailer.sent.map((mail) => mail.subject)).toEqual(["Inscripción confirmada · Copa Free Fire Solo"]);
    const page = await callRoute<{ registration: { status: string } }>(
      tournamentLoader,
      getRequest("/tournament?id=copa-free-fire-solo", player.jar.header()),
    );
    expect(page.data?.registration).toMatchObject({ status: "confirmed", players: [{ name: "Ana", ign: "AnaFF" }] });
  });

  it("starts a paid duo registration with the server's fee, whatever the form says", async () => {
    const player = await signInAs(handle.db, mailer, "duo@example.com");
    const answer = await callRoute<{ status: string; order: { amount: number; currency: string } }>(
      registerAction,
      formRequest(
        "/tournament",
        {
          tournamentId: "blood-strike-duo-clash",
          teamName: "Tigres",
          player1Name: "Uno",
          player1Ign: "t-uno",
          player1Phone: "04121234567",
          player2Name: "Dos",
          player2Ign: "t-dos",
          phone: "04141234567",
          paymentMethod: "binance",
          amount: "1",
          fee: "0",
          currency: "VES",
        },
        player.jar.header(),
      ),
    );
    expect(answer.data).toMatchObject({ ok: true, outcome: "started", order: { amount: 200, currency: "USD", method: "binance" } });
  });

  it("answers bad forms with codes and stores nothing", async () => {
    const player = await signInAs(handle.db, mailer, "bad@example.com");
    const cases: Array<[Record<string, string>, object, number]> = [
      [{ tournamentId: "nope" }, { ok: false, code: "NOT_FOUND" }, 404],
      [{ tournamentId: "blood-strike-duo-clash", phone: "04141234567" }, { ok: false, code: "TEAM_NAME_REQUIRED" }, 400],
      [
        {
          tournamentId: "blood-strike-duo-clash",
          teamName: "T",
          player1Name: "A",
          player1Ign: "a",
          player1Phone: "0412-12",
          player2Name: "B",
          player2Ign: "b",
          phone: "1234567",
        },
        { code: "PLAYER_PHONE_DIGITS", player: 1 },
        400,
      ],
      [
        {
          tournamentId: "blood-strike-duo-clash",
          teamName: "T",
          player1Name: "A",
          player1Ign: "a",
          player1Phone: "04121234567",
          player2Name: "B",
          player2Ign: "b",
          player3Name: "C",
          player3Ign: "c",
          phone: "1234567",
          paymentMethod: "binance",
        },
        { code: "WRONG_PLAYER_COUNT" },
        400,
      ],
      [
        {
          tournamentId: "blood-strike-duo-clash",
          teamName: "T",
          player1Name: "A",
          player1Ign: "a",
          player1Phone: "04121234567",
          player2Name: "B",
          player2Ign: "b",
          phone: "1234567",
        },
        { code: "PAYMENT_METHOD_REQUIRED" },
        400,
      ],
      [{ tournamentId: "copa-free-fire-solo", player1Name: "A", phone: "1234567" }, { code: "PLAYER_DATA_MISSING", player: 1 }, 400],
    ];
    for (const [fields, expected, status] of cases) {
      const answer = await callRoute(registerAction, formRequest("/tournament", fields, player.jar.header()));
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.data).toMatchObject(expected);
    }
    expect(await handle.db.$count(registrations)).toBe(0);
    expect(await handle.db.$count(orders)).toBe(0);
  });

  it("shows the no-tournament state for a missing or unknown id; visitors read the page (public-tournament-page.test.ts)", async () => {
    const player = await signInAs(handle.db, mailer, "look@example.com");
    expect((await callRoute(tournamentLoader, getRequest("/tournament", player.jar.header()))).status).toBe(404);
    expect((await callRoute(tournamentLoader, getRequest("/tournament?id=nope", player.jar.header()))).status).toBe(404);
    const visitor = await callRoute<{ signInTo: string | null }>(
      tournamentLoader,
      getRequest("/tournament?id=copa-free-fire-solo&participants=48"),
    );
    expect(visitor.status).toBe(200);
    expect(visitor.data?.signInTo).toBe("/auth?redirectTo=%2Ftournament%3Fid%3Dcopa-free-fire-solo%26participants%3D48");
  });
});

/** Staff started the tournament's bracket (the competition feature writes `started_at` when it starts). */
async function startBracket(tournamentId: string) {
  await handle.db.insert(competitionSettings).values({
    tournamentId,
    format: "single_elimination",
    startsAt: new Date(Date.now() - 60_000),
    startedAt: new Date(),
  });
}

describe("registration after staff started the bracket", () => {
  it("refuses a free registration before the deadline, says why on the page and on the landing card", async () => {
    await startBracket("copa-free-fire-solo");
    const player = await signInAs(handle.db, mailer, "tarde@example.com");
    mailer.sent.length = 0;
    const answer = await callRoute(
      registerAction,
      formRequest(
        "/tournament?id=copa-free-fire-solo",
        { tournamentId: "copa-free-fire-solo", player1Name: "Ana", player1Ign: "AnaFF", phone: "04141234567" },
        player.jar.header(),
      ),
    );
    expect(answer.data).toMatchObject({ ok: false, code: "TOURNAMENT_STARTED" });
    expect(await handle.db.$count(registrations, eq(registrations.tournamentId, "copa-free-fire-solo"))).toBe(0);
    expect(mailer.sent).toHaveLength(0);
    const page = await callRoute<{ tournament: { closed: boolean; closure: string | null } }>(
      tournamentLoader,
      getRequest("/tournament?id=copa-free-fire-solo", player.jar.header()),
    );
    expect(page.data?.tournament).toMatchObject({ closed: true, closure: "started" });
    const card = (await listUpcomingTournaments(handle.db)).find((tournament) => tournament.id === "copa-free-fire-solo");
    expect(card?.state).toBe("closed");
  });

  it("an approval after the start confirms no place: the registration is released and the buyer told of a refund", async () => {
    const ana = await makeUser();
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const started = await registerForTournament(handle.db, {
      tournamentId: "blood-strike-duo-clash",
      userId: ana.id,
      email: ana.email,
      registration: duo("a"),
      exchangeRate: "245.50",
      expiresAt: later(),
    });
    const receipt = { key: `${randomUUID()}.png`, type: "image/png" as const, size: 10 };
    await submitProof(
      handle.db,
      started.order!.id,
      { userId: ana.id, isStaff: false },
      { method: "binance", transactionId: "TX-1" },
      receipt,
    );
    await startBracket("blood-strike-duo-clash");
    await deliverQueuedMail(); // the proof's receipt mail, out of the way
    mailer.sent.length = 0;
    // Staff approve on the order's page: they are sent back to it, and it asks them to refund.
    const params = { orderId: started.order!.id };
    const decided = await callRoute(
      reviewAction,
      formRequest(`/admin/orders/${params.orderId}`, { intent: "approve" }, staff.jar.header()),
      params,
    );
    expect(decided.location).toBe(`/admin/orders/${params.orderId}`);
    const page = await callRoute<{ refundDue: boolean }>(
      reviewLoader,
      getRequest(`/admin/orders/${params.orderId}`, staff.jar.header()),
      params,
    );
    expect(page.data?.refundDue).toBe(true);
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, started.order!.id));
    // The money is recorded as received (staff refund it from the approved order)…
    expect(order?.status).toBe("approved");
    // …but no place: the team is not in a bracket that is being played.
    const [registration] = await handle.db.select().from(registrations).where(eq(registrations.userId, ana.id));
    expect(registration).toMatchObject({ status: "released", releaseReason: "started" });
    expect(mailer.sent.map((mail) => mail.subject)).toEqual([`Pago verificado · Pedido #${order!.number}`]);
    expect(mailer.sent[0]!.text).toMatch(/ya empezó/);
    expect(mailer.sent[0]!.text).toMatch(/devolveremos/);
    // A new registration is refused too.
    const luis = await makeUser();
    await expect(
      registerForTournament(handle.db, {
        tournamentId: "blood-strike-duo-clash",
        userId: luis.id,
        email: luis.email,
        registration: duo("b"),
        exchangeRate: "245.50",
        expiresAt: later(),
      }),
    ).rejects.toMatchObject({ code: "TOURNAMENT_STARTED" });
  });
});

describe("the registration form's prefill", () => {
  it("offers the player's name and phone, and in the same game the in-game name they used last", async () => {
    const person = await makeUser();
    const user = { id: person.id, name: "Jugador" };
    // Nothing played yet: the account's name only.
    expect(await registrationPrefill(handle.db, user, "blood-strike")).toEqual({ player1Name: "Jugador" });
    await registerForTournament(handle.db, {
      tournamentId: "blood-strike-duo-clash",
      userId: person.id,
      email: person.email,
      registration: duo("prefill"),
      exchangeRate: "245.50",
      expiresAt: later(),
    });
    // The same game: the captain's name and in-game name as typed last, the registrant's phone for both.
    expect(await registrationPrefill(handle.db, user, "blood-strike")).toEqual({
      player1Name: "Uno",
      player1Ign: "uno-prefill",
      phone: "04141234567",
      player1Phone: "04141234567",
    });
    // Another game: no in-game name (it is that game's), the account's name and the phone last given.
    expect(await registrationPrefill(handle.db, user, "free-fire")).toEqual({
      player1Name: "Jugador",
      phone: "04141234567",
      player1Phone: "04141234567",
    });
  });
});
