import type { Currency } from "./money";

/** docs/product.md §9: Pago Móvil is paid in bolívares, Binance and PayPal in dollars. */
export const PAYMENT_METHODS = {
  pago_movil: { currency: "VES", proof: "receipt" },
  binance: { currency: "USD", proof: "receipt" },
  paypal: { currency: "USD", proof: "payer-email" },
} as const satisfies Record<string, { currency: Currency; proof: "receipt" | "payer-email" }>;

export type PaymentMethod = keyof typeof PAYMENT_METHODS;
export const PAYMENT_METHOD_IDS = Object.keys(PAYMENT_METHODS) as PaymentMethod[];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && Object.hasOwn(PAYMENT_METHODS, value);
}

export function currencyFor(method: PaymentMethod): Currency {
  return PAYMENT_METHODS[method].currency;
}

export function needsReceiptFile(method: PaymentMethod): boolean {
  return PAYMENT_METHODS[method].proof === "receipt";
}

/** Venezuelan banks a Pago Móvil can come from (code → name), for the paying-bank choice. */
export const VENEZUELAN_BANKS: Record<string, string> = {
  "0102": "Banco de Venezuela",
  "0104": "Venezolano de Crédito",
  "0105": "Mercantil",
  "0108": "BBVA Provincial",
  "0114": "Bancaribe",
  "0115": "Banco Exterior",
  "0128": "Banco Caroní",
  "0134": "Banesco",
  "0137": "Sofitasa",
  "0138": "Banco Plaza",
  "0151": "BFC Banco Fondo Común",
  "0156": "100% Banco",
  "0157": "DelSur",
  "0163": "Banco del Tesoro",
  "0166": "Banco Agrícola de Venezuela",
  "0168": "Bancrecer",
  "0169": "Mi Banco",
  "0171": "Banco Activo",
  "0172": "Bancamiga",
  "0174": "Banplus",
  "0175": "Banco Digital de los Trabajadores",
  "0177": "Banfanb",
  "0191": "BNC Nacional de Crédito",
};
