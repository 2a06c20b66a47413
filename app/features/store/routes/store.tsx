import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";
import { languageFromCookieHeader } from "~/domain/language";
import { db } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import cartCountScript from "../browser/cart-count?inline-script";
import { InlineScript } from "~/components/inline-script";
import { listCatalogue, type CatalogueGame } from "../catalogue.server";
import type { Route } from "./+types/store";

// Plain HTML, no React runtime (docs/decisions/002): the tiles are links, the cart count is written by a tiny script.
export const handle: RouteHandle = { cart: true, hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  let games: CatalogueGame[] = [];
  try {
    games = await listCatalogue(db());
  } catch (error) {
    // SPEC §8: a price list that fails to load is logged and the list stays empty.
    log.error("catalogue failed to load", { error: String(error) });
  }
  return { games, messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["store"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "store", "pageTitle")} · Arena LATAM` }];
}

/** The store's front: one large tile per game (art, name, "from $0.99"); each opens the game's page. */
export default function StorePage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("store");
  const format = useFormat();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10" data-testid="store-page">
      <h1 className="text-3xl font-black sm:text-4xl">{t("title")}</h1>
      <p className="mt-2 text-slate-400">{t("subtitle")}</p>
      {loaderData.games.length === 0 ? <p className="mt-8 text-slate-400">{t("empty")}</p> : null}
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.games.map((game, index) => {
          const art = game.banner ?? game.logo;
          return (
            <li key={game.id} data-testid="store-game" data-game={game.id}>
              <Link
                to={`/store/${game.id}`}
                className="group block overflow-hidden rounded-2xl border border-slate-800 bg-arena-panel transition hover:border-cyan-400 focus-visible:border-cyan-400"
              >
                {art ? (
                  <img
                    src={art}
                    alt=""
                    width={480}
                    height={160}
                    loading={index < 2 ? "eager" : "lazy"}
                    className="aspect-[3/1] w-full bg-slate-900 object-cover"
                  />
                ) : (
                  <div className="aspect-[3/1] w-full bg-gradient-to-r from-cyan-900 to-purple-900" />
                )}
                <div className="flex items-center justify-between gap-3 p-4">
                  <h2 className="text-xl font-extrabold group-hover:text-cyan-200">{game.name}</h2>
                  <span className="shrink-0 text-sm text-cyan-300" data-testid="from-price">
                    {t("from", { price: format.money({ amount: game.fromUsd, currency: "USD" }) })}
                  </span>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
      <InlineScript source={cartCountScript} />
    </section>
  );
}
