import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { auditLog, orderStatusHistory, orders, registrationPlayers, registrations, tournaments, users } from "~/db/schema";
import { readCardImage, storeCardImage } from "~/features/admin/card-images.server";
import { platformToday } from "~/domain/format";
import { loader as csvLoader } from "~/features/admin/routes/registrations-csv";
import { action as registrationsAction, loader as registrationsLoader } from "~/features/admin/routes/registrations";
import { action as editAction, loader as editLoader } from "~/features/admin/routes/tournament-edit";
import { action as newAction } from "~/features/admin/routes/tournament-new";
import { loader as listLoader } from "~/features/admin/routes/tournaments";
import { createOrder, decideOrder, moveOrder } from "~/features/orders/orders.server";
import { listUpcomingTournaments } from "~/features/tournaments/tournaments.server";
import { deliverQueuedMail } from "./support/mail";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

const { handle, mailer } = useSignInTest();
let staff: Awaited<ReturnType<typeof signInAs>>;

beforeEach(async () => {
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const form = (change: Record<string, string> = {}) => ({
  title: "Copa Ñandú",
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
  ...change,
});
const audits = () => handle.db.select().from(auditLog).orderBy(asc(auditLog.id));

async function create(change: Record<string, string> = {}) {
  const answer = await callRoute(newAction, formRequest("/admin/tournaments/new", form(change), staff.jar.header()));
  expect(answer.status, JSON.stringify(answer.data)).toBe(302);
  return answer.location!.match(/\/admin\/tournaments\/([^?]+)/)![1]!;
}

const edit = (id: string, fields: Record<string, string>) =>
  callRoute<{ ok: boolean; code?: string; field?: string }>(
    editAction,
    formRequest(`/admin/tournaments/${id}`, fields, staff.jar.header()),
    { tournamentId: id },
  );

describe("tournaments", () => {
  it("staff create one, published at once: it is on the landing grid with the fee in cents, and audited", async () => {
    const id = await create({ publish: "on" });
    const [row] = await handle.db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(row).toMatchObject({
      title: "Copa Ñandú",
      status: "published",
      feeAmount: 350,
      feeCurrency: "USD",
      capacity: 16,
      players: ["16", "duo"],
      prizeSplit: ["60", "40"],
      image: "/images/tournaments/generic.svg",
    });
    expect((await listUpcomingTournaments(handle.db)).map((card) => card.id)).toContain(id);
    const [entry] = await audits();
    expect(entry).toMatchObject({ actorId: staff.userId, action: "tournament.create", entity: "tournament", entityId: id, before: null });
    expect(entry!.after).toMatchObject({ title: "Copa Ñandú", feeAmount: 350 });
    const list = await callRoute<{ tournaments: { id: string }[] }>(
      listLoader,
      getRequest("/admin/tournaments?q=%C3%B1and", staff.jar.header()),
    );
    expect(list.data!.tournaments.map((t) => t.id)).toEqual([id]);
  });

  it("a draft is hidden until published; unpublish and cancel move it back out; a cancelled one stays cancelled", async () => {
    const id = await create();
    expect((await listUpcomingTournaments(handle.db)).map((card) => card.id)).not.toContain(id);
    expect((await edit(id, { intent: "publish" })).data).toMatchObject({ ok: true });
    expect((await listUpcomingTournaments(handle.db)).map((card) => card.id)).toContain(id);
    expect((await edit(id, { intent: "unpublish" })).data).toMatchObject({ ok: true });
    expect((await listUpcomingTournaments(handle.db)).map((card) => card.id)).not.toContain(id);
    expect((await edit(id, { intent: "cancel" })).data).toMatchObject({ ok: true });
    const refused = await edit(id, { intent: "publish" });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ ok: false, code: "STATUS_NOT_ALLOWED" });
    expect((await audits()).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ["tournament.create", null, expect.anything()],
      ["tournament.publish", { status: "draft" }, { status: "published" }],
      ["tournament.unpublish", { status: "published" }, { status: "draft" }],
      ["tournament.cancel", { status: "draft" }, { status: "cancelled" }],
    ]);
  });

  it.each([
    [{ capacity: "-3" }, "CAPACITY_NOT_POSITIVE", "capacity"],
    [{ capacity: "abc" }, "CAPACITY_INVALID", "capacity"],
    [{ fee: "0" }, "FEE_NOT_POSITIVE", "fee"],
    [{ fee: "99999" }, "FEE_TOO_LARGE", "fee"],
    [{ date: "2020-01-01" }, "DATE_IN_PAST", "date"],
  ])("refuses %o with %s and writes nothing", async (change, code, field) => {
    const answer = await callRoute(newAction, formRequest("/admin/tournaments/new", form(change), staff.jar.header()));
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ ok: false, code, field, errors: { [field]: code } });
    expect(await handle.db.select().from(tournaments)).toEqual([]);
    expect(await audits()).toEqual([]);
  });

  it("answers every wrong field of one post at once, the first in the form's order as the code", async () => {
    const answer = await callRoute(
      newAction,
      formRequest("/admin/tournaments/new", form({ capacity: "abc", fee: "0", date: "2020-01-01" }), staff.jar.header()),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      code: "DATE_IN_PAST",
      field: "date",
      errors: { date: "DATE_IN_PAST", capacity: "CAPACITY_INVALID", fee: "FEE_NOT_POSITIVE" },
    });
    expect(await handle.db.select().from(tournaments)).toEqual([]);
  });

  it("an edit is audited with before and after, and cannot make it smaller than its confirmed teams", async () => {
    const id = await create({ publish: "on" });
    for (let n = 0; n < 3; n++) {
      const userId = randomUUID();
      await handle.db.insert(users).values({ id: userId, email: `p${n}@example.com` });
      await handle.db
        .insert(registrations)
        .values({ id: randomUUID(), tournamentId: id, userId, phone: "04141234567", status: "confirmed" });
    }
    const smaller = await edit(id, { intent: "save", ...form({ capacity: "2" }) });
    expect(smaller.data).toEqual({
      ok: false,
      code: "CAPACITY_BELOW_CONFIRMED",
      field: "capacity",
      errors: { capacity: "CAPACITY_BELOW_CONFIRMED" },
    });
    const saved = await edit(id, { intent: "save", ...form({ capacity: "3", title: "Copa Ñandú II" }) });
    expect(saved.data).toEqual({ ok: true, intent: "save" });
    const update = (await audits()).find((entry) => entry.action === "tournament.update")!;
    expect(update.before).toMatchObject({ title: "Copa Ñandú", capacity: 16 });
    expect(update.after).toMatchObject({ title: "Copa Ñandú II", capacity: 3 });
  });

  it("duplicates as a draft", async () => {
    const id = await create({ publish: "on" });
    const answer = await edit(id, { intent: "duplicate" });
    expect(answer.status).toBe(302);
    const rows = await handle.db.select().from(tournaments);
    expect(rows).toHaveLength(2);
    const copy = rows.find((row) => row.id !== id)!;
    expect(copy).toMatchObject({ title: "Copa Ñandú", status: "draft", feeAmount: 350 });
    expect((await audits()).at(-1)).toMatchObject({ action: "tournament.duplicate", entityId: copy.id, before: { from: id } });
  });
});

describe("registrations", () => {
  async function paidTeam(tournamentId: string, email: string, team: string) {
    const userId = randomUUID();
    await handle.db.insert(users).values({ id: userId, email, name: "Jugador" });
    const registrationId = randomUUID();
    const order = await createOrder(handle.db, {
      userId,
      kind: "tournament",
      paymentMethod: "paypal",
      currency: "USD",
      amount: 350,
      amountUsd: 350,
      exchangeRate: null,
      phone: "04141234567",
      email,
      tournamentId,
      expiresAt: new Date(Date.now() + 3_600_000),
      items: [{ label: "Inscripción", unitAmount: 350, quantity: 1 }],
    });
    await handle.db.insert(registrations).values({
      id: registrationId,
      tournamentId,
      userId,
      teamName: team,
      phone: "04141234567",
      status: "pending_payment",
      orderId: order.id,
    });
    await handle.db.insert(registrationPlayers).values([
      { id: randomUUID(), registrationId, tournamentId, position: 1, name: "José Ñúñez", ign: `Ñu-${team}`, phone: "04141112233" },
      { id: randomUUID(), registrationId, tournamentId, position: 2, name: "María Pérez", ign: `Mar-${team}`, phone: null },
    ]);
    return { registrationId, orderId: order.id };
  }

  it("removing a paid team frees its place and sends its order to refund, audited", async () => {
    const id = await create({ publish: "on" });
    const paid = await paidTeam(id, "a@example.com", "Águilas");
    await handle.db.transaction(async (tx) => {
      await moveOrder(tx, paid.orderId, "proof_submitted", { userId: null, role: "owner" });
      await moveOrder(tx, paid.orderId, "approved", { userId: staff.userId, role: "staff" });
    });
    const unpaid = await paidTeam(id, "b@example.com", "Búhos");

    const page = await callRoute<{ registrations: { id: string; players: unknown[]; orderStatus: string }[] }>(
      registrationsLoader,
      getRequest(`/admin/tournaments/${id}/registrations`, staff.jar.header()),
      { tournamentId: id },
    );
    expect(page.data!.registrations).toHaveLength(2);
    expect(page.data!.registrations[0]!.players).toHaveLength(2);

    const missingReason = await callRoute(
      registrationsAction,
      formRequest(
        `/admin/tournaments/${id}/registrations`,
        { intent: "remove", registrationId: paid.registrationId, reason: " " },
        staff.jar.header(),
      ),
      { tournamentId: id },
    );
    expect(missingReason.data).toMatchObject({ ok: false, code: "REASON_REQUIRED" });

    const removed = await callRoute(
      registrationsAction,
      formRequest(
        `/admin/tournaments/${id}/registrations`,
        { intent: "remove", registrationId: paid.registrationId, reason: "Trampas" },
        staff.jar.header(),
      ),
      { tournamentId: id },
    );
    expect(removed.data).toEqual({ ok: true, removed: paid.registrationId });
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, paid.orderId));
    expect(order!.status).toBe("refunded");
    const [registration] = await handle.db.select().from(registrations).where(eq(registrations.id, paid.registrationId));
    expect(registration!.status).toBe("released");
    const players = await handle.db.select().from(registrationPlayers).where(eq(registrationPlayers.registrationId, paid.registrationId));
    expect(players.every((player) => !player.active)).toBe(true);
    const history = await handle.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, paid.orderId))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: "approved", toStatus: "refunded", actorUserId: staff.userId, reason: "Trampas" });

    // The unpaid team's order is cancelled instead.
    await callRoute(
      registrationsAction,
      formRequest(
        `/admin/tournaments/${id}/registrations`,
        { intent: "remove", registrationId: unpaid.registrationId, reason: "No pagó" },
        staff.jar.header(),
      ),
      { tournamentId: id },
    );
    const [cancelled] = await handle.db.select().from(orders).where(eq(orders.id, unpaid.orderId));
    expect(cancelled!.status).toBe("cancelled");

    const again = await callRoute(
      registrationsAction,
      formRequest(
        `/admin/tournaments/${id}/registrations`,
        { intent: "remove", registrationId: paid.registrationId, reason: "Otra vez" },
        staff.jar.header(),
      ),
      { tournamentId: id },
    );
    expect(again.data).toMatchObject({ ok: false, code: "ALREADY_REMOVED" });

    const actions = (await audits()).map((entry) => entry.action);
    expect(actions).toEqual(["tournament.create", "order.refund", "registration.remove", "order.cancel", "registration.remove"]);
  });

  it("cancelling the tournament releases every place: unpaid orders cancelled, paid ones listed to refund, teams mailed, audited", async () => {
    const id = await create({ publish: "on" });
    const unpaid = await paidTeam(id, "unpaid@example.com", "Búhos");
    const approved = await paidTeam(id, "approved@example.com", "Águilas");
    const waiting = await paidTeam(id, "waiting@example.com", "Cóndores");
    const refused = await paidTeam(id, "refused@example.com", "Delfines");
    await handle.db.update(users).set({ language: "en" }).where(eq(users.email, "approved@example.com"));
    await handle.db.transaction(async (tx) => {
      for (const team of [approved, waiting, refused])
        await moveOrder(tx, team.orderId, "proof_submitted", { userId: null, role: "owner" });
      await moveOrder(tx, approved.orderId, "approved", { userId: staff.userId, role: "staff" });
      await moveOrder(tx, refused.orderId, "rejected", { userId: staff.userId, role: "staff" }, "Monto incompleto");
    });
    // A free team: no order at all.
    const freeUser = randomUUID();
    await handle.db.insert(users).values({ id: freeUser, email: "free@example.com", name: "Libre" });
    const freeRegistration = randomUUID();
    await handle.db
      .insert(registrations)
      .values({ id: freeRegistration, tournamentId: id, userId: freeUser, teamName: "Gratis", phone: "04141234567", status: "confirmed" });
    const auditsBefore = (await audits()).length;
    mailer.sent.length = 0;

    // With teams registered, the reason is required (and nothing changes without it).
    const noReason = await edit(id, { intent: "cancel", reason: "  " });
    expect(noReason.status).toBe(400);
    expect(noReason.data).toMatchObject({ ok: false, code: "CANCEL_REASON_REQUIRED", field: "reason" });
    expect((await handle.db.select().from(tournaments).where(eq(tournaments.id, id)))[0]!.status).toBe("published");
    expect(await audits()).toHaveLength(auditsBefore);

    const answer = await edit(id, { intent: "cancel", reason: "El servidor del juego cerró" });
    expect(answer.data).toMatchObject({ ok: true, intent: "cancel", cancelSummary: { released: 4, cancelledOrders: 2 } });
    expect((await handle.db.select().from(tournaments).where(eq(tournaments.id, id)))[0]!.status).toBe("cancelled");

    const statusOf = async (orderId: string) => (await handle.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
    // Unpaid and refused: cancelled by the staff member, with the reason, through the status table.
    expect(await statusOf(unpaid.orderId)).toBe("cancelled");
    expect(await statusOf(refused.orderId)).toBe("cancelled");
    const last = async (orderId: string) =>
      (
        await handle.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id))
      ).at(-1);
    expect(await last(unpaid.orderId)).toMatchObject({
      fromStatus: "initiated",
      toStatus: "cancelled",
      actorUserId: staff.userId,
      reason: "El servidor del juego cerró",
    });
    expect(await last(refused.orderId)).toMatchObject({ fromStatus: "rejected", toStatus: "cancelled", actorUserId: staff.userId });
    // Money that may have moved is not moved by the platform: those orders stay for staff to refund.
    expect(await statusOf(approved.orderId)).toBe("approved");
    expect(await statusOf(waiting.orderId)).toBe("proof_submitted");

    const regs = await handle.db.select().from(registrations).where(eq(registrations.tournamentId, id));
    expect(regs.map((registration) => registration.status)).toEqual(["released", "released", "released", "released", "released"]);
    const players = await handle.db.select().from(registrationPlayers).where(eq(registrationPlayers.tournamentId, id));
    expect(players.every((player) => !player.active)).toBe(true);

    // The refund list stays on the tournament's page until each refund is made.
    const page = await callRoute<{ refunds: { orderId: string; status: string }[] }>(
      editLoader,
      getRequest(`/admin/tournaments/${id}`, staff.jar.header()),
      { tournamentId: id },
    );
    expect(page.data!.refunds.map((refund) => [refund.orderId, refund.status])).toEqual(
      expect.arrayContaining([
        [approved.orderId, "approved"],
        [waiting.orderId, "proof_submitted"],
      ]),
    );
    expect(page.data!.refunds).toHaveLength(2);
    const list = await callRoute<{ tournaments: { id: string; refundsDue: number }[] }>(
      listLoader,
      getRequest("/admin/tournaments?status=cancelled", staff.jar.header()),
    );
    expect(list.data!.tournaments.find((row) => row.id === id)?.refundsDue).toBe(2);

    // Every team is told, in its language, what happens to its payment; no separate "order cancelled" mail.
    const mailTo = (email: string) => mailer.sent.filter((mail) => mail.to === email);
    expect(mailer.sent).toHaveLength(5);
    expect(mailTo("unpaid@example.com")[0]!.subject).toBe("Torneo cancelado · Copa Ñandú");
    expect(mailTo("unpaid@example.com")[0]!.text).toContain("no se te cobrará nada");
    expect(mailTo("unpaid@example.com")[0]!.text).toContain("Motivo: El servidor del juego cerró");
    expect(mailTo("approved@example.com")[0]!.subject).toBe("Tournament cancelled · Copa Ñandú");
    expect(mailTo("approved@example.com")[0]!.text).toContain("our team will send the money back");
    expect(mailTo("waiting@example.com")[0]!.text).toContain("te devolverá el dinero");
    expect(mailTo("free@example.com")[0]!.text).toContain("inscripción gratuita");

    const actions = (await audits()).slice(auditsBefore).map((entry) => entry.action);
    expect(actions.filter((action) => action === "order.cancel")).toHaveLength(2);
    expect(actions.filter((action) => action === "registration.release")).toHaveLength(5);
    expect(actions.at(-1)).toBe("tournament.cancel");
    const [tournamentAudit] = (await audits()).slice(-1);
    expect(tournamentAudit).toMatchObject({
      actorId: staff.userId,
      entityId: id,
      before: { status: "published" },
      after: { status: "cancelled", reason: "El servidor del juego cerró", released: 4 },
    });

    // A late approval of the unverified payment does not take a place back in the cancelled tournament.
    // Its mail says the payment was verified and will be refunded, not that the place is confirmed.
    mailer.sent.length = 0;
    await decideOrder(handle.db, waiting.orderId, { userId: staff.userId, isStaff: true }, { decision: "approve" });
    const [stillReleased] = await handle.db.select().from(registrations).where(eq(registrations.id, waiting.registrationId));
    expect(stillReleased!.status).toBe("released");
    await deliverQueuedMail();
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ["waiting@example.com", expect.stringMatching(/^Pago verificado · Pedido #\d+$/)],
    ]);
    expect(mailer.sent[0]!.text).toContain("tu cupo ya no está reservado");

    // Cancelled once: a second cancel is refused.
    expect((await edit(id, { intent: "cancel", reason: "otra vez" })).status).toBe(409);
  });

  it("exports CSV in UTF-8 with a BOM, one row per player, accents intact", async () => {
    const id = await create({ publish: "on" });
    await paidTeam(id, "a@example.com", "Águilas");
    const response = (await csvLoader({
      request: getRequest(`/admin/tournaments/${id}/registrations.csv`, staff.jar.header()),
      params: { tournamentId: id },
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/attachment; filename="inscripciones-.*\.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.subarray(3)).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Equipo,Coach,Correo de contacto,Teléfono de contacto,Estado,Pedido,Estado del pedido,Jugador,ID de juego,Teléfono del jugador",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Águilas");
    expect(lines[1]).toContain("José Ñúñez");
  });
});

describe("card images", () => {
  it("are checked by content and size and resized to the card sizes", async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), "cards-"));
    const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#0ff" } })
      .png()
      .toBuffer();
    const stored = await storeCardImage(new Uint8Array(png), folder);
    expect(stored.ok).toBe(true);
    if (!stored.ok) return;
    const name = path.basename(stored.path);
    const small = await readCardImage(name, folder);
    expect(await sharp(small!).metadata()).toMatchObject({ format: "webp", width: 640, height: 360 });
    const large = await readCardImage(name.replace("-640", "-1280"), folder);
    expect(await sharp(large!).metadata()).toMatchObject({ width: 1280, height: 720 });

    expect(await storeCardImage(new TextEncoder().encode("<svg onload=alert(1)>"), folder)).toEqual({
      ok: false,
      code: "IMAGE_NOT_ALLOWED",
    });
    const tiny = await sharp({ create: { width: 100, height: 100, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(await storeCardImage(new Uint8Array(tiny), folder)).toEqual({ ok: false, code: "IMAGE_TOO_SMALL" });
    expect(await storeCardImage(new Uint8Array(6 * 1024 * 1024), folder)).toEqual({ ok: false, code: "IMAGE_TOO_LARGE" });
    expect(await readCardImage("../../etc/passwd", folder)).toBeNull();
    await fs.rm(folder, { recursive: true });
  });
});

it("platform date helper is sane", () => {
  expect(platformToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});
