import { useTranslation } from "~/lib/i18n-react";
import { Form, Link } from "react-router";
import { isLanguage } from "~/domain/language";
import { formatMoney } from "~/domain/format";
import { labelFor } from "~/domain/package-label";
import { listOrdersOfUser } from "~/features/orders/orders.server";
import { endPlus, grantPlus, membershipOf } from "~/features/plus/plus.server";
import { useFormat } from "~/lib/use-format";
import { recordAudit } from "../audit.server";
import { listRegistrationsOfUser } from "~/features/tournaments/registrations.server";
import { fail, failWith, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, notFoundIfNullish, readForm, idParam } from "~/lib/http.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { AnswerNotice, LabeledInput, PageTitle, cardClass, primaryButton, secondaryButton } from "../components/admin-ui";
import { staffContext } from "../context.server";
import { UserAdminError, findUserForStaff, setStaff } from "../users-admin.server";
import type { Route } from "./+types/user";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff, messages } = await staffContext(request);
  const user = notFoundIfNullish(await findUserForStaff(db(), idParam(params.userId)));
  // The latest orders (the first page); the full list is the queue's search by e-mail.
  const [{ rows: orders }, registrations, membership] = await Promise.all([
    listOrdersOfUser(db(), user.id),
    listRegistrationsOfUser(db(), user.id),
    membershipOf(db(), user.id),
  ]);
  return {
    user,
    isSelf: user.id === staff.id,
    orders,
    registrations,
    plus: { member: membership.member, until: membership.until?.toISOString() ?? null },
    messages,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const fields = formFields(await readForm(request));
  if (fields.intent === "plus-grant" || fields.intent === "plus-end") {
    const user = notFoundIfNullish(await findUserForStaff(db(), idParam(params.userId)));
    const note = (fields.note ?? "").trim().slice(0, 200);
    if (!note) return fail("REASON_REQUIRED", 400, { field: "note" });
    if (fields.intent === "plus-grant") {
      const months = Number(fields.months);
      if (!Number.isInteger(months) || months < 1 || months > 12) return fail("MONTHS_INVALID", 400, { field: "months" });
      await grantPlus(db(), { userId: user.id, staffId: staff.id, months, note }, (tx, period) =>
        recordAudit(tx, {
          actorId: staff.id,
          action: "plus.grant",
          entity: "user",
          entityId: user.id,
          before: null,
          after: { months, note, ...period },
        }),
      );
    } else {
      await endPlus(db(), { userId: user.id }, (tx) =>
        recordAudit(tx, { actorId: staff.id, action: "plus.end", entity: "user", entityId: user.id, before: null, after: { note } }),
      );
    }
    return succeed({ intent: fields.intent });
  }
  if (fields.intent !== "grant" && fields.intent !== "revoke") return fail("UNKNOWN_INTENT");
  try {
    await setStaff(db(), staff.id, idParam(params.userId), fields.intent === "grant");
  } catch (error) {
    if (error instanceof UserAdminError) return failWith(error);
    throw error;
  }
  return succeed({ intent: fields.intent });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "users.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function UserPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("admin");
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  const { user, isSelf, orders, registrations, plus } = loaderData;
  const format = useFormat();
  return (
    <section className="mx-auto max-w-4xl px-4 py-8" data-testid="admin-user">
      <Link to="/admin/users" className="text-sm text-cyan-300">
        ← {t("users.title")}
      </Link>
      <PageTitle title={user.name || t("common.noName")} subtitle={user.email} />
      <AnswerNotice answer={actionData} done={actionData?.ok ? t(`users.done.${actionData.intent}`) : undefined} />
      <div className={`${cardClass} mb-6 flex flex-wrap items-center justify-between gap-3`}>
        <p data-testid="user-role">{user.isStaff ? t("users.staff") : t("users.player")}</p>
        {isSelf ? (
          <p className="text-sm text-slate-400">{t("users.notYourself")}</p>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value={user.isStaff ? "revoke" : "grant"} />
            <button type="submit" className={user.isStaff ? secondaryButton : primaryButton} data-testid="staff-toggle">
              {user.isStaff ? t("users.revoke") : t("users.grant")}
            </button>
          </Form>
        )}
      </div>
      <div className={`${cardClass} mb-6 grid gap-3`} data-testid="user-plus">
        <p>{plus.member && plus.until ? t("users.plus.until", { date: format.dateTime(plus.until) }) : t("users.plus.none")}</p>
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="plus-grant" />
          <label className="flex flex-col gap-1 text-xs font-semibold">
            {t("users.plus.months")}
            <select name="months" defaultValue="1" className="rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm">
              {[1, 2, 3, 6, 12].map((months) => (
                <option key={months} value={months}>
                  {months}
                </option>
              ))}
            </select>
          </label>
          <LabeledInput label={t("users.plus.note")} fieldClassName="min-w-0 flex-1" name="note" required maxLength={200} />
          <button type="submit" className={primaryButton} data-testid="plus-grant">
            {t("users.plus.grant")}
          </button>
        </Form>
        {plus.member ? (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="plus-end" />
            <LabeledInput label={t("users.plus.note")} fieldClassName="min-w-0 flex-1" name="note" required maxLength={200} />
            <button type="submit" className={secondaryButton} data-testid="plus-end">
              {t("users.plus.end")}
            </button>
          </Form>
        ) : null}
      </div>
      <h2 className="mb-2 text-xl font-bold">{t("users.orders")}</h2>
      {orders.length === 0 ? (
        <p className="mb-6 text-slate-400">{t("users.noOrders")}</p>
      ) : (
        <ul className="mb-6 divide-y divide-slate-800 rounded-lg border border-slate-800">
          {orders.map((order) => (
            <li key={order.id} className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm">
              <Link to={`/admin/orders/${order.id}`} className="font-semibold text-cyan-300">
                #{order.number}
              </Link>
              <span>{t(`status.${order.status}`, { defaultValue: order.status })}</span>
              <span className="font-mono">
                {formatMoney({ amount: order.amount, currency: order.currency === "VES" ? "VES" : "USD" }, language)}
              </span>
              <span className="w-full text-xs text-slate-400">
                {labelFor({ label: order.items ?? "", labelEn: order.itemsEn }, language)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mb-2 text-xl font-bold">{t("users.registrations")}</h2>
      {registrations.length === 0 ? (
        <p className="text-slate-400">{t("users.noRegistrations")}</p>
      ) : (
        <ul className="divide-y divide-slate-800 rounded-lg border border-slate-800">
          {registrations.map((registration) => (
            <li key={registration.id} className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm">
              <Link to={`/admin/tournaments/${registration.tournamentId}/registrations`} className="font-semibold text-cyan-300">
                {registration.tournamentTitle}
              </Link>
              <span>{registration.teamName ?? ""}</span>
              <span>{t(`registrations.statuses.${registration.status}`, { defaultValue: registration.status })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
