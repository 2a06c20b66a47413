import { randomUUID } from "node:crypto";
import { useTranslation } from "~/lib/i18n-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { fail, fieldErrorsOfAnswer, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { notFoundIfNullish, readForm } from "~/lib/http.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { AnswerNotice, PageTitle, cardClass, primaryButton, secondaryButton } from "../components/admin-ui";
import { TournamentFields } from "../components/tournament-fields";
import { languageFromCookieHeader } from "~/domain/language";
import { loadMessages } from "~/lib/messages.server";
import { publishTarget } from "~/features/organizations/core/rules";
import { OrganizationError, moveOrgTournament } from "~/features/organizations/organizations.server";
import { requireTournamentOperator } from "~/features/organizations/operator.server";
import { minorUnitsText } from "../core/money-input";
import { canMoveTournament, localDateTimeText, type TournamentStatus } from "../core/tournament-form";
import { readTournamentForm } from "../tournament-actions.server";
import {
  TournamentAdminError,
  cancelTournament,
  duplicateTournament,
  findTournamentForStaff,
  refundsDueFor,
  setTournamentStatus,
  updateTournament,
} from "../tournaments-admin.server";
import { mailWaitlistAfterCommit } from "~/features/tournaments/waitlist.server";
import { REASON_MAX } from "~/features/orders/core/decisions";
import { formatMoney } from "~/domain/format";
import { isLanguage } from "~/domain/language";
import type { Route } from "./+types/tournament-edit";
import { eventTeamSize } from "~/domain/games";
import { findCompetition } from "~/features/competition/competition-reads.server";
import { eventStagesOf } from "~/features/competition/bracket-page.server";
import { prizesPaid } from "~/features/wallet/wallet.server";
import { canMoveOrgTournament } from "~/features/organizations/core/rules";
import { PoolBox } from "~/features/wallet/components/pool-box";
import { PAYMENT_METHOD_IDS, currencyFor } from "~/domain/payment-methods";
import { parsePlusPurchase } from "~/features/plus/plus-schemas";
import { parseNote } from "~/features/wallet/core/staff-forms";
import { currentExchangeRate } from "~/features/orders/exchange-rate.server";
import { parseIdempotencyKey } from "~/features/orders/core/idempotency";
import { OrderKeyReusedError, withinOrderLimit } from "~/features/orders/orders.server";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import {
  PrizePoolError,
  createPoolDeposit,
  poolCommissionPercent,
  poolDeposits,
  poolView,
  setPoolFrozen,
} from "~/features/wallet/prize-pools.server";

/**
 * Mounted twice (app/routes.ts): /admin/tournaments/:id for platform staff, and
 * /organizations/:slug/manage/tournaments/:id for the organization's owner and admins (docs/organizations.md),
 * who save, publish and unpublish through the organization's moves table (a paid tournament waits
 * for platform staff), and cancel with a confirmation (paid orders refunded to the buyers' wallets,
 * docs/organizations.md "Cancelling"); they do not duplicate.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const operator = await requireTournamentOperator(request, params, "edit_tournament");
  // The badges' names are the landing page's (TournamentFields).
  const messages = loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["admin", "landing"]);
  const tournament = notFoundIfNullish(await findTournamentForStaff(db(), operator.tournamentId));
  const [run, pool, deposits] = await Promise.all([
    findCompetition(db(), tournament.id),
    poolView(db(), tournament),
    tournament.prizeFunding === "organizer" ? poolDeposits(db(), tournament.id) : Promise.resolve([]),
  ]);
  const done = new URL(request.url).searchParams.get("done");
  return {
    base: operator.base,
    /** Platform staff, or the organization (its moves table, no cancel or duplicate). */
    mover: operator.mover,
    organization: operator.organization ? { name: operator.organization.name } : null,
    tournament: {
      id: tournament.id,
      status: tournament.status,
      feeAmount: tournament.feeAmount,
      confirmed: tournament.confirmed,
      live: tournament.live,
      values: {
        title: tournament.title,
        game: tournament.game,
        date: tournament.date,
        startTime: tournament.startTime ?? "",
        registrationOpensAt: localDateTimeText(tournament.registrationOpensAt),
        registrationClosesAt: localDateTimeText(tournament.registrationClosesAt),
        capacity: String(tournament.capacity),
        feeKind: tournament.feeAmount === 0 ? "free" : tournament.feeCurrency,
        fee: tournament.feeAmount === 0 ? "" : minorUnitsText(tournament.feeAmount),
        prize: tournament.prize,
        prizeSplit: tournament.prizeSplit.join(", "),
        rules: tournament.rules,
        format: run?.settings?.format ?? (tournament.format === "battle_royale_points" ? "battle_royale" : tournament.format),
        thirdPlace: run?.settings?.thirdPlace ?? "shared",
        teamSize: String(eventTeamSize(tournament)),
        substitutes: String(tournament.substitutes),
        checkInOpensMinutes: String(run?.settings?.checkInOpensMinutes ?? 60),
        checkInClosesMinutes: String(run?.settings?.checkInClosesMinutes ?? 15),
        started: Boolean(run?.settings?.startedAt),
        badges: tournament.badges,
        image: tournament.image,
        discordWebhookUrl: tournament.discordWebhookUrl ?? "",
        plusOnly: tournament.plusOnly,
        prizeFunding: tournament.prizeFunding,
      },
    },
    commissionPercent: await poolCommissionPercent(db()),
    depositKey: randomUUID(),
    /** The prize pool: what it holds, the deposit still owed (organizer-funded) and the staff's freeze. */
    pool,
    depositInProgress: deposits.find((order) => order.status === "initiated" || order.status === "proof_submitted") ?? null,
    depositMethods: pool?.target ? PAYMENT_METHOD_IDS.filter((method) => currencyFor(method) === pool.target!.currency) : [],
    done: done === "created" || done === "duplicated" ? done : null,
    // A cancelled tournament keeps its refunds to make in view until each is done.
    refunds: tournament.status === "cancelled" ? await refundsDueFor(db(), tournament.id) : [],
    // An organization may cancel along its moves table until the event has finished (docs/organizations.md).
    mayCancel:
      operator.mover === "platform"
        ? canMoveTournament(tournament.status, "cancelled")
        : canMoveOrgTournament(tournament.status, "cancelled", "organization") && !(await eventFinished(tournament.id)),
    messages,
  };
}

/** Whether the event reached its end: a champion, or prizes already in wallets. */
async function eventFinished(tournamentId: string): Promise<boolean> {
  if (await prizesPaid(db(), tournamentId)) return true;
  return (await eventStagesOf(db(), [tournamentId])).get(tournamentId)?.stage === "finished";
}

/** The organization's cancel form: a reason and the box "I understand", both required (the confirmation step). */
async function cancelAsOrganization(actorId: string, id: string, form: FormData) {
  const reason = String(form.get("reason") ?? "").trim();
  if (!reason) return fail("CANCEL_REASON_REQUIRED", 400, { field: "reason" });
  if ([...reason].length > REASON_MAX) return fail("CANCEL_REASON_TOO_LONG", 400, { field: "reason" });
  if (form.get("confirm") !== "yes") return fail("CANCEL_NOT_CONFIRMED", 400, { field: "confirm" });
  const cancelled = await cancelTournament(db(), actorId, id, reason, { mover: "organization", finished: await eventFinished(id) });
  return succeed({
    intent: "cancel",
    cancelSummary: {
      released: cancelled.released,
      cancelledOrders: cancelled.cancelledOrders.length,
      walletRefunds: cancelled.walletRefunds.length,
      refundsDue: cancelled.refunds.length,
    },
  });
}

const MOVES: Record<string, TournamentStatus> = { publish: "published", unpublish: "draft", cancel: "cancelled" };

export async function action({ request, params }: Route.ActionArgs) {
  const operator = await requireTournamentOperator(request, params, "edit_tournament");
  const staff = operator.user;
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = operator.tournamentId;
  try {
    if (intent === "deposit") return await depositPrize(request, form, operator.user, id);
    if ((intent === "freeze" || intent === "unfreeze") && operator.mover === "platform") {
      const reason = parseNote(form.get("reason"), "BAD_REASON", "reason");
      if (!reason.ok) return fail(reason.code, 400, { field: "reason" });
      await setPoolFrozen(db(), { staffId: staff.id, tournamentId: id, frozen: intent === "freeze", reason: reason.text });
      return succeed({ intent });
    }
    if (intent === "save") {
      const current = notFoundIfNullish(await findTournamentForStaff(db(), id));
      const read = await readTournamentForm(form, current.confirmed);
      if (!read.ok) return fail(read.code, 400, { field: read.field, errors: read.errors });
      // An organization cannot turn a published free event into a paid one without platform staff's approval.
      if (operator.mover === "organization" && current.status === "published" && current.feeAmount === 0 && read.values.feeAmount > 0)
        return fail("PAID_NEEDS_APPROVAL", 409, { field: "fee" });
      await updateTournament(db(), staff.id, id, { ...read.values, ...(read.image ? { image: read.image } : {}) }, read.event);
      // Committed: if it made room, the waiting list hears now.
      await mailWaitlistAfterCommit(db());
      return succeed({ intent });
    }
    if (operator.mover === "organization") {
      // The organization's own moves (features/organizations/core/rules.ts): publish sends a paid one to approval.
      const current = notFoundIfNullish(await findTournamentForStaff(db(), id));
      if (intent === "publish" || intent === "unpublish") {
        await moveOrgTournament(db(), {
          actorId: staff.id,
          tournamentId: id,
          to: intent === "publish" ? publishTarget(current.feeAmount) : "draft",
          mover: "organization",
        });
        return succeed({ intent });
      }
      if (intent === "cancel") return await cancelAsOrganization(staff.id, id, form);
      return fail("UNKNOWN_INTENT");
    }
    if (intent === "duplicate") {
      const copy = await duplicateTournament(db(), staff.id, id);
      return redirect(`/admin/tournaments/${copy.id}?done=duplicated`);
    }
    if (intent === "cancel") {
      const reason = String(form.get("reason") ?? "").trim() || null;
      if (reason && [...reason].length > REASON_MAX) return fail("CANCEL_REASON_TOO_LONG", 400, { field: "reason" });
      const cancelled = await cancelTournament(db(), staff.id, id, reason);
      return succeed({ intent, cancelSummary: { released: cancelled.released, cancelledOrders: cancelled.cancelledOrders.length } });
    }
    if (typeof intent === "string" && MOVES[intent]) {
      await setTournamentStatus(db(), staff.id, id, MOVES[intent]!);
      return succeed({ intent });
    }
  } catch (error) {
    if (error instanceof PrizePoolError) return fail(error.code, error.code === "NOT_FOUND" ? 404 : 409);
    if (error instanceof OrganizationError) return fail(error.code, error.code === "NOT_FOUND" ? 404 : 409);
    if (error instanceof TournamentAdminError)
      return fail(error.code, error.code === "NOT_FOUND" ? 404 : error.code === "CANCEL_REASON_REQUIRED" ? 400 : 409, {
        field: error.code === "CANCEL_REASON_REQUIRED" ? "reason" : undefined,
      });
    throw error;
  }
  return fail("UNKNOWN_INTENT");
}

/**
 * The organizer pays the prize into the tournament's pool: an order of kind `prize_pool` for what is
 * still missing, priced on the server, paid by the usual methods (or the wallet) on the order's page.
 */
async function depositPrize(request: Request, form: FormData, user: { id: string; email: string }, id: string) {
  const fields = Object.fromEntries([...form].map(([name, value]) => [name, typeof value === "string" ? value : ""]));
  const purchase = parsePlusPurchase(fields);
  if (!purchase.ok) return fail(purchase.code, 400, { field: purchase.field });
  const formKey = parseIdempotencyKey(form.get("idempotencyKey"));
  const idempotencyKey = formKey ? `prize-pool:${id}:${formKey}` : null;
  if (!(await withinOrderLimit(db(), "orderCreation", user.id, idempotencyKey))) return fail("RATE_LIMITED", 429);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const { t } = createI18n(language, loadMessages(language, ["admin"]));
  try {
    const order = await createPoolDeposit(db(), {
      userId: user.id,
      email: user.email,
      phone: purchase.phone,
      tournamentId: id,
      method: purchase.method,
      exchangeRate: await currentExchangeRate(db()),
      expiresAt: new Date(Date.now() + env().ORDER_EXPIRY_MINUTES * 60_000),
      label: t("admin:tournaments.pool.orderLabel"),
      idempotencyKey,
    });
    return redirect(`/orders/${order.id}/pay/${purchase.method}`);
  } catch (error) {
    if (error instanceof OrderKeyReusedError) return fail(error.code, 409);
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "tournaments.editTitle")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function EditTournamentPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("admin");
  const busy = useNavigation().state === "submitting";
  const { tournament, done, refunds, base, mover, mayCancel } = loaderData;
  const organization = mover === "organization";
  // The organization's publish goes to approval when the event is paid; staff's table otherwise.
  const mayMove = (intent: "publish" | "unpublish") =>
    organization
      ? intent === "publish"
        ? tournament.status === "draft"
        : tournament.status === "published" || tournament.status === "pending"
      : canMoveTournament(tournament.status, MOVES[intent]!);
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  // A refusal after "?done=created" is shown, not hidden behind the creation's notice.
  const doneText = actionData
    ? actionData.ok
      ? t(`tournaments.done.${actionData.intent}`)
      : undefined
    : done
      ? t(`tournaments.done.${done}`)
      : undefined;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8" data-testid="admin-tournament-edit">
      <PageTitle
        title={t("tournaments.editTitle")}
        subtitle={[loaderData.organization?.name, t(`tournaments.statuses.${tournament.status}`, { defaultValue: tournament.status })]
          .filter(Boolean)
          .join(" · ")}
      />
      {doneText ? <AnswerNotice answer={{ ok: true }} done={doneText} /> : <AnswerNotice answer={actionData} />}
      {actionData?.ok && "cancelSummary" in actionData ? (
        <p className="mb-4 text-sm text-slate-300" data-testid="cancel-summary">
          {t("tournaments.cancel.summary", {
            count: (actionData.cancelSummary as { released: number }).released,
            orders: (actionData.cancelSummary as { cancelledOrders: number }).cancelledOrders,
          })}
          {organization
            ? ` ${t("tournaments.cancel.walletSummary", { count: (actionData.cancelSummary as { walletRefunds: number }).walletRefunds })}`
            : null}
        </p>
      ) : null}
      {refunds.length > 0 ? (
        <section className="mb-4 rounded-xl border border-amber-500/50 bg-amber-500/10 p-4" data-testid="refunds-due">
          <h2 className="font-bold text-amber-100">{t("tournaments.cancel.refundsTitle", { count: refunds.length })}</h2>
          <p className="mt-1 text-sm text-amber-100/80">
            {t(organization ? "tournaments.cancel.refundsNoteOrganization" : "tournaments.cancel.refundsNote")}
          </p>
          <ul className="mt-3 flex flex-col gap-2">
            {refunds.map((refund) => (
              <li key={refund.orderId} className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="refund-due">
                <span className="font-semibold">#{refund.number}</span>
                <span className="min-w-0 break-all text-slate-300">{refund.teamName ?? refund.email}</span>
                <span className="font-mono">
                  {formatMoney({ amount: refund.amount, currency: refund.currency === "VES" ? "VES" : "USD" }, language)}
                </span>
                <span className="text-slate-400">{t(`status.${refund.status}`, { defaultValue: refund.status })}</span>
                {organization ? null : refund.status === "proof_submitted" ? (
                  <Link to={`/admin/orders/${refund.orderId}`} className="font-semibold text-cyan-300" data-testid="refund-review">
                    {t("tournaments.cancel.verifyFirst")}
                  </Link>
                ) : (
                  <Link to={`/admin/orders/${refund.orderId}/refund`} className="font-semibold text-cyan-300" data-testid="refund-link">
                    {t("tournaments.cancel.refund")}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {loaderData.pool ? (
        <PoolBox
          pool={loaderData.pool}
          busy={busy}
          staff={!organization}
          depositMethods={loaderData.depositMethods}
          depositInProgress={loaderData.depositInProgress}
          depositKey={loaderData.depositKey}
        />
      ) : null}
      <div className="mb-4 flex flex-wrap gap-2">
        {(["publish", "unpublish"] as const).filter(mayMove).map((intent) => (
          <Form key={intent} method="post">
            <input type="hidden" name="intent" value={intent} />
            <button
              type="submit"
              disabled={busy}
              className={intent === "publish" ? primaryButton : secondaryButton}
              data-testid={`t-${intent}`}
            >
              {t(
                organization && intent === "publish" && tournament.feeAmount > 0
                  ? "tournaments.intents.askApproval"
                  : `tournaments.intents.${intent}`,
              )}
            </button>
          </Form>
        ))}
        {mayCancel ? (
          <details className="w-full rounded-lg border border-rose-500/40 p-3" data-testid="t-cancel-box">
            <summary className="cursor-pointer text-sm font-semibold text-rose-200">{t("tournaments.intents.cancel")}</summary>
            <Form method="post" className="mt-3 flex flex-col gap-2">
              <input type="hidden" name="intent" value="cancel" />
              <label className="flex flex-col gap-1 text-sm font-semibold">
                {t("tournaments.cancel.reason")}
                <textarea
                  name="reason"
                  rows={2}
                  maxLength={REASON_MAX}
                  required={organization || tournament.live > 0}
                  aria-invalid={(actionData && !actionData.ok && actionData.field === "reason") || undefined}
                  className="w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm text-slate-100"
                  data-testid="t-cancel-reason"
                />
              </label>
              <p className="text-xs text-slate-400">
                {t(organization ? "tournaments.cancel.explainOrganization" : "tournaments.cancel.explain", { count: tournament.live })}
              </p>
              {organization ? (
                // The confirmation step: nothing is cancelled until the organizer says they understand.
                <label className="flex min-h-11 items-center gap-3 text-sm">
                  <input
                    type="checkbox"
                    name="confirm"
                    value="yes"
                    required
                    className="h-5 w-5"
                    aria-invalid={(actionData && !actionData.ok && actionData.field === "confirm") || undefined}
                    data-testid="t-cancel-confirm"
                  />
                  {t("tournaments.cancel.understand")}
                </label>
              ) : null}
              <button type="submit" disabled={busy} className={secondaryButton} data-testid="t-cancel">
                {t("tournaments.cancel.confirm")}
              </button>
            </Form>
          </details>
        ) : null}
        {organization ? null : (
          <>
            <Form method="post">
              <input type="hidden" name="intent" value="duplicate" />
              <button type="submit" disabled={busy} className={secondaryButton} data-testid="t-duplicate">
                {t("tournaments.intents.duplicate")}
              </button>
            </Form>
          </>
        )}
        <Link to={`${base}/registrations`} className={secondaryButton} data-testid="registrations-link">
          {t("tournaments.registrations")} ({tournament.live})
        </Link>
        <Link to={`${base}/run`} className={secondaryButton} data-testid="run-link">
          {t("tournaments.run")}
        </Link>
        <Link to={`${base}/streams`} className={secondaryButton} data-testid="streams-link">
          {t("tournaments.streams")}
        </Link>
      </div>
      <Form method="post" encType="multipart/form-data" className={`${cardClass} grid gap-4`}>
        <input type="hidden" name="intent" value="save" />
        <TournamentFields
          values={tournament.values}
          commissionPercent={loaderData.commissionPercent}
          errors={fieldErrorsOfAnswer(actionData)}
        />
        <p className="text-xs text-slate-400">{t("tournaments.confirmedNote", { count: tournament.confirmed })}</p>
        <button type="submit" disabled={busy} className={primaryButton} data-testid="t-save">
          {t("tournaments.save")}
        </button>
      </Form>
    </section>
  );
}
