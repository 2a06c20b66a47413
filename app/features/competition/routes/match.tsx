import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { languageFromCookieHeader } from "~/domain/language";
import { RECEIPT_EXTENSIONS } from "~/features/orders/receipts.server";
import { checkReceipt } from "~/features/orders/core/receipt";
import { getCurrentUser, requireUser } from "~/features/auth/session.server";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { formFields, notFoundIfNullish, readForm, idParam } from "~/lib/http.server";
import { loadMessages } from "~/lib/messages.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import { mailCompetitionEvents, noticeRoomPosted } from "../competition-mail.server";
import { CompetitionError } from "../competition-types.server";
import { findVisibleCompetition, findMatch } from "../competition-reads.server";
import { giveWalkover, postRoom, reportMatch, setResult } from "../match-operations.server";
import { loadBracket } from "../bracket-storage.server";
import { matchPhase, parseMatchTime } from "../core/match-times";
import { matchTimeOf } from "../match-times.server";
import { useFormat } from "~/lib/use-format";
import { isFinalMatch, thirdPlaceMatch } from "../core/bracket-view";
import { saveMatchTime } from "../match-time-edits.server";
import { localDateTimeText, zonedDateTime } from "~/features/admin/core/tournament-form";
import { isBracketFormat, type Format } from "../core/formats";
import { REPORT_CHANGES_ALLOWED, REPORT_PAUSE_SECONDS, checkScore, reportRefusal, reportsState } from "../core/reports";
import { screenshotStorage } from "../screenshots.server";
import livePageScript from "~/browser/live-page?inline-script";
import { InlineScript } from "~/components/inline-script";
import { mayOperate } from "~/features/organizations/operator.server";
import { PlayerScript, StreamList } from "~/features/streamers/components/stream-list";
import { listStreams, playerParent } from "~/features/streamers/streams.server";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/match";

// Plain HTML and forms that post, no React runtime (docs/decisions/002); the live page module (app/browser/live-page.ts) posts
// them in place and disables the button while sending.
export const handle: RouteHandle = { hydrate: false };

async function load(tournamentId: string, matchIdText: string, viewer: { isStaff: boolean } | null) {
  const competition = notFoundIfNullish(await findVisibleCompetition(db(), tournamentId, viewer));
  const settings = notFoundIfNullish(competition.settings?.startedAt ? competition.settings : null);
  const format = settings.format as Format;
  if (!isBracketFormat(format) || !/^\d{1,6}$/.test(matchIdText)) throw notFoundIfNullish(null);
  const matchId = Number(matchIdText);
  const details = notFoundIfNullish(await findMatch(db(), tournamentId, matchId));
  const bracket = await loadBracket(db(), tournamentId);
  const bestOf = isFinalMatch(bracket, matchId, format) ? settings.finalBestOf : settings.bestOf;
  const scheduledAt = await matchTimeOf(db(), tournamentId, matchId, details.match.round_id as number);
  // The 3rd-place match is named as such (docs/decisions/007-brackets.md).
  const thirdPlace = thirdPlaceMatch(bracket, format)?.id === matchId;
  return { competition, settings, details, bestOf, matchId, scheduledAt, thirdPlace };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  // Platform staff, or the organization running this tournament (docs/organizations.md): they decide results and disputes.
  const operates = user ? await mayOperate(user, idParam(params.tournamentId)) : false;
  const { competition, details, bestOf, matchId, scheduledAt, thirdPlace } = await load(
    idParam(params.tournamentId),
    idParam(params.matchId),
    { isStaff: operates },
  );
  const phase = matchPhase({ playable: details.playable, decided: Boolean(details.result), scheduledAt, now: new Date() });
  const mySide = user ? (details.side1?.captainId === user.id ? 1 : details.side2?.captainId === user.id ? 2 : null) : null;
  const insider = Boolean(mySide) || operates;
  const state = details.result ? "decided" : reportsState(details.reports).state;
  const side = (s: typeof details.side1) =>
    s ? { registrationId: s.registrationId, name: s.name, score: s.score, winner: s.winner } : null;
  return {
    tournament: competition.tournament,
    matchId,
    bestOf,
    side1: side(details.side1),
    side2: side(details.side2),
    playable: details.playable,
    state: details.result?.source === "walkover" ? "walkover" : state,
    scheduledAt: scheduledAt?.toISOString() ?? null,
    /** The value of the staff's time field (this match's time in the platform's zone). */
    scheduledLocal: operates ? localDateTimeText(scheduledAt, env().TIME_ZONE) : "",
    thirdPlace,
    // Staff may give a walkover once the round's time has passed (core/match-times.ts).
    late: phase === "late",
    result: details.result ? { score1: details.result.score1, score2: details.result.score2, source: details.result.source } : null,
    mySide,
    isStaff: operates,
    // Room id and password: only the two teams and staff.
    room: insider && details.room ? { roomId: details.room.roomId, roomPassword: details.room.roomPassword } : null,
    reports: insider
      ? details.reports.map((report) => ({
          id: report.id,
          side: report.registrationId === details.side1?.registrationId ? 1 : 2,
          score1: report.score1,
          score2: report.score2,
        }))
      : [],
    myReport: mySide
      ? (details.reports.find((report) => report.registrationId === (mySide === 1 ? details.side1 : details.side2)?.registrationId) ?? null)
      : null,
    // This match's streams, or the tournament's own when the match has none (docs/streamers.md).
    streams: await matchStreams(competition.tournament.id, matchId, playerParent(request)),
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["competition", "streamers"]),
  };
}

async function matchStreams(tournamentId: string, matchId: number, parent: string) {
  const own = await listStreams(db(), tournamentId, parent, matchId);
  return own.length ? own : listStreams(db(), tournamentId, parent, null);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const operates = await mayOperate(user, idParam(params.tournamentId));
  const { competition, settings, details, bestOf, matchId } = await load(idParam(params.tournamentId), idParam(params.matchId), {
    isStaff: operates,
  });
  const maxBytes = Math.round(env().RECEIPT_MAX_MB * 1024 * 1024);
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes + 64 * 1024) return fail("FILE_TOO_LARGE", 413);
  const form = await readForm(request);
  const fields = formFields(form);
  const tournament = { id: competition.tournament.id, title: competition.tournament.title };
  try {
    if (fields.intent === "report") {
      const score = checkScore(bestOf, { score1: fields.score1, score2: fields.score2 });
      if (!score.ok) return fail(score.code, 400, { field: "score1" });
      // Refused before the file is stored (reportMatch asks the same rule again under the lock).
      const mine = [details.side1, details.side2].find((side) => side?.captainId === user.id);
      const previous = mine ? (details.reports.find((report) => report.registrationId === mine.registrationId) ?? null) : null;
      const refusal = reportRefusal(previous, new Date());
      if (refusal) return fail(refusal, refusal === "REPORT_TOO_SOON" ? 429 : 409);
      const file = form.get("screenshot");
      const bytes = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
      const checked = checkReceipt(bytes, maxBytes);
      if (!checked.ok) return fail(checked.code, checked.code === "FILE_TOO_LARGE" ? 413 : 400, { field: "screenshot" });
      const key = await screenshotStorage().put(bytes!, RECEIPT_EXTENSIONS[checked.type]!);
      try {
        // The events' mails are queued in the report's transaction.
        const outcome = await db().transaction(async (tx) => {
          const reported = await reportMatch(tx, {
            tournamentId: tournament.id,
            matchId,
            userId: user.id,
            score: score.score,
            screenshot: { key, type: checked.type },
          });
          await mailCompetitionEvents(tx, tournament, reported.events);
          return reported;
        });
        return succeed({ done: outcome.state });
      } catch (error) {
        await screenshotStorage()
          .remove(key)
          .catch(() => undefined);
        throw error;
      }
    }
    if (!operates) return fail("NOT_IN_MATCH", 403);
    if (fields.intent === "result") {
      const score = checkScore(bestOf, { score1: fields.score1, score2: fields.score2 });
      if (!score.ok) return fail(score.code, 400, { field: "score1" });
      await db().transaction(async (tx) => {
        const events = await setResult(tx, {
          tournamentId: tournament.id,
          matchId,
          actorUserId: user.id,
          score: score.score,
          reason: fields.reason?.trim() || null,
        });
        await mailCompetitionEvents(tx, tournament, events);
      });
      return succeed({ done: "decided" });
    }
    if (fields.intent === "walkover") {
      const present = fields.present === "1" ? 1 : fields.present === "2" ? 2 : null;
      if (!present) return fail("BAD_REQUEST", 400, { field: "present" });
      await db().transaction(async (tx) => {
        const events = await giveWalkover(tx, {
          tournamentId: tournament.id,
          matchId,
          actorUserId: user.id,
          present,
          reason: fields.reason?.trim().slice(0, 200) || null,
          now: new Date(),
        });
        await mailCompetitionEvents(tx, tournament, events);
      });
      return succeed({ done: "walkover" });
    }
    if (fields.intent === "match-time") {
      const zone = env().TIME_ZONE;
      const parsed = parseMatchTime(fields.matchTime, settings.startsAt, (local) => zonedDateTime(local, zone));
      if (!parsed.ok) return fail(parsed.code, 400, { field: "matchTime" });
      await saveMatchTime(db(), { tournamentId: tournament.id, matchId, scheduledAt: parsed.scheduledAt, actorUserId: user.id });
      return succeed({ done: "matchTime" });
    }
    if (fields.intent === "room") {
      const roomId = (fields.roomId ?? "").trim().slice(0, 100);
      const roomPassword = (fields.roomPassword ?? "").trim().slice(0, 100);
      if (!roomId) return fail("ROOM_REQUIRED", 400, { field: "roomId" });
      // The room and its notices (to the two teams of this match only) commit together.
      await db().transaction(async (tx) => {
        const posted = await postRoom(tx, { tournamentId: tournament.id, matchId, roomId, roomPassword, actorUserId: user.id });
        await noticeRoomPosted(tx, tournament, matchId, posted.registrationIds, { roomId, roomPassword });
      });
      return succeed({ done: "room" });
    }
    return fail("BAD_REQUEST");
  } catch (error) {
    if (error instanceof CompetitionError)
      return fail(error.code, error.code === "NOT_IN_MATCH" ? 403 : error.code === "REPORT_TOO_SOON" ? 429 : 409);
    throw error;
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.side1?.name ?? "?"} vs ${data?.side2?.name ?? "?"} · ${data?.tournament.title ?? ""} · Arena LATAM` }];
}

export default function MatchPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("competition");
  const format = useFormat();
  const data = loaderData;
  const error = actionData && !actionData.ok ? actionData : null;
  const done = actionData && actionData.ok ? actionData : null;
  const canReport = data.mySide && data.playable && !data.result;
  return (
    <>
      <section className="mx-auto max-w-2xl px-4 py-10" data-testid="match-page" {...dataAttr(DataAttr.swap)}>
        <Link to={`/tournaments/${data.tournament.id}/bracket`} className="text-sm text-cyan-400 hover:text-cyan-300">
          ← {t("match.back")}
        </Link>
        <p className="mt-3 text-sm text-slate-400">
          {data.tournament.title} · {data.thirdPlace ? t("groups.thirdPlace") : t("match.title", { number: data.matchId + 1 })} ·{" "}
          {t("match.bestOf", { bestOf: data.bestOf })}
        </p>
        {data.scheduledAt ? (
          <p className="mt-1 text-sm text-cyan-200" data-testid="match-time">
            {t("match.scheduled")}: <time dateTime={data.scheduledAt}>{format.dateTime(data.scheduledAt)}</time>
          </p>
        ) : null}
        <div className="mt-4 grid grid-cols-[1fr_auto_1fr] items-center gap-3 text-center">
          <TeamBox side={data.side1} testId="side1" walkover={data.state === "walkover"} />
          <span className="text-lg font-bold text-slate-400">{t("match.vs")}</span>
          <TeamBox side={data.side2} testId="side2" walkover={data.state === "walkover"} />
        </div>
        <p className="mt-4 text-center font-semibold" data-testid="match-state">
          {t(`match.state.${data.state}`)}
        </p>

        {error ? (
          <Alert tone="error" className="mt-4" testId="match-error">
            {t(`errors.${error.code}`, { seconds: REPORT_PAUSE_SECONDS, changes: REPORT_CHANGES_ALLOWED })}
          </Alert>
        ) : null}
        {done ? (
          <Alert tone="success" className="mt-4" testId="match-done">
            {t(`match.done.${done.done}`)}
          </Alert>
        ) : null}

        {data.room ? (
          <div className="mt-6 rounded-xl border border-purple-500/50 bg-purple-500/10 p-4" data-testid="room">
            <h2 className="font-bold">{t("match.room.title")}</h2>
            <p className="mt-1">
              {t("match.room.id")}: <strong data-testid="room-id">{data.room.roomId}</strong>
            </p>
            <p>
              {t("match.room.password")}: <strong data-testid="room-password">{data.room.roomPassword}</strong>
            </p>
          </div>
        ) : null}

        {data.reports.length ? (
          <ul className="mt-6 space-y-1 text-sm" data-testid="reports">
            {data.reports.map((report) => (
              <li key={report.id}>
                {t("match.reportLine", {
                  team: (report.side === 1 ? data.side1 : data.side2)?.name ?? "",
                  score1: report.score1,
                  score2: report.score2,
                })}{" "}
                <a
                  className="text-cyan-400 underline"
                  href={`/tournaments/${data.tournament.id}/matches/${data.matchId}/screenshots/${report.id}`}
                >
                  {t("match.screenshot")}
                </a>
              </li>
            ))}
          </ul>
        ) : null}

        {canReport ? (
          <form
            method="post"
            encType="multipart/form-data"
            className="mt-6 space-y-4 rounded-2xl border border-slate-800 bg-arena-panel p-5"
            data-testid="report-form"
          >
            <h2 className="text-lg font-bold">{data.myReport ? t("match.report.again") : t("match.report.title")}</h2>
            <input type="hidden" name="intent" value="report" />
            <ScoreInputs side1={data.side1?.name ?? ""} side2={data.side2?.name ?? ""} bestOf={data.bestOf} />
            <Field label={t("match.report.screenshot")} hint={t("match.report.screenshotHint")}>
              <Input type="file" name="screenshot" accept="image/png,image/jpeg,image/webp" required data-testid="screenshot" />
            </Field>
            <Button type="submit" data-testid="report-submit">
              {t("match.report.submit")}
            </Button>
          </form>
        ) : null}

        {data.isStaff && !data.result ? (
          <form method="post" className="mt-8 space-y-3 rounded-2xl border border-amber-500/40 p-5" data-testid="match-time-form">
            <input type="hidden" name="intent" value="match-time" />
            <h2 className="text-lg font-bold text-amber-200">{t("match.time.title")}</h2>
            <p className="text-sm text-slate-400">{t("match.time.hint")}</p>
            <Field label={t("match.time.label")}>
              <Input type="datetime-local" name="matchTime" defaultValue={data.scheduledLocal} data-testid="match-time-input" />
            </Field>
            <Button type="submit" variant="secondary" data-testid="match-time-save">
              {t("match.time.save")}
            </Button>
          </form>
        ) : null}

        {data.isStaff && data.side1 && data.side2 ? (
          <div className="mt-8 space-y-6 rounded-2xl border border-amber-500/40 p-5" data-testid="staff-tools">
            <h2 className="text-lg font-bold text-amber-200">{t("match.staff.title")}</h2>
            <form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="result" />
              <ScoreInputs side1={data.side1.name} side2={data.side2.name} bestOf={data.bestOf} prefix="staff-" />
              <Field label={t("match.staff.reason")}>
                <Input name="reason" maxLength={200} data-testid="staff-reason" />
              </Field>
              <Button type="submit" data-testid="staff-result">
                {data.result ? t("match.staff.correct") : t("match.staff.set")}
              </Button>
            </form>
            {data.late ? (
              <form method="post" className="space-y-4" data-testid="walkover-form">
                <input type="hidden" name="intent" value="walkover" />
                <h3 className="font-semibold">{t("match.walkover.title")}</h3>
                <p className="text-sm text-slate-400">{t("match.walkover.hint")}</p>
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium">{t("match.walkover.present")}</legend>
                  {[data.side1, data.side2].map((side, index) => (
                    <label key={side.registrationId} className="flex items-center gap-2">
                      <input type="radio" name="present" value={index + 1} required data-testid={`walkover-side${index + 1}`} />
                      {side.name}
                    </label>
                  ))}
                </fieldset>
                <Field label={t("match.staff.reason")}>
                  <Input name="reason" maxLength={200} data-testid="walkover-reason" />
                </Field>
                <Button type="submit" variant="secondary" data-testid="walkover-submit">
                  {t("match.walkover.give")}
                </Button>
              </form>
            ) : null}
            <form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="room" />
              <div className="grid grid-cols-2 gap-3">
                <Field label={t("match.room.id")}>
                  <Input name="roomId" required maxLength={100} data-testid="room-id-input" />
                </Field>
                <Field label={t("match.room.password")}>
                  <Input name="roomPassword" maxLength={100} data-testid="room-password-input" />
                </Field>
              </div>
              <Button type="submit" variant="secondary" data-testid="room-submit">
                {t("match.room.post")}
              </Button>
            </form>
          </div>
        ) : null}
      </section>
      {loaderData.streams.length > 0 ? (
        <div className="mx-auto max-w-2xl px-4 pb-10">
          <StreamList streams={loaderData.streams} heading={t("streamers:streams.title")} />
          <PlayerScript />
        </div>
      ) : null}
      <InlineScript source={livePageScript} />
    </>
  );
}

function TeamBox({
  side,
  testId,
  walkover,
}: {
  side: { name: string; score: number | null; winner: boolean } | null;
  testId: string;
  walkover: boolean;
}) {
  const { t } = useTranslation("competition");
  return (
    <div className={`rounded-xl border p-3 ${side?.winner ? "border-cyan-400 text-cyan-100" : "border-slate-800"}`} data-testid={testId}>
      <p className="truncate font-bold">{side?.name ?? t("bracket.tbd")}</p>
      <p className="text-2xl font-extrabold tabular-nums">
        {walkover ? (side?.winner ? t("bracket.walkover") : "–") : (side?.score ?? "–")}
      </p>
    </div>
  );
}

function ScoreInputs({ side1, side2, bestOf, prefix = "" }: { side1: string; side2: string; bestOf: number; prefix?: string }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field label={side1}>
        <Input type="number" name="score1" min={0} max={bestOf} required inputMode="numeric" data-testid={`${prefix}score1`} />
      </Field>
      <Field label={side2}>
        <Input type="number" name="score2" min={0} max={bestOf} required inputMode="numeric" data-testid={`${prefix}score2`} />
      </Field>
    </div>
  );
}
