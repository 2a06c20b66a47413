import { ORDER_STATUSES, isOrderStatus, type OrderStatus } from "~/features/orders/core/lifecycle";
import { PAYMENT_METHOD_IDS, isPaymentMethod, type PaymentMethod } from "~/domain/payment-methods";

export const QUEUE_PAGE_SIZE = 20;
export const DEFAULT_QUEUE_STATUS: OrderStatus = "proof_submitted";
/** The filter value meaning "no filter". */
export const ALL = "all";

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
