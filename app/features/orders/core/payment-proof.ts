import { emailSchema } from "~/domain/email";
import { VENEZUELAN_BANKS, type PaymentMethod } from "~/domain/payment-methods";

export type ProofErrorCode =
  | "REFERENCE_REQUIRED"
  | "INVALID_REFERENCE"
  | "BANK_REQUIRED"
  | "INVALID_BANK"
  | "DATE_REQUIRED"
  | "INVALID_DATE"
  | "TRANSACTION_REQUIRED"
  | "INVALID_TRANSACTION"
  | "PAYER_EMAIL_REQUIRED"
  | "INVALID_PAYER_EMAIL";

export type ProofDetails =
  | { method: "pago_movil"; reference: string; bankCode: string; paidOn: string }
  | { method: "binance"; transactionId: string }
  | { method: "paypal"; payerEmail: string };

export type ProofResult = { ok: true; details: ProofDetails } | { ok: false; code: ProofErrorCode; field: string };

/** How far back a payment date may be: older receipts go to support, not to the queue. */
export const MAX_PAYMENT_AGE_DAYS = 30;

const DAY = 24 * 60 * 60 * 1000;

function validPaymentDate(value: string, today: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  // One day of slack for Venezuela (UTC-4) versus the server's clock.
  return date.getTime() <= todayUtc + DAY && date.getTime() >= todayUtc - MAX_PAYMENT_AGE_DAYS * DAY;
}

/** The reference data each method's proof needs (the receipt file itself is checked in receipt.ts). */
export function parseProofDetails(method: PaymentMethod, raw: Record<string, unknown>, today = new Date()): ProofResult {
  const text = (name: string) => (typeof raw[name] === "string" ? (raw[name] as string).trim() : "");
  switch (method) {
    case "pago_movil": {
      const reference = text("reference").replace(/\s+/g, "");
      const bankCode = text("bankCode");
      const paidOn = text("paidOn");
      if (!reference) return { ok: false, code: "REFERENCE_REQUIRED", field: "reference" };
      if (!/^\d{4,20}$/.test(reference)) return { ok: false, code: "INVALID_REFERENCE", field: "reference" };
      if (!bankCode) return { ok: false, code: "BANK_REQUIRED", field: "bankCode" };
      if (!Object.hasOwn(VENEZUELAN_BANKS, bankCode)) return { ok: false, code: "INVALID_BANK", field: "bankCode" };
      if (!paidOn) return { ok: false, code: "DATE_REQUIRED", field: "paidOn" };
      if (!validPaymentDate(paidOn, today)) return { ok: false, code: "INVALID_DATE", field: "paidOn" };
      return { ok: true, details: { method, reference, bankCode, paidOn } };
    }
    case "binance": {
      const transactionId = text("transactionId");
      if (!transactionId) return { ok: false, code: "TRANSACTION_REQUIRED", field: "transactionId" };
      if (!/^[A-Za-z0-9-]{6,64}$/.test(transactionId)) return { ok: false, code: "INVALID_TRANSACTION", field: "transactionId" };
      return { ok: true, details: { method, transactionId } };
    }
    case "paypal": {
      const payerEmail = text("payerEmail");
      if (!payerEmail) return { ok: false, code: "PAYER_EMAIL_REQUIRED", field: "payerEmail" };
      const parsed = emailSchema.safeParse(payerEmail);
      if (!parsed.success) return { ok: false, code: "INVALID_PAYER_EMAIL", field: "payerEmail" };
      return { ok: true, details: { method, payerEmail: parsed.data } };
    }
  }
}
