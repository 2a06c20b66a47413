import { ORDER_STATUSES, isOrderStatus, nextStatuses, type OrderStatus } from "~/domain/order-status";
import { PAYMENT_METHOD_IDS, isPaymentMethod, type PaymentMethod } from "~/domain/payment-methods";

/** What staff may decide on an order, and the status each decision moves it to. */
export const DECISIONS = ["approve", "reject", "fulfil"] as const;
export type Decision = (typeof DECISIONS)[number];
export const DECISION_TARGET: Record<Decision, OrderStatus> = { approve: "approved", reject: "rejected", fulfil: "fulfilled" };

export const REJECT_REASON_MAX = 300;
export const QUEUE_PAGE_SIZE = 20;
export const DEFAULT_QUEUE_STATUS: OrderStatus = "proof_submitted";
/** The filter value meaning "no filter". */
export const ALL = "all";

export type DecisionErrorCode = "UNKNOWN_INTENT" | "REASON_REQUIRED" | "REASON_TOO_LONG";

export function isDecision(value: unknown): value is Decision {
  return typeof value === "string" && (DECISIONS as readonly string[]).includes(value);
}

/** The decisions the status table allows from `status`, in the order they are shown. */
export function allowedDecisions(status: OrderStatus): Decision[] {
  const next = nextStatuses(status);
  return DECISIONS.filter((decision) => next.includes(DECISION_TARGET[decision]));
}

/** Reads a decision form: the intent, and for a rejection a reason of 1–300 characters. */
export function parseDecision(raw: { intent: unknown; reason: unknown }):
  | { ok: true; decision: Decision; reason?: string }
  | { ok: false; code: DecisionErrorCode } {
  if (!isDecision(raw.intent)) return { ok: false, code: "UNKNOWN_INTENT" };
  if (raw.intent !== "reject") return { ok: true, decision: raw.intent };
  const reason = typeof raw.reason === "string" ? raw.reason.trim() : "";
  if (!reason) return { ok: false, code: "REASON_REQUIRED" };
  if ([...reason].length > REJECT_REASON_MAX) return { ok: false, code: "REASON_TOO_LONG" };
  return { ok: true, decision: "reject", reason };
}

export interface QueueFilters {
  /** A status, or "all". */
  status: OrderStatus | typeof ALL;
  /** A method, or "all". */
  method: PaymentMethod | typeof ALL;
  page: number;
  /** The number of the order just decided, for the success notice. */
  done: number | null;
}

const MAX_PAGE = 100_000;

/** The queue's query string; anything unknown falls back to the default rather than failing. */
export function parseQueueFilters(params: URLSearchParams): QueueFilters {
  const rawStatus = params.get("status");
  const status = rawStatus === ALL ? ALL : rawStatus && isOrderStatus(rawStatus) ? rawStatus : DEFAULT_QUEUE_STATUS;
  const rawMethod = params.get("method");
  const method = isPaymentMethod(rawMethod) ? rawMethod : ALL;
  const rawPage = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(rawPage) ? Math.min(Math.max(1, Number(rawPage)), MAX_PAGE) : 1;
  const rawDone = params.get("done") ?? "";
  const done = /^\d{1,10}$/.test(rawDone) && Number(rawDone) > 0 ? Number(rawDone) : null;
  return { status, method, page, done };
}

/** The query string of a queue page with these filters. */
export function queueSearch(filters: Pick<QueueFilters, "status" | "method" | "page">): string {
  const params = new URLSearchParams({ status: filters.status, method: filters.method });
  if (filters.page > 1) params.set("page", String(filters.page));
  return `?${params.toString()}`;
}

export const STATUS_FILTERS = [ALL, ...ORDER_STATUSES] as const;
export const METHOD_FILTERS = [ALL, ...PAYMENT_METHOD_IDS] as const;

/** Dates in the back-office are shown in Venezuela's time, the same on the server and in the browser. */
export const STAFF_TIME_ZONE = "America/Caracas";

const DATE_TIME = {
  es: new Intl.DateTimeFormat("es-VE", { dateStyle: "short", timeStyle: "short", timeZone: STAFF_TIME_ZONE }),
  en: new Intl.DateTimeFormat("en-US", { dateStyle: "short", timeStyle: "short", timeZone: STAFF_TIME_ZONE }),
};

export function formatDateTime(value: Date | string, language: "es" | "en"): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "" : DATE_TIME[language].format(date);
}
