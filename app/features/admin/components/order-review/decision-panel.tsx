import type { ReactNode, RefObject } from "react";
import { Form } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { PROVIDER_REFERENCE_MAX, REASON_MAX, canApproveAndDeliver, type Decision } from "~/features/orders/core/decisions";
import type { OrderStatus } from "~/features/orders/core/lifecycle";
import { StaffOrderLinks } from "../staff-order-links";
import { APPROVE_AND_DELIVER } from "../../core/order-review";
import type { ReviewShortcuts } from "./use-review-shortcuts";
import { cardClass, fieldClass, kbdClass } from "./parts";

/** What the last refused decision sent back, so nothing has to be typed twice. */
export interface ReviewRefusal {
  code: string;
  field?: string;
  intent?: string;
  reason?: string;
  providerReference?: string;
}

/** A one-click decision (approve, fulfil) with its keyboard shortcut shown on the button. */
function DecisionForm({
  formRef,
  ...props
}: {
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
    <Form method="post" ref={formRef} className="mt-4">
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

/** A decision that needs a reason the buyer will read (a rejection; refunds and cancellations have their own page). */
function ReasonForm({
  fieldRef,
  ...props
}: {
  decision: Extract<Decision, "reject">;
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
        ref={fieldRef}
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

/**
 * The decisions staff may take on the order in its state (approve, approve and deliver, fulfil,
 * reject), each with its keyboard shortcut, the shortcuts' legend and the links to the other moves.
 */
export function DecisionPanel(props: {
  order: { id: string; kind: string; status: OrderStatus };
  allowed: Decision[];
  busy: boolean;
  refusal: ReviewRefusal | null;
  shortcuts: ReviewShortcuts;
}) {
  const { t } = useTranslation("admin");
  const { order, allowed, busy, refusal } = props;
  const { approveForm, fulfilForm, reasonField } = props.shortcuts;
  return (
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
            <input type="hidden" name="intent" value={APPROVE_AND_DELIVER} />
            <ProviderReferenceField
              typed={refusal?.intent === APPROVE_AND_DELIVER ? refusal : undefined}
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
              typedReason={refusal?.intent === decision ? (refusal.reason ?? "") : ""}
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
  );
}

/** The provider's reference typed at delivery (fulfil, or approve and deliver), with what was typed back after a refusal. */
export function ProviderReferenceField(props: {
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
