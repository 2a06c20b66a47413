import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { Link } from "react-router";
import { eventTeamSize } from "~/domain/games";
import { fieldErrorsOfAnswer, typedOf } from "~/lib/answer";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import livePageScript from "~/browser/live-page?inline-script";
import { InlineScript } from "~/components/inline-script";
import type { RouteHandle } from "~/root";
import { Alert } from "~/components/ui/alert";
import { tournamentPageAction, tournamentPageLoader } from "../tournament-route.server";
import { MyRegistration } from "../components/my-registration";
import { PlusEventBox } from "../components/plus-event-box";
import { RegistrationForm, type FeeTerms } from "../components/registration-form";
import { LateEntryOpen, RegistrationOpens } from "../components/registration-opens";
import { RegistrationRefused, RegistrationStarted } from "../components/registration-outcome";
import { StreamsAndReplays } from "../components/streams-and-replays";
import { TeamEntry } from "../components/team-entry";
import { SignInToRegister } from "../components/sign-in-to-register";
import { TournamentDetails } from "../components/tournament-details";
import { TournamentUnavailable } from "../components/tournament-unavailable";
import type { Route } from "./+types/tournament";

// Plain HTML and forms that post, no React runtime (docs/decisions/002); the live page module (app/browser/live-page.ts) posts
// them in place, keeps the opening countdown ticking and sends the button's "sending" state.
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  return tournamentPageLoader(request);
}

// The loader's Cache-Control and Vary (a visitor's answer and a player's share one address) reach the document.
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request }: Route.ActionArgs) {
  return tournamentPageAction(request);
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "tournaments", "pageTitle")} · Arena LATAM` }];
}

export default function TournamentPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("tournaments");
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
  const error = actionData && !actionData.ok ? actionData : null;
  // What the player typed, after a refusal; else what they used before.
  const typed = actionData ? typedOf(actionData) : loaderData.prefill;
  const terms: FeeTerms = {
    fee: tournament.feeAmount,
    feeCurrency: tournament.feeCurrency === "VES" ? "VES" : "USD",
    rate: loaderData.rate,
    typed,
    language,
  };
  const answered = actionData?.ok ? actionData : null;
  // The waiting-list buttons answer too, but only a registration changes what the page shows.
  const done = answered && (answered.outcome === "confirmed" || answered.outcome === "started") ? answered : null;
  // The bracket is being played: registration is over for everyone, whatever the deadline said.
  const started = tournament.closure === "started";
  const myTeams = loaderData.myTeams;
  // A Plus event and a person who is not a member: the page says so and offers Plus instead of forms
  // the server would refuse (registerForTournament and joinWaitlist refuse them anyway: plusRefusal).
  const plusLocked = tournament.plusOnly && !loaderData.member;
  // A visitor reads everything a player does but their own part; where the forms would be, the way to sign in.
  const { signInTo, idempotencyKey } = loaderData;
  const open = !registration && !done && !plusLocked && !tournament.closed && tournament.placesLeft > 0;
  const waitlistNotice = answered?.outcome === "waitlist-joined" ? "joined" : answered?.outcome === "waitlist-left" ? "left" : null;

  return (
    <>
      <section
        className="mx-auto max-w-3xl px-4 py-10"
        data-testid="tournament-page"
        data-game={tournament.game}
        {...dataAttr(DataAttr.swap)}
      >
        <TournamentDetails tournament={tournament} pool={pool} live={loaderData.live} language={language} />

        {error ? <RegistrationRefused error={error} size={size} /> : null}

        {done?.outcome === "confirmed" ? (
          <Alert tone="success" testId="registration-confirmed">
            {t("done.free")}
          </Alert>
        ) : null}

        {done?.outcome === "started" ? <RegistrationStarted order={done.order} language={language} /> : null}

        {/* After a free registration the player stays here: the confirmation, then their place. */}
        {registration && done?.outcome !== "started" ? <MyRegistration registration={registration} started={started} /> : null}

        {!registration && !done && plusLocked && !started ? <PlusEventBox /> : null}

        {!registration && !done && !plusLocked && !tournament.closed && loaderData.opensForMe && loaderData.now ? (
          <RegistrationOpens opensForMe={loaderData.opensForMe} now={loaderData.now} member={loaderData.member} />
        ) : null}
        {!registration && !done && (tournament.closed || tournament.placesLeft <= 0) ? (
          // A full or closed tournament says so, and where to go next (docs/product.md).
          <TournamentUnavailable
            tournament={tournament}
            started={started}
            plusLocked={plusLocked}
            lateEntryFull={loaderData.lateEntry?.state === "full"}
            waitlistPosition={loaderData.waitlistPosition}
            waitlistNotice={waitlistNotice}
            signInTo={signInTo}
          />
        ) : null}

        {!registration && !done && !plusLocked && loaderData.lateEntry?.state === "open" ? (
          <LateEntryOpen placesLeft={tournament.placesLeft} startsAt={loaderData.lateEntry.startsAt} />
        ) : null}

        {open && signInTo ? <SignInToRegister to={signInTo} /> : null}

        {open && idempotencyKey && !loaderData.opensForMe && myTeams.length > 0 ? (
          <TeamEntry tournamentId={tournament.id} idempotencyKey={idempotencyKey} myTeams={myTeams} size={size} {...terms} />
        ) : null}

        {open && idempotencyKey && !loaderData.opensForMe ? (
          <RegistrationForm
            tournament={tournament}
            idempotencyKey={idempotencyKey}
            size={size}
            substitutes={substitutes}
            errors={fieldErrorsOfAnswer(actionData)}
            {...terms}
          />
        ) : null}
      </section>
      {/* Outside the block the live page module swaps, so an opened player keeps playing through updates. */}
      <StreamsAndReplays streams={loaderData.streams} replays={loaderData.replays} />
      <InlineScript source={livePageScript} />
    </>
  );
}
