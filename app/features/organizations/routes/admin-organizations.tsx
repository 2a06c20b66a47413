import { Form } from "react-router";
import { emailSchema } from "~/domain/email";
import { formatDate, formatMoney } from "~/domain/format";
import { ActionNotice, PageTitle, cardClass, primaryButton, secondaryButton } from "~/features/admin/components/admin-ui";
import { staffContext } from "~/features/admin/context.server";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, readForm } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { BAN_REASON_MAX, REVOKE_REASON_MAX } from "../core/rules";
import {
  OrganizationError,
  banOrganization,
  grantOrganizer,
  liftOrganizationBan,
  moveOrgTournament,
  reinstateOrganizing,
  revokeOrganizer,
  revokeOrganizing,
  staffOverview,
} from "../organizations.server";
import type { Route } from "./+types/admin-organizations";
import {
  PrizePoolError,
  poolCommissionPercent,
  poolsForStaff,
  setPoolCommission,
  setPoolFrozen,
} from "~/features/wallet/prize-pools.server";
import { POOL_COMMISSION_MAX, parseCommission } from "~/features/wallet/core/prize-pools";
import { parseNote } from "~/features/wallet/core/staff-forms";

/**
 * Platform staff's side of organizations (docs/organizations.md): approve or send back the paid tournaments
 * waiting for approval, unpublish, ban an organization (or lift it), revoke or reinstate its right to
 * run tournaments, approve an organizer (or take it back), set the prize pools' commission.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { messages, language } = await staffContext(request, ["organizations"]);
  const [overview, pools, commissionPercent] = await Promise.all([staffOverview(db()), poolsForStaff(db()), poolCommissionPercent(db())]);
  const money = (amount: number, currency: "USD" | "VES") => formatMoney({ amount, currency }, language);
  return {
    // Organizations' prize pools: what each holds and whether staff froze it (no payout while frozen).
    pools: pools.map((row) => ({
      id: row.id,
      title: row.title,
      organization: row.organization,
      funding: row.pool.funding,
      held: (["USD", "VES"] as const)
        .filter((currency) => row.pool.balances[currency] > 0 || currency === (row.pool.target?.currency ?? "USD"))
        .map((currency) => money(row.pool.balances[currency], currency))
        .join(" + "),
      frozen: row.pool.frozen,
    })),
    pending: overview.pending.map((tournament) => ({
      id: tournament.id,
      title: tournament.title,
      date: formatDate(tournament.date, language),
      fee: formatMoney({ amount: tournament.feeAmount, currency: tournament.feeCurrency === "VES" ? "VES" : "USD" }, language),
      organization: tournament.organization,
      slug: tournament.slug,
    })),
    organizations: overview.organizations.map((organization) => ({
      id: organization.id,
      slug: organization.slug,
      name: organization.name,
      banned: organization.bannedAt !== null,
      bannedReason: organization.bannedReason,
      revoked: organization.revokedAt !== null,
      revokedReason: organization.revokedReason,
    })),
    organizers: overview.organizers,
    commissionPercent,
    messages,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const fields = formFields(await readForm(request));
  try {
    switch (fields.intent) {
      case "approve":
      case "send-back":
        await moveOrgTournament(db(), {
          actorId: staff.id,
          tournamentId: fields.tournamentId ?? "",
          to: fields.intent === "approve" ? "published" : "draft",
          mover: "platform",
        });
        return succeed({ done: fields.intent });
      case "ban": {
        const reason = (fields.reason ?? "").trim();
        if (!reason || [...reason].length > BAN_REASON_MAX) return fail("BAN_REASON_REQUIRED", 400, { field: "reason" });
        await banOrganization(db(), staff.id, fields.organizationId ?? "", reason);
        return succeed({ done: "ban" });
      }
      case "freeze-pool":
      case "unfreeze-pool": {
        const reason = parseNote(fields.reason, "BAD_REASON", "reason");
        if (!reason.ok) return fail(reason.code, 400, { field: "reason" });
        await setPoolFrozen(db(), {
          staffId: staff.id,
          tournamentId: fields.tournamentId ?? "",
          frozen: fields.intent === "freeze-pool",
          reason: reason.text,
        });
        return succeed({ done: fields.intent });
      }
      case "revoke": {
        const reason = (fields.reason ?? "").trim();
        if (!reason || [...reason].length > REVOKE_REASON_MAX) return fail("REVOKE_REASON_REQUIRED", 400, { field: "reason" });
        await revokeOrganizing(db(), staff.id, fields.organizationId ?? "", reason);
        return succeed({ done: "revoke" });
      }
      case "reinstate":
        await reinstateOrganizing(db(), staff.id, fields.organizationId ?? "");
        return succeed({ done: "reinstate" });
      case "organizer-revoke": {
        const email = emailSchema.safeParse(fields.email ?? "");
        if (!email.success) return fail("EMAIL_INVALID", 400, { field: "email" });
        const reason = (fields.reason ?? "").trim();
        if (!reason || [...reason].length > REVOKE_REASON_MAX) return fail("REVOKE_REASON_REQUIRED", 400, { field: "reason" });
        await revokeOrganizer(db(), staff.id, email.data, reason);
        return succeed({ done: "organizerRevoked" });
      }
      case "commission": {
        const parsed = parseCommission(fields.percent);
        if (!parsed.ok) return fail(parsed.code, 400, { field: "percent" });
        await setPoolCommission(db(), staff.id, parsed.percent);
        return succeed({ done: "commission" });
      }
      case "unban":
        await liftOrganizationBan(db(), staff.id, fields.organizationId ?? "");
        return succeed({ done: "unban" });
      case "organizer": {
        const email = emailSchema.safeParse(fields.email ?? "");
        if (!email.success) return fail("EMAIL_INVALID", 400, { field: "email" });
        await grantOrganizer(db(), staff.id, email.data);
        return succeed({ done: "organizer" });
      }
      default:
        return fail("UNKNOWN_INTENT");
    }
  } catch (error) {
    if (error instanceof OrganizationError || error instanceof PrizePoolError)
      return fail(error.code, error.code === "NOT_FOUND" ? 404 : 409);
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "organizations", "admin.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function AdminOrganizationsPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("organizations");
  const done = actionData?.ok ? t(`admin.done.${(actionData as { done: string }).done}`) : undefined;
  const refusal = actionData && !actionData.ok ? (actionData as { code: string }) : null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8" data-testid="admin-organizations">
      <PageTitle title={t("admin.title")} subtitle={t("admin.subtitle")} />
      <ActionNotice done={done} error={refusal ? t(`errors.${refusal.code}`, { defaultValue: t("errors.UNKNOWN") }) : undefined} />
      <h2 className="mt-6 text-xl font-bold">{t("admin.pending")}</h2>
      {loaderData.pending.length === 0 ? <p className="mt-2 text-slate-400">{t("admin.noPending")}</p> : null}
      <ul className="mt-3 flex flex-col gap-3">
        {loaderData.pending.map((tournament) => (
          <li key={tournament.id} className={cardClass} data-testid="admin-pending-tournament">
            <p className="font-bold break-words">{tournament.title}</p>
            <p className="flex flex-wrap gap-x-3 text-sm text-slate-300">
              <a href={`/organizations/${tournament.slug}`} className="text-cyan-300 underline">
                {tournament.organization}
              </a>
              <span>{tournament.date}</span>
              <span>{tournament.fee}</span>
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="tournamentId" value={tournament.id} />
                <button type="submit" className={primaryButton} data-testid="admin-approve">
                  {t("admin.approve")}
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="send-back" />
                <input type="hidden" name="tournamentId" value={tournament.id} />
                <button type="submit" className={secondaryButton}>
                  {t("admin.sendBack")}
                </button>
              </Form>
              <a href={`/admin/tournaments/${tournament.id}`} className={secondaryButton}>
                {t("admin.open")}
              </a>
            </div>
          </li>
        ))}
      </ul>
      <h2 className="mt-10 text-xl font-bold">{t("admin.pools")}</h2>
      {loaderData.pools.length === 0 ? <p className="mt-2 text-slate-400">{t("admin.noPools")}</p> : null}
      <ul className="mt-3 flex flex-col gap-3">
        {loaderData.pools.map((pool) => (
          <li key={pool.id} className={cardClass} data-testid="admin-pool">
            <p className="font-bold break-words">{pool.title}</p>
            <p className="flex flex-wrap gap-x-3 text-sm text-slate-300">
              <span>{pool.organization}</span>
              <span>{t(`admin.funding.${pool.funding}`)}</span>
              <span data-testid="admin-pool-held">{t("admin.poolHolds", { amount: pool.held })}</span>
            </p>
            {pool.frozen ? (
              <p className="text-sm text-amber-200" data-testid="admin-pool-frozen">
                {t("admin.poolFrozen", { reason: pool.frozen.reason })}
              </p>
            ) : null}
            <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value={pool.frozen ? "unfreeze-pool" : "freeze-pool"} />
              <input type="hidden" name="tournamentId" value={pool.id} />
              <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-semibold">
                {t("admin.poolReason")}
                <input
                  name="reason"
                  required
                  maxLength={300}
                  className="w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm text-slate-100"
                  data-testid="admin-pool-reason"
                />
              </label>
              <button type="submit" className={secondaryButton} data-testid="admin-pool-freeze">
                {t(pool.frozen ? "admin.unfreezePool" : "admin.freezePool")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" className={`${cardClass} mt-4 flex flex-col gap-2`} data-testid="admin-commission">
        <input type="hidden" name="intent" value="commission" />
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("admin.commission")}
          <input
            name="percent"
            inputMode="numeric"
            required
            min={0}
            max={POOL_COMMISSION_MAX}
            defaultValue={String(loaderData.commissionPercent)}
            aria-invalid={refusal?.code === "COMMISSION_INVALID" || undefined}
            className="w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm text-slate-100"
            data-testid="admin-commission-percent"
          />
        </label>
        <p className="text-xs text-slate-400">{t("admin.commissionExplain", { max: POOL_COMMISSION_MAX })}</p>
        <button type="submit" className={secondaryButton} data-testid="admin-commission-save">
          {t("admin.commissionSave")}
        </button>
      </Form>
      <h2 className="mt-10 text-xl font-bold">{t("admin.organizations")}</h2>
      <ul className="mt-3 flex flex-col gap-3">
        {loaderData.organizations.map((organization) => (
          <li key={organization.id} className={cardClass} data-testid="admin-organization">
            <a href={`/organizations/${organization.slug}`} className="font-bold break-words text-cyan-300 underline">
              {organization.name}
            </a>
            <ReasonedMeasure
              organizationId={organization.id}
              active={organization.revoked}
              activeText={t("admin.revokedBecause", { reason: organization.revokedReason ?? "" })}
              undo={{ intent: "reinstate", label: t("admin.reinstate"), testId: "admin-reinstate" }}
              apply={{
                intent: "revoke",
                open: t("admin.revoke"),
                reason: t("admin.revokeReason"),
                maxLength: REVOKE_REASON_MAX,
                explain: t("admin.revokeExplain"),
                confirm: t("admin.revokeConfirm"),
                testId: "admin-revoke",
              }}
              tone="text-amber-200"
              testId="admin-organization-revoked"
            />
            <ReasonedMeasure
              organizationId={organization.id}
              active={organization.banned}
              activeText={t("admin.bannedBecause", { reason: organization.bannedReason ?? "" })}
              undo={{ intent: "unban", label: t("admin.unban") }}
              apply={{
                intent: "ban",
                open: t("admin.ban"),
                reason: t("admin.banReason"),
                maxLength: BAN_REASON_MAX,
                explain: t("admin.banExplain"),
                confirm: t("admin.banConfirm"),
                testId: "admin-ban",
              }}
              tone="text-rose-200"
            />
          </li>
        ))}
      </ul>
      <h2 className="mt-10 text-xl font-bold">{t("admin.organizer")}</h2>
      <p className="mt-1 text-sm text-slate-400">{t("admin.organizerExplain")}</p>
      <Form method="post" className="mt-3 flex flex-col gap-2">
        <input type="hidden" name="intent" value="organizer" />
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("admin.organizerEmail")}
          <input
            name="email"
            type="email"
            required
            className="w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm text-slate-100"
          />
        </label>
        <button type="submit" className={secondaryButton}>
          {t("admin.organizerGrant")}
        </button>
      </Form>
      {loaderData.organizers.length > 0 ? (
        <>
          <h3 className="mt-6 font-bold">{t("admin.organizers")}</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {loaderData.organizers.map((organizer) => (
              <li key={organizer.userId} className={cardClass} data-testid="admin-organizer">
                <p className="font-semibold break-all">{organizer.email}</p>
                <details className="mt-1">
                  <summary className="cursor-pointer py-1 text-sm font-semibold text-amber-200">{t("admin.organizerRevoke")}</summary>
                  <Form method="post" className="mt-2 flex flex-col gap-2">
                    <input type="hidden" name="intent" value="organizer-revoke" />
                    <input type="hidden" name="email" value={organizer.email} />
                    <label className="flex flex-col gap-1 text-sm font-semibold">
                      {t("admin.revokeReason")}
                      <textarea
                        name="reason"
                        rows={2}
                        required
                        maxLength={REVOKE_REASON_MAX}
                        className="w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm text-slate-100"
                      />
                    </label>
                    <button type="submit" className={secondaryButton}>
                      {t("admin.organizerRevokeConfirm")}
                    </button>
                  </Form>
                </details>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * A measure staff take on an organization with a reason (revoke its right to run tournaments, ban it):
 * while it stands, the reason and the button that lifts it; otherwise a folded form that asks why.
 */
function ReasonedMeasure({
  organizationId,
  active,
  activeText,
  undo,
  apply,
  tone,
  testId,
}: {
  organizationId: string;
  active: boolean;
  activeText: string;
  undo: { intent: string; label: string; testId?: string };
  apply: { intent: string; open: string; reason: string; maxLength: number; explain: string; confirm: string; testId: string };
  tone: string;
  testId?: string;
}) {
  if (active)
    return (
      <>
        <p className={`text-sm ${tone}`} data-testid={testId}>
          {activeText}
        </p>
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value={undo.intent} />
          <input type="hidden" name="organizationId" value={organizationId} />
          <button type="submit" className={secondaryButton} data-testid={undo.testId}>
            {undo.label}
          </button>
        </Form>
      </>
    );
  return (
    <details className="mt-2">
      <summary className={`cursor-pointer py-1 text-sm font-semibold ${tone}`}>{apply.open}</summary>
      <Form method="post" className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="intent" value={apply.intent} />
        <input type="hidden" name="organizationId" value={organizationId} />
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {apply.reason}
          <textarea
            name="reason"
            rows={2}
            required
            maxLength={apply.maxLength}
            className="w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm text-slate-100"
            data-testid={`${apply.testId}-reason`}
          />
        </label>
        <p className="text-xs text-slate-400">{apply.explain}</p>
        <button type="submit" className={secondaryButton} data-testid={apply.testId}>
          {apply.confirm}
        </button>
      </Form>
    </details>
  );
}
