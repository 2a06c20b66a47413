import { useTranslation } from "~/lib/i18n-react";
import { Form, Link } from "react-router";
import { membersAmong } from "~/features/plus/plus.server";
import { db } from "~/lib/db.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import {
  EmptyNote,
  LabeledInput,
  PageTitle,
  Pager,
  PlusChip,
  TableBox,
  TableHead,
  primaryButton,
  tableClass,
  tdClass,
} from "../components/admin-ui";
import { staffContext } from "../context.server";
import { USER_PAGE, searchUsers } from "../users-admin.server";
import type { Route } from "./+types/users";

export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 120) || null;
  const staffOnly = params.get("staff") === "1";
  const rawPage = params.get("page") ?? "";
  const page = /^\d{1,5}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  const rows = await searchUsers(db(), { q, staffOnly, page });
  const members = await membersAmong(
    db(),
    rows.map((row) => row.id),
  );
  return {
    filters: { q, staffOnly, page },
    users: rows.map((row) => ({ ...row, plus: members.has(row.id) })),
    hasNext: rows.length === USER_PAGE,
    messages,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "users.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

function search(filters: { q: string | null; staffOnly: boolean; page: number }) {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.staffOnly) params.set("staff", "1");
  if (filters.page > 1) params.set("page", String(filters.page));
  return `?${params.toString()}`;
}

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("admin");
  const { filters, users, hasNext } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-8" data-testid="admin-users">
      <PageTitle title={t("users.title")} subtitle={t("users.subtitle")} />
      <Form method="get" role="search" className="mb-6 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <LabeledInput label={t("users.search")} name="q" defaultValue={filters.q ?? ""} data-testid="user-search" />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="staff" value="1" defaultChecked={filters.staffOnly} />
          {t("users.staffOnly")}
        </label>
        <button type="submit" className={primaryButton}>
          {t("search.submit")}
        </button>
      </Form>
      {users.length === 0 ? (
        <EmptyNote>{t("users.empty")}</EmptyNote>
      ) : (
        <TableBox>
          <table className={tableClass} data-testid="users-table">
            <TableHead columns={[t("users.columns.user"), t("users.columns.role")]} />
            <tbody className="divide-y divide-slate-800">
              {users.map((user) => (
                <tr key={user.id} data-testid="user-row">
                  <td className={tdClass}>
                    <Link to={`/admin/users/${user.id}`} className="font-semibold text-cyan-300">
                      {user.name || t("common.noName")}
                    </Link>
                    {user.plus ? <PlusChip /> : null}
                    <span className="block text-xs break-all text-slate-400">{user.email}</span>
                  </td>
                  <td className={tdClass}>{user.isStaff ? t("users.staff") : t("users.player")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <Pager page={filters.page} hasNext={hasNext} pageHref={(n) => search({ ...filters, page: n })} />
    </section>
  );
}
