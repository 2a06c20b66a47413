import { useTranslation } from "~/lib/i18n-react";
import { Form, Link, useNavigation } from "react-router";
import { isLanguage } from "~/domain/language";
import { formatMoney } from "~/domain/format";
import { fail, failWith, succeed } from "~/lib/answer";
import { membersAmong } from "~/features/plus/plus.server";
import { db } from "~/lib/db.server";
import { formFields, notFoundIfNullish, readForm } from "~/lib/http.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import {
  AnswerNotice,
  EmptyNote,
  PageTitle,
  Pager,
  PlusChip,
  TableBox,
  TableHead,
  fieldClass,
  secondaryButton,
  tableClass,
  tdClass,
} from "../components/admin-ui";
import { requireTournamentOperator } from "~/features/organizations/operator.server";
import { languageFromCookieHeader } from "~/domain/language";
import { loadMessages } from "~/lib/messages.server";
import {
  STAFF_REGISTRATION_PAGE,
  TournamentAdminError,
  findTournamentForStaff,
  listRegistrationsForStaff,
  removeRegistration,
} from "../tournaments-admin.server";
import { listWaitlist, mailWaitlistAfterCommit } from "~/features/tournaments/waitlist.server";
import { useFormat } from "~/lib/use-format";
import type { Route } from "./+types/registrations";
import { holdsPlace } from "~/domain/registration";

export const REMOVE_REASON_MAX = 300;

/** Whether this organization member's role may also remove teams (the list itself is every operator's). */
async function mayEditAsOrganization(request: Request, params: { slug?: string; tournamentId?: string }) {
  try {
    await requireTournamentOperator(request, params, "edit_tournament");
    return true;
  } catch (error) {
    if (error instanceof Response || (error && typeof error === "object" && "init" in error)) return false;
    throw error;
  }
}

/**
 * Mounted twice (app/routes.ts): /admin/tournaments/:id/registrations for platform staff, and
 * /organizations/:slug/manage/tournaments/:id/registrations for the organization's operators
 * (requireTournamentOperator: another organization's tournament is a 404). Owners and admins remove
 * a team; an organization's refunds go to the buyer's wallet (docs/organizations.md "Registrations").
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const operator = await requireTournamentOperator(request, params, "run_tournament");
  const messages = loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["admin"]);
  const tournament = notFoundIfNullish(await findTournamentForStaff(db(), operator.tournamentId));
  const rawPage = new URL(request.url).searchParams.get("page") ?? "";
  const page = /^\d{1,5}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  const rows = await listRegistrationsForStaff(db(), tournament.id, page);
  const members = await membersAmong(
    db(),
    rows.map((row) => row.userId),
  );
  return {
    base: operator.base,
    mover: operator.mover,
    mayRemove: operator.mover === "platform" || (await mayEditAsOrganization(request, params)),
    tournament: { id: tournament.id, title: tournament.title, capacity: tournament.capacity, live: tournament.live },
    registrations: rows.map((row) => ({ ...row, plus: members.has(row.userId) })),
    waitlist: (await listWaitlist(db(), tournament.id)).map((entry) => ({
      ...entry,
      createdAt: entry.createdAt.toISOString(),
      notifiedAt: entry.notifiedAt?.toISOString() ?? null,
    })),
    page,
    hasNext: rows.length === STAFF_REGISTRATION_PAGE,
    messages,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  // Removing a team is the tournament's editors' (owner, admin); the organization's staff only read the list.
  const operator = await requireTournamentOperator(request, params, "edit_tournament");
  const fields = formFields(await readForm(request));
  if (fields.intent !== "remove") return fail("UNKNOWN_INTENT");
  const reason = (fields.reason ?? "").trim();
  if (!reason) return fail("REASON_REQUIRED", 400, { field: "reason" });
  if (reason.length > REMOVE_REASON_MAX) return fail("REASON_TOO_LONG", 400, { field: "reason" });
  const current = notFoundIfNullish(await findTournamentForStaff(db(), operator.tournamentId));
  try {
    await removeRegistration(db(), operator.user.id, fields.registrationId ?? "", reason, {
      tournamentId: current.id,
      mover: operator.mover,
    });
    // The freed place: everyone on the waiting list is told now.
    await mailWaitlistAfterCommit(db());
    return succeed({ removed: fields.registrationId });
  } catch (error) {
    if (error instanceof TournamentAdminError) return error.code === "NOT_FOUND" ? fail("NOT_FOUND", 404) : failWith(error);
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "registrations.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function RegistrationsPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("admin");
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  const busy = useNavigation().state === "submitting";
  const { tournament, registrations, page, hasNext, waitlist, base, mover, mayRemove } = loaderData;
  const format = useFormat();
  return (
    <section className="mx-auto max-w-7xl px-4 py-8" data-testid="admin-registrations">
      <PageTitle
        title={t("registrations.title")}
        subtitle={t("registrations.subtitle", { title: tournament.title, live: tournament.live, capacity: tournament.capacity })}
      />
      <AnswerNotice answer={actionData} done={actionData?.ok ? t("registrations.removed") : undefined} />
      <div className="mb-4 flex flex-wrap gap-2">
        <Link to={base} className={secondaryButton} data-testid="back-link">
          {t("registrations.back")}
        </Link>
        <Link to={`${base}/run`} className={secondaryButton} data-testid="run-link">
          {t("tournaments.run")}
        </Link>
        <a href={`${base}/registrations.csv`} download className={secondaryButton} data-testid="export-csv">
          {t("registrations.export")}
        </a>
      </div>
      {registrations.length === 0 ? (
        <EmptyNote>{t("registrations.empty")}</EmptyNote>
      ) : (
        <TableBox>
          <table className={`${tableClass} min-w-[56rem]`} data-testid="registrations-table">
            <TableHead
              columns={[
                t("registrations.columns.team"),
                t("registrations.columns.players"),
                t("registrations.columns.status"),
                t("registrations.columns.payment"),
                <span key="actions" className="sr-only">
                  {t("queue.columns.actions")}
                </span>,
              ]}
            />
            <tbody className="divide-y divide-slate-800">
              {registrations.map((row) => (
                <tr key={row.id} data-testid="registration-row">
                  <td className={tdClass}>
                    <span className="block font-semibold">
                      {row.teamName ?? row.userName}
                      {row.plus ? <PlusChip /> : null}
                    </span>
                    <span className="block text-xs text-slate-400">
                      {row.email} · {row.phone}
                    </span>
                  </td>
                  <td className={tdClass}>
                    <ul>
                      {row.players.map((player) => (
                        <li key={player.position}>
                          {player.name} · <span className="font-mono">{player.ign}</span>
                          {player.phone ? <span className="text-xs text-slate-400"> · {player.phone}</span> : null}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className={tdClass} data-testid="registration-status">
                    {t(`registrations.statuses.${row.status}`, { defaultValue: row.status })}
                    {!holdsPlace(row.status) && row.releaseReason ? (
                      <span className="block text-xs text-amber-300" data-testid="release-reason">
                        {t(`registrations.releaseReasons.${row.releaseReason}`, { defaultValue: row.releaseReason })}
                      </span>
                    ) : null}
                    {row.lateEntry ? (
                      <span className="block text-xs text-cyan-300" data-testid="late-entry">
                        {t("registrations.lateEntry")}
                      </span>
                    ) : null}
                  </td>
                  <td className={tdClass}>
                    {row.orderId && mover === "organization" ? (
                      // Orders are the platform's back-office: an organization reads their state here.
                      <span data-testid="registration-payment">
                        #{row.orderNumber} · {t(`status.${row.orderStatus}`, { defaultValue: row.orderStatus ?? "" })}
                        {row.amount
                          ? ` · ${formatMoney({ amount: row.amount, currency: row.currency === "VES" ? "VES" : "USD" }, language)}`
                          : ""}
                      </span>
                    ) : row.orderId ? (
                      <Link to={`/admin/orders/${row.orderId}`} className="text-cyan-300">
                        #{row.orderNumber} · {t(`status.${row.orderStatus}`, { defaultValue: row.orderStatus ?? "" })}
                        {row.amount
                          ? ` · ${formatMoney({ amount: row.amount, currency: row.currency === "VES" ? "VES" : "USD" }, language)}`
                          : ""}
                      </Link>
                    ) : (
                      t("registrations.free")
                    )}
                  </td>
                  <td className={tdClass}>
                    {holdsPlace(row.status) && mayRemove ? (
                      <Form method="post" className="flex min-w-48 flex-col gap-1">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="registrationId" value={row.id} />
                        <input
                          name="reason"
                          required
                          maxLength={REMOVE_REASON_MAX}
                          placeholder={t("registrations.reason")}
                          aria-label={t("registrations.reason")}
                          className={fieldClass}
                        />
                        {mover === "organization" && row.orderStatus && ["approved", "fulfilled"].includes(row.orderStatus) ? (
                          <span className="text-xs text-slate-400">{t("registrations.refundToWallet")}</span>
                        ) : null}
                        <button type="submit" disabled={busy} className={secondaryButton} data-testid="remove-team">
                          {t("registrations.remove")}
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <Pager page={page} hasNext={hasNext} pageHref={(n) => `?page=${n}`} />
      <h2 className="mt-10 mb-3 text-xl font-bold">{t("registrations.waitlist.title", { count: waitlist.length })}</h2>
      {waitlist.length === 0 ? (
        <EmptyNote testId="waitlist-empty">{t("registrations.waitlist.empty")}</EmptyNote>
      ) : (
        <TableBox>
          <table className={tableClass} data-testid="waitlist-table">
            <TableHead
              columns={["#", t("registrations.waitlist.person"), t("registrations.waitlist.joined"), t("registrations.waitlist.notified")]}
            />
            <tbody className="divide-y divide-slate-800">
              {waitlist.map((entry, index) => (
                <tr key={entry.id} data-testid="waitlist-row">
                  <td className={tdClass}>{index + 1}</td>
                  <td className={tdClass}>
                    <span className="block font-semibold">{entry.name || entry.email}</span>
                    <span className="block text-xs break-all text-slate-400">{entry.email}</span>
                  </td>
                  <td className={tdClass}>{format.dateTime(entry.createdAt)}</td>
                  <td className={tdClass}>{entry.notifiedAt ? format.dateTime(entry.notifiedAt) : t("registrations.waitlist.notYet")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}
