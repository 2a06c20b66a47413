import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orders, paymentProofs } from "~/db/schema";
import type { PaymentMethod } from "~/domain/payment-methods";
import { createOrder, type NewOrder } from "~/features/orders/orders.server";
import { useReceiptStorage } from "~/features/orders/receipts.server";
import { action as cancelAction } from "~/features/orders/routes/cancel";
import { loader as myOrdersLoader } from "~/features/orders/routes/my-orders";
import { loader as orderLoader } from "~/features/orders/routes/order";
import { loader as payLoader } from "~/features/orders/routes/pay";
import { loader as paymentEntry } from "~/features/orders/routes/payment-entry";
import { action as proofAction } from "~/features/orders/routes/proof";
import { loader as receiptLoader } from "~/features/orders/routes/receipt";
import type { DatabaseHandle } from "~/lib/db.server";
import { localDiskStorage } from "~/lib/storage.server";
import { callRoute as callRouteWith, formRequest, getRequest, multipartRequest } from "./support/routes";

/** Calls an order route with the params React Router would take from its URL. */
function callRoute<T = unknown>(fn: Parameters<typeof callRouteWith>[0], request: Request) {
  const match = /^\/orders\/([^/?]+)(?:\/pay\/([^/?]+)|\/receipts\/([^/?]+))?/.exec(new URL(request.url).pathname);
  const params: Record<string, string> = {};
  if (match?.[1]) params.orderId = match[1];
  if (match?.[2]) params.method = match[2];
  if (match?.[3]) params.proofId = match[3];
  return callRouteWith<T>(fn, request, params);
}
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { openTestDatabase, resetTables } from "./test-database";

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

let handle: DatabaseHandle;
let mailer: ReturnType<typeof memoryMailer>;
let receiptsDir: string;
type Person = Awaited<ReturnType<typeof signInAs>>;
let owner: Person;
let other: Person;
let staff: Person;

beforeAll(async () => {
  handle = await openTestDatabase();
  receiptsDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-receipts-"));
  useReceiptStorage(localDiskStorage(receiptsDir));
});
afterAll(async () => {
  useReceiptStorage(undefined);
  await handle.close();
});
beforeEach(async () => {
  await resetTables(handle);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
  owner = await signInAs(handle.db, mailer, "owner@example.com");
  other = await signInAs(handle.db, mailer, "other@example.com");
  staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
  mailer.sent.length = 0;
});

async function orderFor(method: PaymentMethod, overrides: Partial<NewOrder> = {}) {
  const { id } = await createOrder(handle.db, {
    userId: owner.userId,
    kind: "store",
    paymentMethod: method,
    currency: method === "pago_movil" ? "VES" : "USD",
    amount: method === "pago_movil" ? 49100 : 200,
    amountUsd: 200,
    exchangeRate: method === "pago_movil" ? "245.50" : null,
    phone: "04141234567",
    email: "owner@example.com",
    expiresAt: new Date(Date.now() + 3_600_000),
    items: [{ label: "341 Diamantes", unitAmount: 200, quantity: 1 }],
    ...overrides,
  });
  return id;
}

function proofForm(method: PaymentMethod, fields: Record<string, string> = {}, file: Blob | null = new Blob([PNG], { type: "image/png" })) {
  const form = new FormData();
  form.set("method", method);
  const defaults: Record<PaymentMethod, Record<string, string>> = {
    pago_movil: { reference: "12345678", bankCode: "0102", paidOn: new Date().toISOString().slice(0, 10) },
    binance: { transactionId: "BIN-2026-0001" },
    paypal: { payerEmail: "payer@example.com" },
  };
  for (const [name, value] of Object.entries({ ...defaults[method], ...fields })) form.set(name, value);
  if (file && method !== "paypal") form.set("receipt", file, "recibo.png");
  return form;
}

async function statusOf(id: string) {
  return (await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
}

describe("paying an order", () => {
  it.each(["pago_movil", "binance", "paypal"] as const)(
    "%s: proof moves the order, stores the receipt and mails the owner",
    async (method) => {
      const id = await orderFor(method);
      const answer = await callRoute(proofAction, multipartRequest(`/orders/${id}/proof`, proofForm(method), owner.jar.header()));
      expect(answer.status).toBe(200);
      expect(await statusOf(id)).toBe("proof_submitted");
      const [proof] = await handle.db.select().from(paymentProofs).where(eq(paymentProofs.orderId, id));
      if (method === "paypal") expect(proof).toMatchObject({ payerEmail: "payer@example.com", fileKey: null });
      else expect(fs.existsSync(path.join(receiptsDir, proof!.fileKey!))).toBe(true);
      expect(mailer.sent.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Recibimos tu comprobante · Pedido #\d+$/)]);
    },
  );

  it("answers every bad proof with its code and changes nothing", async () => {
    const id = await orderFor("pago_movil");
    const html = new Blob(["<html><script>alert(1)</script>"], { type: "image/png" });
    const cases: Array<[FormData, string]> = [
      [proofForm("pago_movil", {}, null), "FILE_REQUIRED"],
      [proofForm("pago_movil", {}, html), "FILE_NOT_ALLOWED"],
      [proofForm("pago_movil", { reference: "" }), "REFERENCE_REQUIRED"],
      [proofForm("pago_movil", { bankCode: "1234" }), "INVALID_BANK"],
      [proofForm("pago_movil", { paidOn: "2099-01-01" }), "INVALID_DATE"],
      [proofForm("binance"), "WRONG_METHOD"],
    ];
    for (const [form, code] of cases) {
      const answer = await callRoute<{ ok: boolean; code: string }>(
        proofAction,
        multipartRequest(`/orders/${id}/proof`, form, owner.jar.header()),
      );
      expect(answer.status, code).toBe(400);
      expect(answer.data).toEqual({ ok: false, code });
    }
    expect(await statusOf(id)).toBe("initiated");
    expect(await handle.db.$count(paymentProofs)).toBe(0);
  });

  it("refuses a file over the limit", async () => {
    const id = await orderFor("binance");
    const big = new Blob([PNG, Buffer.alloc(6 * 1024 * 1024)], { type: "image/png" });
    const answer = await callRoute(proofAction, multipartRequest(`/orders/${id}/proof`, proofForm("binance", {}, big), owner.jar.header()));
    expect(answer.status).toBe(413);
    expect(await statusOf(id)).toBe("initiated");
  });

  it("refuses a bank reference already used on another order", async () => {
    const first = await orderFor("pago_movil");
    const second = await orderFor("pago_movil");
    await callRoute(proofAction, multipartRequest(`/orders/${first}/proof`, proofForm("pago_movil"), owner.jar.header()));
    const filesBefore = fs.readdirSync(receiptsDir, { recursive: true }).length;
    const answer = await callRoute(proofAction, multipartRequest(`/orders/${second}/proof`, proofForm("pago_movil"), owner.jar.header()));
    expect(answer.status).toBe(409);
    expect(await statusOf(second)).toBe("initiated");
    // The refused proof's receipt file does not stay behind (docs/reliability.md "Holes closed", hole 5).
    expect(fs.readdirSync(receiptsDir, { recursive: true }).length).toBe(filesBefore);
  });

  it("without JavaScript, errors and success come back as redirects", async () => {
    const id = await orderFor("paypal");
    const bad = await callRoute(
      proofAction,
      multipartRequest(`/orders/${id}/proof`, proofForm("paypal", { payerEmail: "" }), owner.jar.header(), false),
    );
    expect(bad.location).toBe(`/orders/${id}/pay/paypal?error=PAYER_EMAIL_REQUIRED`);
    const good = await callRoute(proofAction, multipartRequest(`/orders/${id}/proof`, proofForm("paypal"), owner.jar.header(), false));
    expect(good.location).toBe(`/orders/${id}?sent=1`);
  });

  it("cancels from the payment page, and refuses once verified", async () => {
    const id = await orderFor("binance");
    const answer = await callRoute(cancelAction, formRequest(`/orders/${id}/cancel`, {}, owner.jar.header()));
    expect(answer.location).toBe(`/orders/${id}?cancelled=1`);
    expect(await statusOf(id)).toBe("cancelled");
    const again = await callRoute(cancelAction, formRequest(`/orders/${id}/cancel`, {}, owner.jar.header()));
    expect(again.location).toBe(`/orders/${id}?error=CANCEL_FAILED`);
  });

  it("shows the wrong-method state for another method's page", async () => {
    const id = await orderFor("pago_movil");
    const page = await callRoute<{ method: string; requestedMethod: string }>(
      payLoader,
      getRequest(`/orders/${id}/pay/binance`, owner.jar.header()),
    );
    expect(page.data).toMatchObject({ method: "pago_movil", requestedMethod: "binance" });
    const entry = await callRoute(paymentEntry, getRequest(`/store/cart/checkout/payment?order=${id}`, owner.jar.header()));
    expect(entry.location).toBe(`/orders/${id}/pay/pago_movil`);
  });
});

describe("who may see and do what", () => {
  it("holds for every order route: owner, other user, visitor, staff", async () => {
    const id = await orderFor("pago_movil");
    await callRoute(proofAction, multipartRequest(`/orders/${id}/proof`, proofForm("pago_movil"), owner.jar.header()));
    const [proof] = await handle.db.select().from(paymentProofs).where(eq(paymentProofs.orderId, id));
    const receiptPath = `/orders/${id}/receipts/${proof!.id}`;

    const visit = async (person: Person | null) => {
      const cookie = person?.jar.header() ?? "";
      return {
        order: (await callRoute(orderLoader, getRequest(`/orders/${id}`, cookie))).status,
        pay: (await callRoute(payLoader, getRequest(`/orders/${id}/pay/pago_movil`, cookie))).status,
        receipt: (await callRoute(receiptLoader, getRequest(receiptPath, cookie))).status,
        entry: (await callRoute(paymentEntry, getRequest(`/tournament/payment?order=${id}`, cookie))).status,
        cancel: (await callRoute(cancelAction, formRequest(`/orders/${id}/cancel`, {}, cookie))).status,
        proof: (
          await callRoute(proofAction, multipartRequest(`/orders/${id}/proof`, proofForm("pago_movil", { reference: "99999" }), cookie))
        ).status,
      };
    };
    // A visitor is sent to sign in (302) everywhere; another user finds nothing (404).
    expect(await visit(null)).toEqual({ order: 302, pay: 302, receipt: 302, entry: 302, cancel: 302, proof: 302 });
    expect(await visit(other)).toEqual({ order: 404, pay: 404, receipt: 404, entry: 404, cancel: 404, proof: 404 });
    // Staff may look (order page, receipt) but not pay or cancel someone else's order.
    expect(await visit(staff)).toEqual({ order: 200, pay: 404, receipt: 200, entry: 404, cancel: 404, proof: 404 });
    expect(await statusOf(id)).toBe("proof_submitted");
    expect(await handle.db.$count(paymentProofs)).toBe(1);

    const receipt = await callRoute(receiptLoader, getRequest(receiptPath, owner.jar.header()));
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get("Content-Type")).toBe("image/png");
    expect(receipt.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("lists only the user's own orders", async () => {
    await orderFor("paypal");
    const mine = await callRoute<{ orders: unknown[] }>(myOrdersLoader, getRequest("/orders", owner.jar.header()));
    const theirs = await callRoute<{ orders: unknown[] }>(myOrdersLoader, getRequest("/orders", other.jar.header()));
    expect(mine.data?.orders).toHaveLength(1);
    expect(theirs.data?.orders).toHaveLength(0);
  });
});
