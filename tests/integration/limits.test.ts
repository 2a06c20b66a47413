/**
 * Work proportional to input size has a cap checked before the work starts (docs/reliability.md
 * "Limits and idempotency"). The cart a page
 * displays (cart and checkout pages, `?items=` or the posted `items`) and the cart checkout prices
 * are read by one function with one cap (MAX_CART_LINES lines, MAX_CART_TEXT characters).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { orders } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { MAX_CART_LINES, MAX_CART_TEXT, type CartItem } from "~/domain/cart";
import { loader as cartLoader } from "~/features/store/routes/cart";
import { action as checkoutAction, loader as checkoutLoader } from "~/features/store/routes/checkout";

import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

/** A stored cart (SPEC §3) of `lines` lines of one game, the first one a real package. */
function storedCart(lines: number, label = "110 Diamantes"): string {
  const line = (id: string): CartItem => ({
    id,
    label,
    precio_usd: 100,
    precio_bs: 24550,
    quantity: 1,
    game: "free-fire",
    gameImage: null,
  });
  return JSON.stringify(
    Object.fromEntries(
      Array.from({ length: lines }, (_, i) => (i === 0 ? "free-fire-110" : `free-fire-fake-${i}`)).map((id) => [id, line(id)]),
    ),
  );
}

const checkoutForm = (items: string) => ({
  phone: "04121234567",
  gamerId: "123456789",
  paymentMethod: "binance",
  items,
  intent: "create",
  idempotencyKey: crypto.randomUUID(),
});

type Answer = { ok: boolean; code?: string; cart?: Record<string, unknown> };

describe("a cart is capped before it is read", () => {
  it("checkout refuses a cart over MAX_CART_LINES lines (413 CART_TOO_LARGE) instead of pricing part of it", async () => {
    const buyer = await signInAs(handle.db, mailer, "big-cart@example.com");
    const answer = await callRoute<Answer>(
      checkoutAction,
      formRequest("/store/cart/checkout", checkoutForm(storedCart(MAX_CART_LINES + 1)), buyer.jar.header()),
    );
    expect(answer.status).toBe(413);
    expect(answer.data).toMatchObject({ ok: false, code: "CART_TOO_LARGE" });
    // The displayed cart of the answer is not the 51 lines either.
    expect(Object.keys(answer.data?.cart ?? {})).toHaveLength(0);
    expect(await handle.db.$count(orders)).toBe(0);

    // The same as a list of lines.
    const list = JSON.stringify(
      Array.from({ length: MAX_CART_LINES + 1 }, () => ({ packageId: "free-fire-110", quantity: 1, shownUsd: 100 })),
    );
    const listed = await callRoute<Answer>(checkoutAction, formRequest("/store/cart/checkout", checkoutForm(list), buyer.jar.header()));
    expect(listed.status).toBe(413);
    expect(await handle.db.$count(orders)).toBe(0);
  });

  it("a huge stored cart costs no parsing or rendering: refused on its length, at once", async () => {
    const buyer = await signInAs(handle.db, mailer, "huge-cart@example.com");
    // About 3 MB of lines (well under any body limit's reach in this direct call).
    const huge = storedCart(20_000, "x".repeat(100));
    expect(huge.length).toBeGreaterThan(MAX_CART_TEXT);
    // Refused on its length: the huge text is never handed to JSON.parse (the uncapped version parsed
    // and priced 20,000 lines). Checked by what is parsed, not by the clock, which a loaded machine moves.
    const parse = vi.spyOn(JSON, "parse");
    const answer = await callRoute<Answer>(checkoutAction, formRequest("/store/cart/checkout", checkoutForm(huge), buyer.jar.header()));
    expect(answer.status).toBe(413);
    expect(answer.data).toMatchObject({ ok: false, code: "CART_TOO_LARGE" });
    expect(Object.keys(answer.data?.cart ?? {})).toHaveLength(0);

    // The pages that display the cart (asked by their script with `?items=`) read it as empty.
    const shown = await callRoute<{ cart: Record<string, unknown> | null }>(
      cartLoader,
      getRequest(`/store/cart?items=${encodeURIComponent(huge)}`, buyer.jar.header()),
    );
    expect(shown.data?.cart).toEqual({});
    const atCheckout = await callRoute<{ cart: Record<string, unknown> | null }>(
      checkoutLoader,
      getRequest(`/store/cart/checkout?items=${encodeURIComponent(storedCart(MAX_CART_LINES + 1))}`, buyer.jar.header()),
    );
    expect(atCheckout.data?.cart).toEqual({});
    const longestParsed = Math.max(0, ...parse.mock.calls.map(([text]) => String(text).length));
    parse.mockRestore();
    expect(longestParsed).toBeLessThanOrEqual(MAX_CART_TEXT);
  });

  it("a cart at the cap is read whole", async () => {
    const buyer = await signInAs(handle.db, mailer, "full-cart@example.com");
    const shown = await callRoute<{ cart: Record<string, unknown> | null }>(
      cartLoader,
      getRequest(`/store/cart?items=${encodeURIComponent(storedCart(MAX_CART_LINES))}`, buyer.jar.header()),
    );
    expect(Object.keys(shown.data?.cart ?? {})).toHaveLength(MAX_CART_LINES);
  });
});
