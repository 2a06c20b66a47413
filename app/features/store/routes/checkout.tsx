import { useTranslation } from "~/lib/i18n-react";
import { data, redirect } from "react-router";
import { applyCartProblems, cartGame, cartTotals, parseStoredCart, readCartJson, requestedLines, type Cart } from "~/domain/cart";
import { parseCheckout } from "~/domain/checkout";
import { languageFromCookieHeader } from "~/domain/language";
import type { Money } from "~/domain/money";
import { PAYMENT_METHOD_IDS, currencyFor } from "~/domain/payment-methods";
import { requireUser } from "~/features/auth/session.server";
import { parseIdempotencyKey, scopedIdempotencyKey } from "~/features/orders/core/idempotency";
import { OrderKeyReusedError, findOrderFor, withinOrderLimit } from "~/features/orders/orders.server";
import { enabledPaymentMethods } from "~/features/orders/payment-accounts.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import cartPageScript from "../browser/cart-page?inline-script";
import { InlineScript } from "~/components/inline-script";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { ORDER_KEYS, type OrderKey } from "../order-keys";
import { labelCart, storeGameFlags } from "../catalogue.server";
import { verifyPlayer } from "../game-page.server";
import { createStoreOrder, priceCart, type CartProblem, type RequestedItem } from "../store-orders.server";
import { formFields, readForm, typedFields } from "~/lib/http.server";
import type { Route } from "./+types/checkout";
import { buttonClass } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";
import { Field, Input } from "~/components/ui/field";

// Plain HTML and forms, no React runtime (docs/decisions/002): the cart module (browser/cart-page.ts) sends the stored cart
// with each request and moves the server's answer into the page.
export const handle: RouteHandle = { cart: true, hydrate: false };

/** `?items=<stored cart>` is the page asked by its script for the cart it holds; `?order=<id>` is the order just created. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const url = new URL(request.url);
  const items = url.searchParams.get("items");
  const order = url.searchParams.has("order")
    ? await findOrderFor(db(), url.searchParams.get("order") ?? "", { userId: user.id, isStaff: false })
    : null;
  return {
    email: user.email,
    methods: await enabledPaymentMethods(db()),
    // Each game's zone field as staff set it in the catalogue.
    zoneGames: (await storeGameFlags(db())).filter((game) => game.hasZoneField).map((game) => game.id),
    // The cart as the browser holds it (null: not sent yet, the script asks for it), named in the page's language.
    cart: items === null ? null : await labelCart(db(), parseStoredCart(items), language),
    created:
      order && order.kind === "store"
        ? {
            orderId: order.id,
            method: order.paymentMethod,
            amount: order.amount,
            gamerId: order.gameServer ? `${order.gamerId}-${order.gameServer}` : (order.gamerId ?? ""),
            email: order.email,
          }
        : null,
    // One key per render of the form: a retried "create" request carries it again and gets the same order.
    idempotencyKey: crypto.randomUUID(),
    messages: loadMessages(language, ["store", "orders"]),
  };
}

type Typed = Record<string, string>;
type Change = { problem: CartProblem["problem"]; label: string; priceUsd?: number };
type Answer =
  | { ok: false; code: string; message?: string; problems?: CartProblem[]; changes?: Change[]; cart: Cart; typed: Typed }
  | { ok: true; step: "confirm"; username: string | null; gamerId: string; total: Money; cart: Cart; typed: Typed }
  | { ok: true; step: "edit"; cart: Cart; typed: Typed };

const TYPED = new Set(["phone", "gamerId", "paymentMethod", "idempotencyKey"]);

/**
 * The posted `items`: the stored cart (SPEC §3, keyed by package id), as the page sends it, or a
 * list of `{ packageId, quantity, shownUsd }`; nothing here is trusted. A cart over the caps
 * (MAX_CART_TEXT, MAX_CART_LINES) is refused before it is parsed or priced: no line is dropped silently.
 */
function readItems(value: FormDataEntryValue | null): RequestedItem[] | "TOO_LARGE" {
  const read = readCartJson(typeof value === "string" ? value : "[]");
  if (!read.ok) return read.code === "TOO_LARGE" ? "TOO_LARGE" : [];
  const lines: unknown[] = Array.isArray(read.value) ? read.value : requestedLines(read.value);
  return lines.map((line) => {
    const item = line as { packageId?: unknown; quantity?: unknown; shownUsd?: unknown } | null;
    return { packageId: String(item?.packageId ?? ""), quantity: Number(item?.quantity), shownUsd: Number(item?.shownUsd) };
  });
}

/** The posted cart for showing (labels, prices as the buyer saw them); a list of lines shows nothing. */
function readCart(value: FormDataEntryValue | null): Cart {
  return parseStoredCart(typeof value === "string" ? value : null);
}

/**
 * Two steps: "verify" prices the cart on the server, applies the checkout rules and asks the ID
 * checker for the in-game name; "create" does the same again (nothing from the first answer is
 * trusted), creates the order and sends the browser to it. "edit" is "No, corregir": the form again
 * with what was typed. Every answer is the page rendered again (the script swaps it in).
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const cart = await labelCart(db(), readCart(form.get("items")), languageFromCookieHeader(request.headers.get("Cookie")));
  const typed = typedFields(form, (name) => TYPED.has(name));
  const reply = (answer: Answer, status = 200) => data(answer, { status });
  const refuse = (code: string, status: number, extra: { message?: string; problems?: CartProblem[]; changes?: Change[] } = {}) =>
    reply({ ok: false, code, ...extra, cart, typed }, status);
  if (form.get("intent") === "edit") return reply({ ok: true, step: "edit", cart, typed });

  const requested = readItems(form.get("items"));
  if (requested === "TOO_LARGE") return refuse("CART_TOO_LARGE", 413);
  const priced = await priceCart(db(), requested);
  if (!priced.ok) {
    // What changed is listed with the labels the buyer saw, and the page's cart takes the changes.
    const changes = priced.problems.map((problem) => ({
      problem: problem.problem,
      label: cart[problem.packageId]?.label ?? problem.packageId,
      priceUsd: problem.problem === "PRICE_CHANGED" ? problem.priceUsd : undefined,
    }));
    return reply(
      { ok: false, code: priced.code, problems: priced.problems, changes, cart: applyCartProblems(cart, priced.problems), typed },
      409,
    );
  }
  const parsed = parseCheckout(priced.flags, formFields(form), priced.totalUsd);
  if (!parsed.ok) return refuse(parsed.code, 400);
  // Staff may switch a method off in the back-office: it is neither offered nor accepted.
  if (!(await enabledPaymentMethods(db())).includes(parsed.checkout.paymentMethod)) return refuse("METHOD_DISABLED", 400);

  const config = env();
  const checked = await verifyPlayer({ id: priced.game, ...priced.flags }, parsed.checkout.gamerId, parsed.checkout.gameServer);
  if (checked.status === "unreachable") return refuse("CHECKER_UNAVAILABLE", 502);
  if (checked.status === "invalid") return refuse("ID_INVALID", 400, { message: checked.message });
  const username = checked.status === "valid" ? checked.username : null;
  if (form.get("intent") !== "create") {
    const currency = currencyFor(parsed.checkout.paymentMethod);
    const total = { amount: currency === "VES" ? priced.totalBs : priced.totalUsd, currency };
    return reply({ ok: true, step: "confirm", username, gamerId: form.get("gamerId")?.toString().trim() ?? "", total, cart, typed });
  }

  const idempotencyKey = parseIdempotencyKey(form.get("idempotencyKey"));
  // A retried post (its key already made the order) is answered below without using up the buyer's allowance.
  if (!(await withinOrderLimit(db(), "orderCreation", user.id, scopedIdempotencyKey("store", idempotencyKey))))
    return refuse("RATE_LIMITED", 429);
  let orderId: string;
  try {
    const order = await createStoreOrder(db(), {
      userId: user.id,
      email: user.email,
      cart: priced,
      checkout: parsed.checkout,
      gamerName: username,
      expiresAt: new Date(Date.now() + config.ORDER_EXPIRY_MINUTES * 60_000),
      idempotencyKey,
    });
    orderId = order.id;
  } catch (error) {
    // The form's key already bought another cart: said so, and the form gets a fresh key (the loader's).
    if (error instanceof OrderKeyReusedError) {
      const { idempotencyKey: _used, ...fresh } = typed;
      return reply({ ok: false, code: error.code, cart, typed: fresh }, 409);
    }
    log.error("store order not created", { userId: user.id, error: String(error) });
    return refuse("ORDER_FAILED", 500);
  }
  // 303: a reload of the next page does not post again; it renders the order for the script (order keys, then payment).
  return redirect(`/store/cart/checkout?order=${orderId}`, 303);
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "store", "checkout.title")} · Arena LATAM` }];
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("store");
  const format = useFormat();
  const answer = actionData as Answer | undefined;
  const cart = answer?.cart ?? loaderData.cart;
  const items = Object.values(cart ?? {});
  const totals = cartTotals(cart ?? {});
  const game = cart ? cartGame(cart) : null;
  const zoned = game !== null && loaderData.zoneGames.includes(game);
  const typed = answer?.typed ?? {};
  const idempotencyKey = parseIdempotencyKey(typed.idempotencyKey) ?? loaderData.idempotencyKey;
  const error = answer && !answer.ok ? answer : null;
  const confirm = answer?.ok && answer.step === "confirm" ? answer : null;
  const created = loaderData.created;
  const methods = PAYMENT_METHOD_IDS.filter((method) => loaderData.methods.includes(method));
  const hidden = (name: string, value: string | undefined) => <input type="hidden" name={name} value={value ?? ""} />;

  return (
    <>
      <section
        className="mx-auto grid max-w-5xl gap-8 px-4 py-12 md:grid-cols-[3fr_2fr]"
        data-testid="checkout-page"
        {...dataAttr(DataAttr.cartPage)}
      >
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold">{t("checkout.title")}</h1>
          {/* Shown until the page's script runs and removes it (a <noscript> stays hidden where only page scripts are blocked). */}
          <p className="mt-4 text-amber-200" data-testid="needs-javascript" {...dataAttr(DataAttr.noScript)}>
            {t("cart.needsJavaScript")}
          </p>
          {error ? (
            <Alert tone="error" testId="checkout-error">
              {t(`errors.${error.code}`, { message: error.message ? t(`errors.${error.message}`, { defaultValue: error.message }) : "" })}
            </Alert>
          ) : null}
          {error?.changes?.length ? (
            <div
              role="status"
              className="mt-4 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-amber-100"
              data-testid="cart-changes"
              {...dataAttr(DataAttr.storeCart, JSON.stringify(error.cart))}
            >
              <p className="font-semibold">{t("checkout.cartChanged")}</p>
              <ul className="mt-2 list-inside list-disc">
                {error.changes.map((change) => (
                  <li key={change.label}>
                    {change.problem === "GONE"
                      ? t("checkout.gone", { label: change.label })
                      : change.problem === "PRICE_CHANGED"
                        ? t("checkout.priceChanged", {
                            label: change.label,
                            price: format.money({ amount: change.priceUsd ?? 0, currency: "USD" }),
                          })
                        : t("checkout.invalidQuantity", { label: change.label })}
                  </li>
                ))}
              </ul>
              <p className="mt-2">{t("checkout.reviewAgain")}</p>
            </div>
          ) : null}

          {created ? (
            <div
              className="mt-6 rounded-xl border border-emerald-500/50 bg-emerald-500/10 p-6"
              data-testid="order-created"
              {...dataAttr(DataAttr.created)}
              {...dataAttr(DataAttr.next, `/store/cart/checkout/payment?order=${created.orderId}`)}
              {...orderKeyAttributes({
                payment_method: created.method,
                gamer_id: created.gamerId,
                order_id: created.orderId,
                order_total: String(created.amount),
                email: created.email,
              })}
            >
              <p className="text-lg font-bold">{t("checkout.created")}</p>
              <a href={`/store/cart/checkout/payment?order=${created.orderId}`} className={buttonClass("primary", "md", "mt-4")}>
                {t("checkout.goToPayment")}
              </a>
            </div>
          ) : confirm ? (
            // "No, corregir" goes back to the form with what was typed still in it (docs/product.md).
            <form
              method="post"
              className="mt-6 rounded-xl border border-cyan-500/50 bg-cyan-500/10 p-6"
              data-testid="confirm-player"
              {...dataAttr(DataAttr.confirmStep)}
            >
              {hidden("phone", typed.phone)}
              {hidden("gamerId", typed.gamerId)}
              {hidden("paymentMethod", typed.paymentMethod)}
              {hidden("idempotencyKey", idempotencyKey)}
              {hidden("items", "")}
              <p className="text-xl font-bold">{t("checkout.confirmTitle")}</p>
              <p className="mt-2 text-lg break-words" data-testid="player-name">
                {confirm.username
                  ? t("checkout.confirmPlayer", { name: confirm.username })
                  : t("checkout.confirmNoCheck", { id: confirm.gamerId })}
              </p>
              <p className="mt-2 text-sm text-slate-300" data-testid="confirm-total">
                {t("game.total")}: {format.money(confirm.total)}
              </p>
              <div className="mt-4 flex flex-wrap gap-3">
                <button
                  type="submit"
                  name="intent"
                  value="create"
                  {...dataAttr(DataAttr.sending, t("checkout.creating"))}
                  className={buttonClass("primary", "md")}
                >
                  {t("checkout.confirm")}
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="edit"
                  className="rounded-lg border border-slate-600 px-5 py-3"
                  data-testid="checkout-change"
                >
                  {t("checkout.change")}
                </button>
              </div>
            </form>
          ) : cart !== null && items.length === 0 && !error ? (
            // SPEC §5: an empty cart never shows the form at 0,00.
            <div className="mt-6" data-testid="checkout-empty">
              <Alert tone="info" className="mt-0">
                {t("errors.EMPTY_CART")}
              </Alert>
              <a href="/store" className={buttonClass("primary", "md", "mt-4")}>
                {t("cart.keepShopping")}
              </a>
            </div>
          ) : (
            <form method="post" className="mt-6 flex flex-col gap-4" noValidate>
              {hidden("intent", "verify")}
              {hidden("idempotencyKey", idempotencyKey)}
              {hidden("items", "")}
              <Field label={t("checkout.phone")} hint={t("checkout.phoneHint")}>
                <Input name="phone" type="tel" inputMode="numeric" autoComplete="tel" defaultValue={typed.phone} />
              </Field>
              <Field
                label={t("checkout.gamerId")}
                // The hint follows the cart's game, which only the script's request tells the server.
                hint={
                  <span {...dataAttr(DataAttr.part, "gamer-id-hint")}>
                    {zoned ? t("checkout.gamerIdHintServer") : t("checkout.gamerIdHint")}
                  </span>
                }
              >
                <Input name="gamerId" autoComplete="off" defaultValue={typed.gamerId} />
              </Field>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-semibold">{t("checkout.paymentMethod")}</legend>
                {methods.map((method) => (
                  <label
                    key={method}
                    className="flex items-center gap-3 rounded-lg border border-slate-700 px-4 py-3 has-[:checked]:border-cyan-400"
                  >
                    <input type="radio" name="paymentMethod" value={method} defaultChecked={typed.paymentMethod === method} />
                    <span className="font-semibold">{t(`orders:methods.${method}`)}</span>
                    <span className="ml-auto text-sm text-slate-300" {...dataAttr(DataAttr.part, `price-${method}`)}>
                      {cart
                        ? format.money(
                            currencyFor(method) === "VES"
                              ? { amount: totals.bs, currency: "VES" }
                              : { amount: totals.usd, currency: "USD" },
                          )
                        : null}
                    </span>
                  </label>
                ))}
              </fieldset>
              {/* The cart is in the browser: the form can only be sent once the page's script runs. */}
              <button
                type="submit"
                disabled
                {...dataAttr(DataAttr.needsScript)}
                {...dataAttr(DataAttr.sending, t("checkout.verifying"))}
                className={buttonClass("primary", "md", "disabled:cursor-wait disabled:opacity-60")}
              >
                {t("checkout.verify")}
              </button>
            </form>
          )}
        </div>

        <aside
          className="h-fit min-w-0 rounded-xl border border-slate-800 bg-arena-panel p-5"
          data-testid="order-summary"
          {...dataAttr(DataAttr.part, "summary")}
        >
          <h2 className="text-lg font-bold">{t("checkout.summary")}</h2>
          <ul className="mt-3 flex flex-col gap-2 text-sm" aria-busy={cart ? undefined : true}>
            {items.map((item) => (
              <li key={item.id} className="flex justify-between gap-3" data-testid="summary-item">
                <span className="min-w-0 break-words">
                  {item.label} × {item.quantity}
                </span>
                <span className="shrink-0">{format.money({ amount: item.precio_usd * item.quantity, currency: "USD" })}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 flex justify-between gap-3 border-t border-slate-800 pt-3 font-bold">
            <span>{t("cart.totalUsd")}</span>
            <span data-testid="summary-usd">{cart ? format.money({ amount: totals.usd, currency: "USD" }) : null}</span>
          </p>
          <p className="flex justify-between gap-3 text-sm text-slate-300">
            <span>{t("cart.totalBs")}</span>
            <span data-testid="summary-bs">{cart ? format.money({ amount: totals.bs, currency: "VES" }) : null}</span>
          </p>
          <a href="/store/cart" className="mt-4 inline-block text-sm text-cyan-400">
            ← {t("checkout.backToCart")}
          </a>
        </aside>
      </section>
      <InlineScript source={cartPageScript} />
    </>
  );
}

/** The SPEC §3 keys of a created order, one attribute each, for the cart module to store. */
function orderKeyAttributes(values: Record<OrderKey, string>): Record<string, string> {
  return Object.fromEntries(ORDER_KEYS.map((key) => [`${DataAttr.orderKeyPrefix}${key}`, values[key]]));
}
