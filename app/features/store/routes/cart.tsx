import { useTranslation } from "~/lib/i18n-react";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { MAX_QUANTITY, cartTotals, hasInvalidQuantities, parseStoredCart, type Cart } from "~/domain/cart";
import { languageFromCookieHeader } from "~/domain/language";
import { db } from "~/lib/db.server";
import { loadMessages } from "~/lib/messages.server";
import { labelCart } from "../catalogue.server";
import { metaText } from "~/lib/meta";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import cartPageScript from "../browser/cart-page?inline-script";
import { InlineScript } from "~/components/inline-script";
import { DataAttr, dataAttr } from "~/browser/attributes";
import type { Route } from "./+types/cart";

// Plain HTML, no React runtime (docs/decisions/002): the cart is only in the browser, so
// the cart module (browser/cart-page.ts) asks this page again with it (`?items=`) and swaps the rows in; quantity and
// "remove" change the stored cart, then ask again.
export const handle: RouteHandle = { cart: true, hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const items = new URL(request.url).searchParams.get("items");
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  return {
    // The cart as the browser holds it (null: not sent yet; read defensively, nothing in it is trusted),
    // its lines named by the catalogue in the page's language.
    cart: items === null ? null : await labelCart(db(), parseStoredCart(items), language),
    messages: loadMessages(language, ["store"]),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "store", "cart.title")} · Arena LATAM` }];
}

function CartView({ cart }: { cart: Cart }) {
  const { t } = useTranslation("store");
  const format = useFormat();
  const items = Object.values(cart);
  if (items.length === 0)
    return (
      <p className="mt-8 text-slate-400" data-testid="cart-empty">
        {t("cart.empty")}{" "}
        <a href="/store" className="text-cyan-400">
          {t("cart.keepShopping")}
        </a>
      </p>
    );
  // SPEC §5: a quantity that is not a whole number from 1 up blocks the checkout until fixed.
  const invalid = hasInvalidQuantities(cart);
  const totals = cartTotals(cart);
  const usd = (amount: number) => format.money({ amount, currency: "USD" });
  return (
    <>
      {invalid ? (
        <Alert tone="error" testId="invalid-quantities">
          {t("toasts.invalidQuantities")}
        </Alert>
      ) : null}
      {/* SPEC §5 also wants it as a toast: the cart script shows one when this appears. */}
      {invalid ? <span hidden {...dataAttr(DataAttr.toastError, t("toasts.invalidQuantities"))} /> : null}
      <table className="mt-8 w-full text-left text-sm">
        <thead className="text-slate-400">
          <tr>
            <th className="py-2">{t("cart.product")}</th>
            <th className="hidden sm:table-cell">{t("cart.price")}</th>
            <th className="pr-2">{t("cart.quantity")}</th>
            <th className="text-right">{t("cart.subtotal")}</th>
            <th>
              <span className="sr-only">{t("cart.remove")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-t border-slate-800" data-testid="cart-row">
              <td className="py-3 pr-2 font-semibold break-words">
                {item.label}
                {/* On a phone the price column is left out: the unit price goes under the name. */}
                <span className="block text-xs font-normal text-slate-400 sm:hidden">{usd(item.precio_usd)}</span>
              </td>
              <td className="hidden pr-2 sm:table-cell">
                {usd(item.precio_usd)}
                <br />
                <span className="text-xs text-slate-400">{format.money({ amount: item.precio_bs, currency: "VES" })}</span>
              </td>
              <td className="pr-2">
                <input
                  type="number"
                  min={1}
                  max={MAX_QUANTITY}
                  inputMode="numeric"
                  aria-label={`${t("cart.quantity")}: ${item.label}`}
                  defaultValue={item.quantity}
                  {...dataAttr(DataAttr.quantity, item.id)}
                  className="w-16 rounded-md border border-slate-700 bg-slate-900 px-2 py-1.5"
                />
              </td>
              <td className="text-right whitespace-nowrap" data-testid="cart-subtotal">
                {usd(item.precio_usd * item.quantity)}
              </td>
              <td className="pl-2 text-right">
                <button type="button" className="py-2 text-rose-300 hover:text-rose-200" {...dataAttr(DataAttr.remove, item.id)}>
                  {t("cart.remove")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-6 grid gap-2 text-right">
        <div>
          <dt className="inline text-slate-400">{t("cart.totalBs")}: </dt>
          <dd className="inline text-lg font-bold" data-testid="total-bs">
            {format.money({ amount: totals.bs, currency: "VES" })}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-400">{t("cart.totalUsd")}: </dt>
          <dd className="inline text-lg font-bold text-cyan-300" data-testid="total-usd">
            {usd(totals.usd)}
          </dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <a href="/store" className="rounded-lg border border-slate-600 px-5 py-3 font-semibold">
          {t("cart.keepShopping")}
        </a>
        {invalid ? (
          <span
            aria-disabled="true"
            className="cursor-not-allowed rounded-lg bg-slate-700 px-5 py-3 font-semibold text-slate-400"
            data-testid="checkout-button"
          >
            {t("cart.checkout")}
          </span>
        ) : (
          <a href="/store/cart/checkout" className={buttonClass("primary", "md")} data-testid="checkout-button">
            {t("cart.checkout")}
          </a>
        )}
      </div>
    </>
  );
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("store");
  return (
    <>
      <section className="mx-auto max-w-4xl px-4 py-12" data-testid="cart-page" {...dataAttr(DataAttr.cartPage)}>
        <h1 className="text-3xl font-extrabold">{t("cart.title")}</h1>
        {/* Shown until the page's script runs and removes it (a <noscript> stays hidden where only page scripts are blocked). */}
        <p className="mt-8 text-amber-200" data-testid="needs-javascript" {...dataAttr(DataAttr.noScript)}>
          {t("cart.needsJavaScript")}
        </p>
        <div {...dataAttr(DataAttr.part, "cart")} aria-busy={loaderData.cart ? undefined : true} className="min-h-24">
          {loaderData.cart ? <CartView cart={loaderData.cart} /> : null}
        </div>
      </section>
      <InlineScript source={cartPageScript} />
    </>
  );
}
