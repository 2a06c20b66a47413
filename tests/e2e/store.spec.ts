import type { Page } from "@playwright/test";
import { expect, signUp, test, uniqueEmail } from "./support/auth-fixtures";

/** A game's page in the store, as a buyer uses it. */
class GamePage {
  constructor(readonly page: Page) {}

  async open(game: string) {
    await this.page.goto(`/store/${game}`);
    await expect(this.page.getByTestId("game-page")).toBeVisible();
  }

  get playerId() {
    return this.page.locator('input[name="playerId"]');
  }

  pack(id: string) {
    return this.page.locator(`[data-package="${id}"]`);
  }

  method(id: string) {
    return this.page.locator(`[data-method="${id}"]`);
  }

  get buy() {
    return this.page.getByTestId("buy-now");
  }
}

async function signedIn(page: Page, name = "Comprador") {
  await signUp(page, uniqueEmail("buyer"), { fullname: name, age: 20, favoriteGame: "Free Fire" });
}

async function fillCheckout(page: Page, values: { phone?: string; gamerId?: string; method?: RegExp }) {
  if (values.phone !== undefined) await page.locator('input[name="phone"]').fill(values.phone);
  if (values.gamerId !== undefined) await page.locator('input[name="gamerId"]').fill(values.gamerId);
  if (values.method) await page.getByRole("radio", { name: values.method }).check();
  await page.getByRole("button", { name: /^(Continuar|Continue)$/ }).click();
}

/** The page never scrolls sideways on a 360 px phone. */
async function fitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

// The player-ID checker being down is answered 502 on purpose (checkout says "No se pudo conectar con el API").
test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 502/] });

test.describe("top-up store on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("games as tiles; buy one package now with Pago Móvil; the ID is offered next time (Spanish)", async ({ page }) => {
    test.setTimeout(60_000);
    await signedIn(page);
    await page.goto("/store");
    await expect(page.getByTestId("store-game")).toHaveCount(5);
    await expect(page.locator('[data-game="cod-mobile"]')).toHaveCount(0);
    await expect(page.locator('[data-game="wild-rift"]')).toHaveCount(0);
    await expect(page.locator('[data-game="arena-breakout"]').getByTestId("from-price")).toHaveText("desde $0,99");
    // An empty cart answers with a toast instead of opening (this page has no React: a server notice).
    await page.getByTestId("cart-button").click();
    await expect(page.getByRole("status").filter({ hasText: "Tu carrito está vacío" })).toBeVisible();
    await expect(page).toHaveURL(/\/store$/);
    await fitsPhone(page);
    await page.locator('[data-game="free-fire"]').getByRole("link").click();
    await expect(page).toHaveURL(/\/store\/free-fire$/);
    await expect(page.getByTestId("game-banner")).toHaveAttribute("src", "/images/games/free-fire-banner.svg");

    const game = new GamePage(page);
    // Step 1: the ID is checked as it is typed and the in-game name shown.
    await game.playerId.fill("123456789");
    await expect(page.getByTestId("player-name")).toHaveText("✓ Jugador: ZeroRushFF");
    // Step 2: the package (its amount, bonus and prices); step 3: each method's price in its currency.
    await expect(game.pack("free-fire-341").getByTestId("bonus")).toHaveText("+31 de bono");
    await game.pack("free-fire-341").click();
    await expect(game.method("pago_movil").getByTestId("method-price")).toHaveText("Bs. 736,50");
    await expect(game.method("binance").getByTestId("method-price")).toHaveText("$3,00");
    await expect(game.method("paypal").getByTestId("method-price")).toHaveText("$3,00");
    await expect(game.method("pago_movil").getByTestId("store-rate")).toContainText("Tasa del día: Bs. 245,50");
    await game.method("pago_movil").click();
    await expect(page.getByTestId("buy-total")).toContainText("Bs. 736,50");
    await fitsPhone(page);
    // Step 4: the phone, then buy now → the order's payment page.
    await page.locator('input[name="phone"]').fill("04121234567");
    await game.buy.click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+\/pay\/pago_movil$/);
    await expect(page.getByTestId("pay-amount")).toHaveText("Bs. 736,50");
    await expect(page.getByTestId("pay-summary")).toContainText("Free Fire · 341 Diamantes × 1");

    // The order page shows where the order is, step by step.
    const orderPath = new URL(page.url()).pathname.replace(/\/pay\/pago_movil$/, "");
    await page.goto(orderPath);
    await expect(page.locator('[data-step="sent"]')).toHaveAttribute("data-state", "done");
    await expect(page.locator('[data-step="verifying"]')).toHaveAttribute("data-state", "todo");
    await expect(page.getByTestId("order-steps")).toContainText("Pedido enviado");

    // Next time the ID is remembered, offered and already filled in (and the phone too).
    await game.open("free-fire");
    await expect(page.getByTestId("saved-id")).toHaveText(["ZeroRushFF · 123456789"]);
    await expect(game.playerId).toHaveValue("123456789");
    await expect(page.locator('input[name="phone"]')).toHaveValue("04121234567");
    await game.playerId.fill("987654321");
    await expect(page.getByTestId("player-name")).toHaveText("✓ Jugador: GoldHunter");
    await page.getByTestId("saved-id").click();
    await expect(game.playerId).toHaveValue("123456789");
    await expect(page.getByTestId("player-name")).toHaveText("✓ Jugador: ZeroRushFF");
  });

  test("a wrong ID stops the purchase with the checker's message (Spanish)", async ({ page }) => {
    await signedIn(page);
    const game = new GamePage(page);
    await game.open("blood-strike");
    await game.playerId.fill("000111222");
    await expect(page.getByTestId("player-error")).toHaveText("ID inválido: Jugador no encontrado");
    await game.pack("blood-strike-100").click();
    await game.method("paypal").click();
    await page.locator('input[name="phone"]').fill("04141234567");
    await expect(game.buy).toBeDisabled();
    // The server refuses it too, whatever the page allows: a form sent anyway gets the same message.
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('[data-testid="buy-now"]')!;
      button.disabled = false;
      button.click();
    });
    await expect(page.getByTestId("buy-error")).toHaveText("ID inválido: Jugador no encontrado");
    await expect(page).toHaveURL(/\/store\/blood-strike$/);
    await page.goto("/orders");
    await expect(page.getByTestId("order-row")).toHaveCount(0);
  });

  test("two packages through the cart, paid with Binance (English)", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/?lang=en");
    await signedIn(page, "Buyer");
    const game = new GamePage(page);
    await game.open("mobile-legends");
    // Mobile Legends has a zone: both are checked together.
    await game.playerId.fill("12345678");
    await page.locator('input[name="zone"]').fill("2001");
    await expect(page.getByTestId("player-name")).toHaveText("✓ Player: MLKing");
    await game.pack("mobile-legends-86").click();
    await page.getByTestId("add-to-cart").click();
    await game.pack("mobile-legends-172").click();
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    // One game per cart.
    await game.open("free-fire");
    await game.pack("free-fire-110").click();
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByRole("alert").filter({ hasText: "You can only add top-ups for one game." })).toBeVisible();
    await game.open("mobile-legends");
    await page.getByTestId("go-to-cart").click();
    await expect(page).toHaveURL(/\/store\/cart$/);
    await expect(page.getByTestId("cart-row")).toHaveCount(2);
    await expect(page.getByTestId("cart-row").first()).toContainText("86 Diamonds");
    await expect(page.getByTestId("total-usd")).toHaveText("$4.80");
    await fitsPhone(page);
    await page.getByTestId("checkout-button").click();
    await expect(page.getByText("Your ID and server separated by a hyphen")).toBeVisible();
    await fillCheckout(page, { phone: "04241234567", gamerId: "12345678", method: /Binance/ });
    await expect(page.getByTestId("checkout-error")).toHaveText("Wrong ID or server");
    await fillCheckout(page, { gamerId: "12345678-2001" });
    await expect(page.getByTestId("player-name")).toHaveText("Player: MLKing");
    await page.getByRole("button", { name: "Yes, create the order" }).click();
    await expect(page).toHaveURL(/\/pay\/binance$/);
    await expect(page.getByTestId("pay-amount")).toHaveText("$4.80");
    expect(await page.evaluate(() => localStorage.getItem("cart"))).toBeNull();
    // SPEC §3: the order's keys are kept for the payment step.
    const orderId = /\/orders\/([0-9a-f-]+)\/pay/.exec(page.url())![1];
    expect(
      await page.evaluate(() =>
        Object.fromEntries(["payment_method", "gamer_id", "order_id", "order_total"].map((key) => [key, localStorage.getItem(key)])),
      ),
    ).toEqual({ payment_method: "binance", gamer_id: "12345678-2001", order_id: orderId, order_total: "480" });
    expect(await page.evaluate(() => localStorage.getItem("email"))).toMatch(/@/);
    await page.goto("/orders");
    // An English page names the packages in English (issue #25), in the cart as in the orders.
    await expect(page.getByTestId("order-row").first()).toContainText("Mobile Legends · 86 Diamonds × 1");
    await expect(page.getByTestId("order-row").first()).toContainText("Mobile Legends · 172 Diamonds × 1");
    // The cart's ID is remembered for the game page too.
    await game.open("mobile-legends");
    await expect(page.getByTestId("saved-id")).toHaveText(["MLKing · 12345678 (2001)"]);
  });

  test("a visitor browses, picks, and signs in to buy; back on the game page with the choice", async ({ page }) => {
    const game = new GamePage(page);
    await game.open("arena-breakout");
    await game.pack("arena-breakout-310").click();
    await game.method("paypal").click();
    await game.buy.click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/auth" && url.searchParams.get("redirectTo") === "/store/arena-breakout?package=arena-breakout-310&method=paypal",
    );
    await page.goto(new URL(page.url()).searchParams.get("redirectTo")!);
    await expect(game.pack("arena-breakout-310").getByRole("radio")).toBeChecked();
    await expect(game.method("paypal").getByRole("radio")).toBeChecked();
  });
});

test.describe("the store without JavaScript", () => {
  test("buy now works with plain forms: ID check, package, method, order", async ({ page, browser }) => {
    test.setTimeout(60_000);
    await signedIn(page);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      baseURL: new URL(page.url()).origin,
      viewport: { width: 360, height: 740 },
    });
    try {
      const plain = await context.newPage();
      const game = new GamePage(plain);
      await game.open("free-fire");
      await game.playerId.fill("123456789");
      await plain.getByRole("button", { name: "Verificar ID" }).click();
      await expect(plain.getByTestId("player-name")).toHaveText("✓ Jugador: ZeroRushFF");
      await expect(game.playerId).toHaveValue("123456789");
      await game.pack("free-fire-110").click();
      await game.method("paypal").click();
      await plain.locator('input[name="phone"]').fill("04161234567");
      await game.buy.click();
      await expect(plain).toHaveURL(/\/orders\/[0-9a-f-]+\/pay\/paypal$/);
      await expect(plain.getByTestId("pay-amount")).toHaveText("$1,00");
    } finally {
      await context.close();
    }
  });
});

test.describe("cart checkout", () => {
  test("a stale price in the cart is shown, not charged", async ({ page }) => {
    await signedIn(page);
    const game = new GamePage(page);
    await game.open("delta-force");
    // Delta Force's IDs are not checked (catalogue flag): the page says so.
    await expect(page.getByTestId("player-unchecked")).toBeVisible();
    await game.pack("delta-force-60").click();
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    // The cart was built when the package cost less (as after a price change).
    await page.evaluate(() => {
      const cart = JSON.parse(localStorage.getItem("cart") ?? "{}");
      cart["delta-force-60"].precio_usd = 50;
      localStorage.setItem("cart", JSON.stringify(cart));
    });
    await page.goto("/store/cart/checkout");
    await fillCheckout(page, { phone: "04161234567", gamerId: "any-id", method: /PayPal/ });
    await expect(page.getByTestId("cart-changes")).toContainText("60 Coins ahora cuesta $0,99");
    await expect(page.getByTestId("summary-usd")).toHaveText("$0,99");
    await page.getByRole("button", { name: /^Continuar$/ }).click();
    await expect(page.getByTestId("player-name")).toContainText("any-id");
    await page.getByRole("button", { name: "Sí, crear el pedido" }).click();
    await expect(page).toHaveURL(/\/pay\/paypal$/);
    await expect(page.getByTestId("pay-amount")).toHaveText("$0,99");
  });

  test("the cart page changes the stored cart; 'No, corregir' keeps what was typed; without JavaScript the pages say why", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    await signedIn(page);
    const game = new GamePage(page);
    await game.open("delta-force");
    await game.pack("delta-force-60").click();
    await page.getByTestId("add-to-cart").click();
    await game.pack("delta-force-320").click();
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await page.getByTestId("go-to-cart").click();
    await expect(page.getByTestId("cart-row")).toHaveCount(2);
    await expect(page.getByTestId("total-usd")).toHaveText("$5,98");
    await expect(page.getByTestId("needs-javascript")).toHaveCount(0);
    // A quantity is stored, and the server's render of the cart follows (subtotal, totals, top-bar count).
    const quantity = page.getByRole("spinbutton", { name: "Cantidad: 60 Coins" });
    await quantity.fill("3");
    await quantity.press("Tab");
    await expect(page.getByTestId("cart-subtotal").first()).toHaveText("$2,97");
    await expect(page.getByTestId("total-usd")).toHaveText("$7,96");
    await expect(page.getByTestId("cart-count")).toHaveText("4");
    // SPEC §5: what is not a whole number from 1 up becomes 1.
    await page.getByRole("spinbutton", { name: "Cantidad: 60 Coins" }).fill("0");
    await page.getByRole("spinbutton", { name: "Cantidad: 60 Coins" }).press("Tab");
    await expect(page.getByTestId("total-usd")).toHaveText("$5,98");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cart")!)["delta-force-60"].quantity)).toBe(1);
    await page.getByTestId("cart-row").filter({ hasText: "320 Coins" }).getByRole("button", { name: "Quitar" }).click();
    await expect(page.getByTestId("cart-row")).toHaveCount(1);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    // A quantity broken in storage blocks the checkout until fixed.
    await page.evaluate(() => {
      const cart = JSON.parse(localStorage.getItem("cart")!);
      cart["delta-force-60"].quantity = 0;
      localStorage.setItem("cart", JSON.stringify(cart));
    });
    await page.reload();
    await expect(page.getByTestId("invalid-quantities")).toBeVisible();
    // SPEC §5: the invalid-quantities toast too.
    await expect(page.locator('[data-toasts] [data-kind="error"]')).toContainText("cantidades inválidas");
    await expect(page.getByTestId("checkout-button")).toHaveAttribute("aria-disabled", "true");
    await page.getByRole("spinbutton", { name: "Cantidad: 60 Coins" }).fill("2");
    await page.getByRole("spinbutton", { name: "Cantidad: 60 Coins" }).press("Tab");
    await expect(page.getByTestId("invalid-quantities")).toHaveCount(0);
    await page.getByTestId("checkout-button").click();

    await expect(page.getByTestId("summary-usd")).toHaveText("$1,98");
    await fillCheckout(page, { phone: "04161234567", gamerId: "DF-777", method: /PayPal/ });
    await expect(page.getByTestId("player-name")).toContainText("DF-777");
    await page.getByTestId("checkout-change").click();
    await expect(page.locator('input[name="phone"]')).toHaveValue("04161234567");
    await expect(page.locator('input[name="gamerId"]')).toHaveValue("DF-777");
    await expect(page.getByRole("radio", { name: /PayPal/ })).toBeChecked();

    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      baseURL: new URL(page.url()).origin,
    });
    try {
      const plain = await context.newPage();
      for (const path of ["/store/cart", "/store/cart/checkout"]) {
        await plain.goto(path);
        await expect(plain.getByText("Tu carrito se guarda en este navegador: activa JavaScript para verlo y pagar.")).toBeVisible();
      }
      await expect(plain.getByRole("button", { name: "Continuar" })).toBeDisabled();
    } finally {
      await context.close();
    }
  });

  test("every checkout message, and an unreachable checker", async ({ page }) => {
    await signedIn(page);
    await page.goto("/store/cart/checkout");
    await fillCheckout(page, { phone: "04121234567", gamerId: "123456789", method: /PayPal/ });
    await expect(page.getByTestId("checkout-error")).toHaveText("Tu carrito está vacío. Agrega recargas antes de continuar.");
    const game = new GamePage(page);
    await game.open("free-fire");
    await game.pack("free-fire-110").click();
    await page.getByTestId("add-to-cart").click();
    await page.goto("/store/cart/checkout");
    await fillCheckout(page, { phone: "02121234567", gamerId: "" });
    await expect(page.getByTestId("checkout-error")).toHaveText(
      "Por favor, ingresa un número de teléfono venezolano válido (ej. 0412xxxxxxx).",
    );
    await fillCheckout(page, { phone: "04121234567" });
    await expect(page.getByTestId("checkout-error")).toHaveText("Por favor, ingresa tu Gamer ID.");
    await fillCheckout(page, { gamerId: "000111222" });
    await expect(page.getByTestId("checkout-error")).toHaveText("Por favor, selecciona un método de pago.");
    await fillCheckout(page, { method: /Pago Móvil/ });
    await expect(page.getByTestId("checkout-error")).toHaveText("ID inválido: Jugador no encontrado");
    await fillCheckout(page, { gamerId: "555000111" });
    await expect(page.getByTestId("checkout-error")).toHaveText("No se pudo conectar con el API");
  });
});
