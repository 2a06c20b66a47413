import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { formatMoney } from "~/domain/format";
import type { Currency } from "~/domain/money";
import { useTranslation } from "~/lib/i18n-react";
import type { PrizePanel } from "./prize-payouts";

type Pool = NonNullable<PrizePanel["pool"]>;

/**
 * The tournament form's prize pool box: what the pool holds, the organizer's deposit (owed before
 * publishing an organizer-funded event) and the staff's freeze, which the organizer sees too.
 */
export function PoolBox({
  pool,
  busy,
  staff,
  depositMethods,
  depositInProgress,
  depositKey,
}: {
  pool: Pool;
  busy: boolean;
  /** Platform staff: they may freeze and unfreeze. */
  staff: boolean;
  depositMethods: string[];
  depositInProgress: { id: string; number: number } | null;
  depositKey: string;
}) {
  const { t, i18n } = useTranslation("admin");
  const language = i18n.language === "en" ? "en" : "es";
  const money = (amount: number, currency: Currency) => formatMoney({ amount, currency }, language);
  const held = (["USD", "VES"] as const)
    .filter((currency) => pool.balances[currency] > 0 || currency === (pool.target?.currency ?? "USD"))
    .map((currency) => money(pool.balances[currency], currency))
    .join(" + ");
  return (
    <section className="mb-4 space-y-3 rounded-xl border border-emerald-500/40 p-4" aria-labelledby="pool-title" data-testid="pool-box">
      <h2 id="pool-title" className="font-bold">
        {t(`tournaments.pool.fundings.${pool.funding}`)}
      </h2>
      <p className="text-sm" data-testid="pool-balance">
        {t("tournaments.pool.holds", { amount: held })}
      </p>
      {pool.frozen ? (
        <p
          className="rounded-lg border border-amber-500/50 bg-amber-500/10 p-2 text-sm text-amber-100"
          role="status"
          data-testid="pool-frozen"
        >
          {t("tournaments.pool.frozen", { reason: pool.frozen.reason })}
        </p>
      ) : null}
      {pool.funding === "organizer" && pool.target ? (
        pool.funded ? (
          <p className="text-sm text-emerald-300" data-testid="pool-funded">
            {t("tournaments.pool.funded", { amount: money(pool.target.amount, pool.target.currency) })}
          </p>
        ) : depositInProgress ? (
          <p className="text-sm" data-testid="pool-deposit-in-progress">
            {t("tournaments.pool.depositInProgress", { number: depositInProgress.number })}{" "}
            <Link to={`/orders/${depositInProgress.id}`} className="font-semibold text-cyan-300 underline">
              {t("tournaments.pool.openDeposit")}
            </Link>
          </p>
        ) : (
          <Form method="post" className="space-y-3" data-testid="pool-deposit-form">
            <p className="text-sm text-slate-300">
              {t("tournaments.pool.depositText", {
                amount: money(pool.target.amount - pool.balances[pool.target.currency], pool.target.currency),
              })}
            </p>
            <input type="hidden" name="intent" value="deposit" />
            <input type="hidden" name="idempotencyKey" value={depositKey} />
            <Field label={t("tournaments.pool.phone")}>
              <Input name="phone" inputMode="tel" autoComplete="tel" required data-testid="pool-phone" />
            </Field>
            <fieldset className="space-y-1 text-sm">
              <legend className="font-semibold">{t("tournaments.pool.method")}</legend>
              {depositMethods.map((method, index) => (
                <label key={method} className="flex min-h-6 items-center gap-2">
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={method}
                    defaultChecked={index === 0}
                    data-testid={`pool-method-${method}`}
                  />
                  {t(`tournaments.pool.methods.${method}`)}
                </label>
              ))}
            </fieldset>
            <Button type="submit" disabled={busy} data-testid="pool-deposit">
              {t("tournaments.pool.deposit")}
            </Button>
          </Form>
        )
      ) : null}
      {pool.funding === "fees" ? (
        <p className="text-sm text-slate-300">{t("tournaments.pool.feesNote", { percent: pool.commissionPercent })}</p>
      ) : null}
      {staff ? (
        <Form method="post" className="flex flex-wrap items-end gap-2" data-testid="pool-freeze-form">
          <input type="hidden" name="intent" value={pool.frozen ? "unfreeze" : "freeze"} />
          <Input
            name="reason"
            required
            maxLength={300}
            aria-label={t("tournaments.pool.reason")}
            placeholder={t("tournaments.pool.reason")}
            className="min-w-0 flex-1"
            data-testid="pool-freeze-reason"
          />
          <Button type="submit" variant="secondary" size="sm" disabled={busy} data-testid="pool-freeze">
            {t(pool.frozen ? "tournaments.pool.unfreeze" : "tournaments.pool.freeze")}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
