import { useRouteLoaderData } from "react-router";
import type { RouteHandle, loader as rootLoader } from "~/root";
import { GAMES, isGameId, type GameId } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { eventStagesOf } from "~/features/competition/bracket-page.server";
import { withLive } from "~/features/streamers/streams.server";
import { TournamentCards } from "~/features/landing/components/tournament-grid";
import { db } from "~/lib/db.server";
import { isWellFormedId } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { buttonClass } from "~/components/ui/button";
import { listTournamentsPage, type TournamentFilter } from "../tournaments.server";
import type { Route } from "./+types/tournaments";

// Plain HTML like the landing page it continues: a GET form filters, links page (no React runtime).
export const handle: RouteHandle = { hydrate: false };

const FEES = ["free", "paid"] as const;

/** The filters of the address; anything not understood is left out rather than refused. */
function filterOf(url: URL): TournamentFilter {
  const game = url.searchParams.get("game") ?? "";
  const fee = url.searchParams.get("fee") ?? "";
  const [date = "", id = ""] = (url.searchParams.get("after") ?? "").split("~");
  return {
    game: isGameId(game) ? game : null,
    fee: (FEES as readonly string[]).includes(fee) ? (fee as TournamentFilter["fee"]) : null,
    plus: url.searchParams.get("plus") === "1",
    after: /^\d{4}-\d{2}-\d{2}$/.test(date) && isWellFormedId(id) ? { date, id } : null,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const filter = filterOf(new URL(request.url));
  const { cards, next } = await listTournamentsPage(db(), filter);
  const stages = await eventStagesOf(
    db(),
    cards.map((card) => card.id),
  );
  const tournaments = await withLive(
    db(),
    cards.map((card) => {
      const stage = stages.get(card.id);
      return stage ? { ...card, stage: stage.stage, champion: stage.stage === "finished" ? stage.champion : null } : card;
    }),
  );
  const nextParams = new URLSearchParams();
  if (filter.game) nextParams.set("game", filter.game);
  if (filter.fee) nextParams.set("fee", filter.fee);
  if (filter.plus) nextParams.set("plus", "1");
  if (next) nextParams.set("after", `${next.date}~${next.id}`);
  return {
    tournaments,
    filter: { game: filter.game ?? "", fee: filter.fee ?? "", plus: filter.plus === true, paged: Boolean(filter.after) },
    nextPage: next ? `/tournaments?${nextParams}` : null,
    now: new Date().toISOString(),
    messages: loadMessages(language, ["landing"]),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "landing", "all.metaTitle") }];
}

const selectClass = "min-h-11 rounded-lg border border-slate-700 bg-slate-900 px-3 text-slate-100";

export default function Tournaments({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("landing");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { filter } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-12" data-testid="all-tournaments" aria-labelledby="all-tournaments-title">
      <h1 id="all-tournaments-title" className="text-3xl font-extrabold">
        {t("all.title")}
      </h1>
      <p className="mt-2 text-slate-400">{t("all.subtitle")}</p>
      <form method="get" action="/tournaments" className="mt-6 flex flex-wrap items-end gap-3" data-testid="tournament-filters">
        <label className="flex flex-col gap-1 text-sm">
          {t("all.game")}
          <select name="game" defaultValue={filter.game} className={selectClass} data-testid="filter-game">
            <option value="">{t("all.anyGame")}</option>
            {(Object.keys(GAMES) as GameId[]).map((id) => (
              <option key={id} value={id}>
                {GAMES[id].name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t("all.fee")}
          <select name="fee" defaultValue={filter.fee} className={selectClass} data-testid="filter-fee">
            <option value="">{t("all.anyFee")}</option>
            <option value="free">{t("all.free")}</option>
            <option value="paid">{t("all.paid")}</option>
          </select>
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="plus" value="1" defaultChecked={filter.plus} className="size-5" data-testid="filter-plus" />
          {t("all.plus")}
        </label>
        <button type="submit" className={buttonClass("primary")} data-testid="filter-submit">
          {t("all.filter")}
        </button>
      </form>
      <TournamentCards
        tournaments={loaderData.tournaments}
        loggedIn={Boolean(root?.user)}
        plus={root?.user?.plus === true}
        now={loaderData.now}
        empty={t("all.empty")}
      />
      {loaderData.nextPage || filter.paged ? (
        <nav className="mt-8 flex flex-wrap gap-4" aria-label={t("all.pages")}>
          {filter.paged ? (
            <a
              href={`/tournaments?${new URLSearchParams({
                ...(filter.game ? { game: filter.game } : {}),
                ...(filter.fee ? { fee: filter.fee } : {}),
                ...(filter.plus ? { plus: "1" } : {}),
              })}`}
              className="inline-flex min-h-6 items-center text-cyan-300 underline"
              data-testid="first-page"
            >
              {t("all.firstPage")}
            </a>
          ) : null}
          {loaderData.nextPage ? (
            <a href={loaderData.nextPage} className="inline-flex min-h-6 items-center text-cyan-300 underline" data-testid="next-page">
              {t("all.nextPage")}
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
