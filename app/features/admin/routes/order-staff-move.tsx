import { useTranslation } from "~/lib/i18n-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { isLanguage } from "~/domain/language";
import { formatMoney } from "~/domain/format";
import { REASON_MAX, allowedDecisions, parseDecision } from "~/features/orders/core/decisions";
import { paidFromWallet } from "~/features/wallet/order-refund.server";
import { OrderError, decideOrder, findOrderFor } from "~/features/orders/orders.server";
import { fail, failWith } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, notFoundIfNullish, readForm, idParam } from "~/lib/http.server";
import { log } from "~/lib/log.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { RefundDestinationFields } from "../components/refund-destination";
import { AnswerNotice, PageTitle, cardClass, fieldClass, labelClass, primaryButton } from "../components/admin-ui";
import { staffContext } from "../context.server";
import { auditDecision } from "../orders-admin.server";

type StaffMove = "refund" | "cancel";
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
  const order = await staffOrder(idParam(params.orderId), staff.id);
  return {
    move: moveOf(request),
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      amount: order.amount,
      currency: order.currency === "VES" ? ("VES" as const) : ("USD" as const),
      email: order.email,
    },
    allowed: allowedDecisions(order.status).includes(moveOf(request)),
    walletPaid: await paidFromWallet(db(), order.id),
    messages,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const move = moveOf(request);
  const order = await staffOrder(idParam(params.orderId), staff.id);
  const fields = formFields(await readForm(request));
  const parsed = parseDecision({ intent: move, reason: fields.reason, refundReference: fields.refundReference, refundTo: fields.refundTo });
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field });
  try {
    // The decision, its audit row and (for a registration) the freed place commit together; the buyer is mailed after.
    await decideOrder(db(), order.id, { userId: staff.id, isStaff: true }, parsed, auditDecision(staff.id, order.id, parsed));
  } catch (error) {
    if (error instanceof OrderError) return failWith(error);
    throw error;
  }
  log.info("order moved by staff", { orderId: order.id, move, staffId: staff.id });
  return redirect(`/admin/orders/${order.id}`);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [
    { title: `${metaText(matches, "admin", `staffMove.${loaderData?.move ?? "refund"}.title`)} · Arena LATAM` },
    { name: "robots", content: "noindex" },
  ];
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
      <Link to={`/admin/orders/${order.id}`} className="text-sm text-cyan-300">
        ← {t("review.title", { number: order.number })}
      </Link>
      <PageTitle
        title={t(`staffMove.${move}.title`)}
        subtitle={t(`staffMove.${move}.subtitle`, {
          number: order.number,
          amount: formatMoney({ amount: order.amount, currency: order.currency }, language),
          email: order.email,
        })}
      />
      <AnswerNotice answer={actionData} />
      {allowed ? (
        <Form method="post" className={`${cardClass} grid gap-3`}>
          <label className={labelClass}>
            {t("staffMove.reason")}
            <textarea
              name="reason"
              required
              rows={3}
              maxLength={REASON_MAX}
              className={fieldClass}
              aria-invalid={invalid === "reason" || undefined}
              data-testid="move-reason"
            />
          </label>
          {move === "refund" ? (
            <RefundDestinationFields
              walletPaid={loaderData.walletPaid}
              invalidReference={invalid === "refundReference"}
              fieldClass={fieldClass}
            />
          ) : null}
          <button type="submit" disabled={busy} className={primaryButton} data-testid={`confirm-${move}`}>
            {t(`staffMove.${move}.confirm`)}
          </button>
        </Form>
      ) : (
        <p className="rounded-lg border border-slate-800 p-4 text-slate-300">
          {t("staffMove.notAllowed", { status: t(`status.${order.status}`) })}
        </p>
      )}
    </section>
  );
}
