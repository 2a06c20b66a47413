import { eq } from "drizzle-orm";
import { settings } from "~/db/schema";
import { rateInHundredths } from "~/domain/money";
import type { Database } from "~/lib/db.server";

export const EXCHANGE_RATE_KEY = "exchange_rate_bs_per_usd";

/** The Bs per USD rate staff set (seeded with the demo data); every VES order stores the one it used. */
export async function currentExchangeRate(db: Database): Promise<string> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, EXCHANGE_RATE_KEY));
  if (!row) throw new Error(`Setting ${EXCHANGE_RATE_KEY} is missing: set it (the demo seed does).`);
  rateInHundredths(row.value);
  return row.value;
}
