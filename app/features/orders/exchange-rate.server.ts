import { desc, eq } from "drizzle-orm";
import { exchangeRates, settings } from "~/db/schema";
import { rateInHundredths } from "~/domain/money";
import type { Database } from "~/lib/db.server";
import { sharedRead } from "~/lib/shared-reads.server";

/** Legacy settings key: still written with every new rate, read when the history is empty (a database seeded before the history existed). */
export const EXCHANGE_RATE_KEY = "exchange_rate_bs_per_usd";

export interface ExchangeRateInfo {
  rate: string;
  /** The day the rate is for; null for a rate that only exists in the legacy setting. */
  effectiveOn: string | null;
  source: string;
}

/** The rate in force with its date: the newest row of the history staff keep in the back-office. */
export function currentExchangeRateInfo(db: Database): Promise<ExchangeRateInfo> {
  return sharedRead(db, ["exchange_rates", "settings"], "exchange_rate", () => readExchangeRateInfo(db));
}

async function readExchangeRateInfo(db: Database): Promise<ExchangeRateInfo> {
  const [latest] = await db
    .select({ rate: exchangeRates.rate, effectiveOn: exchangeRates.effectiveOn, source: exchangeRates.source })
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.id))
    .limit(1);
  if (latest) {
    rateInHundredths(latest.rate);
    return latest;
  }
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, EXCHANGE_RATE_KEY));
  if (!row) throw new Error(`No exchange rate: set one in /admin/exchange-rate (the demo seed does).`);
  rateInHundredths(row.value);
  return { rate: row.value, effectiveOn: null, source: "" };
}

/** The Bs per USD rate staff set (seeded with the demo data); every VES order stores the one it used. */
export async function currentExchangeRate(db: Database): Promise<string> {
  return (await currentExchangeRateInfo(db)).rate;
}
