import { useTranslation } from "~/lib/i18n-react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { AdminDateTime } from "~/features/admin/components/admin-date";
import { languageFromCookieHeader } from "~/domain/language";
import { requireStaff } from "~/features/auth/session.server";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, notFoundIfNullish, readForm, idParam } from "~/lib/http.server";
import { loadMessages } from "~/lib/messages.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import { mailCheckInOpen, mailCompetitionEvents } from "../competition-mail.server";
import {
  CompetitionError,
  findCompetition,
  listAudit,
  listDisputes,
  listEntrants,
  listLobbyResults,
  listPrizes,
  listTeams,
  saveLobby,
  savePrizes,
  saveSettings,
  startCompetition,
} from "../competition.server";
import { BEST_OF, FORMATS } from "../core/formats";
import { checkLobby, nextLobbyMatch } from "../core/points-table";
import { checkPrizes } from "../core/prizes";
import { SEEDING_METHODS, type SeedingMethod } from "../core/seeding";
import { parseSettings, toPlatformLocal } from "../core/settings";
import type { Route } from "./+types/run";
import { PrizePayouts } from "~/features/wallet/components/prize-payouts";
import { parseNote } from "~/features/wallet/core/staff-forms";
import { WalletError, payTournamentPrizes, prizePanel, prizesPaid, reversePrize } from "~/features/wallet/wallet.server";

/** Staff run the event from here (a phone is enough): settings, check-ins, seeding and start, disputes, lobby results, audit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const competition = notFoundIfNullish(await findCompetition(db(), idParam(params.tournamentId)));
  const id = competition.tournament.id;
  const settings = competition.settings;
  const started = Boolean(settings?.startedAt);
  const [teams, entrants, disputes, audit, lobby, prizes] = await Promise.all([
    listTeams(db(), id),
    started ? listEntrants(db(), id) : Promise.resolve([]),
    started ? listDisputes(db(), id) : Promise.resolve([]),
    listAudit(db(), id),
    started && settings?.format === "battle_royale" ? listLobbyResults(db(), id) : Promise.resolve([]),
    started ? listPrizes(db(), id) : Promise.resolve([]),
  ]);
  // Prizes to wallets (features/wallet): what each placed captain gets, and what was paid.
  const prizeWallets = started ? await prizePanel(db(), id) : null;
  return {
    tournament: competition.tournament,
    settings: settings
      ? {
          format: settings.format,
          bestOf: settings.bestOf,
          finalBestOf: settings.finalBestOf,
          groupCount: settings.groupCount,
          lobbyMatches: settings.lobbyMatches,
          startsAt: toPlatformLocal(settings.startsAt),
          checkInOpensMinutes: settings.checkInOpensMinutes,
          checkInClosesMinutes: settings.checkInClosesMinutes,
        }
      : null,
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

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireStaff(request);
  const competition = notFoundIfNullish(await findCompetition(db(), idParam(params.tournamentId)));
  const tournament = { id: competition.tournament.id, title: competition.tournament.title };
  const form = await readForm(request);
  const fields = formFields(form);
  try {
    switch (fields.intent) {
      case "settings": {
        const parsed = parseSettings(fields);
        if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field });
        await saveSettings(db(), tournament.id, parsed.settings, staff.id);
        return succeed({ done: "settings" });
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
        const entrants = await listEntrants(db(), tournament.id);
        const checked = checkLobby(
          entrants.map((entrant) => ({
            registrationId: entrant.registrationId,
            placement: fields[`placement_${entrant.registrationId}`],
            kills: fields[`kills_${entrant.registrationId}`],
          })),
        );
        if (!checked.ok) return fail(checked.code);
        await saveLobby(db(), {
          tournamentId: tournament.id,
          lobbyMatch: Number(fields.lobbyMatch),
          results: checked.results,
          actorUserId: staff.id,
        });
        return succeed({ done: "lobby" });
      }
      case "prizes": {
        const entrants = await listEntrants(db(), tournament.id);
        const checked = checkPrizes(
          entrants.map((entrant) => ({
            registrationId: entrant.registrationId,
            place: fields[`place_${entrant.registrationId}`],
            amount: fields[`amount_${entrant.registrationId}`],
          })),
        );
        if (!checked.ok) return fail(checked.code);
        // Once paid to wallets, the table is corrected only after a reversal (features/wallet).
        if (await prizesPaid(db(), tournament.id)) return fail("PRIZES_LOCKED", 409);
        await savePrizes(db(), { tournamentId: tournament.id, prizes: checked.prizes, actorUserId: staff.id });
        return succeed({ done: "prizes" });
      }
      case "pay-prizes": {
        await payTournamentPrizes(db(), staff.id, tournament.id);
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
  const { t } = useTranslation("competition");
  const busy = useNavigation().state === "submitting";
  const data = loaderData;
  const s = data.settings;
  const error = actionData && !actionData.ok ? actionData : null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10" data-testid="run-page">
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={`/admin/tournaments/${data.tournament.id}`} className="text-cyan-400 hover:text-cyan-300" data-testid="run-back">
          ← {t("run.backToTournament")}
        </Link>
        <Link to={`/tournaments/${data.tournament.id}/bracket`} className="text-cyan-400 hover:text-cyan-300">
          {t("run.toBracket")} →
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

      {!data.started ? (
        <Form method="post" className="mt-6 space-y-4 rounded-2xl border border-slate-800 bg-arena-panel p-5" data-testid="settings-form">
          <h2 className="text-xl font-bold">{t("run.settings")}</h2>
          <input type="hidden" name="intent" value="settings" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("run.fields.format")}>
              <Select name="format" defaultValue={s?.format ?? "single_elimination"} data-testid="format">
                {FORMATS.map((format) => (
                  <option key={format} value={format}>
                    {t(`formats.${format}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t("run.fields.startsAt")}>
              <Input type="datetime-local" name="startsAt" defaultValue={s?.startsAt ?? ""} required data-testid="starts-at" />
            </Field>
            <Field label={t("run.fields.bestOf")}>
              <Select name="bestOf" defaultValue={String(s?.bestOf ?? 1)}>
                {BEST_OF.map((n) => (
                  <option key={n} value={n}>
                    {t("run.bo", { n })}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t("run.fields.finalBestOf")}>
              <Select name="finalBestOf" defaultValue={String(s?.finalBestOf ?? 1)}>
                {BEST_OF.map((n) => (
                  <option key={n} value={n}>
                    {t("run.bo", { n })}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t("run.fields.groupCount")}>
              <Input type="number" name="groupCount" min={1} max={16} defaultValue={s?.groupCount ?? 1} />
            </Field>
            <Field label={t("run.fields.lobbyMatches")}>
              <Input type="number" name="lobbyMatches" min={1} max={12} defaultValue={s?.lobbyMatches ?? 4} data-testid="lobby-matches" />
            </Field>
            <Field label={t("run.fields.checkInOpensMinutes")}>
              <Input
                type="number"
                name="checkInOpensMinutes"
                min={1}
                max={1440}
                defaultValue={s?.checkInOpensMinutes ?? 60}
                data-testid="opens"
              />
            </Field>
            <Field label={t("run.fields.checkInClosesMinutes")}>
              <Input
                type="number"
                name="checkInClosesMinutes"
                min={0}
                max={1439}
                defaultValue={s?.checkInClosesMinutes ?? 15}
                data-testid="closes"
              />
            </Field>
          </div>
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

      {data.started && s?.format === "battle_royale" ? (
        // Keyed by the matches played: after a save the form starts afresh on the next match.
        <Form
          key={data.lobbyPlayed.join(",")}
          method="post"
          className="mt-6 space-y-4 rounded-2xl border border-slate-800 bg-arena-panel p-5"
          data-testid="lobby-form"
        >
          <h2 className="text-xl font-bold">{t("run.lobby")}</h2>
          <input type="hidden" name="intent" value="lobby" />
          <Field
            label={t("run.fields.lobbyMatch")}
            hint={data.lobbyPlayed.length ? t("run.lobbyPlayed", { list: data.lobbyPlayed.join(", ") }) : undefined}
          >
            <Select name="lobbyMatch" defaultValue={String(nextLobbyMatch(data.lobbyPlayed, s.lobbyMatches))} data-testid="lobby-match">
              {Array.from({ length: s.lobbyMatches }, (_, index) => (
                <option key={index} value={index + 1}>
                  {t("points.match", { number: index + 1 })}
                </option>
              ))}
            </Select>
          </Field>
          <table className="w-full text-sm">
            <thead className="text-slate-400">
              <tr>
                <th className="text-left">{t("standings.team")}</th>
                <th>{t("run.placement")}</th>
                <th>{t("points.kills")}</th>
              </tr>
            </thead>
            <tbody>
              {data.entrants.map((entrant) => (
                <tr key={entrant.registrationId}>
                  <td className="py-1 pr-2">{entrant.name}</td>
                  <td className="py-1 pr-2">
                    <Input
                      type="number"
                      name={`placement_${entrant.registrationId}`}
                      min={1}
                      max={data.entrants.length}
                      required
                      aria-label={t("run.placementOf", { team: entrant.name })}
                      data-testid={`placement-${entrant.name}`}
                    />
                  </td>
                  <td className="py-1">
                    <Input
                      type="number"
                      name={`kills_${entrant.registrationId}`}
                      min={0}
                      max={99}
                      defaultValue={0}
                      required
                      aria-label={t("run.killsOf", { team: entrant.name })}
                      data-testid={`kills-${entrant.name}`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button type="submit" disabled={busy} data-testid="save-lobby">
            {t("run.saveLobby")}
          </Button>
        </Form>
      ) : null}

      {data.started ? (
        <Form method="post" className="mt-6 space-y-4 rounded-2xl border border-slate-800 bg-arena-panel p-5" data-testid="prizes-form">
          <h2 className="text-xl font-bold">{t("prizes.title")}</h2>
          <p className="text-sm text-slate-400">{t("run.prizesHint")}</p>
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
