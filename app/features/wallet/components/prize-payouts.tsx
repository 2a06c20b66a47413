import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { formatMoney } from "~/domain/format";
import type { Currency } from "~/domain/money";
import { useTranslation } from "~/lib/i18n-react";

export interface PrizePanel {
  paid: boolean;
  teams: boolean;
  /** The tournament's prize pool (organizer- or fee-funded), when its prizes are paid from one. */
  pool: {
    funding: "none" | "organizer" | "fees";
    target: { amount: number; currency: Currency } | null;
    balances: Record<Currency, number>;
    funded: boolean;
    frozen: { frozenAt: string; reason: string } | null;
    commissionPercent: number;
  } | null;
  /** Fee-funded: places of the split no team holds yet (the payout is refused until they do). */
  missingPlaces: number[];
  payouts: Array<{ id: string; name: string; place: number; amount: number; currency: Currency; reversed: boolean }>;
  plan: Array<{ place: number; name: string; text: string; share: number | null; amounts: Array<{ amount: number; currency: Currency }> }>;
}

/** The run page's "Pagar premios": what each placed captain gets, the button, then what was paid (each reversible with a reason). */
export function PrizePayouts({ panel, busy }: { panel: PrizePanel; busy: boolean }) {
  const { t, i18n } = useTranslation("wallet");
  const language = i18n.language === "en" ? "en" : "es";
  const money = (amount: number, currency: Currency) => formatMoney({ amount, currency }, language);
  const pool = panel.pool;
  const held = pool
    ? (["USD", "VES"] as const)
        .filter((currency) => pool.balances[currency] > 0 || currency === (pool.target?.currency ?? "USD"))
        .map((currency) => money(pool.balances[currency], currency))
        .join(" + ")
    : "";
  return (
    <div className="mt-6 space-y-3 rounded-2xl border border-emerald-500/40 bg-arena-panel p-5" data-testid="prize-payouts">
      <h2 className="text-xl font-bold">{t("staff.prizes.title")}</h2>
      <p className="text-sm text-slate-300">{t("staff.prizes.hint")}</p>
      {pool ? (
        <div className="space-y-1 rounded-lg border border-slate-700 p-3 text-sm" data-testid="pool-panel">
          <p className="font-semibold" data-testid="pool-held">
            {t(`pool.held.${pool.funding}`, { amount: held, percent: pool.commissionPercent })}
          </p>
          <p className="text-slate-400">{t(`pool.how.${pool.funding}`)}</p>
          {pool.frozen ? (
            <p className="font-semibold text-amber-300" data-testid="pool-frozen" role="status">
              {t("pool.frozen", { reason: pool.frozen.reason })}
            </p>
          ) : null}
          {panel.missingPlaces.length > 0 && !panel.paid ? (
            <p className="text-amber-200">{t("pool.missingPlaces", { places: panel.missingPlaces.join(", ") })}</p>
          ) : null}
        </div>
      ) : null}
      {panel.paid ? null : (
        <>
          <ul className="space-y-1 text-sm" data-testid="prize-plan">
            {panel.plan.map((row) => (
              <li key={`${row.place}-${row.name}`}>
                {row.amounts.length > 0
                  ? `${row.place}. ${row.name} · ${row.amounts.map((one) => money(one.amount, one.currency)).join(" + ")}${
                      row.share !== null ? ` (${t("pool.share", { percent: row.share })})` : ""
                    }`
                  : row.share !== null
                    ? `${row.place}. ${row.name} · ${t("pool.share", { percent: row.share })}`
                    : t("staff.prizes.notMoney", { place: row.place, text: row.text })}
              </li>
            ))}
          </ul>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="pay-prizes" />
            {panel.teams ? (
              <fieldset className="space-y-1 text-sm" data-testid="prize-receiver">
                <legend className="font-semibold">{t("staff.prizes.receiver")}</legend>
                <label className="flex min-h-6 items-center gap-2">
                  <input type="radio" name="receiver" value="captain" defaultChecked data-testid="prize-receiver-captain" />
                  {t("staff.prizes.toCaptain")}
                </label>
                <label className="flex min-h-6 items-center gap-2">
                  <input type="radio" name="receiver" value="starters" data-testid="prize-receiver-starters" />
                  {t("staff.prizes.toStarters")}
                </label>
              </fieldset>
            ) : null}
            <Button
              type="submit"
              disabled={busy || Boolean(pool?.frozen) || panel.plan.every((row) => row.amounts.length === 0)}
              data-testid="pay-prizes"
            >
              {t("staff.prizes.pay")}
            </Button>
          </Form>
        </>
      )}
      {panel.payouts.length > 0 ? (
        <ul className="space-y-2 text-sm" data-testid="prize-payouts-done">
          {panel.payouts.map((row) => (
            <li key={row.id} className="rounded-lg border border-slate-800 p-2">
              <p>
                {t("staff.prizes.paid", { name: row.name, amount: money(row.amount, row.currency), place: row.place })}
                {row.reversed ? ` · ${t("staff.prizes.reversed")}` : ""}
              </p>
              {row.reversed ? null : (
                <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="reverse-prize" />
                  <input type="hidden" name="payoutId" value={row.id} />
                  <Input
                    name="reason"
                    required
                    maxLength={300}
                    aria-label={t("staff.prizes.reason")}
                    placeholder={t("staff.prizes.reason")}
                    className="min-w-0 flex-1"
                  />
                  <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                    {t("staff.prizes.reverse")}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
