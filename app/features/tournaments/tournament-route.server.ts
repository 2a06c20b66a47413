import { data } from "react-router";
import { eventTeamSize } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { formatDate } from "~/domain/format";
import { signInPath } from "~/domain/redirect";
import { parseRegistration } from "~/domain/registration";
import { getCurrentUser, isPlusMember, requireUser, type CurrentUser } from "~/features/auth/session.server";
import { parseIdempotencyKey, scopedIdempotencyKey } from "~/features/orders/core/idempotency";
import { withinOrderLimit } from "~/features/orders/orders.server";
import { currentExchangeRate } from "~/features/orders/exchange-rate.server";
import { poolView } from "~/features/wallet/prize-pools.server";
import { registrationOpensFor } from "~/features/plus/core/membership";
import { registrationClosure } from "~/domain/tournament-state";
import { playerParent, replaysFrom } from "~/features/streamers/streams.server";
import { captainTeam, captainTeamsForGame } from "~/features/teams/teams.server";
import { teamEntryFields } from "~/features/teams/core/entry";
import { fail, failWith, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { formFields, isWellFormedId, readForm, typedFields } from "~/lib/http.server";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { lateEntryFor } from "./late-entry.server";
import { mailRegistrationConfirmed } from "./registration-mail.server";
import {
  BannedByOrganizerError,
  RegistrationError,
  findRegistration,
  findTournament,
  registerForTournament,
  registrationPrefill,
} from "./registrations.server";
import { publicTournamentPart } from "./tournament-page.server";
import { WaitlistError, joinWaitlist, leaveWaitlist, waitlistPosition } from "./waitlist.server";

// The server side of `/tournament?id=` (routes/tournament.tsx): what the page shows this person,
// and its one action (register, enter a team, join or leave the waiting list). See docs/tournaments.md.

export async function tournamentPageLoader(request: Request) {
  // A visitor may read the page (issues #24, #25); only the action needs an account (requireUser below).
  const user = await getCurrentUser(request);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const messages = loadMessages(language, ["tournaments", "orders", "streamers"]);
  const url = new URL(request.url);
  const id = url.searchParams.get("id") ?? "";
  // The part everybody sees is shared (tournament-page.server.ts); what is this person's is read below.
  const parent = playerParent(request);
  // An id that is not one (a NUL, a space) is not looked up: the same 404 page as an unknown id.
  const shared = isWellFormedId(id) ? await publicTournamentPart(db(), id, parent) : null;
  const tournament = shared?.tournament ?? null;
  // Drafts (and an organization's paid event waiting for approval, docs/organizations.md) exist only in the back-office.
  if (!tournament || tournament.status === "draft" || tournament.status === "pending")
    return data(
      {
        // Nobody's own part on a page that does not exist.
        ...visitorPart(null),
        tournament: null,
        rate: null,
        now: null,
        opensForMe: null,
        streams: [],
        pool: null,
        live: false,
        replays: null,
        messages,
      },
      { status: 404, headers: PAGE_HEADERS },
    );
  const now = new Date();
  const person = user ? await personalPart(user, tournament, now) : visitorPart(signInPath(url.pathname + url.search));
  const opensForMe = tournament.registrationOpensAt ? registrationOpensFor(tournament.registrationOpensAt, person.member) : null;
  const closure = registrationClosure(tournament, now);
  const pastDeadline = closure === "deadline";
  const { lateEntry } = person;
  return data(
    {
      ...person,
      // The tournament's own streams (click-to-load players) and its recordings, if this person may watch them (docs/streamers.md).
      streams: shared!.streams,
      // A prize held by the platform (organizer's deposit, or the fees' pool): players see it is there.
      pool: await poolView(db(), tournament),
      live: shared!.live,
      // A visitor is not a member: replays follow the same rule as for anyone without Plus.
      replays: replaysFrom(shared!.replays, { member: person.member, now }),
      now: now.toISOString(),
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
      // No rate yet on a new deployment: the page still shows; methods it cannot price say so.
      rate: tournament.feeAmount > 0 ? await currentExchangeRate(db()).catch(() => null) : null,
      messages,
    },
    { headers: PAGE_HEADERS },
  );
}

/**
 * The same address answers a visitor and a signed-in player differently: no shared cache may keep
 * it (`private`), and the browser asks again each time (`no-cache`, which still lets the back/forward
 * cache restore the page; `no-store` would not). Never a cookie: the page sets none.
 */
const PAGE_HEADERS = { "Cache-Control": "private, no-cache", Vary: "Cookie" };

type Tournament = NonNullable<Awaited<ReturnType<typeof publicTournamentPart>>>["tournament"];

/** What the page shows of this person: their registration, membership, late entry, waiting list, prefill and teams. */
async function personalPart(user: CurrentUser, tournament: Tournament, now: Date) {
  const registration = await findRegistration(db(), tournament.id, user.id);
  // Each person sees their own opening time: Plus members 15 minutes before everyone else.
  const member = await isPlusMember(user.id, now);
  const pastDeadline = registrationClosure(tournament, now) === "deadline";
  // Past the deadline, someone on the waiting list may still take a no-show's place before the start.
  const late = !registration && pastDeadline ? await lateEntryFor(db(), tournament, { userId: user.id }, now) : null;
  return {
    signedIn: true as boolean,
    signInTo: null as string | null,
    member,
    lateEntry: late && late.state !== "closed" ? { state: late.state, startsAt: late.startsAt.toISOString() } : null,
    registration: registration && {
      id: registration.id,
      status: registration.status,
      teamName: registration.teamName,
      coachName: registration.coachName,
      orderId: registration.orderId,
      players: registration.players,
    },
    // The person's place on the waiting list, or null: the page shows it only while the tournament is full.
    waitlistPosition: registration || tournament.placesLeft > 0 ? null : await waitlistPosition(db(), tournament.id, user.id),
    // One key per render of the form: a retried registration gets the order the first one started.
    idempotencyKey: crypto.randomUUID() as string | null,
    // Less typing: the name, phone and in-game name the player used before.
    prefill: (registration ? {} : await registrationPrefill(db(), user, tournament.game)) as Record<string, string>,
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
  };
}

type PersonalPart = Awaited<ReturnType<typeof personalPart>>;

/**
 * A visitor (no session): nothing of anyone's is read. Not a member, no registration, no place on
 * the waiting list, no late entry (that is the waiting list's), no form key, no prefill, no teams.
 */
function visitorPart(signInTo: string | null): PersonalPart {
  return {
    signedIn: false,
    // Where the page's "sign in to register" leads: /auth, and back here afterwards.
    signInTo,
    member: false,
    lateEntry: null,
    registration: null,
    waitlistPosition: null,
    idempotencyKey: null,
    prefill: {},
    myTeams: [],
  };
}

/** The form's own fields, echoed back when it is refused. */
const TYPED_FIELD = /^(teamName|coachName|phone|paymentMethod|player[1-9](Name|Ign|Phone))$/;

export async function tournamentPageAction(request: Request) {
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
  // The typed form marks each wrong field; a team's entry (filled from its roster) has only the summary.
  if (!parsed.ok) return fail(parsed.code, 400, { player: parsed.player, typed, ...(intent === "team" ? {} : { errors: parsed.errors }) });
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

/** What the page shows for a tournament that exists (the 404 answer has no tournament). */
export type TournamentPageData = Exclude<Awaited<ReturnType<typeof tournamentPageLoader>>["data"], { tournament: null }>;
export type PageTournament = NonNullable<TournamentPageData["tournament"]>;
