import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Field, Input, Select } from "~/components/ui/field";
import { userBalances } from "~/features/wallet/ledger.server";
import { buttonClass } from "~/components/ui/button";
import { GAMES } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { getCurrentUser, requireUser } from "~/features/auth/session.server";
import { fail } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, isWellFormedId, notFoundIfNullish, readForm, typedFields } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { LiveBadge } from "../components/live-badge";
import { MESSAGE_MAX, parseDonationForm } from "../core/donations";
import { parseStreamerHandle, type StreamerErrorCode } from "../core/rules";
import { StreamerError, donate, donationFeeBasisPoints, findStreamerPage, follow, recentSupporters, setLive } from "../streamers.server";
import type { Route } from "./+types/streamer";

// A streamer's public page; follow and the streamer's own "I'm live" switch are plain forms. No React runtime (decision 002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = parseStreamerHandle(params.handle);
  const viewer = await getCurrentUser(request);
  const page = notFoundIfNullish(parsed.ok ? await findStreamerPage(db(), parsed.handle, viewer?.id ?? null) : null);
  const [supporters, feeBasisPoints, balances] = await Promise.all([
    recentSupporters(db(), page.streamer.id),
    donationFeeBasisPoints(db()),
    viewer && !page.own ? userBalances(db(), viewer.id) : Promise.resolve(null),
  ]);
  const { id: _id, ...streamer } = page.streamer;
  return {
    ...page,
    streamer: { ...streamer, liveSince: streamer.liveSince?.toISOString() ?? null },
    supporters: supporters.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    feePercent: feeBasisPoints / 100,
    balances,
    // The donation form's key: posting the same form twice never moves money twice.
    donationKey: randomUUID(),
    donated: new URL(request.url).searchParams.get("donated") === "1",
    signedIn: viewer !== null,
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["streamers"]),
  };
}

const STATUS: Partial<Record<StreamerErrorCode, number>> = { NOT_FOUND: 404 };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = parseStreamerHandle(params.handle);
  if (!parsed.ok) return fail("NOT_FOUND", 404);
  const form = await readForm(request);
  const fields = formFields(form);
  const { intent } = fields;
  if (!(await withinLimit(db(), "streamerWrite", user.id))) return fail("RATE_LIMITED", 429);
  try {
    switch (intent) {
      case "donate": {
        const typed = typedFields(form, (name) => ["amount", "message", "currency"].includes(name), 200);
        const donation = parseDonationForm(fields);
        if (!donation.ok) return fail(donation.code, 400, { field: donation.field, typed });
        if (!isWellFormedId(fields.key)) return fail("NOT_FOUND", 400);
        await donate(db(), { donorId: user.id, handle: parsed.handle, idempotencyKey: fields.key, ...donation });
        return redirect(`/streamers/${parsed.handle}?donated=1`);
      }
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
  const { streamer, entries, following, own, signedIn, supporters, balances } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  const typed = refusal && "typed" in refusal ? (refusal.typed as Record<string, string>) : {};
  const donationField = refusal && "field" in refusal ? refusal.field : undefined;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" data-testid="streamer-page">
      <h1 className="flex flex-wrap items-center gap-3 text-3xl font-extrabold break-all" data-testid="streamer-name">
        @{streamer.handle}
        {streamer.live ? <LiveBadge testId="streamer-live" /> : null}
      </h1>
      {loaderData.donated ? (
        <Alert tone="success" testId="donation-done">
          {t("donate.done", { handle: streamer.handle })}
        </Alert>
      ) : null}
      {refusal && !donationField ? (
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

      {balances ? (
        <section className="mt-10 rounded-xl border border-slate-800 p-4" aria-labelledby="donate-title" data-testid="donation">
          <h2 id="donate-title" className="text-2xl font-extrabold break-all">
            {t("donate.title", { handle: streamer.handle })}
          </h2>
          <p className="mt-2 text-sm text-slate-300">{t("donate.text", { fee: format.number(loaderData.feePercent) })}</p>
          <p className="mt-1 text-sm text-slate-300" data-testid="donation-balance">
            {t("donate.balance", {
              amount: `${format.money({ amount: balances.USD, currency: "USD" })} · ${format.money({ amount: balances.VES, currency: "VES" })}`,
            })}
          </p>
          <form method="post" noValidate className="mt-4 flex flex-col gap-4" data-testid="donation-form">
            <input type="hidden" name="intent" value="donate" />
            <input type="hidden" name="key" value={loaderData.donationKey} />
            <div className="flex flex-wrap gap-3">
              <Field label={t("donate.currency")} className="w-28">
                <Select name="currency" defaultValue={typed.currency ?? "USD"} data-testid="donation-currency">
                  <option value="USD">USD</option>
                  <option value="VES">Bs</option>
                </Select>
              </Field>
              <Field
                label={t("donate.amount")}
                className="min-w-0 flex-1"
                error={
                  donationField === "amount" ? <span data-testid="donation-error-amount">{t(`errors.${refusal!.code}`)}</span> : undefined
                }
              >
                <Input
                  name="amount"
                  inputMode="decimal"
                  maxLength={12}
                  defaultValue={typed.amount ?? ""}
                  aria-invalid={donationField === "amount" ? true : undefined}
                  data-testid="donation-amount"
                />
              </Field>
            </div>
            <Field
              label={t("donate.message")}
              error={
                donationField === "message" ? <span data-testid="donation-error-message">{t(`errors.${refusal!.code}`)}</span> : undefined
              }
            >
              <Input name="message" maxLength={MESSAGE_MAX} defaultValue={typed.message ?? ""} data-testid="donation-message" />
            </Field>
            <label className="inline-flex min-h-6 items-center gap-2 text-sm">
              <input type="checkbox" name="public" className="h-6 w-6" defaultChecked data-testid="donation-public" />
              {t("donate.public")}
            </label>
            <button type="submit" className={buttonClass("primary", "md")} data-testid="donation-submit">
              {t("donate.submit")}
            </button>
          </form>
        </section>
      ) : null}

      <h2 className="mt-10 text-2xl font-extrabold">{t("donate.supporters")}</h2>
      {supporters.length === 0 ? (
        <p className="mt-3 text-slate-400">{t("donate.supportersEmpty")}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" data-testid="supporters">
          {supporters.map((row) => (
            <li key={row.id} className="rounded-lg border border-slate-800 px-4 py-3 text-sm" data-testid="supporter">
              <p className="flex flex-wrap gap-x-3">
                <span className="font-semibold break-all">{row.handle ? `@${row.handle}` : t("donate.anonymous")}</span>
                <span className="text-amber-300">{format.money({ amount: row.amount, currency: row.currency as "USD" | "VES" })}</span>
              </p>
              {row.message ? <p className="mt-1 break-words text-slate-300">{row.message}</p> : null}
            </li>
          ))}
        </ul>
      )}

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
