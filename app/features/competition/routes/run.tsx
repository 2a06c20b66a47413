import { useTranslation } from "~/lib/i18n-react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { AdminDateTime } from "~/features/admin/components/admin-date";
import { languageFromCookieHeader } from "~/domain/language";
import { requireTournamentOperator } from "~/features/organizations/operator.server";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, notFoundIfNullish, readForm } from "~/lib/http.server";
import { loadMessages } from "~/lib/messages.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import { mailCheckInOpen, mailCompetitionEvents } from "../competition-mail.server";
import { CompetitionError } from "../competition-types.server";
import { findCompetition, listAudit, listDisputes, listEntrants, listLobbyResults, listTeams } from "../competition-reads.server";
import { listPrizes, savePrizes } from "../prizes.server";
import { loadBracket } from "../bracket-storage.server";
import { saveLobby, saveRoundTimes } from "../match-operations.server";
import { saveSettings, startCompetition } from "../competition-start.server";
import { bracketView, groupLabel, roundLabel } from "../core/bracket-view";
import { isBracketFormat, type BracketFormat } from "../core/formats";
import { parseRoundTimes } from "../core/match-times";
import { listRoundTimes } from "../match-times.server";
import { localDateTimeText, zonedDateTime } from "~/features/admin/core/tournament-form";
import { env } from "~/lib/env.server";
import { BEST_OF } from "../core/formats";
import { MATCH_REMINDER_MINUTES } from "../core/match-times";
import { checkLobby, POINTS_PRESETS } from "../core/points-table";
import { DEFAULT_LOBBY_SIZE, groupCountFor, groupLetter, lobbyPlan, nextLobby } from "../core/lobbies";
import { listLobbyReports } from "../lobby-reports.server";
import type { Format } from "../core/formats";
import { useState } from "react";
import { checkPrizes, sharedPlaces } from "../core/prizes";
import { SEEDING_METHODS, type SeedingMethod } from "../core/seeding";
import { parseRunDetails } from "../core/settings";
import type { Route } from "./+types/run";
import { PrizePayouts } from "~/features/wallet/components/prize-payouts";
import { parseNote } from "~/features/wallet/core/staff-forms";
import { WalletError, payTournamentPrizes, prizeFundingOf, prizePanel, prizesPaid, reversePrize } from "~/features/wallet/wallet.server";

/**
 * Staff run the event from here (a phone is enough): settings, check-ins, seeding and start, disputes, lobby results, audit.
 * Mounted twice (app/routes.ts): under /admin for platform staff, and under /organizations/:slug/manage for the
 * organization's owner, admins and staff (requireTournamentOperator, docs/organizations.md).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const operator = await requireTournamentOperator(request, params);
  const competition = notFoundIfNullish(await findCompetition(db(), operator.tournamentId));
  const id = competition.tournament.id;
  const settings = competition.settings;
  const started = Boolean(settings?.startedAt);
  const [teams, entrants, disputes, audit, lobby, prizes, lobbyReports] = await Promise.all([
    listTeams(db(), id),
    started ? listEntrants(db(), id) : Promise.resolve([]),
    started ? listDisputes(db(), id) : Promise.resolve([]),
    listAudit(db(), id),
    started && settings?.format === "battle_royale" ? listLobbyResults(db(), id) : Promise.resolve([]),
    started ? listPrizes(db(), id) : Promise.resolve([]),
    started && settings?.format === "battle_royale" ? listLobbyReports(db(), id) : Promise.resolve([]),
  ]);
  // Prizes to wallets (features/wallet): what each placed captain gets, and what was paid.
  const prizeWallets = started ? await prizePanel(db(), id) : null;
  const plan =
    started && settings?.format === "battle_royale"
      ? lobbyPlan(
          entrants.map((entrant) => entrant.registrationId),
          settings.lobbySize,
          settings.lobbyMatches,
        )
      : [];
  const groups = groupCountFor(entrants.length, settings?.lobbySize ?? DEFAULT_LOBBY_SIZE);
  const rounds =
    started && settings && isBracketFormat(settings.format as Format) ? await roundRows(id, settings.format as BracketFormat) : [];
  return {
    rounds,
    tournament: competition.tournament,
    /** Where this person's operation pages for the tournament live (/admin/… or /organizations/:slug/manage/…). */
    base: operator.base,
    settings: settings
      ? {
          format: settings.format,
          bestOf: settings.bestOf,
          finalBestOf: settings.finalBestOf,
          groupCount: settings.groupCount,
          lobbyMatches: settings.lobbyMatches,
          lobbySize: settings.lobbySize,
          pointsPreset: settings.pointsPreset,
          placementPoints: settings.placementPoints.join(", "),
          killPoints: settings.killPoints,
          thirdPlace: settings.thirdPlace,
          startsAt: settings.startsAt.toISOString(),
          checkInOpensMinutes: settings.checkInOpensMinutes,
          checkInClosesMinutes: settings.checkInClosesMinutes,
        }
      : null,
    // Battle royale: every lobby (round × group) with its teams, what staff saved and what the teams reported.
    lobbies: plan.map((entry) => ({
      lobby: entry.lobby,
      round: entry.round,
      group: groups > 1 ? groupLetter(entry.group) : null,
      teams: entry.teams.map((registrationId) => {
        const saved = lobby.find((row) => row.lobbyMatch === entry.lobby && row.registrationId === registrationId);
        const reported = lobbyReports.find((row) => row.lobbyMatch === entry.lobby && row.registrationId === registrationId);
        return {
          registrationId,
          name: entrants.find((entrant) => entrant.registrationId === registrationId)?.name ?? "",
          saved: saved ? { placement: saved.placement, kills: saved.kills } : null,
          reported: reported ? { placement: reported.placement, kills: reported.kills } : null,
        };
      }),
    })),
    started,
    teams: teams.map((team) => ({ registrationId: team.registrationId, name: team.name, checkedIn: Boolean(team.checkedInAt) })),
    entrants: entrants.map((entrant) => {
      const prize = prizes.find((candidate) => candidate.registrationId === entrant.registrationId);
      return {
        registrationId: entrant.registrationId,
        name: entrant.name,
        seed: entrant.seed,
        place: prize?.place ?? null,
        amount: prize?.amount ?? "",
      };
    }),
    disputes,
    lobbyPlayed: [...new Set(lobby.map((row) => row.lobbyMatch))].sort((a, b) => a - b),
    lobbyCount: plan.length,
    audit: audit.map((line) => ({
      id: line.id,
      action: line.action,
      matchId: line.matchId,
      actor: line.actor,
      reason: line.reason,
      createdAt: line.createdAt.toISOString(),
    })),
    prizeWallets,
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["competition", "wallet"]),
  };
}

/** Every round of the bracket, labelled as the bracket labels it, with its time as a datetime-local value in the platform's zone. */
async function roundRows(tournamentId: string, format: BracketFormat) {
  const [data, times] = await Promise.all([loadBracket(db(), tournamentId), listRoundTimes(db(), tournamentId)]);
  const zone = env().TIME_ZONE;
  return bracketView(data).flatMap((group) =>
    group.rounds.map((round) => ({
      id: round.id,
      group: groupLabel(format, group.number, group.stage),
      round: roundLabel(format, group.number, round.number, group.rounds.length, group.stage),
      value: localDateTimeText(times.get(round.id) ?? null, zone),
    })),
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user: staff, tournamentId } = await requireTournamentOperator(request, params);
  const competition = notFoundIfNullish(await findCompetition(db(), tournamentId));
  const tournament = { id: competition.tournament.id, title: competition.tournament.title };
  const form = await readForm(request);
  const fields = formFields(form);
  try {
    switch (fields.intent) {
      case "settings": {
        // Format, start and check-in come from the tournament form (docs/product.md "Running an event"); this form sets how it is played.
        const current = competition.settings;
        if (!current) return fail("NOT_RUN_HERE", 409);
        const parsed = parseRunDetails(fields);
        if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field });
        await saveSettings(
          db(),
          tournament.id,
          {
            format: current.format as Format,
            startsAt: current.startsAt,
            checkInOpensMinutes: current.checkInOpensMinutes,
            checkInClosesMinutes: current.checkInClosesMinutes,
            ...parsed.details,
          },
          staff.id,
        );
        return succeed({ done: "settings" });
      }
      case "round-times": {
        const current = competition.settings;
        if (!current?.startedAt || !isBracketFormat(current.format as Format)) return fail("NOT_BRACKET", 409);
        const roundIds = (await loadBracket(db(), tournament.id)).round.map((round) => round.id as number);
        const zone = env().TIME_ZONE;
        const parsed = parseRoundTimes(fields, roundIds, current.startsAt, (local) => zonedDateTime(local, zone));
        if (!parsed.ok) return fail(parsed.code, 400, { field: "roundTime" });
        await saveRoundTimes(db(), { tournamentId: tournament.id, times: parsed.times, actorUserId: staff.id });
        return succeed({ done: "roundTimes" });
      }
      case "check-in-mail": {
        const waiting = (await listTeams(db(), tournament.id)).filter((team) => !team.checkedInAt).map((team) => team.registrationId);
        await mailCheckInOpen(db(), tournament, waiting);
        return succeed({ done: "mailed" });
      }
      case "start": {
        const method = (SEEDING_METHODS as readonly string[]).includes(fields.method ?? "") ? (fields.method as SeedingMethod) : null;
        if (!method) return fail("BAD_SEEDS", 400, { field: "method" });
        const manual = Object.fromEntries(
          Object.entries(fields)
            .filter(([name]) => name.startsWith("seed_"))
            .map(([name, value]) => [name.slice(5), Number(value)]),
        );
        await db().transaction(async (tx) => {
          const events = await startCompetition(tx, { tournamentId: tournament.id, actorUserId: staff.id, method, manual });
          await mailCompetitionEvents(tx, tournament, events);
        });
        return succeed({ done: "started" });
      }
      case "lobby": {
        const settings = competition.settings;
        if (!settings) return fail("NOT_RUN_HERE", 409);
        const lobbyMatch = Number(fields.lobbyMatch);
        const lobby = lobbyPlan(
          (await listEntrants(db(), tournament.id)).map((entrant) => entrant.registrationId),
          settings.lobbySize,
          settings.lobbyMatches,
        ).find((candidate) => candidate.lobby === lobbyMatch);
        if (!lobby) return fail("BAD_LOBBY");
        const checked = checkLobby(
          lobby.teams.map((registrationId) => ({
            registrationId,
            placement: fields[`placement_${registrationId}`],
            kills: fields[`kills_${registrationId}`],
          })),
        );
        if (!checked.ok) return fail(checked.code);
        await saveLobby(db(), {
          tournamentId: tournament.id,
          lobbyMatch,
          results: checked.results,
          actorUserId: staff.id,
        });
        return succeed({ done: "lobby" });
      }
      case "prizes": {
        const entrants = await listEntrants(db(), tournament.id);
        const funding = await prizeFundingOf(db(), tournament.id);
        const checked = checkPrizes(
          entrants.map((entrant) => ({
            registrationId: entrant.registrationId,
            place: fields[`place_${entrant.registrationId}`],
            amount: fields[`amount_${entrant.registrationId}`],
          })),
          funding?.prizeFunding === "fees" ? funding.prizeSplit : [],
          competition.settings ? sharedPlaces(competition.settings.format as Format, competition.settings.thirdPlace) : [],
        );
        if (!checked.ok) return fail(checked.code);
        // Once paid to wallets, the table is corrected only after a reversal (features/wallet).
        if (await prizesPaid(db(), tournament.id)) return fail("PRIZES_LOCKED", 409);
        await savePrizes(db(), { tournamentId: tournament.id, prizes: checked.prizes, actorUserId: staff.id });
        return succeed({ done: "prizes" });
      }
      case "pay-prizes": {
        await payTournamentPrizes(db(), staff.id, tournament.id, fields.receiver === "starters" ? "starters" : "captain");
        return succeed({ done: "prizesPaid" });
      }
      case "reverse-prize": {
        const reason = parseNote(fields.reason, "BAD_REASON", "reason");
        if (!reason.ok) return fail(reason.code);
        await reversePrize(db(), staff.id, fields.payoutId ?? "", reason.text);
        return succeed({ done: "prizeReversed" });
      }
      default:
        return fail("BAD_REQUEST");
    }
  } catch (error) {
    if (error instanceof CompetitionError) return fail(error.code, 409);
    if (error instanceof WalletError) return fail(error.code, 409);
    throw error;
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.tournament.title ?? ""} · Arena LATAM` }];
}

export default function RunPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("competition");
  const busy = useNavigation().state === "submitting";
  const data = loaderData;
  const s = data.settings;
  const error = actionData && !actionData.ok ? actionData : null;
  const caracas = new Intl.DateTimeFormat(i18n.language === "en" ? "en-US" : "es-VE", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "America/Caracas",
  });
  return (
    <section className="mx-auto max-w-3xl px-4 py-10" data-testid="run-page">
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={data.base} className="inline-flex min-h-6 items-center text-cyan-400 hover:text-cyan-300" data-testid="run-back">
          ← {t("run.backToTournament")}
        </Link>
        <Link
          to={`/tournaments/${data.tournament.id}/bracket`}
          className="inline-flex min-h-6 items-center text-cyan-400 hover:text-cyan-300"
        >
          {t("run.toBracket")} →
        </Link>
        <Link
          to={`${data.base}/registrations`}
          className="inline-flex min-h-6 items-center text-cyan-400 hover:text-cyan-300"
          data-testid="run-registrations"
        >
          {t("run.registrations")} →
        </Link>
      </div>
      <h1 className="mt-3 text-3xl font-extrabold">{t("run.title", { title: data.tournament.title })}</h1>
      {error ? (
        <Alert tone="error" className="mt-4" testId="run-error">
          {t(`errors.${error.code}`)}
          {"field" in error && error.field ? ` (${t(`run.fields.${error.field}`)})` : ""}
        </Alert>
      ) : null}
      {actionData?.ok ? (
        <Alert tone="success" className="mt-4" testId="run-done">
          {t(`run.done.${actionData.done}`)}
        </Alert>
      ) : null}

      {s ? (
        <div className="mt-6 rounded-2xl border border-slate-800 bg-arena-panel p-5 text-sm" data-testid="run-plan">
          <p>
            {t(`formats.${s.format}`)} · {t("run.startsAtLine", { when: caracas.format(new Date(s.startsAt)) })}
          </p>
          {s.format === "single_elimination" || s.format === "groups_playoffs" ? (
            <p className="mt-1" data-testid="run-third-place">
              {t("run.fields.thirdPlace")}: {t(`run.thirdPlace.${s.thirdPlace === "match" ? "match" : "shared"}`)}
            </p>
          ) : null}
          <p className="mt-1 text-slate-400">
            {t("run.checkInLine", { opens: s.checkInOpensMinutes, closes: s.checkInClosesMinutes })}{" "}
            <Link to={data.base} className="text-cyan-400 underline hover:text-cyan-300">
              {t("run.changeInTournament")}
            </Link>
          </p>
        </div>
      ) : (
        <Alert tone="info" className="mt-6" testId="run-not-planned">
          {t("run.notPlanned")}{" "}
          <Link to={data.base} className="font-semibold underline">
            {t("run.backToTournament")}
          </Link>
        </Alert>
      )}

      {s && !data.started ? (
        <Form method="post" className="mt-6 space-y-4 rounded-2xl border border-slate-800 bg-arena-panel p-5" data-testid="settings-form">
          <h2 className="text-xl font-bold">{t("run.settings")}</h2>
          <input type="hidden" name="intent" value="settings" />
          {s.format === "battle_royale" ? (
            <BattleRoyaleFields s={s} teams={data.teams.length} />
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              {(["bestOf", "finalBestOf"] as const).map((name) => (
                <Field key={name} label={t(`run.fields.${name}`)}>
                  <Select name={name} defaultValue={String(s[name])}>
                    {BEST_OF.map((n) => (
                      <option key={n} value={n}>
                        {t("run.bo", { n })}
                      </option>
                    ))}
                  </Select>
                </Field>
              ))}
              {s.format === "round_robin" || s.format === "groups_playoffs" ? (
                <Field label={t("run.fields.groupCount")}>
                  <Input type="number" name="groupCount" min={1} max={16} defaultValue={s.groupCount} />
                </Field>
              ) : null}
            </div>
          )}
          <Button type="submit" disabled={busy} data-testid="save-settings">
            {t("run.save")}
          </Button>
        </Form>
      ) : null}

      {s && !data.started ? (
        <Form method="post" className="mt-6 space-y-4 rounded-2xl border border-slate-800 bg-arena-panel p-5" data-testid="start-form">
          <h2 className="text-xl font-bold">
            {t("run.teams", { count: data.teams.filter((team) => team.checkedIn).length, total: data.teams.length })}
          </h2>
          <p className="text-sm text-slate-400">{t("run.seedHint")}</p>
          <input type="hidden" name="intent" value="start" />
          <ol className="space-y-2">
            {data.teams.map((team, index) => (
              <li key={team.registrationId} className="flex items-center gap-3">
                {team.checkedIn ? (
                  <Input
                    type="number"
                    name={`seed_${team.registrationId}`}
                    min={1}
                    defaultValue={index + 1}
                    className="w-20"
                    aria-label={t("run.seedOf", { team: team.name })}
                    data-testid={`seed-${team.name}`}
                  />
                ) : (
                  <span className="w-20 text-center text-xs text-rose-300">{t("run.noShow")}</span>
                )}
                <span className={team.checkedIn ? "" : "text-slate-400 line-through"}>{team.name}</span>
              </li>
            ))}
          </ol>
          <Field label={t("run.fields.method")}>
            <Select name="method" defaultValue="manual" data-testid="seed-method">
              {SEEDING_METHODS.map((method) => (
                <option key={method} value={method}>
                  {t(`seeding.${method}`)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy} data-testid="start">
              {t("run.start")}
            </Button>
            <Button
              type="submit"
              name="intent"
              value="check-in-mail"
              variant="secondary"
              disabled={busy}
              formNoValidate
              data-testid="mail-check-in"
            >
              {t("run.mailCheckIn")}
            </Button>
          </div>
        </Form>
      ) : null}

      {data.started && data.disputes.length ? (
        <div className="mt-6 rounded-2xl border border-rose-500/50 p-5" data-testid="disputes">
          <h2 className="text-xl font-bold">{t("run.disputes")}</h2>
          <ul className="mt-2 space-y-1">
            {data.disputes.map((matchId) => (
              <li key={matchId}>
                <Link className="text-cyan-300 underline" to={`/tournaments/${data.tournament.id}/matches/${matchId}`}>
                  {t("bracket.openMatch", { number: matchId + 1 })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {data.rounds.length ? (
        <Form
          method="post"
          className="mt-6 space-y-4 rounded-2xl border border-slate-800 bg-arena-panel p-5"
          data-testid="round-times-form"
        >
          <h2 className="text-xl font-bold">{t("run.roundTimes")}</h2>
          <p className="text-sm text-slate-400">{t("run.roundTimesHint", { minutes: MATCH_REMINDER_MINUTES })}</p>
          <input type="hidden" name="intent" value="round-times" />
          <div className="grid gap-4 sm:grid-cols-2">
            {data.rounds.map((round) => (
              <Field
                key={round.id}
                label={`${t(`groups.${round.group.key}`, { number: round.group.number })} · ${t(`rounds.${round.round.key}`, { number: round.round.number })}`}
              >
                <Input type="datetime-local" name={`round_${round.id}`} defaultValue={round.value} data-testid={`round-time-${round.id}`} />
              </Field>
            ))}
          </div>
          <Button type="submit" disabled={busy} data-testid="save-round-times">
            {t("run.saveRoundTimes")}
          </Button>
        </Form>
      ) : null}

      {data.started && s?.format === "battle_royale" && data.lobbies.length ? (
        // Keyed by the lobbies played: after a save the form starts afresh on the next lobby.
        <LobbyForm
          key={data.lobbyPlayed.join(",")}
          lobbies={data.lobbies}
          played={data.lobbyPlayed}
          busy={busy}
          tournamentId={data.tournament.id}
        />
      ) : null}

      {data.started ? (
        <Form method="post" className="mt-6 space-y-4 rounded-2xl border border-slate-800 bg-arena-panel p-5" data-testid="prizes-form">
          <h2 className="text-xl font-bold">{t("prizes.title")}</h2>
          <p className="text-sm text-slate-400">{t("run.prizesHint")}</p>
          {data.prizeWallets?.pool?.funding === "fees" ? <p className="text-sm text-slate-300">{t("run.poolPrizesHint")}</p> : null}
          <input type="hidden" name="intent" value="prizes" />
          <ul className="space-y-2">
            {data.entrants.map((entrant) => (
              <li key={entrant.registrationId} className="grid grid-cols-[1fr_4rem_7rem] items-center gap-2">
                <span className="truncate">{entrant.name}</span>
                <Input
                  type="number"
                  name={`place_${entrant.registrationId}`}
                  min={1}
                  defaultValue={entrant.place ?? ""}
                  aria-label={t("run.placeOf", { team: entrant.name })}
                  data-testid={`prize-place-${entrant.name}`}
                />
                <Input
                  name={`amount_${entrant.registrationId}`}
                  maxLength={40}
                  defaultValue={entrant.amount}
                  aria-label={t("run.amountOf", { team: entrant.name })}
                  data-testid={`prize-amount-${entrant.name}`}
                />
              </li>
            ))}
          </ul>
          <Button type="submit" disabled={busy} data-testid="save-prizes">
            {t("run.savePrizes")}
          </Button>
        </Form>
      ) : null}

      {data.prizeWallets ? <PrizePayouts panel={data.prizeWallets} busy={busy} /> : null}

      <div className="mt-8">
        <h2 className="text-xl font-bold">{t("run.audit")}</h2>
        <ul className="mt-2 space-y-1 text-sm text-slate-300" data-testid="audit">
          {data.audit.map((line) => (
            <li key={line.id}>
              <AdminDateTime value={line.createdAt} /> · {line.actor} · {t(`audit.${line.action}`)}
              {line.matchId !== null ? ` · ${t("bracket.openMatch", { number: line.matchId + 1 })}` : ""}
              {line.reason ? ` · ${line.reason}` : ""}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

type RunData = Route.ComponentProps["loaderData"];

function BattleRoyaleFields({ s, teams }: { s: NonNullable<RunData["settings"]>; teams: number }) {
  const { t } = useTranslation("competition");
  const [preset, setPreset] = useState(s.pointsPreset);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={t("run.fields.lobbyMatches")}>
        <Input type="number" name="lobbyMatches" min={1} max={12} defaultValue={s.lobbyMatches} data-testid="lobby-matches" />
      </Field>
      <Field label={t("run.fields.lobbySize")} hint={t("run.lobbySizeHint", { teams, groups: groupCountFor(teams, s.lobbySize) })}>
        <Input type="number" name="lobbySize" min={2} max={60} defaultValue={s.lobbySize} data-testid="lobby-size" />
      </Field>
      <Field label={t("run.fields.pointsPreset")}>
        <Select name="pointsPreset" value={preset} onChange={(event) => setPreset(event.target.value)} data-testid="points-preset">
          {POINTS_PRESETS.map((choice) => (
            <option key={choice} value={choice}>
              {t(`run.presets.${choice}`)}
            </option>
          ))}
        </Select>
      </Field>
      {preset === "custom" ? (
        <>
          <Field label={t("run.fields.placementPoints")} hint={t("run.placementPointsHint")}>
            <Input name="placementPoints" defaultValue={s.placementPoints} maxLength={300} data-testid="placement-points" />
          </Field>
          <Field label={t("run.fields.killPoints")}>
            <Input type="number" name="killPoints" min={0} max={99} defaultValue={s.killPoints} data-testid="kill-points" />
          </Field>
        </>
      ) : (
        <p className="text-sm text-slate-400 sm:col-span-2" data-testid="preset-table">
          {t(`run.presetTables.${preset}`)}
        </p>
      )}
    </div>
  );
}

function LobbyForm({
  lobbies,
  played,
  busy,
  tournamentId,
}: {
  lobbies: RunData["lobbies"];
  played: number[];
  busy: boolean;
  tournamentId: string;
}) {
  const { t } = useTranslation("competition");
  const [selected, setSelected] = useState(nextLobby(played, lobbies.length));
  const lobby = lobbies.find((candidate) => candidate.lobby === selected) ?? lobbies[0]!;
  const name = (entry: (typeof lobbies)[number]) =>
    entry.group ? t("points.lobbyInGroup", { round: entry.round, group: entry.group }) : t("points.lobby", { round: entry.round });
  return (
    <Form method="post" className="mt-6 space-y-4 rounded-2xl border border-slate-800 bg-arena-panel p-5" data-testid="lobby-form">
      <h2 className="text-xl font-bold">{t("run.lobby")}</h2>
      <input type="hidden" name="intent" value="lobby" />
      <Field label={t("run.fields.lobbyMatch")} hint={played.length ? t("run.lobbyPlayed", { list: played.join(", ") }) : undefined}>
        <Select
          name="lobbyMatch"
          value={String(selected)}
          onChange={(event) => setSelected(Number(event.target.value))}
          data-testid="lobby-match"
        >
          {lobbies.map((entry) => (
            <option key={entry.lobby} value={entry.lobby}>
              {name(entry)}
            </option>
          ))}
        </Select>
      </Field>
      <p className="text-sm text-slate-400">{t("run.lobbyReportsHint")}</p>
      <table className="w-full text-sm" key={lobby.lobby}>
        <thead className="text-slate-400">
          <tr>
            <th className="text-left">{t("standings.team")}</th>
            <th>{t("run.placement")}</th>
            <th>{t("points.kills")}</th>
          </tr>
        </thead>
        <tbody>
          {lobby.teams.map((team) => {
            const value = team.saved ?? team.reported;
            return (
              <tr key={team.registrationId} data-testid={`lobby-team-${team.name}`}>
                <td className="py-1 pr-2">
                  <span className="block">{team.name}</span>
                  {team.reported ? (
                    <a
                      href={`/tournaments/${tournamentId}/lobbies/${lobby.lobby}/screenshots/${team.registrationId}`}
                      className="text-xs text-cyan-300 underline"
                      target="_blank"
                      rel="noreferrer"
                      data-testid={`lobby-reported-${team.name}`}
                    >
                      {t("run.reportedBy", { placement: team.reported.placement, kills: team.reported.kills })}
                    </a>
                  ) : (
                    <span className="text-xs text-slate-400">{t("run.notReported")}</span>
                  )}
                </td>
                <td className="py-1 pr-2">
                  <Input
                    type="number"
                    name={`placement_${team.registrationId}`}
                    min={1}
                    max={lobby.teams.length}
                    required
                    defaultValue={value?.placement ?? ""}
                    aria-label={t("run.placementOf", { team: team.name })}
                    data-testid={`placement-${team.name}`}
                  />
                </td>
                <td className="py-1">
                  <Input
                    type="number"
                    name={`kills_${team.registrationId}`}
                    min={0}
                    max={99}
                    defaultValue={value?.kills ?? 0}
                    required
                    aria-label={t("run.killsOf", { team: team.name })}
                    data-testid={`kills-${team.name}`}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Button type="submit" disabled={busy} data-testid="save-lobby">
        {t("run.saveLobby")}
      </Button>
    </Form>
  );
}
