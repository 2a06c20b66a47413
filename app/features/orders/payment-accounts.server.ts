import { env } from "~/lib/env.server";

/** Where each method's money goes, from configuration (shown on the payment pages). */
export function payToDetails() {
  const config = env();
  return {
    pago_movil: { bankCode: config.PAGO_MOVIL_BANK_CODE, phone: config.PAGO_MOVIL_PHONE, id: config.PAGO_MOVIL_ID },
    binance: { payId: config.BINANCE_PAY_ID },
    paypal: { email: config.PAYPAL_EMAIL },
  };
}
