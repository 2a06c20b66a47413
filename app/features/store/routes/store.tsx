import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "~/components/ui/toast";
import { addToCart, normalizeQuantity, removeFromCart } from "~/domain/cart";
import { languageFromCookieHeader } from "~/domain/language";
import { formatMoney } from "~/domain/format";
import { db } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useHydrated } from "~/lib/use-hydrated";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { currentExchangeRateInfo } from "~/features/orders/exchange-rate.server";
import { listCatalogue, type CatalogueGame } from "../catalogue.server";
import { saveCart, useCart } from "../cart-store";
import type { Route } from "./+types/store";
import { buttonClass } from "~/components/ui/button";

export const handle: RouteHandle = { cart: true };

export async function loader({ request }: Route.LoaderArgs) {
  let games: CatalogueGame[] = [];
  try {
    games = await listCatalogue(db());
  } catch (error) {
    // SPEC §8: a price list that fails to load is logged and the list stays empty.
    log.error("catalogue failed to load", { error: String(error) });
  }
  // "Tasa del día": the rate the Bs prices follow, with its date.
  const rate = await currentExchangeRateInfo(db()).catch(() => null);
  return { games, rate, messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["store"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "store", "pageTitle")} · Arena LATAM` }];
}

function PackageCard({ game, item }: { game: CatalogueGame; item: CatalogueGame["packages"][number] }) {
  const { t, i18n } = useTranslation("store");
  const toast = useToast();
  const cart = useCart();
  const [quantity, setQuantity] = useState("1");
  const language = i18n.language === "en" ? "en" : "es";
  const inCart = cart[item.id]?.quantity ?? 0;
  // The cart lives in the browser: until the page's script runs, "Agregar" is visibly not ready.
  const ready = useHydrated();
  return (
    <li className="flex flex-col rounded-xl border border-slate-800 bg-arena-panel p-4" data-testid="package" data-package={item.id}>
      <p className="text-lg font-bold">{item.label}</p>
      <p className="mt-1 text-cyan-300" data-testid="price-usd">
        {formatMoney({ amount: item.priceUsd, currency: "USD" }, language)}
      </p>
      <p className="text-sm text-slate-400" data-testid="price-bs">
        {formatMoney({ amount: item.priceBs, currency: "VES" }, language)}
      </p>
      <label className="mt-3 flex items-center gap-2 text-sm">
        {t("quantity")}
        <input
          type="number"
          min={1}
          max={100}
          inputMode="numeric"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          onBlur={() => setQuantity(String(normalizeQuantity(quantity)))}
          className="w-20 rounded-md border border-slate-700 bg-slate-900 px-2 py-1.5"
        />
      </label>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          disabled={!ready}
          aria-busy={!ready || undefined}
          data-testid="add-to-cart"
          className={buttonClass("primary", "sm", "flex-1")}
          onClick={() => {
            const amount = normalizeQuantity(quantity);
            setQuantity(String(amount));
            try {
              const result = addToCart(
                cart,
                { id: item.id, label: item.label, precio_usd: item.priceUsd, precio_bs: item.priceBs, game: game.id, gameImage: game.logo },
                amount,
              );
              if (!result.ok) return toast.error({ message: t("toasts.oneGame") });
              saveCart(result.cart);
              toast.success({ message: t("toasts.added") });
            } catch {
              toast.error({ message: t("toasts.addFailed") });
            }
          }}
        >
          {ready ? t("add") : t("loading")}
        </button>
        {inCart > 0 ? (
          <button
            type="button"
            className="rounded-lg border border-slate-600 px-3 py-2 text-sm"
            onClick={() => saveCart(removeFromCart(cart, item.id))}
          >
            {t("remove")}
          </button>
        ) : null}
      </div>
      {inCart > 0 ? <p className="mt-2 text-xs text-emerald-300">{t("inCart", { count: inCart })}</p> : null}
    </li>
  );
}

export default function StorePage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("store");
  return (
    <section className="mx-auto max-w-6xl px-4 py-12" data-testid="store-page">
      <h1 className="text-4xl font-black">{t("title")}</h1>
      <p className="mt-2 text-slate-400">{t("subtitle")}</p>
      {loaderData.rate ? (
        <p className="mt-1 text-sm text-slate-400" data-testid="store-rate">
          {loaderData.rate.effectiveOn
            ? t("rateOfDay", { rate: loaderData.rate.rate, date: loaderData.rate.effectiveOn })
            : t("rateOfDayUndated", { rate: loaderData.rate.rate })}
        </p>
      ) : null}
      {loaderData.games.length === 0 ? <p className="mt-8 text-slate-400">{t("empty")}</p> : null}
      {loaderData.games.map((game) => (
        <section key={game.id} className="mt-10" aria-labelledby={`game-${game.id}`} data-testid="store-game" data-game={game.id}>
          <div className="flex items-center gap-3">
            {game.logo ? <img src={game.logo} alt="" width={40} height={40} className="h-10 w-10 rounded-lg" /> : null}
            <h2 id={`game-${game.id}`} className="text-2xl font-extrabold">
              {game.name}
            </h2>
          </div>
          <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
            {game.packages.map((item) => (
              <PackageCard key={item.id} game={game} item={item} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
