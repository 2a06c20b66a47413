import { paymentAccounts } from "~/db/schema";
import { PAYMENT_METHOD_IDS, type PaymentMethod } from "~/domain/payment-methods";
import { db as defaultDb, type Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { sharedRead } from "~/lib/shared-reads.server";

export interface PayToDetails {
  pago_movil: { bankCode: string; phone: string; id: string };
  binance: { payId: string };
  paypal: { email: string };
}

/** The environment's values: the first defaults, until staff save a method in /admin/payment-methods. */
export function defaultPayToDetails(): PayToDetails {
  const config = env();
  return {
    pago_movil: { bankCode: config.PAGO_MOVIL_BANK_CODE, phone: config.PAGO_MOVIL_PHONE, id: config.PAGO_MOVIL_ID },
    binance: { payId: config.BINANCE_PAY_ID },
    paypal: { email: config.PAYPAL_EMAIL },
  };
}

export interface PaymentAccountsView {
  details: PayToDetails;
  enabled: Record<PaymentMethod, boolean>;
}

/** Every method's pay-to details and whether buyers may choose it: saved by staff, else the environment's defaults (on). */
export async function paymentAccountsView(database: Database = defaultDb()): Promise<PaymentAccountsView> {
  const rows = await sharedRead(database, ["payment_accounts"], "payment_accounts", () => database.select().from(paymentAccounts));
  const details = defaultPayToDetails() as unknown as Record<PaymentMethod, Record<string, string>>;
  const enabled = Object.fromEntries(PAYMENT_METHOD_IDS.map((method) => [method, true])) as Record<PaymentMethod, boolean>;
  for (const row of rows) {
    if (!(PAYMENT_METHOD_IDS as readonly string[]).includes(row.method)) continue;
    const method = row.method as PaymentMethod;
    details[method] = { ...details[method], ...row.details };
    enabled[method] = row.enabled;
  }
  return { details: details as unknown as PayToDetails, enabled };
}

/** Where each method's money goes (shown on the payment pages). */
export async function payToDetails(database: Database = defaultDb()): Promise<PayToDetails> {
  return (await paymentAccountsView(database)).details;
}

/** The methods buyers may choose at checkout now. */
export async function enabledPaymentMethods(database: Database = defaultDb()): Promise<PaymentMethod[]> {
  const { enabled } = await paymentAccountsView(database);
  return PAYMENT_METHOD_IDS.filter((method) => enabled[method]);
}
