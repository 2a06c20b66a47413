import type { Page } from "@playwright/test";
import { PayPage, StaffReviewPage } from "./pages/order-pages";
import { noSidewaysScroll, personAt } from "./support/phone";
import { pngReceipt } from "./support/receipt-files";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";

// Fans' subscriptions (docs/streamers.md) at phone width: the streamer sets a monthly price
// and writes a subscriber-only post; a fan subscribes and pays from their wallet, another pays by a
// receipt that staff approve; both then read the post, with the subscriber's badge; a visitor and a
// signed-in non-subscriber see only the title. One short look in English.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-fans.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

// One worker runs both in order, on one server: another worker would only seed and start a copy of it.
test.describe.configure({ mode: "default" });

const PAGE = "/streamers/vale_fans";
const SECRET = "Calentamiento: 20 minutos de entrenamiento con la M1887.";

async function chooseSubscription(page: Page, method: "binance" | "paypal") {
  await page.getByTestId("subscribe-phone").fill("04141234567");
  await page.getByTestId(`subscribe-method-${method}`).check();
  await page.getByTestId("subscribe-submit").click();
  await expect(page).toHaveURL(new RegExp(`/orders/[0-9a-f-]{36}/pay/${method}$`));
  return /\/orders\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
}

test("a streamer prices a subscription and posts for subscribers; fans subscribe by wallet and by receipt and read it, others cannot", async ({
  browser,
  arena,
}) => {
  test.setTimeout(150_000);
  const streamer = await personAt(browser, arena, { clock: true });
  const fan = await personAt(browser, arena, { clock: true });
  const other = await personAt(browser, arena, { clock: true });
  const staff = await personAt(browser, arena, { clock: true });

  // The streamer: a price out of the limits comes back translated; then $3.00, and a post.
  await signIn(streamer, arena, "streamer-fans@example.com", PAGE);
  await streamer.getByTestId("price-input").fill("25");
  await streamer.getByTestId("price-submit").click();
  await expect(streamer.getByTestId("price-error")).toHaveText("El precio es de 1 a 20 dólares.");
  await streamer.getByTestId("price-input").fill("3");
  await streamer.getByTestId("price-submit").click();
  await expect(streamer.getByTestId("streamer-saved")).toHaveText("Precio guardado.");
  await expect(streamer.getByTestId("price-input")).toHaveValue("3.00");
  await streamer.getByTestId("post-title").fill("Mi rutina antes de cada torneo");
  await streamer.getByTestId("post-body").fill(SECRET);
  await streamer.getByTestId("post-submit").click();
  await expect(streamer.getByTestId("streamer-saved")).toHaveText("Publicación guardada.");
  await expect(streamer.getByTestId("post-body-text")).toHaveText(SECRET);
  await noSidewaysScroll(streamer);

  // A visitor sees the title and "Suscríbete", never the text.
  const visitor = await personAt(browser, arena, { clock: true });
  await visitor.goto(PAGE);
  await expect(visitor.getByTestId("streamer-post")).toContainText("Mi rutina antes de cada torneo");
  await expect(visitor.getByTestId("post-locked")).toContainText("Solo para suscriptores.");
  await expect(visitor.getByText(SECRET)).toHaveCount(0);
  await expect(visitor.getByTestId("subscribe-sign-in")).toHaveText("Inicia sesión para suscribirte");
  await noSidewaysScroll(visitor);

  // The fan subscribes and pays from their wallet balance on the payment page.
  await signIn(fan, arena, "fan-fans@example.com", PAGE);
  await expect(fan.getByTestId("streamer-subscribers")).toHaveText("0 suscriptores");
  await expect(fan.getByTestId("post-locked")).toBeVisible();
  await fan.getByTestId("subscribe-phone").fill("123");
  await fan.getByTestId("subscribe-method-binance").check();
  await fan.getByTestId("subscribe-submit").click();
  await expect(fan.getByTestId("subscribe-error")).toHaveText("Escribe un número de celular venezolano (por ejemplo 0414 123 4567).");
  const fanOrder = await chooseSubscription(fan, "binance");
  await expect(new PayPage(fan).amount).toHaveText("$3,00");
  await fan.getByTestId("pay-with-wallet-submit").click();
  await expect(fan).toHaveURL((url) => url.pathname === `/orders/${fanOrder}`);
  await expect(fan.getByTestId("order-outcome")).toContainText("@vale_fans");
  await fan.goto(PAGE);
  await expect(fan.getByTestId("viewer-subscriber-badge")).toHaveText("★ Suscriptor");
  await expect(fan.getByTestId("subscribe-active")).toContainText("Eres suscriptor hasta el");
  await expect(fan.getByTestId("post-body-text")).toHaveText(SECRET);
  await expect(fan.getByTestId("streamer-subscribers")).toHaveText("1 suscriptor");
  await noSidewaysScroll(fan);

  // Another player, not subscribed, cannot read it; they pay by a Binance receipt and staff approve.
  await signIn(other, arena, "other-fans@example.com", PAGE);
  await expect(other.getByTestId("post-locked")).toBeVisible();
  await expect(other.getByText(SECRET)).toHaveCount(0);
  const otherOrder = await chooseSubscription(other, "binance");
  const pay = new PayPage(other);
  await pay.file.setInputFiles(pngReceipt("sub.png"));
  await pay.transactionId.fill("BNB-SUB-0001");
  await pay.submit.click();
  await expect(other).toHaveURL((url) => url.pathname === `/orders/${otherOrder}`);
  await other.goto(PAGE);
  await expect(other.getByTestId("subscribe-in-progress")).toBeVisible();
  await expect(other.getByText(SECRET)).toHaveCount(0);

  await signIn(staff, arena, "staff-fans@example.com", `/admin/orders/${otherOrder}`);
  await new StaffReviewPage(staff).approve.click();
  await expect(staff).toHaveURL((url) => url.pathname.startsWith("/admin/orders") && url.searchParams.has("done"));

  await other.goto(PAGE);
  await expect(other.getByTestId("post-body-text")).toHaveText(SECRET);
  await expect(other.getByTestId("viewer-subscriber-badge")).toBeVisible();
  await expect(other.getByTestId("streamer-subscribers")).toHaveText("2 suscriptores");
  await noSidewaysScroll(other);
});

test("in English: the visitor sees the subscriber-only posts locked and is asked to sign in to subscribe", async ({ browser, arena }) => {
  const streamer = await personAt(browser, arena, { clock: true });
  await signIn(streamer, arena, "streamer-fans@example.com", PAGE);
  await streamer.getByTestId("price-input").fill("2.50");
  await streamer.getByTestId("price-submit").click();
  await streamer.getByTestId("post-title").fill("Sorteo del viernes");
  await streamer.getByTestId("post-body").fill("El código es VIERNES25.");
  await streamer.getByTestId("post-submit").click();
  await expect(streamer.getByTestId("streamer-saved")).toBeVisible();

  const visitor = await personAt(browser, arena, { clock: true });
  await visitor.goto(`${PAGE}?lang=en`);
  await expect(visitor.getByRole("heading", { name: "Subscriber-only posts" })).toBeVisible();
  await expect(visitor.getByTestId("post-locked").first()).toContainText("For subscribers only.");
  await expect(visitor.getByText("El código es VIERNES25.")).toHaveCount(0);
  await expect(visitor.getByTestId("subscription")).toContainText("$2.50 a month");
  await expect(visitor.getByTestId("subscribe-sign-in")).toHaveText("Sign in to subscribe");
  await noSidewaysScroll(visitor);
});
