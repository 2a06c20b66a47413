import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orderItems, topupPackages, users } from "~/db/schema";
import { demoPackages, seedDemoData } from "~/db/seed";
import { action as packagesAction } from "~/features/admin/routes/catalogue-game";
import { decideOrder, submitProof } from "~/features/orders/orders.server";
import { loader as myOrdersLoader } from "~/features/orders/routes/my-orders";
import { loader as orderLoader } from "~/features/orders/routes/order";
import { loader as cartLoader } from "~/features/store/routes/cart";
import { action as gameAction, loader as gameLoader } from "~/features/store/routes/game";
import { deliverQueuedMail } from "./support/mail";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

// Issue #25 "One language end to end": a package has a Spanish and (optionally) an English name, the
// order keeps both as bought, and every page and mail shows the one of its reader's language.
const { handle, mailer } = useSignInTest({ seed: true });

type Buyer = Awaited<ReturnType<typeof signInAs>> & { email: string; cookie: string };

/** A buyer whose account and device are in `language`. */
async function buyer(email: string, language: "es" | "en"): Promise<Buyer> {
  const signedIn = await signInAs(handle.db, mailer, email);
  await handle.db.update(users).set({ language }).where(eq(users.email, email));
  return { ...signedIn, email, cookie: `${signedIn.jar.header()}; lang=${language}` };
}

/** "Buy now" on the Free Fire page: 341 diamonds, paid by Pago Móvil; the id of the order it made. */
async function buy341(who: Buyer): Promise<string> {
  const answer = await callRoute(
    gameAction,
    formRequest(
      "/store/free-fire",
      { intent: "buy", packageId: "free-fire-341", playerId: "123456789", phone: "04121234567", paymentMethod: "pago_movil" },
      who.cookie,
    ),
    { gameId: "free-fire" },
  );
  expect(answer.status).toBe(302);
  return /^\/orders\/([0-9a-f-]{36})\/pay\//.exec(answer.location ?? "")![1]!;
}

const orderPage = (who: Buyer, orderId: string) =>
  callRoute<{ order: { items: { label: string; quantity: number }[] } }>(orderLoader, getRequest(`/orders/${orderId}`, who.cookie), {
    orderId,
  });

const receipt = () => ({ key: `${randomUUID()}.png`, type: "image/png" as const, size: 1234 });
const pagoMovil = (reference: string) => ({ method: "pago_movil" as const, reference, bankCode: "0102", paidOn: "2026-11-20" });

describe("package names by language", () => {
  it("an English order keeps both names; its pages and mails say '341 Diamonds', a Spanish order's '341 Diamantes'", async () => {
    const english = await buyer("english@example.com", "en");
    const spanish = await buyer("spanish@example.com", "es");

    // The game page's tile (and so the cart line it adds) in the page's language.
    const tile = async (who: Buyer) =>
      (
        await callRoute<Awaited<ReturnType<typeof gameLoader>>>(gameLoader, getRequest("/store/free-fire", who.cookie), {
          gameId: "free-fire",
        })
      ).data!.game.packages.find((item) => item.id === "free-fire-341")?.label;
    expect(await tile(english)).toBe("341 Diamonds");
    expect(await tile(spanish)).toBe("341 Diamantes");

    // A cart saved on a Spanish page, opened on an English one: named again by the catalogue.
    const stored = {
      "free-fire-341": {
        id: "free-fire-341",
        label: "341 Diamantes",
        precio_usd: 300,
        precio_bs: 73650,
        quantity: 1,
        game: "free-fire",
        gameImage: null,
      },
    };
    const cart = await callRoute<{ cart: Record<string, { label: string }> }>(
      cartLoader,
      getRequest(`/store/cart?items=${encodeURIComponent(JSON.stringify(stored))}`, english.cookie),
    );
    expect(cart.data!.cart["free-fire-341"]!.label).toBe("341 Diamonds");

    const englishOrder = await buy341(english);
    const spanishOrder = await buy341(spanish);
    // Both names are stored with the line, whoever bought it.
    for (const orderId of [englishOrder, spanishOrder])
      expect(await handle.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).toMatchObject([
        { packageId: "free-fire-341", label: "Free Fire · 341 Diamantes", labelEn: "Free Fire · 341 Diamonds", quantity: 1 },
      ]);

    expect((await orderPage(english, englishOrder)).data!.order.items).toMatchObject([{ label: "Free Fire · 341 Diamonds", quantity: 1 }]);
    expect((await orderPage(spanish, spanishOrder)).data!.order.items).toMatchObject([{ label: "Free Fire · 341 Diamantes", quantity: 1 }]);

    const listed = async (who: Buyer) =>
      (await callRoute<{ orders: { items: string }[] }>(myOrdersLoader, getRequest("/orders", who.cookie))).data!.orders.map(
        (order) => order.items,
      );
    expect(await listed(english)).toEqual(["Free Fire · 341 Diamonds × 1"]);
    expect(await listed(spanish)).toEqual(["Free Fire · 341 Diamantes × 1"]);

    // Proof sent, then approved by staff: each mail names what was bought in the buyer's language.
    const staff = { userId: (await signInAs(handle.db, mailer, "staff@example.com", { staff: true })).userId, isStaff: true };
    mailer.sent.length = 0;
    for (const [who, orderId, reference] of [
      [english, englishOrder, "111111"],
      [spanish, spanishOrder, "222222"],
    ] as const) {
      await submitProof(handle.db, orderId, { userId: who.userId, isStaff: false }, pagoMovil(reference), receipt());
      await decideOrder(handle.db, orderId, staff, { decision: "approve" });
    }
    await deliverQueuedMail();
    const mailsTo = (email: string) => mailer.sent.filter((mail) => mail.to === email);
    expect(mailsTo("english@example.com")).toHaveLength(2);
    expect(mailsTo("spanish@example.com")).toHaveLength(2);
    for (const mail of mailsTo("english@example.com")) {
      expect(mail.text).toContain("Your order: Free Fire · 341 Diamonds × 1");
      expect(mail.html).toContain("341 Diamonds");
      expect(mail.text).not.toContain("Diamantes");
    }
    for (const mail of mailsTo("spanish@example.com")) {
      expect(mail.text).toContain("Tu pedido: Free Fire · 341 Diamantes × 1");
      expect(mail.text).not.toContain("Diamonds");
    }
  });

  it("a staff rename changes the store, never an order already bought", async () => {
    const english = await buyer("english@example.com", "en");
    const orderId = await buy341(english);
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const renamed = await callRoute<{ ok: boolean }>(
      packagesAction,
      formRequest(
        "/admin/catalogue/free-fire",
        {
          packageId: "free-fire-341",
          label: "341 Diamantes (oferta)",
          labelEn: "341 Diamonds (deal)",
          amount: "310",
          bonus: "31",
          priceUsd: "3.00",
          bsFollowsRate: "on",
          sortOrder: "1",
          active: "on",
        },
        staff.jar.header(),
      ),
      { gameId: "free-fire" },
    );
    expect(renamed.data).toMatchObject({ ok: true });
    const [pkg] = await handle.db.select().from(topupPackages).where(eq(topupPackages.id, "free-fire-341"));
    expect(pkg).toMatchObject({ label: "341 Diamantes (oferta)", labelEn: "341 Diamonds (deal)" });

    expect(await handle.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).toMatchObject([
      { label: "Free Fire · 341 Diamantes", labelEn: "Free Fire · 341 Diamonds" },
    ]);
    expect((await orderPage(english, orderId)).data!.order.items).toMatchObject([{ label: "Free Fire · 341 Diamonds" }]);
    // A new order takes the new names.
    const next = await buy341(english);
    expect((await orderPage(english, next)).data!.order.items).toMatchObject([{ label: "Free Fire · 341 Diamonds (deal)" }]);

    // Emptied, the English name goes: English pages show the Spanish one.
    await callRoute(
      packagesAction,
      formRequest(
        "/admin/catalogue/free-fire",
        { packageId: "free-fire-341", label: "341 Diamantes", labelEn: " ", priceUsd: "3.00", bsFollowsRate: "on", active: "on" },
        staff.jar.header(),
      ),
      { gameId: "free-fire" },
    );
    const third = await buy341(english);
    expect(await handle.db.select().from(orderItems).where(eq(orderItems.orderId, third))).toMatchObject([
      { label: "Free Fire · 341 Diamantes", labelEn: null },
    ]);
    expect((await orderPage(english, third)).data!.order.items).toMatchObject([{ label: "Free Fire · 341 Diamantes" }]);
  });

  it("the demo seed names existing demo packages in English, leaving those staff renamed or named alone", async () => {
    await handle.db.update(topupPackages).set({ labelEn: null });
    await handle.db.update(topupPackages).set({ label: "80 Diamantes" }).where(eq(topupPackages.id, "mobile-legends-86"));
    await handle.db.update(topupPackages).set({ labelEn: "110 Gems" }).where(eq(topupPackages.id, "free-fire-110"));
    await seedDemoData(handle.db);
    const names = new Map((await handle.db.select().from(topupPackages)).map((row) => [row.id, row.labelEn]));
    expect(names.get("free-fire-341")).toBe("341 Diamonds");
    expect(names.get("blood-strike-100")).toBe("100 Gold");
    expect(names.get("free-fire-110")).toBe("110 Gems");
    expect(names.get("mobile-legends-86")).toBeNull();
    expect(demoPackages().every((pkg) => pkg.labelEn.length > 0)).toBe(true);
  });
});
