import { desc, eq, lt, sql } from "drizzle-orm";
import { exchangeRates, paymentAccounts, settings, topupPackages } from "~/db/schema";
import { rateInHundredths } from "~/domain/money";
import type { PaymentMethod } from "~/domain/payment-methods";
import { EXCHANGE_RATE_KEY, currentExchangeRateInfo } from "~/features/orders/exchange-rate.server";
import { paymentAccountsView } from "~/features/orders/payment-accounts.server";
import type { Database } from "~/lib/db.server";
import { recordAudit } from "./audit.server";
import type { RateInput } from "./core/exchange-rate";
import { writingShared } from "~/lib/shared-reads.server";

export const RATE_HISTORY_PAGE = 30;

/**
 * Sets a new Bs per USD rate: a history row, the legacy setting, and the Bs price of every
 * package that follows the rate, in one transaction with its audit row. Orders already made
 * keep their amount and the rate they were priced at.
 */
export async function setExchangeRate(db: Database, staffId: string, input: RateInput) {
  const hundredths = rateInHundredths(input.rate);
  return writingShared(["exchange_rates", "settings", "topup_packages"], () =>
    db.transaction(async (tx) => {
      const previous = await currentExchangeRateInfo(tx as unknown as Database).catch(() => null);
      const [row] = await tx
        .insert(exchangeRates)
        .values({ rate: input.rate, effectiveOn: input.effectiveOn, source: input.source, setBy: staffId })
        .returning({ id: exchangeRates.id });
      await tx
        .insert(settings)
        .values({ key: EXCHANGE_RATE_KEY, value: input.rate })
        .onConflictDoUpdate({ target: settings.key, set: { value: input.rate, updatedAt: new Date() } });
      // Same rounding as usdToVes (half away from zero on positive numbers); never below one céntimo.
      const repriced = await tx
        .update(topupPackages)
        .set({ priceBs: sql`greatest(1, round(${topupPackages.priceUsd}::numeric * ${hundredths} / 100))::integer`, updatedAt: new Date() })
        .where(eq(topupPackages.bsFollowsRate, true))
        .returning({ id: topupPackages.id });
      await recordAudit(tx, {
        actorId: staffId,
        action: "exchange_rate.set",
        entity: "exchange_rate",
        entityId: String(row!.id),
        before: previous ? { rate: previous.rate, effectiveOn: previous.effectiveOn } : null,
        after: { ...input, packagesRepriced: repriced.length },
      });
      return { id: row!.id, packagesRepriced: repriced.length };
    }),
  );
}

/** The rate history, newest first (keyset on id). */
export async function listExchangeRates(db: Database, before: number | null = null) {
  return db
    .select({
      id: exchangeRates.id,
      rate: exchangeRates.rate,
      effectiveOn: exchangeRates.effectiveOn,
      source: exchangeRates.source,
      createdAt: exchangeRates.createdAt,
    })
    .from(exchangeRates)
    .where(before ? lt(exchangeRates.id, before) : undefined)
    .orderBy(desc(exchangeRates.id))
    .limit(RATE_HISTORY_PAGE);
}

/** Saves one method's pay-to details and switch, with its audit row (before: what buyers saw until now). */
export async function savePaymentAccount(
  db: Database,
  staffId: string,
  method: PaymentMethod,
  change: { details: Record<string, string>; enabled: boolean },
) {
  await writingShared(["payment_accounts"], () =>
    db.transaction(async (tx) => {
      const before = await paymentAccountsView(tx as unknown as Database);
      await tx
        .insert(paymentAccounts)
        .values({ method, enabled: change.enabled, details: change.details })
        .onConflictDoUpdate({
          target: paymentAccounts.method,
          set: { enabled: change.enabled, details: change.details, updatedAt: new Date() },
        });
      await recordAudit(tx, {
        actorId: staffId,
        action: "payment_account.save",
        entity: "payment_account",
        entityId: method,
        before: { enabled: before.enabled[method], details: before.details[method] },
        after: change,
      });
    }),
  );
}
