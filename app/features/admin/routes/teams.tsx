import { useTranslation } from "~/lib/i18n-react";
import { Form, Link } from "react-router";
import { GAMES } from "~/domain/games";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, isWellFormedId, readForm } from "~/lib/http.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { AdminDateTime } from "../components/admin-date";
import {
  AnswerNotice,
  EmptyNote,
  LabeledInput,
  PageTitle,
  TableBox,
  cardClass,
  primaryButton,
  secondaryButton,
  tableClass,
  tdClass,
  thClass,
} from "../components/admin-ui";
import { staffContext } from "../context.server";
import {
  TeamAdminError,
  clearHandle,
  listTeamsForStaff,
  renameHandle,
  renameTeam,
  rosterHistory,
  setTeamLocked,
} from "../teams-admin.server";
import { decodeKeyset } from "~/features/teams/core/keyset";
import type { Route } from "./+types/teams";

export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request, ["teams"]);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 40) || null;
  const teamId = params.get("team");
  // A cursor that is not one of ours answers the first page.
  const after = decodeKeyset(params.get("after"), "timestamp");
  const { teams, next } = await listTeamsForStaff(db(), q, after);
  const selected = isWellFormedId(teamId) ? (teams.find((team) => team.id === teamId) ?? null) : null;
  return {
    q,
    after: after ? params.get("after") : null,
    next,
    teams: teams.map((team) => ({ ...team, createdAt: team.createdAt.toISOString() })),
    selected: selected?.id ?? null,
    history: selected
      ? (await rosterHistory(db(), selected.id)).map((row) => ({
          ...row,
          joinedAt: row.joinedAt.toISOString(),
          leftAt: row.leftAt?.toISOString() ?? null,
        }))
      : [],
    messages,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const fields = formFields(await readForm(request));
  const teamId = fields.teamId ?? "";
  try {
    switch (fields.intent) {
      case "rename":
        if (!isWellFormedId(teamId)) return fail("TEAM_NOT_FOUND", 404);
        await renameTeam(db(), staff.id, teamId, fields.name ?? "");
        return succeed({ done: "renamed" as const });
      case "lock":
      case "unlock":
        if (!isWellFormedId(teamId)) return fail("TEAM_NOT_FOUND", 404);
        await setTeamLocked(db(), staff.id, teamId, fields.intent === "lock");
        return succeed({ done: fields.intent === "lock" ? ("locked" as const) : ("unlocked" as const) });
      case "clear-handle":
        await clearHandle(db(), staff.id, (fields.handle ?? "").slice(0, 40));
        return succeed({ done: "handleCleared" as const });
      case "rename-handle":
        await renameHandle(db(), staff.id, (fields.handle ?? "").slice(0, 40), (fields.newHandle ?? "").slice(0, 40));
        return succeed({ done: "handleRenamed" as const });
      default:
        return fail("UNKNOWN_INTENT");
    }
  } catch (error) {
    if (error instanceof TeamAdminError) return fail(error.code, error.code.endsWith("NOT_FOUND") ? 404 : 409);
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "teams.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function AdminTeamsPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("admin");
  const { q, after, next, teams, selected, history } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-8" data-testid="admin-teams">
      <PageTitle title={t("teams.title")} subtitle={t("teams.subtitle")} />
      <AnswerNotice answer={actionData} done={actionData?.ok ? t(`teams.done.${actionData.done}`) : undefined} />
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        <LabeledInput label={t("teams.search")} name="q" defaultValue={q ?? ""} maxLength={40} />
        <button type="submit" className={secondaryButton}>
          {t("teams.searchSubmit")}
        </button>
      </Form>
      {teams.length === 0 ? (
        <EmptyNote>{t("teams.empty")}</EmptyNote>
      ) : (
        <TableBox>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>{t("teams.columns.team")}</th>
                <th className={thClass}>{t("teams.columns.game")}</th>
                <th className={thClass}>{t("teams.columns.captain")}</th>
                <th className={thClass}>{t("teams.columns.created")}</th>
                <th className={thClass}>{t("teams.columns.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {teams.map((team) => (
                <tr key={team.id} className="border-t border-slate-800" data-testid="admin-team-row">
                  <td className={tdClass}>
                    <a href={`/teams/${team.id}`} className="font-semibold break-words text-cyan-300 underline">
                      [{team.tag}] {team.name}
                    </a>
                    {team.locked ? <span className="ml-2 text-xs font-bold text-amber-300">{t("teams.locked")}</span> : null}
                  </td>
                  <td className={tdClass}>{GAMES[team.game as keyof typeof GAMES]?.name ?? team.game}</td>
                  <td className={`${tdClass} break-all`}>{team.captainEmail}</td>
                  <td className={tdClass}>
                    <AdminDateTime value={team.createdAt} />
                  </td>
                  <td className={tdClass}>
                    <div className="flex flex-wrap gap-2">
                      <Link
                        to={`?${new URLSearchParams({ ...(q ? { q } : {}), ...(after ? { after } : {}), team: team.id })}`}
                        className={secondaryButton}
                      >
                        {t("teams.history")}
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="teamId" value={team.id} />
                        <input type="hidden" name="intent" value={team.locked ? "unlock" : "lock"} />
                        <button type="submit" className={secondaryButton}>
                          {t(team.locked ? "teams.unlock" : "teams.lock")}
                        </button>
                      </Form>
                    </div>
                    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                      <input type="hidden" name="teamId" value={team.id} />
                      <input type="hidden" name="intent" value="rename" />
                      <LabeledInput label={t("teams.rename")} name="name" defaultValue={team.name} maxLength={40} />
                      <button type="submit" className={primaryButton}>
                        {t("teams.renameSubmit")}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      {after || next ? (
        <nav className="mt-4 flex flex-wrap gap-3" aria-label={t("teams.pages")}>
          {after ? (
            <Link to={`?${new URLSearchParams(q ? { q } : {})}`} className={secondaryButton} data-testid="admin-teams-first">
              {t("teams.firstPage")}
            </Link>
          ) : null}
          {next ? (
            <Link
              to={`?${new URLSearchParams({ ...(q ? { q } : {}), after: next })}`}
              className={secondaryButton}
              data-testid="admin-teams-next"
            >
              {t("teams.nextPage")}
            </Link>
          ) : null}
        </nav>
      ) : null}
      {selected ? (
        <div className={`${cardClass} mt-8`} data-testid="admin-team-history">
          <h2 className="text-xl font-bold">{t("teams.historyTitle")}</h2>
          <ul className="mt-3 flex flex-col gap-2 text-sm">
            {history.map((row) => (
              <li key={row.id} className="flex flex-wrap gap-x-3 border-b border-slate-800 pb-2">
                <span className="font-semibold break-all">{row.ign}</span>
                <span className="break-all text-slate-300">{row.name || row.email}</span>
                <span className="text-slate-400">{t(`teams:roles.${row.role}`, { defaultValue: row.role })}</span>
                <span className="text-slate-400">
                  {t("teams.joined")} <AdminDateTime value={row.joinedAt} />
                </span>
                {row.leftAt ? (
                  <span className="text-slate-400">
                    {t("teams.left")} <AdminDateTime value={row.leftAt} />
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" className={`${cardClass} mt-8 flex flex-wrap items-end gap-3`}>
        <input type="hidden" name="intent" value="clear-handle" />
        <LabeledInput label={t("teams.handle")} name="handle" maxLength={40} />
        <button type="submit" className={secondaryButton}>
          {t("teams.clearHandle")}
        </button>
      </Form>
      <Form method="post" className={`${cardClass} mt-4 flex flex-wrap items-end gap-3`} data-testid="rename-handle">
        <input type="hidden" name="intent" value="rename-handle" />
        <LabeledInput label={t("teams.handleToRename")} name="handle" maxLength={40} />
        <LabeledInput label={t("teams.newHandle")} name="newHandle" maxLength={20} />
        <button type="submit" className={secondaryButton}>
          {t("teams.renameHandle")}
        </button>
      </Form>
    </section>
  );
}
