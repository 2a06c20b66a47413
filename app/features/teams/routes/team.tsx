import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { Field, Input, Select } from "~/components/ui/field";
import { normalizeEmail } from "~/domain/email";
import { GAMES } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { getCurrentUser, requireUser } from "~/features/auth/session.server";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { formFields, idParam, isWellFormedId, notFoundIfNullish, readForm } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { INVITE_DAYS, isTeamRole, rolesFor, startersOf, type TeamErrorCode } from "../core/rules";
import { ActivityChart } from "../components/activity-chart";
import { TeamBadge } from "../components/team-badge";
import { isUploadedLogo } from "../core/logo";
import { removeTeamLogo, storeTeamLogo } from "../team-logos.server";
import { RecordTable } from "../components/record-table";
import { platformToday } from "~/domain/format";
import {
  TeamError,
  createInvite,
  findTeamPage,
  handOverCaptaincy,
  leaveTeam,
  recordOf,
  removeMember,
  setMemberRole,
  setTeamLogo,
} from "../teams.server";
import type { Route } from "./+types/team";

// The public page of a team; the captain's and members' buttons are plain forms. No React runtime (decision 002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request, params }: Route.LoaderArgs) {
  const teamId = idParam(params.teamId);
  const [page, viewer] = await Promise.all([findTeamPage(db(), teamId), getCurrentUser(request)]);
  const { team, roster, past, entries } = notFoundIfNullish(page);
  const viewerId = viewer?.id ?? null;
  const { record, monthly } = await recordOf(db(), entries, platformToday(new Date(), env().TIME_ZONE));
  return {
    record,
    monthly,
    team: {
      id: team.id,
      game: team.game,
      name: team.name,
      tag: team.tag,
      country: team.country,
      locked: team.locked,
      logoUrl: team.logoUrl,
    },
    // Public: in-game names, roles and handles; never phones or e-mails (not selected).
    roster: roster.map((member) => ({
      id: member.userId,
      ign: member.ign,
      role: member.role,
      handle: member.handle,
      captain: member.userId === team.captainUserId,
      you: member.userId === viewerId,
    })),
    past: past.map((member) => ({ ign: member.ign, handle: member.handle, leftAt: member.leftAt?.toISOString() ?? null })),
    entries,
    viewer: {
      captain: viewerId !== null && viewerId === team.captainUserId,
      member: roster.some((member) => member.userId === viewerId),
    },
    created: new URL(request.url).searchParams.get("created") === "1",
    messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["teams"]),
  };
}

type Outcome = "link" | "email" | "removed" | "handedOver" | "roleSet" | "left" | "logoSet";

/** Every success answers the same shape: what happened, and the invite's link and address when one was made. */
function done(outcome: Outcome, invite: { link: string | null; email: string | null } = { link: null, email: null }) {
  return succeed({ outcome, ...invite });
}

const STATUS: Partial<Record<TeamErrorCode, number>> = { NOT_FOUND: 404, NOT_CAPTAIN: 403, TEAM_LOCKED: 423 };

export async function action({ request, params }: Route.ActionArgs) {
  const teamId = idParam(params.teamId);
  const user = await requireUser(request);
  const form = await readForm(request);
  const fields = formFields(form);
  const intent = fields.intent;
  const target = fields.userId ?? "";
  // A user id that cannot be one is nobody in the team.
  if (["remove", "hand-over", "set-role"].includes(intent ?? "") && !isWellFormedId(target)) return fail("NOT_A_MEMBER", 400);
  try {
    switch (intent) {
      case "invite-link":
      case "invite-email": {
        const email = intent === "invite-email" ? normalizeEmail(fields.email ?? "") : null;
        if (intent === "invite-email" && !email) return fail("EMAIL_INVALID", 400, { field: "email" });
        if (!(await withinLimit(db(), "teamWrite", user.id))) return fail("RATE_LIMITED", 429);
        const invite = await createInvite(db(), {
          teamId,
          actorId: user.id,
          email,
          language: languageFromCookieHeader(request.headers.get("Cookie")),
        });
        return done(email ? "email" : "link", { link: `${env().publicUrl}/teams/join/${invite.token}`, email });
      }
      case "remove":
        await removeMember(db(), { teamId, actorId: user.id, userId: target });
        return done("removed");
      case "hand-over":
        await handOverCaptaincy(db(), { teamId, actorId: user.id, userId: target });
        return done("handedOver");
      case "set-role": {
        const role = fields.role ?? "";
        if (!isTeamRole(role)) return fail("ROLE_NOT_ALLOWED", 400);
        await setMemberRole(db(), { teamId, actorId: user.id, userId: target, role });
        return done("roleSet");
      }
      case "leave":
        await leaveTeam(db(), { teamId, actorId: user.id });
        return done("left");
      case "logo": {
        const file = form.get("logo");
        if (!file || typeof file === "string" || file.size === 0) return fail("LOGO_MISSING", 400, { field: "logo" });
        if (!(await withinLimit(db(), "teamWrite", user.id))) return fail("RATE_LIMITED", 429);
        const logo = await storeTeamLogo(new Uint8Array(await file.arrayBuffer()));
        if (!logo.ok) return fail(logo.code, 400, { field: "logo" });
        // Who may is checked in the save's transaction; a refused save forgets the stored file, a done one the logo it replaced.
        const replaced = await setTeamLogo(db(), { teamId, actorId: user.id, logoUrl: logo.path }).catch(async (error: unknown) => {
          await removeTeamLogo(logo.path);
          throw error;
        });
        await removeTeamLogo(replaced);
        return done("logoSet");
      }
      default:
        return fail("NOT_FOUND", 400);
    }
  } catch (error) {
    if (error instanceof TeamError) return fail(error.code, STATUS[error.code] ?? 409);
    throw error;
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.team ? `${loaderData.team.name} · ` : "";
  return [{ title: `${name}${metaText(matches, "teams", "team.pageTitle")} · Arena LATAM` }];
}

export default function TeamPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("teams");
  const format = useFormat();
  const { team, roster, past, entries, viewer } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  const answer = actionData?.ok ? actionData : null;
  const gameName = GAMES[team.game as keyof typeof GAMES]?.name ?? team.game;
  const roles = rolesFor(team.game);
  const captainActs = viewer.captain && !team.locked;

  return (
    <section className="mx-auto max-w-2xl px-4 py-12" data-testid="team-page">
      <p>
        <a href="/teams" className="inline-block py-2 text-sm text-cyan-300 underline">
          ← {t("team.back")}
        </a>
      </p>
      <div className="mt-2 flex items-center gap-4">
        <TeamBadge tag={team.tag} logoUrl={team.logoUrl} size="lg" />
        <h1 className="min-w-0 text-3xl font-extrabold break-words" data-testid="team-name">
          {team.name}
        </h1>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-400">{t("team.game")}</dt>
          <dd className="font-semibold" data-testid="team-game">
            {gameName}
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">{t("team.country")}</dt>
          <dd className="font-semibold">{t(`countries.${team.country}`, { defaultValue: team.country })}</dd>
        </div>
        <div>
          <dt className="text-slate-400">{t("team.size")}</dt>
          <dd className="font-semibold">{startersOf(team.game)}</dd>
        </div>
      </dl>
      {team.logoUrl && !isUploadedLogo(team.logoUrl) ? (
        // Our CSP serves only our own images, so a logo linked before uploads existed stays a link.
        <a
          href={team.logoUrl}
          rel="noopener noreferrer nofollow ugc"
          target="_blank"
          className="mt-3 inline-block py-1 text-sm text-cyan-300 underline"
          data-testid="team-logo-link"
        >
          {t("team.logo")}
        </a>
      ) : null}
      {team.locked ? (
        <Alert tone="warning" testId="team-locked">
          {t("team.locked")}
        </Alert>
      ) : null}
      {loaderData.created && !actionData ? (
        <Alert tone="success" testId="team-created">
          {t("team.done.created")}
        </Alert>
      ) : null}
      {refusal ? (
        <Alert tone="error" testId="team-error">
          {t(`errors.${refusal.code}`)}
        </Alert>
      ) : null}
      {answer && answer.outcome !== "link" && answer.outcome !== "email" ? (
        <Alert tone="success" testId="team-done">
          {t(`team.done.${answer.outcome}`)}
        </Alert>
      ) : null}

      <h2 className="mt-10 text-2xl font-extrabold">{t("team.roster")}</h2>
      <ul className="mt-4 flex flex-col gap-3" data-testid="team-roster">
        {roster.map((member) => (
          <li key={member.id} className="rounded-xl border border-slate-800 bg-arena-panel p-4" data-testid="roster-member">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="text-lg font-bold break-all" data-testid="roster-ign">
                {member.ign}
              </span>
              <span className="text-sm text-slate-300" data-testid="roster-role">
                {t(`roles.${member.role}`, { defaultValue: member.role })}
              </span>
              {member.captain ? (
                <span className="rounded bg-amber-400/15 px-2 py-0.5 text-xs font-bold text-amber-200" data-testid="roster-captain">
                  {t("team.captain")}
                </span>
              ) : null}
              {member.you ? <span className="text-xs text-slate-400">({t("team.you")})</span> : null}
              {member.handle ? (
                <a href={`/players/${member.handle}`} className="ml-auto inline-block py-1 text-sm text-cyan-300 underline">
                  {t("team.profile")}
                </a>
              ) : null}
            </p>
            {captainActs && !member.you ? (
              <div className="mt-3 flex flex-wrap items-end gap-2 border-t border-slate-800 pt-3">
                <form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="set-role" />
                  <input type="hidden" name="userId" value={member.id} />
                  <Field label={t("team.actions.setRole")}>
                    <Select name="role" defaultValue={member.role} className="py-2">
                      {roles.map((role) => (
                        <option key={role} value={role}>
                          {t(`roles.${role}`)}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <button type="submit" className={buttonClass("secondary", "sm")} aria-label={`${t("team.actions.save")}: ${member.ign}`}>
                    {t("team.actions.save")}
                  </button>
                </form>
                <IntentButton
                  intent="hand-over"
                  fields={{ userId: member.id }}
                  aria-label={`${t("team.actions.handOver")}: ${member.ign}`}
                  data-testid="hand-over"
                >
                  {t("team.actions.handOver")}
                </IntentButton>
                <IntentButton
                  intent="remove"
                  fields={{ userId: member.id }}
                  variant="danger"
                  aria-label={`${t("team.actions.remove")}: ${member.ign}`}
                  data-testid="remove-member"
                >
                  {t("team.actions.remove")}
                </IntentButton>
              </div>
            ) : null}
          </li>
        ))}
      </ul>

      {captainActs ? (
        <div className="mt-10 rounded-xl border border-cyan-500/40 bg-cyan-500/5 p-5" data-testid="team-invite">
          <h2 className="text-xl font-bold">{t("team.invite.title")}</h2>
          <p className="mt-1 text-sm text-slate-300">{t("team.invite.text", { days: INVITE_DAYS })}</p>
          {answer?.outcome === "link" ? (
            <Field label={t("team.invite.link")} hint={t("team.invite.linkHint")} className="mt-4">
              <Input readOnly value={answer.link ?? ""} data-testid="invite-link" />
            </Field>
          ) : null}
          {answer?.outcome === "email" ? (
            <Alert tone="success" testId="invite-sent">
              {t("team.invite.emailSent", { email: answer.email ?? "" })}
            </Alert>
          ) : null}
          <IntentButton intent="invite-link" variant="primary" size="md" className="mt-4" data-testid="create-invite-link">
            {t("team.invite.createLink")}
          </IntentButton>
          <form method="post" noValidate className="mt-4 flex flex-col gap-3">
            <input type="hidden" name="intent" value="invite-email" />
            <Field label={t("team.invite.email")}>
              <Input name="email" type="email" inputMode="email" autoComplete="off" maxLength={200} data-testid="invite-email" />
            </Field>
            <button type="submit" className={buttonClass("secondary", "md")} data-testid="invite-email-submit">
              {t("team.invite.emailSubmit")}
            </button>
          </form>
        </div>
      ) : null}

      {captainActs ? (
        <form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="mt-6 flex flex-col gap-3 rounded-xl border border-slate-700 p-5"
          data-testid="team-logo-form"
        >
          <input type="hidden" name="intent" value="logo" />
          <h2 className="text-xl font-bold">{t("team.logoUpload.title")}</h2>
          <Field label={t("team.logoUpload.file")} hint={t("team.logoUpload.hint")}>
            <input
              type="file"
              name="logo"
              accept="image/png,image/jpeg,image/webp"
              className="block w-full text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-700 file:px-3 file:py-2 file:text-slate-100"
              data-testid="team-logo-file"
            />
          </Field>
          <button type="submit" className={buttonClass("secondary", "md")} data-testid="team-logo-submit">
            {t("team.logoUpload.submit")}
          </button>
        </form>
      ) : null}

      {viewer.member && !team.locked ? (
        viewer.captain ? (
          <p className="mt-6 text-sm text-slate-400">{t("team.actions.captainLeave")}</p>
        ) : (
          <IntentButton intent="leave" size="md" className="mt-6" data-testid="leave-team">
            {t("team.actions.leave")}
          </IntentButton>
        )
      ) : null}

      <RecordTable record={loaderData.record} />
      <ActivityChart months={loaderData.monthly} />

      <h2 className="mt-12 text-2xl font-extrabold">{t("team.tournaments")}</h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-slate-400">{t("team.tournamentsEmpty")}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" data-testid="team-tournaments">
          {entries.map((entry) => (
            <li key={entry.registrationId} className="flex flex-wrap gap-x-3 rounded-lg border border-slate-800 px-4 py-3 text-sm">
              <a href={`/tournament?id=${entry.tournamentId}`} className="font-semibold text-cyan-300 underline">
                {entry.title}
              </a>
              <span className="text-slate-400">{format.date(entry.date)}</span>
              <span className="ml-auto font-semibold">{entry.place ? t("team.place", { place: entry.place }) : t("team.noPlace")}</span>
            </li>
          ))}
        </ul>
      )}

      {past.length > 0 ? (
        <>
          <h2 className="mt-12 text-xl font-bold">{t("team.past")}</h2>
          <ul className="mt-3 flex flex-col gap-1 text-sm text-slate-300" data-testid="team-past">
            {past.map((member, index) => (
              <li key={`${member.ign}-${index}`}>
                {member.ign} · {member.leftAt ? t("team.leftOn", { date: format.date(member.leftAt) }) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
