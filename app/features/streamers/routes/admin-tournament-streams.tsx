import { Form, Link } from "react-router";
import {
  ActionNotice,
  LabeledInput,
  PageTitle,
  cardClass,
  fieldClass,
  labelClass,
  primaryButton,
  secondaryButton,
} from "~/features/admin/components/admin-ui";
import { languageFromCookieHeader } from "~/domain/language";
import { fail, failWith, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, isWellFormedId, readForm, idParam } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { PLATFORMS } from "../core/rules";
import { STREAM_KINDS, parseRecordingUrl, parseStreamForm } from "../core/streams";
import {
  StreamsError,
  addRecording,
  attachStream,
  detachStream,
  listRecordings,
  listStreams,
  playerParent,
  removeRecording,
  replaysPublicAfter,
  requireStreamOperator,
  setReplaysPublic,
} from "../streams.server";
import type { Route } from "./+types/admin-tournament-streams";

/** Staff: a tournament's streams (official, caster; the whole event or one match), its recordings and who may replay them after 48 hours. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { tournament, base } = await requireStreamOperator(db(), request, {
    slug: params.slug,
    tournamentId: idParam(params.tournamentId),
  });
  const parent = playerParent(request);
  const [streams, recordings, publicAfter] = await Promise.all([
    listStreams(db(), tournament.id, parent),
    listRecordings(db(), tournament.id, parent),
    replaysPublicAfter(db(), tournament.id),
  ]);
  return {
    tournament: { id: tournament.id, title: tournament.title },
    base,
    streams,
    recordings,
    publicAfter,
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["admin", "streamers"]),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, tournament } = await requireStreamOperator(db(), request, {
    slug: params.slug,
    tournamentId: idParam(params.tournamentId),
  });
  const fields = formFields(await readForm(request));
  try {
    switch (fields.intent) {
      case "attach": {
        const parsed = parseStreamForm(fields);
        if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field });
        await attachStream(db(), tournament.id, parsed.value, user.id);
        return succeed({ done: "attached" as const });
      }
      case "detach": {
        const streamId = fields.streamId ?? "";
        if (!isWellFormedId(streamId)) return fail("NOT_FOUND", 404);
        await detachStream(db(), tournament.id, streamId, user.id);
        return succeed({ done: "detached" as const });
      }
      case "recording": {
        const recording = parseRecordingUrl(fields.url ?? "");
        if (!recording) return fail("RECORDING_URL_INVALID", 400, { field: "recordingUrl" });
        const title = (fields.title ?? "").trim();
        if ([...title].length > 80) return fail("TITLE_LENGTH", 400, { field: "title" });
        await addRecording(db(), tournament.id, recording, title, user.id);
        return succeed({ done: "recordingAdded" as const });
      }
      case "remove-recording": {
        const recordingId = fields.recordingId ?? "";
        if (!isWellFormedId(recordingId)) return fail("NOT_FOUND", 404);
        await removeRecording(db(), tournament.id, recordingId, user.id);
        return succeed({ done: "recordingRemoved" as const });
      }
      case "replays-public":
        await setReplaysPublic(db(), tournament.id, fields.publicAfter === "on", user.id);
        return succeed({ done: "replaysSaved" as const });
      default:
        return fail("NOT_FOUND", 400);
    }
  } catch (error) {
    if (error instanceof StreamsError) return failWith(error);
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "streamers", "streams.adminTitle")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function AdminTournamentStreams({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("streamers");
  const { tournament, base, streams, recordings, publicAfter } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8" data-testid="admin-tournament-streams">
      <PageTitle title={t("streams.adminTitle")} subtitle={tournament.title} />
      <p className="mb-4 flex flex-wrap gap-4 text-sm">
        <Link to={`${base}/run`} className="inline-flex min-h-6 items-center text-cyan-300 underline">
          {t("streams.runLink")}
        </Link>
        <a href={`/tournament?id=${tournament.id}`} className="inline-flex min-h-6 items-center text-cyan-300 underline">
          {t("streams.pageLink")}
        </a>
      </p>
      <ActionNotice
        done={actionData?.ok ? t(`streams.done.${actionData.done}`) : undefined}
        error={actionData && !actionData.ok ? t(`errors.${actionData.code}`) : undefined}
      />

      <h2 className="mb-2 text-lg font-bold">{t("streams.attached")}</h2>
      {streams.length === 0 ? (
        <p className="mb-4 text-slate-400">{t("streams.none")}</p>
      ) : (
        <ul className="mb-4 flex flex-col gap-3">
          {streams.map((stream) => (
            <li key={stream.id} className={`${cardClass} flex flex-wrap items-center gap-3`} data-testid="admin-stream-row">
              <span className="font-semibold">{t(`streams.kind.${stream.kind}`)}</span>
              <span className="break-all">
                {t(`platforms.${stream.platform}`)} · {stream.name}
              </span>
              {stream.matchId !== null ? <span className="text-sm text-slate-400">{t("streams.match", { n: stream.matchId })}</span> : null}
              {stream.streamer ? <span className="text-sm text-slate-300">@{stream.streamer.handle}</span> : null}
              <Form method="post" className="ml-auto">
                <input type="hidden" name="intent" value="detach" />
                <input type="hidden" name="streamId" value={stream.id} />
                <button type="submit" className={secondaryButton} data-testid="admin-stream-detach">
                  {t("streams.detach")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className={`${cardClass} mb-8 flex flex-col gap-3`} data-testid="admin-stream-attach">
        <input type="hidden" name="intent" value="attach" />
        <label className={labelClass}>
          {t("streams.kindLabel")}
          <select name="kind" className={fieldClass} data-testid="stream-kind">
            {STREAM_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`streams.kind.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          {t("streams.platform")}
          <select name="platform" className={fieldClass} data-testid="stream-platform">
            {PLATFORMS.map((platform) => (
              <option key={platform} value={platform}>
                {t(`platforms.${platform}`)}
              </option>
            ))}
          </select>
        </label>
        <LabeledInput label={t("streams.url")} name="url" type="url" required maxLength={200} data-testid="stream-url" />
        <LabeledInput label={t("streams.streamer")} name="streamer" maxLength={21} data-testid="stream-streamer" />
        <LabeledInput label={t("streams.matchId")} name="matchId" inputMode="numeric" maxLength={6} data-testid="stream-match" />
        <button type="submit" className={primaryButton} data-testid="stream-attach">
          {t("streams.attach")}
        </button>
      </Form>

      <h2 className="mb-2 text-lg font-bold">{t("replays.title")}</h2>
      {recordings.length === 0 ? (
        <p className="mb-4 text-slate-400">{t("replays.none")}</p>
      ) : (
        <ul className="mb-4 flex flex-col gap-3">
          {recordings.map((recording) => (
            <li key={recording.id} className={`${cardClass} flex flex-wrap items-center gap-3`} data-testid="admin-recording-row">
              <span className="break-all">{recording.title || recording.url}</span>
              <Form method="post" className="ml-auto">
                <input type="hidden" name="intent" value="remove-recording" />
                <input type="hidden" name="recordingId" value={recording.id} />
                <button type="submit" className={secondaryButton}>
                  {t("replays.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className={`${cardClass} mb-4 flex flex-col gap-3`} data-testid="admin-recording-add">
        <input type="hidden" name="intent" value="recording" />
        <LabeledInput label={t("replays.url")} name="url" type="url" required maxLength={300} data-testid="recording-url" />
        <LabeledInput label={t("replays.titleLabel")} name="title" maxLength={80} data-testid="recording-title" />
        <button type="submit" className={primaryButton} data-testid="recording-add">
          {t("replays.add")}
        </button>
      </Form>
      <Form method="post" className={`${cardClass} flex flex-wrap items-center gap-3`} data-testid="admin-replays-public">
        <input type="hidden" name="intent" value="replays-public" />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="publicAfter" defaultChecked={publicAfter} className="h-5 w-5" data-testid="replays-public" />
          {t("replays.publicAfter")}
        </label>
        <button type="submit" className={secondaryButton} data-testid="replays-public-save">
          {t("replays.save")}
        </button>
      </Form>
    </section>
  );
}
