import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation } from "react-router";
import { isLanguage } from "~/domain/language";
import { formatMoney } from "~/domain/money";
import { mailOrderStatus } from "~/features/orders/order-mail.server";
import { OrderError, findOrderFor } from "~/features/orders/orders.server";
import { fail } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, notFoundIfNullish, readForm } from "~/lib/http.server";
import { log } from "~/lib/log.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { AnswerNotice, PageTitle, cardClass, fieldClass, labelClass, primaryButton } from "../components/admin-ui";
import { staffContext } from "../context.server";
import { REFUND_REFERENCE_MAX, STAFF_REASON_MAX, parseStaffMove, staffMovesFor, type StaffMove } from "../core/order-moves";
import { staffMoveOrder } from "../orders-admin.server";
import type { Route } from "./+types/order-staff-move";

/** /admin/orders/:id/refund and /admin/orders/:id/cancel: the move is the last part of the path. */
function moveOf(request: Request): StaffMove {
  return new URL(request.url).pathname.endsWith("/refund") ? "refund" : "cancel";
}

async function staffOrder(orderId: string, staffId: string) {
  return notFoundIfNullish(await findOrderFor(db(), orderId, { userId: staffId, isStaff: true }));
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff, messages } = await staffContext(request);
  const order = await staffOrder(params.orderId, staff.id);
  return {
    move: moveOf(request),
    order: { id: order.id, number: order.number, status: order.status, amount: order.amount, currency: order.currency === "VES" ? ("VES" as const) : ("USD" as const), email: order.email },
    allowed: staffMovesFor(order.status).includes(moveOf(request)),
    messages,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const move = moveOf(request);
  const order = await staffOrder(params.orderId, staff.id);
  const parsed = parseStaffMove(move, formFields(await readForm(request)));
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field });
  try {
    await db().transaction((tx) => staffMoveOrder(tx, order.id, staff.id, move, parsed.reason, parsed.refundReference));
  } catch (error) {
    if (error instanceof OrderError) return fail(error.code, error.code === "NOT_FOUND" ? 404 : 409);
    throw error;
  }
  log.info("order moved by staff", { orderId: order.id, move, staffId: staff.id });
  // Committed; the mail only reports it (the refunded / staff-cancelled mail belongs to the order-lifecycle change).
  await mailOrderStatus(db(), order.id, move === "refund" ? "refunded" : "cancelled", parsed.reason);
  return redirect(`/admin/orders/${order.id}`);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", `staffMove.${loaderData?.move ?? "refund"}.title`)} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function OrderStaffMovePage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("admin");
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  const busy = useNavigation().state === "submitting";
  const { move, order, allowed } = loaderData;
  const invalid = actionData && !actionData.ok ? actionData.field : undefined;
  return (
    <section className="mx-auto max-w-xl px-4 py-8" data-testid={`admin-order-${move}`}>
      <Link to={`/admin/orders/${order.id}`} className="text-sm text-cyan-300">← {t("review.title", { number: order.number })}</Link>
      <PageTitle title={t(`staffMove.${move}.title`)} subtitle={t(`staffMove.${move}.subtitle`, { number: order.number, amount: formatMoney({ amount: order.amount, currency: order.currency }, language), email: order.email })} />
      <AnswerNotice answer={actionData} />
      {allowed ? (
        <Form method="post" className={`${cardClass} grid gap-3`}>
          <label className={labelClass}>
            {t("staffMove.reason")}
            <textarea name="reason" required rows={3} maxLength={STAFF_REASON_MAX} className={fieldClass} aria-invalid={invalid === "reason" || undefined} data-testid="move-reason" />
          </label>
          {move === "refund" ? (
            <label className={labelClass}>
              {t("staffMove.refundReference")}
              <input name="refundReference" required maxLength={REFUND_REFERENCE_MAX} className={fieldClass} aria-invalid={invalid === "refundReference" || undefined} data-testid="refund-reference" />
            </label>
          ) : null}
          <button type="submit" disabled={busy} className={primaryButton} data-testid={`confirm-${move}`}>
            {t(`staffMove.${move}.confirm`)}
          </button>
        </Form>
      ) : (
        <p className="rounded-lg border border-slate-800 p-4 text-slate-300">{t("staffMove.notAllowed", { status: t(`status.${order.status}`) })}</p>
      )}
    </section>
  );
}
