import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { Link, data, useFetcher, useNavigate } from "react-router";
import { cartGame, cartTotals, removeFromCart, type Cart } from "~/domain/cart";
import { parseCheckout } from "~/domain/checkout";
import { languageFromCookieHeader } from "~/domain/language";
import { formatMoney } from "~/domain/format";
import { PAYMENT_METHOD_IDS } from "~/domain/payment-methods";
import { withinLimit } from "~/lib/rate-limit.server";
import { requireUser } from "~/features/auth/session.server";
import { parseIdempotencyKey } from "~/features/orders/core/idempotency";
import { enabledPaymentMethods } from "~/features/orders/payment-accounts.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useHydrated } from "~/lib/use-hydrated";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { clearCart, saveCart, useCart } from "../cart-store";
import { storeGameFlags } from "../catalogue.server";
import { verifyPlayer } from "../game-page.server";
import { createStoreOrder, priceCart, type CartProblem, type RequestedItem } from "../store-orders.server";
import { formFields, readForm } from "~/lib/http.server";
import type { Route } from "./+types/checkout";
import { buttonClass } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";

export const handle: RouteHandle = { cart: true };

/** SPEC §3 local keys kept after the order is created, for the payment step. */
const ORDER_KEYS = ["payment_method", "gamer_id", "order_id", "order_total", "email"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // One key per render of the form: a retried "create" request carries it again and gets the same order.
  return {
    email: user.email,
    methods: await enabledPaymentMethods(db()),
    // Each game's zone field as staff set it in the catalogue (the cart's game is only known in the browser).
    zoneGames: (await storeGameFlags(db())).filter((game) => game.hasZoneField).map((game) => game.id),
    idempotencyKey: crypto.randomUUID(),
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["store", "orders"]),
  };
}

type Answer =
  | { ok: false; code: string; message?: string; problems?: CartProblem[] }
  | { ok: true; step: "confirm"; username: string | null; gamerId: string }
  | { ok: true; step: "created"; orderId: string; method: string; amount: number; currency: string };

function readItems(value: FormDataEntryValue | null): RequestedItem[] {
  try {
    const parsed = JSON.parse(String(value ?? "[]")) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.slice(0, 50).map((item: { packageId?: unknown; quantity?: unknown; shownUsd?: unknown }) => ({
      packageId: String(item.packageId ?? ""),
      quantity: Number(item.quantity),
      shownUsd: Number(item.shownUsd),
    }));
  } catch {
    return [];
  }
}

/**
 * Two steps: "verify" prices the cart on the server, applies the checkout rules and asks the ID
 * checker for the in-game name; "create" does the same again (nothing from the first answer is
 * trusted) and creates the order.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const reply = (answer: Answer, status = 200) => data(answer, { status });
  const refuse = (code: string, status: number, extra: { message?: string; problems?: CartProblem[] } = {}) =>
    reply({ ok: false, code, ...extra }, status);
  const priced = await priceCart(db(), readItems(form.get("items")));
  if (!priced.ok) return refuse(priced.code, 409, { problems: priced.problems });
  const parsed = parseCheckout(priced.flags, formFields(form), priced.totalUsd);
  if (!parsed.ok) return refuse(parsed.code, 400);
  // Staff may switch a method off in the back-office: it is neither offered nor accepted.
  if (!(await enabledPaymentMethods(db())).includes(parsed.checkout.paymentMethod)) return refuse("METHOD_DISABLED", 400);

  const config = env();
  const checked = await verifyPlayer({ id: priced.game, ...priced.flags }, parsed.checkout.gamerId, parsed.checkout.gameServer);
  if (checked.status === "unreachable") return refuse("CHECKER_UNAVAILABLE", 502);
  if (checked.status === "invalid") return refuse("ID_INVALID", 400, { message: checked.message });
  const username = checked.status === "valid" ? checked.username : null;
  if (form.get("intent") !== "create")
    return reply({ ok: true, step: "confirm", username, gamerId: form.get("gamerId")?.toString().trim() ?? "" });

  if (!(await withinLimit(db(), "orderCreation", user.id))) return refuse("RATE_LIMITED", 429);
  try {
    const order = await createStoreOrder(db(), {
      userId: user.id,
      email: user.email,
      cart: priced,
      checkout: parsed.checkout,
      gamerName: username,
      expiresAt: new Date(Date.now() + config.ORDER_EXPIRY_MINUTES * 60_000),
      idempotencyKey: parseIdempotencyKey(form.get("idempotencyKey")),
    });
    return reply({
      ok: true,
      step: "created",
      orderId: order.id,
      method: parsed.checkout.paymentMethod,
      amount: order.amount,
      currency: order.currency,
    });
  } catch (error) {
    log.error("store order not created", { userId: user.id, error: String(error) });
    return refuse("ORDER_FAILED", 500);
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "store", "checkout.title")} · Arena LATAM` }];
}

const inputClass = "w-full rounded-lg border border-slate-700 bg-slate-900 px-4 py-3 text-slate-100 outline-none focus:border-cyan-400";

/** Applies what the server reported about the cart: gone packages removed, new prices taken. */
function applyProblems(cart: Cart, problems: CartProblem[]): Cart {
  let next = cart;
  for (const problem of problems) {
    if (problem.problem === "GONE") next = removeFromCart(next, problem.packageId);
    if (problem.problem === "PRICE_CHANGED" && next[problem.packageId]) {
      next = { ...next, [problem.packageId]: { ...next[problem.packageId]!, precio_usd: problem.priceUsd, precio_bs: problem.priceBs } };
    }
  }
  return next;
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("store");
  const navigate = useNavigate();
  const cart = useCart();
  const fetcher = useFetcher<Answer>();
  const [error, setError] = useState<{ code: string; message?: string } | null>(null);
  const [changes, setChanges] = useState<{ label: string; text: string }[]>([]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [correcting, setCorrecting] = useState(false);
  // The cart is in the browser: the form can only be sent once the page's script runs.
  const ready = useHydrated();
  const language = i18n.language === "en" ? "en" : "es";
  const items = Object.values(cart);
  const game = cartGame(cart);
  const zoned = game !== null && loaderData.zoneGames.includes(game);
  const totals = cartTotals(cart);
  const answer = fetcher.data;
  const busy = fetcher.state !== "idle";

  // A new answer from the server: its error, and the cart changes it names, are shown from this
  // render on (React's "adjust state when a value changes" pattern; labels are read from the cart
  // before the effect below rewrites it).
  const [shownAnswer, setShownAnswer] = useState<Answer | undefined>(undefined);
  if (answer && fetcher.state === "idle" && answer !== shownAnswer) {
    setShownAnswer(answer);
    if (!answer.ok) {
      setError({ code: answer.code, message: answer.message });
      if (answer.problems?.length)
        setChanges(
          answer.problems.map((problem) => {
            const label = cart[problem.packageId]?.label ?? problem.packageId;
            if (problem.problem === "GONE") return { label, text: t("checkout.gone", { label }) };
            if (problem.problem === "PRICE_CHANGED")
              return {
                label,
                text: t("checkout.priceChanged", { label, price: formatMoney({ amount: problem.priceUsd, currency: "USD" }, language) }),
              };
            return { label, text: t("checkout.invalidQuantity", { label }) };
          }),
        );
    } else if (answer.step === "created" && !answer.orderId) setError({ code: "ORDER_ID_MISSING" });
  }

  // What the answer changes outside React: the stored cart, the order keys, the next page.
  useEffect(() => {
    if (!answer || fetcher.state !== "idle") return;
    if (!answer.ok && answer.problems?.length) saveCart(applyProblems(cart, answer.problems));
    if (answer.ok && answer.step === "created" && answer.orderId) {
      // SPEC §4: the cart is cleared once the order exists; the order keys serve the payment step.
      clearCart();
      const keys: Record<(typeof ORDER_KEYS)[number], string> = {
        payment_method: answer.method,
        gamer_id: values.gamerId ?? "",
        order_id: answer.orderId,
        order_total: String(answer.amount),
        email: loaderData.email,
      };
      for (const key of ORDER_KEYS) window.localStorage.setItem(key, keys[key]);
      navigate(`/store/cart/checkout/payment?order=${answer.orderId}`);
    }
    // Only the fetcher's new answers matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, fetcher.state]);

  function submit(intent: "verify" | "create", formValues: Record<string, string>) {
    if (items.length === 0) return setError({ code: "EMPTY_CART" });
    const parsed = parseCheckout({ hasZoneField: zoned }, formValues, totals.usd);
    if (!parsed.ok) return setError({ code: parsed.code });
    setError(null);
    setChanges([]);
    setCorrecting(false);
    setValues(formValues);
    fetcher.submit(
      {
        ...formValues,
        intent,
        idempotencyKey: loaderData.idempotencyKey,
        items: JSON.stringify(items.map((item) => ({ packageId: item.id, quantity: item.quantity, shownUsd: item.precio_usd }))),
      },
      { method: "post" },
    );
  }

  // "No, corregir" goes back to the form with what was typed still in it (#10.5).
  const confirming = answer?.ok && answer.step === "confirm" && !error && !busy && !correcting && Object.keys(values).length > 0;

  return (
    <section className="mx-auto grid max-w-5xl gap-8 px-4 py-12 md:grid-cols-[3fr_2fr]" data-testid="checkout-page">
      <div>
        <h1 className="text-3xl font-extrabold">{t("checkout.title")}</h1>
        {error ? (
          <Alert tone="error" testId="checkout-error">
            {t(`errors.${error.code}`, { message: error.message ? t(`errors.${error.message}`, { defaultValue: error.message }) : "" })}
          </Alert>
        ) : null}
        {changes.length ? (
          <div
            role="status"
            className="mt-4 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-amber-100"
            data-testid="cart-changes"
          >
            <p className="font-semibold">{t("checkout.cartChanged")}</p>
            <ul className="mt-2 list-inside list-disc">
              {changes.map((change) => (
                <li key={change.label}>{change.text}</li>
              ))}
            </ul>
            <p className="mt-2">{t("checkout.reviewAgain")}</p>
          </div>
        ) : null}

        {confirming ? (
          <div className="mt-6 rounded-xl border border-cyan-500/50 bg-cyan-500/10 p-6" data-testid="confirm-player">
            <p className="text-xl font-bold">{t("checkout.confirmTitle")}</p>
            <p className="mt-2 text-lg" data-testid="player-name">
              {answer.username
                ? t("checkout.confirmPlayer", { name: answer.username })
                : t("checkout.confirmNoCheck", { id: answer.gamerId })}
            </p>
            <div className="mt-4 flex gap-3">
              <button type="button" disabled={busy} onClick={() => submit("create", values)} className={buttonClass("primary", "md")}>
                {t("checkout.confirm")}
              </button>
              <button
                type="button"
                onClick={() => setCorrecting(true)}
                className="rounded-lg border border-slate-600 px-5 py-3"
                data-testid="checkout-change"
              >
                {t("checkout.change")}
              </button>
            </div>
          </div>
        ) : (
          <form
            className="mt-6 flex flex-col gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const formValues = Object.fromEntries(
                [...new FormData(event.currentTarget).entries()].map(([key, value]) => [key, String(value)]),
              );
              submit("verify", formValues);
            }}
          >
            <label className="flex flex-col gap-1.5 text-sm font-semibold">
              {t("checkout.phone")}
              <input name="phone" type="tel" inputMode="numeric" autoComplete="tel" defaultValue={values.phone} className={inputClass} />
              <span className="text-xs font-normal text-slate-400">{t("checkout.phoneHint")}</span>
            </label>
            <label className="flex flex-col gap-1.5 text-sm font-semibold">
              {t("checkout.gamerId")}
              <input name="gamerId" autoComplete="off" defaultValue={values.gamerId} className={inputClass} />
              <span className="text-xs font-normal text-slate-400">
                {zoned ? t("checkout.gamerIdHintServer") : t("checkout.gamerIdHint")}
              </span>
            </label>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold">{t("checkout.paymentMethod")}</legend>
              {PAYMENT_METHOD_IDS.filter((method) => loaderData.methods.includes(method)).map((method) => (
                <label
                  key={method}
                  className="flex items-center gap-3 rounded-lg border border-slate-700 px-4 py-3 has-[:checked]:border-cyan-400"
                >
                  <input type="radio" name="paymentMethod" value={method} defaultChecked={values.paymentMethod === method} />
                  <span className="font-semibold">{t(`orders:methods.${method}`)}</span>
                  <span className="ml-auto text-sm text-slate-300">
                    {method === "pago_movil"
                      ? formatMoney({ amount: totals.bs, currency: "VES" }, language)
                      : formatMoney({ amount: totals.usd, currency: "USD" }, language)}
                  </span>
                </label>
              ))}
            </fieldset>
            <button type="submit" disabled={busy || !ready} className={buttonClass("primary", "md")}>
              {busy ? t("checkout.verifying") : t("checkout.verify")}
            </button>
          </form>
        )}
      </div>

      <aside className="h-fit rounded-xl border border-slate-800 bg-arena-panel p-5" data-testid="order-summary">
        <h2 className="text-lg font-bold">{t("checkout.summary")}</h2>
        <ul className="mt-3 flex flex-col gap-2 text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex justify-between gap-3">
              <span>
                {item.label} × {item.quantity}
              </span>
              <span>{formatMoney({ amount: item.precio_usd * item.quantity, currency: "USD" }, language)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-4 flex justify-between border-t border-slate-800 pt-3 font-bold">
          <span>{t("cart.totalUsd")}</span>
          <span data-testid="summary-usd">{formatMoney({ amount: totals.usd, currency: "USD" }, language)}</span>
        </p>
        <p className="flex justify-between text-sm text-slate-300">
          <span>{t("cart.totalBs")}</span>
          <span data-testid="summary-bs">{formatMoney({ amount: totals.bs, currency: "VES" }, language)}</span>
        </p>
        <Link to="/store/cart" className="mt-4 inline-block text-sm text-cyan-400">
          ← {t("checkout.backToCart")}
        </Link>
      </aside>
    </section>
  );
}
