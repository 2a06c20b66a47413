import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { languageFromCookieHeader, isLanguage } from "~/domain/language";
import { type Currency } from "~/domain/money";
import { formatMoney } from "~/domain/format";
import { useFormat } from "~/lib/use-format";
import { useToast } from "~/components/ui/toast";
import { VENEZUELAN_BANKS } from "~/domain/payment-methods";
import { requireStaff } from "~/features/auth/session.server";
import { OrderError, decideOrder, decideOrderInSteps, findOrderFor } from "~/features/orders/orders.server";
import { auditDecision, nextOrderToReview } from "../orders-admin.server";
import { fail } from "~/lib/answer";
import { notFoundIfNullish, readForm, idParam } from "~/lib/http.server";
import { membersAmong } from "~/features/plus/plus.server";
import { registrationOfOrder } from "~/features/tournaments/registrations.server";
import { PlusChip } from "../components/admin-ui";
import { db } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import {
  PROVIDER_REFERENCE_MAX,
  REASON_MAX,
  REFUND_REFERENCE_MAX,
  allowedDecisions,
  canApproveAndDeliver,
  parseDecision,
  type Decision,
} from "~/features/orders/core/decisions";
import { DEFAULT_QUEUE_STATUS, parseQueueFilters } from "../order-decisions";
import { StaffOrderLinks } from "../components/staff-order-links";
import { findPeople } from "../people.server";
import { AutomaticSteps } from "~/features/payments/components/automatic-steps";
import { automaticStepsFor } from "~/features/payments/review.server";
import type { Route } from "./+types/order-review";
import { Alert } from "~/components/ui/alert";

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request);
  const order = notFoundIfNullish(await findOrderFor(db(), idParam(params.orderId), { userId: staff.id, isStaff: true }));
  const people = await findPeople(db(), [order.userId, ...order.history.map((line) => line.actorUserId)]);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  return {
    order: {
      id: order.id,
      number: order.number,
      kind: order.kind,
      status: order.status,
      paymentMethod: order.paymentMethod,
      currency: order.currency as Currency,
      amount: order.amount,
      amountUsd: order.amountUsd,
      exchangeRate: order.exchangeRate,
      phone: order.phone,
      email: order.email,
      gamerId: order.gamerId,
      gameServer: order.gameServer,
      gamerName: order.gamerName,
      providerReference: order.providerReference,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
      items: order.items.map((item) => ({ id: item.id, label: item.label, quantity: item.quantity })),
      // Storage keys stay on the server: receipts are only reachable through the owner/staff route.
      proofs: order.proofs.map((proof) => ({
        id: proof.id,
        method: proof.method,
        receiptUrl: proof.fileKey ? `/orders/${order.id}/receipts/${proof.id}` : null,
        fileType: proof.fileType,
        bankCode: proof.bankCode,
        bankName: proof.bankCode ? (VENEZUELAN_BANKS[proof.bankCode] ?? null) : null,
        reference: proof.reference,
        paidOn: proof.paidOn,
        transactionId: proof.transactionId,
        payerEmail: proof.payerEmail,
        live: proof.live,
        createdAt: proof.createdAt,
      })),
      history: order.history.map((line) => ({
        id: line.id,
        from: line.fromStatus,
        to: line.toStatus,
        actorUserId: line.actorUserId,
        reason: line.reason,
        createdAt: line.createdAt,
      })),
    },
    owner: people[order.userId] ?? null,
    ownerIsPlus: (await membersAmong(db(), [order.userId])).has(order.userId),
    refundDue: await placeLostWithMoneyKept(order.id, order.kind, order.status),
    // The number of the order decided just before this one opened (the next in the queue).
    done: parseQueueFilters(new URL(request.url).searchParams).done,
    people,
    // #26: what the machines did (provider events, bank match, delivery attempts) and the retry.
    automatic: await automaticStepsFor(db(), order, new URL(request.url)),
    messages: loadMessages(language, ["admin"]),
  };
}

/**
 * A registration's payment was approved but its place is gone (approved after the bracket started,
 * the tournament cancelled or the team removed): the money is the buyer's, staff are asked to refund it.
 */
async function placeLostWithMoneyKept(orderId: string, kind: string, status: string): Promise<boolean> {
  if (kind !== "tournament" || (status !== "approved" && status !== "fulfilled")) return false;
  return (await registrationOfOrder(db(), orderId))?.status === "released";
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireStaff(request);
  const form = await readForm(request);
  // What was typed comes back with a refusal, so nothing has to be typed twice.
  const typed = {
    reason: String(form.get("reason") ?? "").slice(0, REASON_MAX * 2),
    intent: String(form.get("intent") ?? "").slice(0, 20),
    providerReference: String(form.get("providerReference") ?? "").slice(0, PROVIDER_REFERENCE_MAX * 2),
  };
  // "Approve and deliver": two decisions of the table, one after the other, in one transaction.
  const approveAndDeliver = form.get("intent") === APPROVE_AND_DELIVER;
  const parsed = parseDecision({
    intent: approveAndDeliver ? "fulfil" : form.get("intent"),
    reason: form.get("reason"),
    refundReference: form.get("refundReference"),
    providerReference: form.get("providerReference"),
  });
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, ...typed });

  const actor = { userId: staff.id, isStaff: true };
  const order = notFoundIfNullish(await findOrderFor(db(), idParam(params.orderId), actor));
  if (approveAndDeliver && !canApproveAndDeliver(order.kind, order.status)) return fail("NOT_ALLOWED_IN_STATE", 409, typed);
  try {
    // The move (who and when, in the order's history) and its audit row commit together.
    if (approveAndDeliver)
      await decideOrderInSteps(db(), order.id, actor, [{ decision: "approve" }, parsed], (step) => auditDecision(staff.id, order.id, step));
    else await decideOrder(db(), order.id, actor, parsed, auditDecision(staff.id, order.id, parsed));
  } catch (error) {
    if (error instanceof OrderError) return fail(error.code, error.code === "NOT_FOUND" ? 404 : 409, typed);
    throw error;
  }
  log.info("order decided", { orderId: order.id, decision: approveAndDeliver ? APPROVE_AND_DELIVER : parsed.decision, staffId: staff.id });
  // An approval that could not give a place (the bracket had started…): back to the order, which asks for the refund.
  if (parsed.decision === "approve" && (await placeLostWithMoneyKept(order.id, order.kind, "approved")))
    return redirect(`/admin/orders/${order.id}`);
  // The work goes on: the next proof waiting opens, or the (empty) queue when none is left.
  const next = await nextOrderToReview(db(), order.id);
  return redirect(
    next ? `/admin/orders/${next}?done=${order.number}` : `/admin/orders?status=${DEFAULT_QUEUE_STATUS}&done=${order.number}`,
  );
}

/** The form intent of "approve and deliver" (not a decision of its own: approve, then fulfil). */
const APPROVE_AND_DELIVER = "approve_deliver";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = metaText(matches, "admin", "review.pageTitle").replace("{{number}}", String(loaderData?.order.number ?? ""));
  return [{ title: `${title} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

const fieldClass = "w-full rounded-lg border border-slate-500 bg-slate-900 px-3 py-2 text-sm text-slate-100 focus:border-cyan-400";
const cardClass = "rounded-xl border border-slate-800 bg-slate-900/40 p-5";

/** One thing staff type into the provider's panel: its value, large enough to read, with a copy button. */
function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation("admin");
  const toast = useToast();
  return (
    <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-cyan-500/20 py-2 first:border-t-0">
      <dt className="w-full text-xs font-semibold tracking-wide text-cyan-200/80 uppercase sm:w-36">{label}</dt>
      {/* The button sits inside the <dd>: a <dl> group holds only <dt> and <dd> (screen readers read it as a list). */}
      <dd className="flex min-w-0 flex-1 items-center justify-between gap-3">
        <span className="min-w-0 font-mono text-lg font-bold break-all" data-testid={testId}>
          {value}
        </span>
        <button
          type="button"
          className="shrink-0 rounded-md border border-cyan-500/60 px-3 py-1.5 text-sm font-semibold text-cyan-200 hover:bg-cyan-500/10"
          aria-label={t("review.deliver.copyLabel", { what: label })}
          data-testid={`copy-${testId}`}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              toast.success({ message: t("review.deliver.copied", { what: label }) });
            } catch {
              toast.error({ message: t("review.deliver.copyFailed", { what: label }) });
            }
          }}
        >
          {t("review.deliver.copy")}
        </button>
      </dd>
    </div>
  );
}

/**
 * What staff deliver: game, player ID, zone, in-game name and each package, each with a copy
 * button, and whether the ID checker confirmed the name (without ID_CHECKER_URL nobody did: staff
 * check it in the game before delivering). After delivery: who delivered, when, and the provider's id.
 */
function DeliveryCard(props: {
  game: string | null;
  gamerId: string;
  gameServer: string | null;
  gamerName: string | null;
  items: { id: string; label: string; quantity: number }[];
  delivered: { who: string; when: string; providerReference: string | null } | null;
}) {
  const { t } = useTranslation("admin");
  const packageOf = (label: string) => label.split(" · ").slice(1).join(" · ") || label;
  return (
    <section className="rounded-xl border border-cyan-500/50 bg-cyan-500/10 p-5" aria-labelledby="player-heading" data-testid="player-card">
      <h2 id="player-heading" className="text-sm font-semibold tracking-wide text-cyan-200 uppercase">
        {t("review.player.title")}
      </h2>
      <dl className="mt-2">
        {props.game ? <CopyRow label={t("review.deliver.game")} value={props.game} testId="player-game" /> : null}
        <CopyRow label={t("review.deliver.playerId")} value={props.gamerId} testId="player-id" />
        {props.gameServer ? <CopyRow label={t("review.deliver.zone")} value={props.gameServer} testId="player-zone" /> : null}
        {props.gamerName ? <CopyRow label={t("review.deliver.gamerName")} value={props.gamerName} testId="player-name" /> : null}
        {props.items.map((item, index) => (
          <CopyRow
            key={item.id}
            label={t("review.deliver.package", { count: props.items.length, index: index + 1 })}
            value={
              item.quantity > 1 ? t("review.order.item", { label: packageOf(item.label), quantity: item.quantity }) : packageOf(item.label)
            }
            testId={`player-package-${index + 1}`}
          />
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-300" data-testid="player-check">
        {props.gamerName ? t("review.player.checked", { name: props.gamerName }) : t("review.player.notChecked")}
      </p>
      {props.delivered ? (
        <p className="mt-3 rounded-lg border border-emerald-500/40 bg-emerald-500/10 p-3 text-sm text-emerald-100" data-testid="delivered">
          {t("review.deliver.deliveredBy", { who: props.delivered.who, when: props.delivered.when })}
          {props.delivered.providerReference ? (
            <span className="mt-1 block" data-testid="provider-reference">
              {t("review.deliver.providerReference", { reference: props.delivered.providerReference })}
            </span>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
const kbdClass = "rounded border border-slate-600 bg-slate-800 px-1.5 py-0.5 font-mono text-xs text-slate-200";

/** A one-click decision (approve, fulfil) with its keyboard shortcut shown on the button. */
function DecisionForm(props: {
  formRef: RefObject<HTMLFormElement | null>;
  intent: Decision;
  shortcut: string;
  busy: boolean;
  colors: string;
  children: ReactNode;
  /** Optional fields sent with the decision (the provider's id with a fulfilment). */
  extra?: ReactNode;
}) {
  return (
    <Form method="post" ref={props.formRef} className="mt-4">
      <input type="hidden" name="intent" value={props.intent} />
      {props.extra}
      <button
        type="submit"
        disabled={props.busy}
        aria-keyshortcuts={props.shortcut}
        className={`flex w-full items-center justify-between rounded-lg px-4 py-3 font-semibold text-slate-950 disabled:opacity-60 ${props.colors}`}
        data-testid={props.intent}
      >
        {props.children}
        <kbd className={kbdClass}>{props.shortcut.toUpperCase()}</kbd>
      </button>
    </Form>
  );
}

/** Typing in a field never triggers a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="shrink-0 text-sm text-slate-400 sm:w-44">{label}</dt>
      <dd className="text-sm break-words text-slate-100" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** A decision that needs a reason the buyer will read (reject, refund, cancel); a refund may carry its reference. */
function ReasonForm(props: {
  decision: Extract<Decision, "reject" | "refund" | "cancel">;
  fieldRef?: RefObject<HTMLTextAreaElement | null>;
  busy: boolean;
  typedReason: string;
  invalid: boolean;
}) {
  const { t } = useTranslation("admin");
  const { decision } = props;
  return (
    <Form method="post" className="mt-6 flex flex-col gap-2 border-t border-slate-800 pt-4" data-testid={`${decision}-form`}>
      <input type="hidden" name="intent" value={decision} />
      <label htmlFor={`${decision}-reason`} className="flex items-center justify-between text-sm font-semibold">
        {t(`review.actions.reason.${decision}`)}
        {decision === "reject" ? <kbd className={kbdClass}>R</kbd> : null}
      </label>
      <textarea
        id={`${decision}-reason`}
        ref={props.fieldRef}
        name="reason"
        required
        rows={3}
        maxLength={REASON_MAX}
        defaultValue={props.typedReason}
        placeholder={t("review.actions.reasonPlaceholder")}
        aria-keyshortcuts={decision === "reject" ? "r" : undefined}
        aria-describedby={`${decision}-reason-hint`}
        aria-invalid={props.invalid || undefined}
        className={fieldClass}
        data-testid={`${decision}-reason`}
      />
      <p id={`${decision}-reason-hint`} className="text-xs text-slate-400">
        {t("review.actions.reasonHint", { max: REASON_MAX })}
      </p>
      {decision === "refund" ? (
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("review.actions.refundReference")}
          <input
            name="refundReference"
            maxLength={REFUND_REFERENCE_MAX}
            autoComplete="off"
            className={fieldClass}
            data-testid="refund-reference"
          />
        </label>
      ) : null}
      <button
        type="submit"
        disabled={props.busy}
        className="rounded-lg border border-rose-500/70 px-4 py-2 font-semibold text-rose-100 hover:bg-rose-500/20 disabled:opacity-60"
        data-testid={decision}
      >
        {t(`review.actions.${decision}`)}
      </button>
    </Form>
  );
}

export default function OrderReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("admin");
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  const format = useFormat();
  const { order, owner, people } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const allowed = allowedDecisions(order.status);
  const approveForm = useRef<HTMLFormElement>(null);
  const fulfilForm = useRef<HTMLFormElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const refusal = actionData && !actionData.ok ? actionData : null;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target) || busy)
        return;
      const key = event.key.toLowerCase();
      if (key === "a" && allowed.includes("approve")) {
        event.preventDefault();
        approveForm.current?.requestSubmit();
      } else if (key === "r" && allowed.includes("reject")) {
        // Without preventDefault the "r" itself would be typed into the reason.
        event.preventDefault();
        reasonField.current?.focus();
      } else if (key === "f" && allowed.includes("fulfil")) {
        event.preventDefault();
        fulfilForm.current?.requestSubmit();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [allowed.join(","), busy]); // eslint-disable-line react-hooks/exhaustive-deps

  const money = (amount: number, currency: Currency) => formatMoney({ amount, currency }, language);
  const who = (userId: string | null) => {
    if (!userId) return t("review.history.system");
    const person = people[userId];
    return person ? person.name || person.email : t("review.history.unknown");
  };
  // Who delivered and when: the history line of the move to fulfilled (moveOrder writes it).
  const delivery = [...order.history].reverse().find((line) => line.to === "fulfilled") ?? null;
  const statusText = (status: string | null) => (status ? t(`status.${status}`, { defaultValue: status }) : t("review.history.created"));

  return (
    <section className="mx-auto max-w-6xl px-4 py-10" data-testid="admin-order-review">
      <Link to={`/admin/orders?status=${DEFAULT_QUEUE_STATUS}`} className="text-sm text-cyan-300 hover:text-cyan-200">
        ← {t("review.back")}
      </Link>
      <div className="mt-3 flex flex-wrap items-baseline gap-3">
        <h1 className="text-3xl font-extrabold">{t("review.title", { number: order.number })}</h1>
        <span
          className="rounded-full border border-purple-400/60 bg-purple-500/10 px-3 py-1 text-sm font-semibold text-purple-200"
          data-testid="order-status"
        >
          {t(`status.${order.status}`)}
        </span>
      </div>

      {loaderData.done !== null ? (
        <Alert tone="success" testId="decision-done">
          {t("queue.done", { number: loaderData.done })}
        </Alert>
      ) : null}

      {loaderData.refundDue ? (
        <Alert tone="warning" testId="refund-due">
          {t("review.refundDue")}
        </Alert>
      ) : null}

      {refusal ? (
        <Alert tone="error" testId="review-error">
          {t(`errors.${refusal.code}`, {
            max:
              refusal.code === "REFERENCE_TOO_LONG"
                ? REFUND_REFERENCE_MAX
                : refusal.code === "PROVIDER_REFERENCE_TOO_LONG"
                  ? PROVIDER_REFERENCE_MAX
                  : REASON_MAX,
          })}
        </Alert>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {order.gamerId ? (
            <DeliveryCard
              game={order.items[0]?.label.split(" · ")[0] ?? null}
              gamerId={order.gamerId}
              gameServer={order.gameServer}
              gamerName={order.gamerName}
              items={order.items}
              delivered={
                delivery
                  ? {
                      who: who(delivery.actorUserId),
                      when: format.dateTime(delivery.createdAt),
                      providerReference: order.providerReference,
                    }
                  : null
              }
            />
          ) : null}
          <section className={cardClass} aria-labelledby="customer-heading">
            <h2 id="customer-heading" className="text-lg font-bold">
              {t("review.customer.title")}
            </h2>
            <dl className="mt-3 flex flex-col gap-2">
              <Detail label={t("review.customer.name")} testId="customer-name">
                {owner?.name || t("common.noName")}
                {loaderData.ownerIsPlus ? <PlusChip /> : null}
              </Detail>
              <Detail label={t("review.customer.email")} testId="customer-email">
                {order.email}
              </Detail>
              {owner && owner.email !== order.email ? <Detail label={t("review.customer.accountEmail")}>{owner.email}</Detail> : null}
              <Detail label={t("review.customer.phone")} testId="customer-phone">
                {order.phone}
              </Detail>
              {order.gamerId ? <Detail label={t("review.customer.gamerId")}>{order.gamerId}</Detail> : null}
              {order.gameServer ? <Detail label={t("review.customer.gameServer")}>{order.gameServer}</Detail> : null}
              {order.gamerName ? <Detail label={t("review.customer.gamerName")}>{order.gamerName}</Detail> : null}
            </dl>
          </section>

          <section className={cardClass} aria-labelledby="order-heading">
            <h2 id="order-heading" className="text-lg font-bold">
              {t("review.order.title")}
            </h2>
            <dl className="mt-3 flex flex-col gap-2">
              <Detail label={t("review.order.kind")}>{t(`kinds.${order.kind}`, { defaultValue: order.kind })}</Detail>
              <Detail label={t("review.order.method")} testId="order-method">
                {t(`methods.${order.paymentMethod}`, { defaultValue: order.paymentMethod })}
              </Detail>
              <Detail label={t("review.order.amount")} testId="order-amount">
                <span className="font-mono text-base font-semibold">{money(order.amount, order.currency)}</span>
              </Detail>
              {order.currency === "VES" ? (
                <>
                  <Detail label={t("review.order.rate")} testId="order-rate">
                    {order.exchangeRate ? t("review.order.rateValue", { rate: format.rate(order.exchangeRate) }) : t("common.none")}
                  </Detail>
                  <Detail label={t("review.order.amountUsd")}>{money(order.amountUsd, "USD")}</Detail>
                </>
              ) : null}
              <Detail label={t("review.order.created")}>{format.dateTime(order.createdAt)}</Detail>
              <Detail label={t("review.order.updated")}>{format.dateTime(order.updatedAt)}</Detail>
            </dl>
            <h3 className="mt-4 text-sm font-semibold text-slate-300">{t("review.order.items")}</h3>
            <ul className="mt-2 list-inside list-disc text-sm" data-testid="order-items">
              {order.items.map((item) => (
                <li key={item.id}>{t("review.order.item", { label: item.label, quantity: item.quantity })}</li>
              ))}
            </ul>
          </section>

          <section className={cardClass} aria-labelledby="proofs-heading">
            <h2 id="proofs-heading" className="text-lg font-bold">
              {t("review.proofs.title")}
            </h2>
            {order.proofs.length === 0 ? <p className="mt-3 text-sm text-slate-400">{t("review.proofs.none")}</p> : null}
            <ol className="mt-3 flex flex-col gap-5">
              {order.proofs.map((proof, index) => (
                <li key={proof.id} className="rounded-lg border border-slate-800 p-4" data-testid="proof">
                  <p className="text-sm font-semibold text-slate-200">
                    {t("review.proofs.sentAt", { date: format.dateTime(proof.createdAt) })}
                    {index === 0 && proof.live ? <span className="ml-2 text-xs text-cyan-300">{t("review.proofs.latest")}</span> : null}
                    {!proof.live ? <span className="ml-2 text-xs text-rose-300">{t("review.proofs.discarded")}</span> : null}
                  </p>
                  <dl className="mt-2 flex flex-col gap-2">
                    {proof.bankCode ? (
                      <Detail label={t("review.proofs.bank")} testId="proof-bank">
                        {t("review.proofs.bankValue", { code: proof.bankCode, name: proof.bankName ?? t("review.proofs.unknownBank") })}
                      </Detail>
                    ) : null}
                    {proof.reference ? (
                      <Detail label={t("review.proofs.reference")} testId="proof-reference">
                        <span className="font-mono">{proof.reference}</span>
                      </Detail>
                    ) : null}
                    {proof.paidOn ? (
                      <Detail label={t("review.proofs.paidOn")} testId="proof-paid-on">
                        {proof.paidOn}
                      </Detail>
                    ) : null}
                    {proof.transactionId ? (
                      <Detail label={t("review.proofs.transactionId")} testId="proof-transaction">
                        <span className="font-mono">{proof.transactionId}</span>
                      </Detail>
                    ) : null}
                    {proof.payerEmail ? (
                      <Detail label={t("review.proofs.payerEmail")} testId="proof-payer-email">
                        {proof.payerEmail}
                      </Detail>
                    ) : null}
                  </dl>
                  {proof.receiptUrl && proof.fileType && IMAGE_TYPES.has(proof.fileType) ? (
                    <a href={proof.receiptUrl} target="_blank" rel="noreferrer" className="mt-3 block" title={t("review.proofs.openFull")}>
                      <img
                        src={proof.receiptUrl}
                        alt={t("review.proofs.receiptAlt", { number: order.number })}
                        loading={index === 0 ? "eager" : "lazy"}
                        className="max-h-[36rem] w-auto max-w-full rounded-lg border border-slate-700 bg-slate-950 object-contain"
                        data-testid="receipt-image"
                      />
                    </a>
                  ) : null}
                  {proof.receiptUrl && proof.fileType === "application/pdf" ? (
                    <div className="mt-3">
                      <object
                        data={proof.receiptUrl}
                        type="application/pdf"
                        className="h-[36rem] w-full rounded-lg border border-slate-700"
                        data-testid="receipt-pdf"
                      >
                        <a href={proof.receiptUrl} target="_blank" rel="noreferrer" className="text-cyan-300 underline">
                          {t("review.proofs.openPdf")}
                        </a>
                      </object>
                      <a
                        href={proof.receiptUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="mt-2 inline-block text-sm text-cyan-300 underline"
                      >
                        {t("review.proofs.openPdf")}
                      </a>
                    </div>
                  ) : null}
                  {!proof.receiptUrl ? <p className="mt-2 text-xs text-slate-400">{t("review.proofs.noFile")}</p> : null}
                </li>
              ))}
            </ol>
          </section>

          <AutomaticSteps orderId={order.id} steps={loaderData.automatic} cardClass={cardClass} />

          <section className={cardClass} aria-labelledby="history-heading">
            <h2 id="history-heading" className="text-lg font-bold">
              {t("review.history.title")}
            </h2>
            <ol className="mt-3 flex flex-col gap-3" data-testid="order-history">
              {order.history.map((line) => (
                <li key={line.id} className="border-l-2 border-cyan-500/50 pl-3 text-sm">
                  <p className="font-semibold text-slate-100">
                    {t("review.history.move", { from: statusText(line.from), to: statusText(line.to) })}
                  </p>
                  <p className="text-slate-400">
                    {t("review.history.by", { who: who(line.actorUserId), when: format.dateTime(line.createdAt) })}
                  </p>
                  {line.reason ? <p className="text-slate-300">{t("review.history.reason", { reason: line.reason })}</p> : null}
                </li>
              ))}
            </ol>
          </section>
        </div>

        <aside className="flex flex-col gap-4 lg:sticky lg:top-20 lg:self-start" aria-labelledby="actions-heading">
          <div className={cardClass}>
            <h2 id="actions-heading" className="text-lg font-bold">
              {t("review.actions.title")}
            </h2>
            {allowed.length === 0 ? (
              <p className="mt-3 text-sm text-slate-400" data-testid="no-actions">
                {t("review.actions.none")}
              </p>
            ) : null}

            {allowed.includes("approve") ? (
              <DecisionForm formRef={approveForm} intent="approve" shortcut="a" busy={busy} colors="bg-emerald-500 hover:bg-emerald-400">
                {t("review.actions.approve")}
              </DecisionForm>
            ) : null}

            {canApproveAndDeliver(order.kind, order.status) ? (
              <Form method="post" className="mt-4 border-t border-slate-800 pt-4" data-testid="approve-deliver-form">
                <input type="hidden" name="intent" value="approve_deliver" />
                <ProviderReferenceField
                  typed={refusal?.intent === "approve_deliver" ? refusal : undefined}
                  hintId="approve-deliver-hint"
                  hint={t("review.actions.approveDeliverHint")}
                  testId="approve-deliver-reference"
                />
                <button
                  type="submit"
                  disabled={busy}
                  className="w-full rounded-lg bg-gradient-to-r from-cyan-500 to-purple-500 px-4 py-3 text-left font-semibold text-slate-950 hover:brightness-110 disabled:opacity-60"
                  data-testid="approve_deliver"
                >
                  {t("review.actions.approveDeliver")}
                </button>
              </Form>
            ) : null}

            {allowed.includes("fulfil") ? (
              <DecisionForm
                formRef={fulfilForm}
                intent="fulfil"
                shortcut="f"
                busy={busy}
                colors="bg-gradient-to-r from-cyan-500 to-purple-500 hover:brightness-110"
                extra={
                  <ProviderReferenceField
                    typed={refusal?.intent === "fulfil" ? refusal : undefined}
                    hintId="provider-reference-hint"
                    hint={t("review.deliver.providerReferenceHint", { max: PROVIDER_REFERENCE_MAX })}
                    testId="provider-reference-input"
                  />
                }
              >
                {t("review.actions.fulfil")}
              </DecisionForm>
            ) : null}

            {/* Refunds and cancellations have pages of their own (StaffOrderLinks): they need more care than a keystroke. */}
            {(["reject"] as const)
              .filter((decision) => allowed.includes(decision))
              .map((decision) => (
                <ReasonForm
                  key={decision}
                  decision={decision}
                  fieldRef={decision === "reject" ? reasonField : undefined}
                  busy={busy}
                  typedReason={refusal?.intent === decision ? refusal.reason : ""}
                  invalid={refusal?.intent === decision && refusal.field === "reason"}
                />
              ))}
          </div>

          {allowed.length > 0 ? (
            <div className="rounded-xl border border-slate-800 p-4 text-xs text-slate-400" data-testid="shortcut-hints">
              <p className="font-semibold text-slate-300">{t("review.shortcuts.title")}</p>
              <ul className="mt-2 flex flex-col gap-1.5">
                {allowed.includes("approve") ? (
                  <li>
                    <kbd className={kbdClass}>A</kbd> {t("review.shortcuts.approve")}
                  </li>
                ) : null}
                {allowed.includes("reject") ? (
                  <li>
                    <kbd className={kbdClass}>R</kbd> {t("review.shortcuts.reject")}
                  </li>
                ) : null}
                {allowed.includes("fulfil") ? (
                  <li>
                    <kbd className={kbdClass}>F</kbd> {t("review.shortcuts.fulfil")}
                  </li>
                ) : null}
              </ul>
              <p className="mt-2">{t("review.shortcuts.note")}</p>
            </div>
          ) : null}
          <StaffOrderLinks orderId={order.id} status={order.status} />
        </aside>
      </div>
    </section>
  );
}

/** The provider's reference typed at delivery (fulfil, or approve and deliver), with what was typed back after a refusal. */
function ProviderReferenceField(props: {
  typed: { providerReference?: string; field?: string } | undefined;
  hintId: string;
  hint: string;
  testId: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <label className="mb-2 flex flex-col gap-1 text-sm font-semibold">
      {t("review.deliver.providerReferenceLabel")}
      <input
        name="providerReference"
        maxLength={PROVIDER_REFERENCE_MAX}
        autoComplete="off"
        defaultValue={props.typed?.providerReference ?? ""}
        aria-invalid={props.typed?.field === "providerReference" || undefined}
        aria-describedby={props.hintId}
        className={fieldClass}
        data-testid={props.testId}
      />
      <span id={props.hintId} className="text-xs font-normal text-slate-400">
        {props.hint}
      </span>
    </label>
  );
}
