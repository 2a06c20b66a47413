import { redirect } from "react-router";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { GAMES } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { getCurrentUser, requireUser } from "~/features/auth/session.server";
import { fail } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, notFoundIfNullish, readForm } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { LiveBadge } from "../components/live-badge";
import { parseStreamerHandle, type StreamerErrorCode } from "../core/rules";
import { StreamerError, findStreamerPage, follow, setLive } from "../streamers.server";
import type { Route } from "./+types/streamer";

// A streamer's public page; follow and the streamer's own "I'm live" switch are plain forms. No React runtime (decision 002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = parseStreamerHandle(params.handle);
  const viewer = await getCurrentUser(request);
  const page = notFoundIfNullish(parsed.ok ? await findStreamerPage(db(), parsed.handle, viewer?.id ?? null) : null);
  return {
    ...page,
    streamer: { ...page.streamer, liveSince: page.streamer.liveSince?.toISOString() ?? null },
    signedIn: viewer !== null,
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["streamers"]),
  };
}

const STATUS: Partial<Record<StreamerErrorCode, number>> = { NOT_FOUND: 404, NOT_APPROVED: 409, CANNOT_FOLLOW_SELF: 409 };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = parseStreamerHandle(params.handle);
  if (!parsed.ok) return fail("NOT_FOUND", 404);
  const { intent } = formFields(await readForm(request));
  if (!(await withinLimit(db(), "streamerWrite", user.id))) return fail("RATE_LIMITED", 429);
  try {
    switch (intent) {
      case "follow":
      case "unfollow":
        await follow(db(), user.id, parsed.handle, intent === "follow");
        break;
      case "live-on":
      case "live-off": {
        // The switch is the streamer's own: it acts on the signed-in user's streamer row, and only from their page.
        const page = await findStreamerPage(db(), parsed.handle, user.id);
        if (!page?.own) return fail("NOT_FOUND", 404);
        await setLive(db(), user.id, intent === "live-on");
        break;
      }
      default:
        return fail("NOT_FOUND", 400);
    }
  } catch (error) {
    if (error instanceof StreamerError) return fail(error.code, STATUS[error.code] ?? 409);
    throw error;
  }
  return redirect(`/streamers/${parsed.handle}`);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.streamer ? `@${loaderData.streamer.handle} · ` : "";
  return [{ title: `${name}${metaText(matches, "streamers", "page.pageTitle")} · Arena LATAM` }];
}

export default function StreamerPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("streamers");
  const format = useFormat();
  const { streamer, entries, following, own, signedIn } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" data-testid="streamer-page">
      <h1 className="flex flex-wrap items-center gap-3 text-3xl font-extrabold break-all" data-testid="streamer-name">
        @{streamer.handle}
        {streamer.live ? <LiveBadge testId="streamer-live" /> : null}
      </h1>
      {refusal ? (
        <Alert tone="error" testId="streamer-error">
          {t(`errors.${refusal.code}`)}
        </Alert>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-x-4 text-slate-300">
        <span data-testid="streamer-followers">
          {t(streamer.followers === 1 ? "page.followersOne" : "page.followers", { count: streamer.followers })}
        </span>
        <span data-testid="streamer-games-played">
          {t(streamer.gamesPlayed === 1 ? "page.gamesPlayedOne" : "page.gamesPlayed", { count: streamer.gamesPlayed })}
        </span>
      </p>
      {streamer.bio ? (
        <p className="mt-4 break-words whitespace-pre-line text-slate-200" data-testid="streamer-bio">
          {streamer.bio}
        </p>
      ) : null}

      <div className="mt-6 flex flex-wrap gap-3">
        {own ? (
          <form method="post">
            <input type="hidden" name="intent" value={streamer.live ? "live-off" : "live-on"} />
            <button type="submit" className={buttonClass(streamer.live ? "secondary" : "primary", "md")} data-testid="streamer-live-switch">
              {streamer.live ? t("page.liveOff") : t("page.liveOn")}
            </button>
          </form>
        ) : signedIn ? (
          <form method="post">
            <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
            <button type="submit" className={buttonClass(following ? "secondary" : "primary", "md")} data-testid="streamer-follow">
              {following ? t("page.unfollow") : t("page.follow")}
            </button>
          </form>
        ) : (
          <a
            href={`/auth?redirectTo=${encodeURIComponent(`/streamers/${streamer.handle}`)}`}
            className={buttonClass("primary", "md", "inline-flex")}
            data-testid="streamer-follow-signin"
          >
            {t("page.signInToFollow")}
          </a>
        )}
      </div>

      <h2 className="mt-10 text-2xl font-extrabold">{t("page.channels")}</h2>
      <ul className="mt-4 flex flex-col gap-2" data-testid="streamer-channels">
        {streamer.channels.map((channel) => (
          <li key={channel.platform} className="flex flex-wrap items-center gap-x-3 rounded-lg border border-slate-800 px-4 py-3 text-sm">
            <span className="font-semibold">{t(`platforms.${channel.platform}`)}</span>
            <a
              href={channel.url}
              rel="noopener noreferrer nofollow"
              target="_blank"
              className="inline-flex min-h-6 items-center break-all text-cyan-300 underline"
            >
              {channel.url.replace(/^https:\/\//, "")}
            </a>
          </li>
        ))}
      </ul>

      <h2 className="mt-10 text-2xl font-extrabold">{t("page.games")}</h2>
      <p className="mt-3 text-slate-300" data-testid="streamer-games">
        {streamer.games.map((game) => GAMES[game as keyof typeof GAMES]?.name ?? game).join(" · ")}
      </p>

      <h2 className="mt-10 text-2xl font-extrabold">{t("page.tournaments")}</h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-slate-400">{t("page.tournamentsEmpty")}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" data-testid="streamer-tournaments">
          {entries.map((entry) => (
            <li key={entry.registrationId} className="flex flex-wrap gap-x-3 rounded-lg border border-slate-800 px-4 py-3 text-sm">
              <a
                href={`/tournament?id=${entry.tournamentId}`}
                className="inline-flex min-h-6 items-center font-semibold text-cyan-300 underline"
              >
                {entry.title}
              </a>
              <span className="text-slate-400">{format.date(entry.date)}</span>
              <span className="ml-auto font-semibold">{entry.place ? t("page.place", { place: entry.place }) : t("page.noPlace")}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
