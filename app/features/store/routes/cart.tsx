import { useEffect } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";
import { useToast } from "~/components/ui/toast";
import { cartTotals, hasInvalidQuantities, removeFromCart, setQuantity } from "~/domain/cart";
import { languageFromCookieHeader } from "~/domain/language";
import { formatMoney } from "~/domain/format";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { saveCart, useCart } from "../cart-store";
import type { Route } from "./+types/cart";
import { buttonClass } from "~/components/ui/button";

export const handle: RouteHandle = { cart: true };

export function loader({ request }: Route.LoaderArgs) {
  return { messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["store"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "store", "cart.title")} · Arena LATAM` }];
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("store");
  const toast = useToast();
  const cart = useCart();
  const items = Object.values(cart);
  const language = i18n.language === "en" ? "en" : "es";
  const invalid = hasInvalidQuantities(cart);
  const totals = cartTotals(cart);
  useEffect(() => {
    if (invalid) toast.error({ message: t("toasts.invalidQuantities") });
  }, [invalid, toast, t]);

  return (
    <section className="mx-auto max-w-4xl px-4 py-12" data-testid="cart-page">
      <h1 className="text-3xl font-extrabold">{t("cart.title")}</h1>
      {items.length === 0 ? (
        <p className="mt-8 text-slate-400" data-testid="cart-empty">
          {t("cart.empty")}{" "}
          <Link to="/store" className="text-cyan-400">
            {t("cart.keepShopping")}
          </Link>
        </p>
      ) : (
        <>
          <div className="mt-8 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-400">
                <tr>
                  <th className="py-2">{t("cart.product")}</th>
                  <th>{t("cart.price")}</th>
                  <th>{t("cart.quantity")}</th>
                  <th>{t("cart.subtotal")}</th>
                  <th>
                    <span className="sr-only">{t("cart.remove")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} className="border-t border-slate-800" data-testid="cart-row">
                    <td className="py-3 font-semibold">{item.label}</td>
                    <td>
                      {formatMoney({ amount: item.precio_usd, currency: "USD" }, language)}
                      <br />
                      <span className="text-xs text-slate-400">{formatMoney({ amount: item.precio_bs, currency: "VES" }, language)}</span>
                    </td>
                    <td>
                      <input
                        type="number"
                        min={1}
                        max={100}
                        aria-label={t("cart.quantity")}
                        defaultValue={item.quantity}
                        onBlur={(event) => {
                          const next = setQuantity(cart, item.id, event.target.value);
                          event.target.value = String(next[item.id]?.quantity ?? 1);
                          saveCart(next);
                        }}
                        className="w-20 rounded-md border border-slate-700 bg-slate-900 px-2 py-1.5"
                      />
                    </td>
                    <td data-testid="cart-subtotal">
                      {formatMoney({ amount: item.precio_usd * item.quantity, currency: "USD" }, language)}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="text-rose-300 hover:text-rose-200"
                        onClick={() => saveCart(removeFromCart(cart, item.id))}
                      >
                        {t("cart.remove")}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="mt-6 grid gap-2 text-right">
            <div>
              <dt className="inline text-slate-400">{t("cart.totalBs")}: </dt>
              <dd className="inline text-lg font-bold" data-testid="total-bs">
                {formatMoney({ amount: totals.bs, currency: "VES" }, language)}
              </dd>
            </div>
            <div>
              <dt className="inline text-slate-400">{t("cart.totalUsd")}: </dt>
              <dd className="inline text-lg font-bold text-cyan-300" data-testid="total-usd">
                {formatMoney({ amount: totals.usd, currency: "USD" }, language)}
              </dd>
            </div>
          </dl>
          <div className="mt-6 flex justify-end gap-3">
            <Link to="/store" className="rounded-lg border border-slate-600 px-5 py-3 font-semibold">
              {t("cart.keepShopping")}
            </Link>
            {invalid ? (
              <span
                aria-disabled="true"
                className="cursor-not-allowed rounded-lg bg-slate-700 px-5 py-3 font-semibold text-slate-400"
                data-testid="checkout-button"
              >
                {t("cart.checkout")}
              </span>
            ) : (
              <Link to="/store/cart/checkout" className={buttonClass("primary", "md")} data-testid="checkout-button">
                {t("cart.checkout")}
              </Link>
            )}
          </div>
        </>
      )}
    </section>
  );
}
