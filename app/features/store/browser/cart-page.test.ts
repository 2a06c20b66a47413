// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { normalizeQuantity, parseStoredCart, type Cart } from "~/domain/cart";
import { start } from "./cart-page";

const CART: Cart = {
  "free-fire-110": {
    id: "free-fire-110",
    label: "110 Diamantes",
    precio_usd: 110,
    precio_bs: 4400,
    quantity: 1,
    game: "free-fire",
    gameImage: null,
  },
};

function cartPage(rows: string) {
  return `<section data-cart-page><p data-no-script>Necesita JavaScript</p><div data-part="cart">${rows}</div></section>`;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the cart page module", () => {
  beforeEach(() => {
    localStorage.setItem("cart", JSON.stringify(CART));
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        Promise.resolve({ ok: true, redirected: false, text: () => Promise.resolve(cartPage(`<input data-qty="free-fire-110">`)) }),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("asks the page with the stored cart and swaps the rows in", async () => {
    document.body.innerHTML = cartPage("");
    start();
    expect(document.querySelector("[data-no-script]")).toBeNull();
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe(`${location.pathname}?items=${encodeURIComponent(JSON.stringify(CART))}`);
    await settle();
    expect(document.querySelector("[data-qty]")).not.toBeNull();
  });

  it("stores a typed quantity by the rule of normalizeQuantity, then asks again", async () => {
    for (const typed of ["3", "100", "101", "0", "-2", "1.5", "abc", "", "007", "1e2"]) {
      localStorage.setItem("cart", JSON.stringify(CART));
      document.body.innerHTML = cartPage(`<input data-qty="free-fire-110">`);
      start();
      await settle();
      vi.mocked(fetch).mockClear();
      const input = document.querySelector<HTMLInputElement>("[data-qty]")!;
      input.value = typed;
      input.dispatchEvent(new Event("change", { bubbles: true }));
      expect(parseStoredCart(localStorage.getItem("cart"))["free-fire-110"]!.quantity, typed).toBe(normalizeQuantity(typed));
      expect(fetch).toHaveBeenCalled();
    }
  });

  it("keeps the focus on a quantity being typed when the rows are swapped", async () => {
    document.body.innerHTML = cartPage(`<input data-qty="free-fire-110">`);
    start();
    await settle();
    const input = document.querySelector<HTMLInputElement>("[data-qty]")!;
    input.focus();
    input.value = "4";
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect(document.querySelector("[data-qty]")).not.toBe(input);
    expect(document.activeElement).toBe(document.querySelector("[data-qty]"));
  });

  it("removes a line", () => {
    document.body.innerHTML = cartPage(`<button type="button" data-remove="free-fire-110">Quitar</button>`);
    start();
    document.querySelector<HTMLButtonElement>("[data-remove]")!.click();
    expect(parseStoredCart(localStorage.getItem("cart"))).toEqual({});
  });

  it("writes the created order's keys, clears the cart and goes to payment", () => {
    const assign = vi.spyOn(location, "assign").mockImplementation(() => undefined);
    document.body.innerHTML = `<section data-cart-page><div data-created data-next="/store/cart/checkout/payment?order=o1"
      data-order-key-payment_method="binance" data-order-key-gamer_id="123" data-order-key-order_id="o1"
      data-order-key-order_total="480" data-order-key-email="a@example.com"></div></section>`;
    start();
    expect(localStorage.getItem("cart")).toBeNull();
    expect(["payment_method", "gamer_id", "order_id", "order_total", "email"].map((key) => localStorage.getItem(key))).toEqual([
      "binance",
      "123",
      "o1",
      "480",
      "a@example.com",
    ]);
    expect(assign).toHaveBeenCalledWith("/store/cart/checkout/payment?order=o1");
    expect(fetch).not.toHaveBeenCalled();
  });
});
