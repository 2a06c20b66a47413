// Never lose a mail (docs/reliability.md "Never lose a mail"): every mail a state change owes is written to the outbox in the
// change's transaction, and the worker delivers it with retries: an SMTP server that refuses for a
// minute delays mail, never loses or doubles it; a mail out of attempts waits for staff to resend it.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, mailOutbox, orders, users } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { action as mailAction, loader as mailLoader } from "~/features/admin/routes/mail";
import { applyDecision, createOrder, decideOrder, mailDecision, submitProof } from "~/features/orders/orders.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { closeMailer, createMailer, useMailer } from "~/lib/mail.server";
import { deliverDueMail, messageIdFor, queueMail, startMailWorker, stopMailWorker } from "~/lib/mail-outbox.server";
import type { RetryPolicy } from "~/lib/mail-retry";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { startSmtpSink, type ReceivedMail } from "./support/smtp-sink";
import { openTestDatabase, resetTables } from "./test-database";

let handle: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
/** The test's clock: the worker and the refusing SMTP server both read it, so a "minute" passes at once. */
let clock = Date.now();
let refuseUntil = 0;
const staffMember = { id: randomUUID(), email: "staff@example.com" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const POLICY: RetryPolicy = { baseMs: 5000, maxMs: 60_000, maxAttempts: 15 };

beforeAll(async () => {
  handle = await openTestDatabase();
  smtp = await startSmtpSink({ refusing: () => clock < refuseUntil });
});
afterAll(async () => {
  useMailer(undefined);
  await smtp.close();
  await handle.close();
});
beforeEach(async () => {
  await resetTables(handle);
  await seedDemoData(handle.db);
  await handle.db.insert(users).values({ id: staffMember.id, email: staffMember.email, name: "Staff", age: 30, isStaff: true });
  clock = Date.now();
  refuseUntil = 0;
  smtp.received.length = 0;
  useMailer(createMailer({ smtpUrl: smtp.url, from: "Arena LATAM <no-reply@arena.test>", dataDir: "/nonexistent" }));
});
afterEach(() => {
  closeMailer();
  useMailer(undefined);
});

const staff = { userId: staffMember.id, isStaff: true };
const messageIdOf = (mail: ReceivedMail) => /^Message-ID:\s*(<[^>]+>)/im.exec(mail.raw)?.[1] ?? null;

/** `count` buyers, each with a Plus order whose proof was sent: the staff queue of the incident. */
async function plusOrdersWaiting(count: number) {
  const made: { orderId: string; email: string }[] = [];
  for (let i = 0; i < count; i++) {
    const buyer = { id: randomUUID(), email: `member-${i}@example.com` };
    await handle.db.insert(users).values({ id: buyer.id, email: buyer.email, name: `Miembro ${i}`, age: 22 });
    const order = await createOrder(handle.db, {
      userId: buyer.id,
      kind: "plus",
      paymentMethod: "binance",
      currency: "USD",
      amount: 499,
      amountUsd: 499,
      exchangeRate: null,
      phone: "04141234567",
      email: buyer.email,
      expiresAt: new Date(Date.now() + 3_600_000),
      items: [{ label: "Arena Plus", unitAmount: 499, quantity: 1 }],
    });
    await submitProof(handle.db, order.id, { userId: buyer.id, isStaff: false }, { method: "binance", transactionId: `TX-${i}0000` }, null);
    made.push({ orderId: order.id, email: buyer.email });
  }
  return made;
}

/** The worker's passes, once a second of the test's clock, until nothing is pending (or `limitMs` passed). */
async function runWorkerFor(limitMs: number, policy = POLICY) {
  // Rows are stamped by the database's own clock: the test's clock never runs behind it.
  clock = Math.max(clock, Date.now());
  const started = clock;
  while (clock - started <= limitMs) {
    await deliverDueMail(handle.db, { now: () => new Date(clock), policy });
    if ((await handle.db.$count(mailOutbox, eq(mailOutbox.status, "pending"))) === 0) return clock - started;
    clock += 1000;
  }
  return clock - started;
}

describe("the mail outbox", () => {
  it("an SMTP server that refuses for a minute: every approval's mail arrives, once, when it accepts again", async () => {
    const waiting = await plusOrdersWaiting(14);
    await runWorkerFor(0); // the "proof received" mails leave while the server still accepts
    smtp.received.length = 0;

    // The outage starts; staff approve all fourteen meanwhile.
    refuseUntil = clock + 60_000;
    for (const { orderId } of waiting) await decideOrder(handle.db, orderId, staff, { decision: "approve" });
    const queued = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order.plusStarted"));
    expect(queued).toHaveLength(14);

    const tookMs = await runWorkerFor(5 * 60_000);
    expect(smtp.refusedConnections()).toBeGreaterThan(14);
    // Delivered once the server accepts again: within one back-off step (at most a minute) of the end of the outage.
    expect(tookMs).toBeGreaterThanOrEqual(60_000);
    expect(tookMs).toBeLessThanOrEqual(120_000);

    // Each approval's "¡Ya eres Plus!" arrived exactly once, to its buyer, with its row's Message-ID.
    expect(smtp.received).toHaveLength(14);
    const ids = smtp.received.map(messageIdOf);
    expect(new Set(ids).size).toBe(14);
    for (const row of queued) {
      const copies = smtp.received.filter((mail) => messageIdOf(mail) === messageIdFor(row.id));
      expect(copies).toHaveLength(1);
      expect(copies[0]!.to).toEqual([row.recipient]);
      expect(smtp.text(copies[0]!)).toMatch(/Tu membresía Plus está activa/);
    }
    expect(new Set(smtp.received.flatMap((mail) => mail.to))).toEqual(new Set(waiting.map((order) => order.email)));
    const rows = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order.plusStarted"));
    expect(rows.every((row) => row.status === "sent" && row.attempts > 1 && row.sentAt !== null)).toBe(true);
  });

  it("several workers (instances) at once still send each mail once", async () => {
    const waiting = await plusOrdersWaiting(12);
    const now = () => new Date();
    const passes = await Promise.all([1, 2, 3].map(() => deliverDueMail(handle.db, { now, policy: POLICY, batch: 3 })));
    expect(passes.reduce((sum, pass) => sum + pass.sent, 0)).toBe(12);
    expect(smtp.received).toHaveLength(12);
    expect(new Set(smtp.received.map(messageIdOf)).size).toBe(12);
    expect(new Set(smtp.received.flatMap((mail) => mail.to))).toEqual(new Set(waiting.map((order) => order.email)));
  });

  it("a change that rolls back leaves no mail; the mail of a committed one waits in the outbox for the worker", async () => {
    const [first, second] = await plusOrdersWaiting(2);
    await runWorkerFor(0);
    await expect(
      handle.db.transaction(async (tx) => {
        await applyDecision(tx, first!.orderId, staff, { decision: "approve" });
        await mailDecision(tx, first!.orderId, { decision: "approve" });
        throw new Error("the process died before the commit");
      }),
    ).rejects.toThrow(/died/);
    expect((await handle.db.select().from(orders).where(eq(orders.id, first!.orderId)))[0]!.status).toBe("proof_submitted");
    expect(await handle.db.$count(mailOutbox, eq(mailOutbox.kind, "order.plusStarted"))).toBe(0);

    // Committed, and no worker running (the process was killed right after the commit): the mail is there.
    await decideOrder(handle.db, second!.orderId, staff, { decision: "approve" });
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order.plusStarted"));
    expect(row).toMatchObject({ status: "pending", attempts: 0, recipient: second!.email });
    await runWorkerFor(0);
    expect(smtp.received.map(messageIdOf)).toContain(messageIdFor(row!.id));
  });

  it("the server's worker delivers what is queued soon after, even while mails keep being queued, and stops cleanly", async () => {
    // A long poll: only the nudge of each queued mail can make the worker look sooner.
    startMailWorker(handle.db, { pollMs: 60_000 });
    try {
      await sleep(100); // the start-up pass has run and found nothing
      let queued = 0;
      let firstArrivedWhileQueuing = false;
      const streamEnds = Date.now() + 1500;
      // A steady stream of state changes, a few milliseconds apart, as several staff approving a queue fast.
      while (Date.now() < streamEnds) {
        await queueMail(handle.db, "test.stream", { to: `stream-${queued++}@example.com`, subject: "s", text: "t", html: "<p>t</p>" });
        if (smtp.received.length > 0) firstArrivedWhileQueuing = true;
        await sleep(2);
      }
      expect(firstArrivedWhileQueuing).toBe(true);
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(queued);
    } finally {
      await stopMailWorker();
    }
    // Stopped: a mail queued now waits in the outbox.
    await queueMail(handle.db, "test.after-stop", { to: "late@example.com", subject: "s", text: "t", html: "<p>t</p>" });
    await sleep(300);
    expect(smtp.received.some((mail) => mail.to.includes("late@example.com"))).toBe(false);
    expect(await handle.db.$count(mailOutbox, eq(mailOutbox.status, "pending"))).toBe(1);
  });

  it("stopped on SIGTERM mid-pass, the worker finishes the mail it is sending and hands back the rest at once", async () => {
    let release!: () => void;
    const sending = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const sent: string[] = [];
    useMailer({
      async send(mail) {
        started();
        await sending;
        sent.push(mail.to);
      },
    });
    for (const to of ["a@example.com", "b@example.com", "c@example.com"])
      await queueMail(handle.db, "test.stop", { to, subject: "s", text: "t", html: "<p>t</p>" });
    startMailWorker(handle.db, { pollMs: 60_000 });
    await firstStarted;
    const stopped = stopMailWorker();
    release();
    await stopped;
    expect(sent).toEqual(["a@example.com"]);
    const rows = await handle.db.select().from(mailOutbox).orderBy(mailOutbox.seq);
    expect(rows.map((row) => [row.recipient, row.status, row.attempts])).toEqual([
      ["a@example.com", "sent", 1],
      ["b@example.com", "pending", 0],
      ["c@example.com", "pending", 0],
    ]);
    // Handed back due now, not after the 60 s lease: another instance (or this one restarted) sends them at once.
    expect(rows.slice(1).every((row) => row.nextAttemptAt.getTime() <= Date.now())).toBe(true);
  });

  it("a mail out of attempts is failed, shown to staff, and a resend (audited) delivers it", async () => {
    const mailer = memoryMailer();
    useTestAuth(handle.db, mailer);
    const signedIn = await signInAs(handle.db, mailer, "boss@example.com", { staff: true });
    useMailer(createMailer({ smtpUrl: smtp.url, from: "Arena LATAM <no-reply@arena.test>", dataDir: "/nonexistent" }));
    refuseUntil = Number.POSITIVE_INFINITY;
    const [order] = await plusOrdersWaiting(1);
    await runWorkerFor(60_000, { ...POLICY, maxAttempts: 3 });
    const [failed] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, order!.email));
    expect(failed).toMatchObject({ status: "failed", attempts: 3 });
    expect(failed!.lastError).toMatch(/421|not available/i);

    const page = await callRoute<{ mails: { id: string; status: string }[]; counts: { failed: number } }>(
      mailLoader,
      getRequest("/admin/mail", signedIn.jar.header()),
    );
    expect(page.data!.counts.failed).toBe(1);
    expect(page.data!.mails.map((mail) => [mail.id, mail.status])).toEqual([[failed!.id, "failed"]]);

    // Bad input and non-staff change nothing.
    const bad = await callRoute(mailAction, formRequest("/admin/mail", { intent: "resend", mailId: "nope" }, signedIn.jar.header()));
    expect(bad.status).toBe(404);
    expect((await callRoute(mailAction, formRequest("/admin/mail", { intent: "resend", mailId: failed!.id }))).status).not.toBe(200);

    refuseUntil = 0;
    const resent = await callRoute(mailAction, formRequest("/admin/mail", { intent: "resend", mailId: failed!.id }, signedIn.jar.header()));
    expect(resent.data).toMatchObject({ ok: true });
    const twice = await callRoute(mailAction, formRequest("/admin/mail", { intent: "resend", mailId: failed!.id }, signedIn.jar.header()));
    expect(twice).toMatchObject({ status: 409, data: { ok: false, code: "MAIL_NOT_FAILED" } });
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.action, "mail.resend"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: "mail", entityId: failed!.id, before: { status: "failed", attempts: 3 } });

    await runWorkerFor(0);
    const delivered = smtp.received.filter((mail) => messageIdOf(mail) === messageIdFor(failed!.id));
    expect(delivered).toHaveLength(1);
    expect((await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed!.id)))[0]!.status).toBe("sent");
  });
});
