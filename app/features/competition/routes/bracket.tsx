import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { languageFromCookieHeader } from "~/domain/language";
import { getCurrentUser, requireUser } from "~/features/auth/session.server";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, notFoundIfNullish, readForm, idParam } from "~/lib/http.server";
import { env } from "~/lib/env.server";
import { RECEIPT_EXTENSIONS } from "~/features/orders/receipts.server";
import { checkReceipt } from "~/features/orders/core/receipt";
import { reportLobby } from "../lobby-reports.server";
import { screenshotStorage } from "../screenshots.server";
import { loadMessages } from "~/lib/messages.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import { bracketPageData } from "../bracket-page.server";
import { hasPersonalParts, publicVersion } from "../live-version.server";
import { BracketBoard } from "../components/bracket-board";
import { PointsTable, Standings } from "../components/standings";
import { CompetitionError } from "../competition-types.server";
import { checkIn } from "../check-in.server";
import { findVisibleCompetition } from "../competition-reads.server";
import livePageScript from "~/browser/live-page?inline-script";
import { InlineScript } from "~/components/inline-script";
import { operatorOf } from "~/features/organizations/operator.server";
import { PlayerScript, StreamList } from "~/features/streamers/components/stream-list";
import { listStreams, playerParent } from "~/features/streamers/streams.server";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/bracket";
import { LiveStatus } from "~/components/ui/live-status";

// Plain HTML, no React runtime (docs/decisions/002): the live page module (app/browser/live-page.ts) listens to the tournament's
// server-sent events and swaps in a fresh render of the page on each change; check-in is a form.
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const competition = notFoundIfNullish(await findVisibleCompetition(db(), idParam(params.tournamentId), user));
  const page = await bracketPageData(db(), competition, user, new Date());
  // Spectators listen to the public channel (the block itself in each event, from the version they
  // show); a page with parts of its own asks for itself again on each change (docs/decisions/012-live-channel.md).
  const base = `/tournaments/${encodeURIComponent(competition.tournament.id)}/live`;
  const personal = await hasPersonalParts(db(), competition.tournament.id, user, page.settings !== null && page.started);
  return {
    page,
    live: personal ? base : `${base}?v=${publicVersion(page)}`,
    // Platform staff, or the organization running it (docs/organizations.md): the way to its run page.
    runPath: (await operatorOf(user, competition.tournament.id))?.runPath ?? null,
    signedIn: Boolean(user),
    // The tournament's own streams, each behind a click-to-load player (docs/streamers.md).
    streams: await listStreams(db(), competition.tournament.id, playerParent(request), null),
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["competition", "streamers"]),
  };
}

/**
 * The captain checks in, or (battle royale) reports the team's lobby result with a screenshot for
 * staff to confirm. Plain forms: they work without JavaScript.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  notFoundIfNullish(await findVisibleCompetition(db(), idParam(params.tournamentId), user));
  const maxBytes = Math.round(env().RECEIPT_MAX_MB * 1024 * 1024);
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes + 64 * 1024) return fail("FILE_TOO_LARGE", 413);
  const form = await readForm(request);
  if (form.get("intent") === "lobby-report") return lobbyReport(idParam(params.tournamentId), user.id, form, maxBytes);
  if (form.get("intent") !== "check-in") return fail("BAD_REQUEST");
  try {
    await checkIn(db(), { tournamentId: idParam(params.tournamentId), userId: user.id, now: new Date() });
    return succeed({ checkedIn: true });
  } catch (error) {
    if (error instanceof CompetitionError) return fail(error.code, error.code === "NOT_CAPTAIN" ? 403 : 409);
    throw error;
  }
}

async function lobbyReport(tournamentId: string, userId: string, form: FormData, maxBytes: number) {
  const fields = formFields(form);
  const whole = (value: string | undefined) => (value !== undefined && /^\d{1,3}$/.test(value.trim()) ? Number(value) : NaN);
  const lobbyMatch = whole(fields.lobby);
  const placement = whole(fields.placement);
  const kills = whole(fields.kills);
  if ([lobbyMatch, placement, kills].some(Number.isNaN)) return fail("BAD_LOBBY", 400);
  const file = form.get("screenshot");
  const bytes = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  const checked = checkReceipt(bytes, maxBytes);
  if (!checked.ok) return fail(checked.code, checked.code === "FILE_TOO_LARGE" ? 413 : 400);
  const key = await screenshotStorage().put(bytes!, RECEIPT_EXTENSIONS[checked.type]!);
  try {
    await reportLobby(db(), { tournamentId, lobbyMatch, userId, placement, kills, screenshot: { key, type: checked.type } });
    return succeed({ lobbyReported: lobbyMatch });
  } catch (error) {
    await screenshotStorage()
      .remove(key)
      .catch(() => undefined);
    if (error instanceof CompetitionError) return fail(error.code, error.code === "NOT_IN_MATCH" ? 403 : 409);
    throw error;
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.page.tournament.title ?? ""} · Arena LATAM` }];
}

export default function BracketPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("competition");
  const { page } = loaderData;
  const dateTime = new Intl.DateTimeFormat(i18n.language === "en" ? "en-US" : "es-VE", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "America/Caracas",
  });
  return (
    <>
      <section
        className="mx-auto max-w-5xl px-4 py-10"
        data-testid="bracket-page"
        {...dataAttr(DataAttr.swap)}
        {...dataAttr(DataAttr.live, loaderData.live)}
      >
        <Link to={`/tournament?id=${encodeURIComponent(page.tournament.id)}`} className="text-sm text-cyan-400 hover:text-cyan-300">
          ← {t("bracket.back")}
        </Link>
        <h1 className="mt-3 text-3xl font-extrabold">{page.tournament.title}</h1>
        {loaderData.runPath ? (
          <ButtonLink to={loaderData.runPath} variant="secondary" size="sm" className="mt-3">
            {t("run.open")}
          </ButtonLink>
        ) : null}

        {page.settings === null ? (
          <p className="mt-6 text-slate-300" data-testid="not-run">
            {t("bracket.notRunYet")}
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-300">
              {t(`formats.${page.format}`)} · {t("bracket.startsAt", { when: dateTime.format(new Date(page.startsAt)) })}
              {page.format !== "battle_royale" ? ` · ${t("bracket.bestOf", { bestOf: page.bestOf, finalBestOf: page.finalBestOf })}` : ""}
            </p>

            {page.champion ? (
              <div className="mt-6 rounded-2xl border border-amber-400/60 bg-amber-400/10 p-5 text-center" data-testid="champion">
                <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">{t("bracket.champion")}</p>
                <p className="mt-1 text-2xl font-extrabold text-amber-100">🏆 {page.champion.name}</p>
              </div>
            ) : null}

            {page.myMatches.length ? (
              <Alert tone="info" className="mt-6" testId="my-match-ready">
                {t("bracket.myMatchReady")}{" "}
                {page.myMatches.map((matchId) => (
                  <Link
                    key={matchId}
                    to={`/tournaments/${page.tournament.id}/matches/${matchId}`}
                    className="font-semibold text-cyan-300 underline"
                  >
                    {t("bracket.openMatch", { number: matchId + 1 })}
                  </Link>
                ))}
              </Alert>
            ) : null}

            {!page.started ? (
              <CheckInPanel
                page={page}
                signedIn={loaderData.signedIn}
                answer={actionData}
                format={(iso) => dateTime.format(new Date(iso))}
              />
            ) : null}

            {page.bracket ? (
              <div className="mt-8">
                <h2 className="mb-4 text-xl font-bold">{t("bracket.title")}</h2>
                <BracketBoard
                  tournamentId={page.tournament.id}
                  format={page.format as Exclude<typeof page.format, "battle_royale">}
                  groups={page.bracket}
                  roundTimes={page.roundTimes}
                  matchTimes={page.matchTimes}
                  walkovers={page.walkovers}
                />
              </div>
            ) : null}
            {page.myTeam && page.myTeam.lobbies.length ? <LobbyReportPanel team={page.myTeam} answer={actionData} /> : null}
            {page.table ? <PointsTable table={page.table} /> : null}
            {page.standings.length ? <Standings rows={page.standings} /> : null}
            {page.prizes.length ? (
              <div className="mt-8">
                <h2 className="mb-3 text-xl font-bold">{t("prizes.title")}</h2>
                <ol className="space-y-1" data-testid="prizes">
                  {page.prizes.map((prize) => (
                    <li key={prize.registrationId}>{t("prizes.line", { place: prize.place, team: prize.name, amount: prize.amount })}</li>
                  ))}
                </ol>
              </div>
            ) : null}
          </>
        )}
      </section>
      {/* Outside the swapped block: an opened player keeps playing through the bracket's updates. */}
      {loaderData.streams.length > 0 ? (
        <div className="mx-auto max-w-5xl px-4 pb-10">
          <StreamList streams={loaderData.streams} heading={t("streamers:streams.title")} />
          <PlayerScript />
        </div>
      ) : null}
      <LiveStatus text={t("bracket.updated")} />
      <InlineScript source={livePageScript} />
    </>
  );
}

type Page = Route.ComponentProps["loaderData"]["page"];

function LobbyReportPanel({
  team,
  answer,
}: {
  team: NonNullable<Extract<Page, { settings: "ok" }>["myTeam"]>;
  answer: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation("competition");
  const lobbyName = (lobby: (typeof team.lobbies)[number]) =>
    lobby.group ? t("points.lobbyInGroup", { round: lobby.round, group: lobby.group }) : t("points.lobby", { round: lobby.round });
  const first = team.lobbies[0]!;
  return (
    <form
      method="post"
      encType="multipart/form-data"
      className="mt-6 space-y-4 rounded-2xl border border-slate-800 bg-arena-panel p-5"
      data-testid="lobby-report-form"
    >
      <h2 className="text-xl font-bold">{t("points.report.title", { team: team.name })}</h2>
      <p className="text-sm text-slate-400">{t("points.report.hint")}</p>
      {answer && !answer.ok ? (
        <Alert tone="error" testId="lobby-report-error">
          {t(`errors.${answer.code}`)}
        </Alert>
      ) : answer && answer.ok && "lobbyReported" in answer ? (
        <Alert tone="success" testId="lobby-report-done">
          {t("points.report.done")}
        </Alert>
      ) : null}
      <ul className="space-y-1 text-sm text-slate-300" data-testid="lobby-report-list">
        {team.lobbies.map((lobby) => (
          <li key={lobby.lobby}>
            {lobbyName(lobby)} ·{" "}
            {lobby.reported
              ? t("points.report.sent", { placement: lobby.reported.placement, kills: lobby.reported.kills })
              : t("points.report.none")}
          </li>
        ))}
      </ul>
      <input type="hidden" name="intent" value="lobby-report" />
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t("points.report.lobby")}>
          <select
            name="lobby"
            defaultValue={String(first.lobby)}
            className="rounded-lg border border-slate-700 bg-slate-900 px-3 py-2"
            data-testid="lobby-report-lobby"
          >
            {team.lobbies.map((lobby) => (
              <option key={lobby.lobby} value={lobby.lobby}>
                {lobbyName(lobby)}
              </option>
            ))}
          </select>
        </Field>
        {[
          { name: "placement", label: t("run.placement"), min: 1, max: first.teams },
          { name: "kills", label: t("points.kills"), min: 0, max: 99 },
        ].map((number) => (
          <Field key={number.name} label={number.label}>
            <input
              type="number"
              name={number.name}
              min={number.min}
              max={number.max}
              required
              inputMode="numeric"
              className="rounded-lg border border-slate-700 bg-slate-900 px-3 py-2"
              data-testid={`lobby-report-${number.name}`}
            />
          </Field>
        ))}
      </div>
      <Field label={t("match.report.screenshot")}>
        <input
          type="file"
          name="screenshot"
          accept="image/png,image/jpeg,image/webp"
          required
          className="text-sm"
          data-testid="lobby-report-screenshot"
        />
      </Field>
      <Button type="submit" data-testid="lobby-report-submit">
        {t("points.report.submit")}
      </Button>
    </form>
  );
}

function CheckInPanel({
  page,
  signedIn,
  answer,
  format,
}: {
  page: Extract<Page, { settings: "ok" }>;
  signedIn: boolean;
  answer: Route.ComponentProps["actionData"];
  format: (iso: string) => string;
}) {
  const { t } = useTranslation("competition");
  const { checkIn } = page;
  return (
    <div className="mt-6 rounded-2xl border border-slate-800 bg-arena-panel p-5" data-testid="check-in">
      <h2 className="text-xl font-bold">{t("checkIn.title")}</h2>
      <p className="mt-2 text-sm text-slate-300">
        {t("checkIn.window", { opens: format(checkIn.opensAt), closes: format(checkIn.closesAt) })}
      </p>
      <p className="mt-1 text-sm text-slate-400">{t("checkIn.dropNote")}</p>
      <p className="mt-1 text-sm text-slate-400">{t("checkIn.count", { count: checkIn.checkedInCount, total: checkIn.teamCount })}</p>
      {answer && !answer.ok ? (
        <Alert tone="error" className="mt-4" testId="check-in-error">
          {t(`errors.${answer.code}`)}
        </Alert>
      ) : null}
      {checkIn.mine?.checkedIn || (answer && answer.ok) ? (
        <Alert tone="success" className="mt-4" testId="checked-in">
          {t("checkIn.done", { team: checkIn.mine?.name ?? "" })}
        </Alert>
      ) : checkIn.mine && checkIn.phase === "open" ? (
        <form method="post" className="mt-4">
          <input type="hidden" name="intent" value="check-in" />
          <Button type="submit" data-testid="check-in-button">
            {t("checkIn.button", { team: checkIn.mine.name })}
          </Button>
        </form>
      ) : checkIn.mine ? (
        <p className="mt-4 text-sm text-slate-300">{t(`checkIn.phase.${checkIn.phase}`)}</p>
      ) : !signedIn ? (
        <p className="mt-4 text-sm text-slate-400">{t("checkIn.signIn")}</p>
      ) : null}
    </div>
  );
}
