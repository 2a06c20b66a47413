import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { Link, data } from "react-router";
import { eventTeamSize } from "~/domain/games";
import { languageFromCookieHeader, type Language } from "~/domain/language";
import type { Currency } from "~/domain/money";
import { poolView, type PoolView } from "~/features/wallet/prize-pools.server";
import { formatDate, formatMoney } from "~/domain/format";
import { parseRegistration } from "~/domain/registration";
import { requireUser } from "~/features/auth/session.server";
import { parseIdempotencyKey, scopedIdempotencyKey } from "~/features/orders/core/idempotency";
import { withinOrderLimit } from "~/features/orders/orders.server";
import { currentExchangeRate } from "~/features/orders/exchange-rate.server";
import { orderAmount } from "~/features/orders/orders-view";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import { Countdown } from "~/components/ui/countdown";
import livePageScript from "~/browser/live-page?inline-script";
import { InlineScript } from "~/components/inline-script";
import type { RouteHandle } from "~/root";
import { registrationOpensFor } from "~/features/plus/core/membership";
import { registrationClosure } from "~/domain/tournament-state";
import { membershipOf } from "~/features/plus/plus.server";
import { mailRegistrationConfirmed } from "../registration-mail.server";
import {
  BannedByOrganizerError,
  RegistrationError,
  findRegistration,
  findTournament,
  registerForTournament,
  registrationPrefill,
} from "../registrations.server";
import { lateEntryFor } from "../late-entry.server";
import { WaitlistError, joinWaitlist, leaveWaitlist, waitlistPosition } from "../waitlist.server";
import { fail, failWith, succeed, typedOf } from "~/lib/answer";
import { captainTeam, captainTeamsForGame } from "~/features/teams/teams.server";
import { teamEntryFields } from "~/features/teams/core/entry";
import { formFields, isWellFormedId, readForm, typedFields } from "~/lib/http.server";
import type { Route } from "./+types/tournament";
import { buttonClass } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";
import { TournamentBanner } from "~/components/ui/tournament-banner";
import { PlusEventBadge } from "~/components/ui/plus-event-badge";
import { LiveBadge } from "~/features/streamers/components/live-badge";
import { playerParent, replaysFrom } from "~/features/streamers/streams.server";
import { publicTournamentPart } from "../tournament-page.server";
import { OrganizedBy } from "../components/organized-by";
import { PlusEventBox } from "../components/plus-event-box";
import { Field, PaymentMethods, RegistrationForm } from "../components/registration-form";
import { StreamsAndReplays } from "../components/streams-and-replays";

// Plain HTML and forms that post, no React runtime (docs/decisions/002); the live page module (app/browser/live-page.ts) posts
// them in place, keeps the opening countdown ticking and sends the button's "sending" state.
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const messages = loadMessages(language, ["tournaments", "orders", "streamers"]);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  // The part everybody sees is shared (tournament-page.server.ts); what is this person's is read below.
  const parent = playerParent(request);
  // An id that is not one (a NUL, a space) is not looked up: the same 404 page as an unknown id.
  const shared = isWellFormedId(id) ? await publicTournamentPart(db(), id, parent) : null;
  const tournament = shared?.tournament ?? null;
  // Drafts (and an organization's paid event waiting for approval, docs/organizations.md) exist only in the back-office.
  if (!tournament || tournament.status === "draft" || tournament.status === "pending")
    return data(
      {
        tournament: null,
        registration: null,
        rate: null,
        now: null,
        member: false,
        opensForMe: null,
        waitlistPosition: null,
        lateEntry: null,
        streams: [],
        pool: null,
        live: false,
        replays: null,
        messages,
      },
      { status: 404 },
    );
  const registration = await findRegistration(db(), tournament.id, user.id);
  // Each person sees their own opening time: Plus members 15 minutes before everyone else.
  const now = new Date();
  const { member } = await membershipOf(db(), user.id, now);
  const opensForMe = tournament.registrationOpensAt ? registrationOpensFor(tournament.registrationOpensAt, member) : null;
  const closure = registrationClosure(tournament, now);
  const pastDeadline = closure === "deadline";
  // Past the deadline, someone on the waiting list may still take a no-show's place before the start.
  const late = !registration && pastDeadline ? await lateEntryFor(db(), tournament, { userId: user.id }, now) : null;
  const lateEntry = late && late.state !== "closed" ? { state: late.state, startsAt: late.startsAt.toISOString() } : null;
  return {
    // The tournament's own streams (click-to-load players) and its recordings, if this person may watch them (docs/streamers.md).
    streams: shared!.streams,
    // A prize held by the platform (organizer's deposit, or the fees' pool): players see it is there.
    pool: await poolView(db(), tournament),
    live: shared!.live,
    replays: replaysFrom(shared!.replays, { member, now }),
    now: now.toISOString(),
    member,
    opensForMe: opensForMe && opensForMe > now ? opensForMe.toISOString() : null,
    tournament: {
      ...tournament,
      registrationClosesAt: tournament.registrationClosesAt.toISOString(),
      registrationOpensAt: tournament.registrationOpensAt?.toISOString() ?? null,
      startedAt: tournament.startedAt?.toISOString() ?? null,
      // Why registration is closed ("started": the page says the tournament is being played), null when open.
      closure,
      closed: closure !== null && !(pastDeadline && lateEntry?.state === "open"),
    },
    lateEntry,
    registration: registration && {
      id: registration.id,
      status: registration.status,
      teamName: registration.teamName,
      coachName: registration.coachName,
      orderId: registration.orderId,
      players: registration.players,
    },
    // No rate yet on a new deployment: the page still shows; methods it cannot price say so.
    rate: tournament.feeAmount > 0 ? await currentExchangeRate(db()).catch(() => null) : null,
    // The person's place on the waiting list of a full tournament, or null.
    waitlistPosition: registration ? null : await waitlistPosition(db(), tournament.id, user.id),
    // One key per render of the form: a retried registration gets the order the first one started.
    idempotencyKey: crypto.randomUUID(),
    // Less typing: the name, phone and in-game name the player used before.
    prefill: registration ? {} : await registrationPrefill(db(), user, tournament.game),
    // The teams this person captains for the game, to enter in one tap (team events only; no phones; docs/teams.md).
    myTeams:
      registration || eventTeamSize(tournament) === 1
        ? []
        : (await captainTeamsForGame(db(), user.id, tournament.game)).map((team) => ({
            id: team.id,
            name: team.name,
            tag: team.tag,
            roster: team.roster.map((member) => ({ userId: member.userId, ign: member.ign, role: member.role })),
          })),
    messages,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const tournament = await findTournament(db(), String(form.get("tournamentId") ?? ""));
  if (!tournament) return fail("NOT_FOUND", 404);

  const intent = form.get("intent");
  if (intent === "waitlist-join" || intent === "waitlist-leave") {
    if (intent === "waitlist-leave") {
      await leaveWaitlist(db(), tournament.id, user.id);
      return succeed({ outcome: "waitlist-left" as const });
    }
    try {
      await joinWaitlist(db(), tournament.id, user.id);
      return succeed({ outcome: "waitlist-joined" as const });
    } catch (error) {
      if (error instanceof WaitlistError) return failWith(error);
      throw error;
    }
  }

  // The fee and its currency come from the tournament row; nothing the form says about money is read.
  let fields = formFields(form);
  const typed = typedFields(form, (name) => TYPED_FIELD.test(name));
  // Entering a lasting team fills the same form from the team's roster (a snapshot), then goes the same way (docs/teams.md).
  let team: { teamId: string; playerUserIds: string[] } | null = null;
  if (intent === "team") {
    const size = eventTeamSize(tournament);
    const teamId = fields.teamId ?? "";
    const mine = isWellFormedId(teamId) && size > 1 ? await captainTeam(db(), user.id, teamId) : null;
    if (!mine || mine.game !== tournament.game) return fail("TEAM_NOT_FOUND", 404, { count: size, typed });
    const entry = teamEntryFields(
      mine,
      mine.roster,
      form.getAll("starter").map(String),
      { size, substitutes: tournament.substitutes },
      { phone: fields.phone ?? "", paymentMethod: fields.paymentMethod ?? "" },
    );
    if (!entry.ok) return fail(entry.code, 400, { count: size, typed });
    fields = entry.fields;
    team = { teamId: mine.id, playerUserIds: entry.playerUserIds };
  }
  const parsed = parseRegistration(tournament.game, tournament.feeAmount, fields, {
    size: tournament.teamSize,
    substitutes: tournament.substitutes,
  });
  if (!parsed.ok) return fail(parsed.code, 400, { player: parsed.player, typed });
  const idempotencyKey = parseIdempotencyKey(form.get("idempotencyKey"));
  // A retried post (its key already started the registration's order) does not use up the player's allowance (docs/reliability.md "Limits and idempotency").
  const scopedKey = scopedIdempotencyKey({ tournamentId: tournament.id }, idempotencyKey);
  if (!(await withinOrderLimit(db(), "registration", user.id, scopedKey))) return fail("RATE_LIMITED", 429, { typed });

  const paid = tournament.feeAmount > 0;
  try {
    const exchangeRate = paid ? await currentExchangeRate(db()) : "0";
    // A free registration's confirmation mail is queued in the transaction that confirms it.
    const result = await db().transaction(async (tx) => {
      const registered = await registerForTournament(tx, {
        tournamentId: tournament.id,
        userId: user.id,
        email: user.email,
        registration: parsed.registration,
        exchangeRate,
        expiresAt: new Date(Date.now() + env().ORDER_EXPIRY_MINUTES * 60_000),
        idempotencyKey,
        team,
      });
      if (!registered.order)
        await mailRegistrationConfirmed(tx, user.email, user.language, {
          title: tournament.title,
          date: tournament.date,
          teamName: parsed.registration.teamName,
          tournamentId: tournament.id,
        });
      return registered;
    });
    if (!result.order) return succeed({ outcome: "confirmed" as const });
    return succeed({
      outcome: "started" as const,
      order: {
        id: result.order.id,
        number: result.order.number,
        amount: result.order.amount,
        currency: result.order.currency,
        method: result.order.method,
        phone: parsed.registration.phone,
      },
    });
  } catch (error) {
    if (error instanceof BannedByOrganizerError)
      return failWith(error, {
        typed,
        reason: error.reason,
        until: formatDate(error.endsAt, languageFromCookieHeader(request.headers.get("Cookie"))),
      });
    if (error instanceof RegistrationError) return failWith(error, { typed });
    log.error("registration failed", { tournamentId: tournament.id, error: String(error) });
    return fail(paid ? "PAYMENT_START_FAILED" : "FREE_FAILED", 500, { typed });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "tournaments", "pageTitle")} · Arena LATAM` }];
}

/** The form's own fields, echoed back when it is refused. */
const TYPED_FIELD = /^(teamName|coachName|phone|paymentMethod|player[1-9](Name|Ign|Phone))$/;

/** What the prize pool holds, said to players: the organizer's deposit is there, or what the fees gathered. */
function PoolLine({ pool, language }: { pool: PoolView; language: Language }) {
  const { t } = useTranslation("tournaments");
  const money = (amount: number, currency: Currency) => formatMoney({ amount, currency }, language);
  const held = (["USD", "VES"] as const)
    .filter((currency) => pool.balances[currency] > 0 || currency === (pool.target?.currency ?? "USD"))
    .map((currency) => money(pool.balances[currency], currency))
    .join(" + ");
  const text =
    pool.funding === "organizer"
      ? pool.funded && pool.target
        ? t("pool.guaranteed", { amount: money(pool.target.amount, pool.target.currency) })
        : null
      : t("pool.fees", { amount: held, percent: pool.commissionPercent });
  if (!text && !pool.frozen) return null;
  return (
    <div className="col-span-full" data-testid="tournament-pool">
      <dt className="text-slate-400">{t("pool.title")}</dt>
      {text ? <dd className="font-semibold text-emerald-300">{text}</dd> : null}
      {pool.frozen ? <dd className="text-amber-200">{t("pool.frozen")}</dd> : null}
    </div>
  );
}

export default function TournamentPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("tournaments");
  const format = useFormat();
  const { tournament, registration, pool } = loaderData;

  if (!tournament) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="no-tournament">
        <h1 className="text-3xl font-extrabold">{t("none")}</h1>
        <Link to="/#tournaments" className="mt-6 inline-block rounded-lg bg-cyan-500 px-5 py-3 font-semibold text-slate-950">
          {t("backHome")}
        </Link>
      </section>
    );
  }

  const language = i18n.language === "en" ? "en" : "es";
  const size = eventTeamSize(tournament);
  const solo = size === 1;
  const substitutes = solo ? 0 : tournament.substitutes;
  const fee = tournament.feeAmount;
  const feeCurrency = tournament.feeCurrency === "VES" ? "VES" : "USD";
  const error = actionData && !actionData.ok ? actionData : null;
  // What the player typed, after a refusal; else what they used before.
  const typed = actionData ? typedOf(actionData) : "prefill" in loaderData ? (loaderData.prefill as Record<string, string>) : {};
  const answered = actionData?.ok ? actionData : null;
  // The waiting-list buttons answer too, but only a registration changes what the page shows.
  const done = answered && (answered.outcome === "confirmed" || answered.outcome === "started") ? answered : null;
  // The bracket is being played: registration is over for everyone, whatever the deadline said.
  const started = tournament.closure === "started";
  const myTeams = "myTeams" in loaderData ? loaderData.myTeams : [];
  // A Plus event and a person who is not a member: the page says so and offers Plus instead of forms
  // the server would refuse (registerForTournament and joinWaitlist refuse them anyway: plusRefusal).
  const plusLocked = tournament.plusOnly && !loaderData.member;
  const waitlistNotice = answered?.outcome === "waitlist-joined" ? "joined" : answered?.outcome === "waitlist-left" ? "left" : null;

  return (
    <>
      <section
        className="mx-auto max-w-3xl px-4 py-10"
        data-testid="tournament-page"
        data-game={tournament.game}
        {...dataAttr(DataAttr.swap)}
      >
        <div className="overflow-hidden rounded-2xl border border-slate-800 bg-arena-panel">
          <TournamentBanner image={tournament.image} game={tournament.game} alt="" className="aspect-[16/6] w-full object-cover" />
          <div className="p-6">
            {tournament.plusOnly ? <PlusEventBadge label={t("plusEvent.badge")} /> : null}
            <h1 className="text-3xl font-extrabold">{tournament.title}</h1>
            {tournament.organizationSlug ? (
              <OrganizedBy slug={tournament.organizationSlug} name={tournament.organizationName} logoUrl={tournament.organizationLogo} />
            ) : null}
            {loaderData.live ? (
              <p className="mt-2">
                <LiveBadge testId="tournament-live" />
              </p>
            ) : null}
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-slate-400">{t("details.date")}</dt>
                <dd className="font-semibold" data-testid="tournament-date">
                  {format.date(tournament.date)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-400">{t("details.prize")}</dt>
                <dd className="font-semibold text-cyan-300">{tournament.prize}</dd>
              </div>
              {pool ? <PoolLine pool={pool} language={language} /> : null}
              <div>
                <dt className="text-slate-400">{t("details.fee")}</dt>
                <dd className="font-semibold" data-testid="tournament-fee">
                  {fee === 0 ? t("details.free") : formatMoney({ amount: fee, currency: feeCurrency }, language)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-400">{solo ? t("details.solo") : t("details.team", { count: size })}</dt>
                <dd className="font-semibold" data-testid="places-left">
                  {tournament.placesLeft > 0 ? t("details.placesLeft", { count: tournament.placesLeft }) : t("details.full")}
                </dd>
              </div>
            </dl>
            <p className="mt-3 text-sm text-slate-400" data-testid="closes-at">
              {tournament.closure === "started"
                ? t("details.started")
                : tournament.closure
                  ? t("details.closed")
                  : t("details.closes", { time: format.dateTime(tournament.registrationClosesAt) })}
            </p>
            {tournament.rulesHtml ? (
              <details className="mt-4 text-sm">
                <summary className="cursor-pointer font-semibold text-slate-200">{t("details.rules")}</summary>
                {/* Rendered on the server by micromark, which escapes HTML and drops unsafe links. */}
                <div
                  className="prose-invert mt-2 space-y-2 break-words text-slate-300"
                  data-testid="tournament-rules"
                  dangerouslySetInnerHTML={{ __html: tournament.rulesHtml }}
                />
              </details>
            ) : null}
            <Link
              to={`/tournaments/${tournament.id}/bracket`}
              className="mt-3 inline-block text-sm font-semibold text-cyan-400 hover:text-cyan-300"
              data-testid="bracket-link"
            >
              {t("bracketLink")} →
            </Link>
          </div>
        </div>

        {error ? (
          <Alert tone="error" testId="registration-error">
            {t(`errors.${error.code}`, {
              n: "player" in error ? error.player : undefined,
              count: size,
              reason: "reason" in error ? error.reason : undefined,
              until: "until" in error ? error.until : undefined,
            })}
            {error.code === "PLUS_ONLY" ? (
              <>
                {" "}
                <Link to="/plus" className="font-semibold underline" data-testid="plus-only-link">
                  {t("plusEvent.join")}
                </Link>
              </>
            ) : null}
          </Alert>
        ) : null}

        {done?.outcome === "confirmed" ? (
          <Alert tone="success" testId="registration-confirmed">
            {t("done.free")}
          </Alert>
        ) : null}

        {done?.outcome === "started" ? (
          <div
            role="status"
            className="mt-6 rounded-xl border border-emerald-500/50 bg-emerald-500/10 p-6"
            data-testid="registration-started"
          >
            <p className="text-2xl font-extrabold text-emerald-200">{t("done.started")}</p>
            <p className="mt-1 text-emerald-100/90">{t("done.confirmation")}</p>
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-slate-400">{t("done.orderNumber")}</dt>
                <dd className="font-semibold">#{done.order.number}</dd>
              </div>
              <div>
                <dt className="text-slate-400">{t("done.total")}</dt>
                <dd className="font-semibold text-cyan-300" data-testid="order-total">
                  {orderAmount(done.order.amount, done.order.currency, language)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-400">{t("done.method")}</dt>
                <dd className="font-semibold">{t(`orders:methods.${done.order.method}`)}</dd>
              </div>
              <div>
                <dt className="text-slate-400">{t("done.phone")}</dt>
                <dd className="font-semibold">{done.order.phone}</dd>
              </div>
            </dl>
            <Link
              to={`/tournament/payment?order=${done.order.id}`}
              className={buttonClass("primary", "md", "mt-6 inline-block")}
              data-testid="continue-to-payment"
            >
              {t("done.pay")}
            </Link>
          </div>
        ) : null}

        {/* After a free registration the player stays here: the confirmation, then their place. */}
        {registration && done?.outcome !== "started" ? (
          <div className="mt-6 rounded-xl border border-cyan-500/40 bg-cyan-500/5 p-6" data-testid="registration">
            <h2 className="text-xl font-bold">{t("registered.title")}</h2>
            <p className="mt-1 text-sm" data-testid="registration-status">
              {t(`registered.status.${registration.status}`)}
            </p>
            {started && registration.status === "pending_payment" ? (
              // Approving it now would give no place (the order kind releases it): say so before anyone pays.
              <Alert tone="warning" testId="started-unpaid" className="mt-3">
                {t("registered.startedUnpaid")}
              </Alert>
            ) : null}
            {registration.teamName ? (
              <p className="mt-3">
                <span className="text-slate-400">{t("registered.team")}: </span>
                {registration.teamName}
              </p>
            ) : null}
            <p className="mt-3 text-slate-400">{t("registered.players")}</p>
            <ul className="list-inside list-disc">
              {registration.players.map((player) => (
                <li key={player.ign}>
                  {player.name} · {player.ign}
                </li>
              ))}
            </ul>
            {registration.orderId ? (
              <Link to={`/orders/${registration.orderId}`} className="mt-4 inline-block text-cyan-400 hover:text-cyan-300">
                {t("registered.pay")} →
              </Link>
            ) : null}
            <a
              href={`/support?registration=${encodeURIComponent(registration.id)}`}
              className="mt-4 block py-1 text-sm text-cyan-300 underline"
              data-testid="registration-support-link"
            >
              {t("mine.help")}
            </a>
          </div>
        ) : null}

        {!registration && !done && plusLocked && !started ? <PlusEventBox /> : null}

        {!registration && !done && !plusLocked && !tournament.closed && loaderData.opensForMe && loaderData.now ? (
          <div role="status" className="mt-8 rounded-xl border border-cyan-500/50 bg-cyan-500/10 p-6" data-testid="registration-opens">
            <h2 className="text-xl font-bold text-cyan-100">
              {t(loaderData.member ? "opens.titlePlus" : "opens.title", { time: format.dateTime(loaderData.opensForMe) })}
            </h2>
            <p className="mt-2 text-cyan-50/90">
              <Countdown to={loaderData.opensForMe} serverNow={loaderData.now} text={(time) => t("opens.countdown", { time })} />
            </p>
            {loaderData.member ? null : (
              <p className="mt-2 text-sm text-cyan-50/80">
                <Link to="/plus" className="underline">
                  {t("opens.plusHint")}
                </Link>
              </p>
            )}
          </div>
        ) : null}
        {!registration && !done && (tournament.closed || tournament.placesLeft <= 0) ? (
          // A full or closed tournament says so, and where to go next (docs/product.md).
          <div
            role="status"
            className="mt-8 rounded-xl border border-amber-500/50 bg-amber-500/10 p-6"
            data-testid="tournament-unavailable"
            data-state={started ? "started" : tournament.closed ? "closed" : "full"}
          >
            <h2 className="text-xl font-bold text-amber-100">
              {t(started ? "unavailable.startedTitle" : tournament.closed ? "unavailable.closedTitle" : "unavailable.fullTitle")}
            </h2>
            <p className="mt-2 text-amber-50/90">
              {t(started ? "unavailable.startedText" : tournament.closed ? "unavailable.closedText" : "unavailable.fullText")}
            </p>
            {loaderData.lateEntry?.state === "full" ? (
              <p className="mt-2 text-sm text-amber-50/80" data-testid="late-entry-full">
                {t("lateEntry.full")}
              </p>
            ) : null}
            {!tournament.closed && !plusLocked ? (
              <div className="mt-4 border-t border-amber-500/30 pt-4" data-testid="waitlist">
                <h3 className="font-bold text-amber-100">{t("waitlist.title")}</h3>
                {waitlistNotice ? (
                  <p className="mt-1 text-sm text-emerald-200" role="status" data-testid="waitlist-notice">
                    {t(`waitlist.${waitlistNotice}`)}
                  </p>
                ) : null}
                {loaderData.waitlistPosition ? (
                  <>
                    <p className="mt-1 font-semibold text-amber-50" data-testid="waitlist-position">
                      {t("waitlist.position", { position: loaderData.waitlistPosition })}
                    </p>
                    <p className="mt-1 text-sm text-amber-50/80">{t("waitlist.positionText")}</p>
                  </>
                ) : (
                  <p className="mt-1 text-sm text-amber-50/80">{t("waitlist.text")}</p>
                )}
                {/* One button: leave the line when in it, join it otherwise. */}
                <form method="post" className="mt-3">
                  <input type="hidden" name="tournamentId" value={tournament.id} />
                  <input type="hidden" name="intent" value={loaderData.waitlistPosition ? "waitlist-leave" : "waitlist-join"} />
                  <button
                    type="submit"
                    className={buttonClass(loaderData.waitlistPosition ? "secondary" : "primary", "md")}
                    data-testid={loaderData.waitlistPosition ? "waitlist-leave" : "waitlist-join"}
                  >
                    {t(loaderData.waitlistPosition ? "waitlist.leave" : "waitlist.join")}
                  </button>
                </form>
              </div>
            ) : null}
            <Link to="/#tournaments" className={buttonClass("primary", "md", "mt-4 inline-block")} data-testid="other-tournaments">
              {t("unavailable.others")}
            </Link>
          </div>
        ) : null}

        {!registration && !done && !plusLocked && loaderData.lateEntry?.state === "open" ? (
          <div role="status" className="mt-8 rounded-xl border border-cyan-500/50 bg-cyan-500/10 p-6" data-testid="late-entry">
            <h2 className="text-xl font-bold text-cyan-100">{t("lateEntry.title", { count: tournament.placesLeft })}</h2>
            <p className="mt-2 text-cyan-50/90">{t("lateEntry.text", { time: format.time(loaderData.lateEntry.startsAt) })}</p>
          </div>
        ) : null}

        {!registration &&
        !done &&
        !plusLocked &&
        !tournament.closed &&
        !loaderData.opensForMe &&
        tournament.placesLeft > 0 &&
        myTeams.length > 0 ? (
          <div className="mt-8 rounded-xl border border-purple-500/40 bg-purple-500/5 p-5" data-testid="team-entry">
            <h2 className="text-xl font-bold">{t("teamEntry.title")}</h2>
            <p className="mt-1 text-sm text-slate-300">{t("teamEntry.text", { count: size })}</p>
            {myTeams.map((team) => {
              const players = team.roster.filter((member) => member.role !== "coach");
              const starters = players.filter((member) => member.role === "starter").map((member) => member.userId);
              return (
                <form
                  key={team.id}
                  method="post"
                  noValidate
                  className="mt-4 flex flex-col gap-4 rounded-lg border border-slate-700 p-4"
                  data-testid="team-entry-form"
                  {...dataAttr(DataAttr.sending, t("form.sending"))}
                >
                  <input type="hidden" name="tournamentId" value={tournament.id} />
                  <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
                  <input type="hidden" name="intent" value="team" />
                  <input type="hidden" name="teamId" value={team.id} />
                  <p className="font-bold break-words">
                    [{team.tag}] {team.name}
                  </p>
                  {players.length < size ? (
                    <p className="text-sm text-amber-200" data-testid="team-entry-too-few">
                      {t("teamEntry.tooFew", { team: team.name, have: players.length, count: size })}
                    </p>
                  ) : (
                    <>
                      <fieldset className="flex flex-col gap-2">
                        <legend className="mb-1 text-sm font-semibold">{t("teamEntry.starters", { count: size })}</legend>
                        {players.map((member) => (
                          <label key={member.userId} className="flex items-center gap-3 py-1 text-sm">
                            <input
                              type="checkbox"
                              name="starter"
                              value={member.userId}
                              defaultChecked={starters.includes(member.userId)}
                              className="size-5"
                            />
                            <span className="break-all">{member.ign}</span>
                          </label>
                        ))}
                      </fieldset>
                      <Field label={t("form.phone")} name="phone" type="tel" inputMode="numeric" hint={t("form.phoneHint")} typed={typed} />
                      {fee > 0 ? (
                        <PaymentMethods fee={fee} feeCurrency={feeCurrency} rate={loaderData.rate} typed={typed} language={language} />
                      ) : null}
                      <button type="submit" className={buttonClass("primary", "md")} data-testid="team-entry-submit">
                        {t("teamEntry.submit", { team: team.name })}
                      </button>
                    </>
                  )}
                </form>
              );
            })}
            <p className="mt-4 text-sm text-slate-300">{t("teamEntry.or")}</p>
          </div>
        ) : null}

        {!registration && !done && !plusLocked && !tournament.closed && !loaderData.opensForMe && tournament.placesLeft > 0 ? (
          <RegistrationForm
            tournament={tournament}
            idempotencyKey={loaderData.idempotencyKey}
            size={size}
            substitutes={substitutes}
            fee={fee}
            feeCurrency={feeCurrency}
            rate={loaderData.rate}
            typed={typed}
            language={language}
          />
        ) : null}
      </section>
      {/* Outside the block the live page module swaps, so an opened player keeps playing through updates. */}
      <StreamsAndReplays streams={loaderData.streams} replays={loaderData.replays} />
      <InlineScript source={livePageScript} />
    </>
  );
}
