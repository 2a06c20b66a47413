import {
  ORDER_KINDS,
  ORDER_STATUSES,
  isOrderKind,
  isOrderStatus,
  type OrderKind,
  type OrderStatus,
} from "~/features/orders/core/lifecycle";
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
  /** A kind of order (store, tournament, plus), or "all": the dashboard's "to deliver" is store orders. */
  kind: OrderKind | typeof ALL;
  /** The number of the order just decided, for the success notice. */
  done: number | null;
}

/** The queue's query string; anything unknown falls back to the default rather than failing. */
export function parseQueueFilters(params: URLSearchParams): QueueFilters {
  const rawStatus = params.get("status");
  const status = rawStatus === ALL ? ALL : rawStatus && isOrderStatus(rawStatus) ? rawStatus : DEFAULT_QUEUE_STATUS;
  const rawMethod = params.get("method");
  const method = isPaymentMethod(rawMethod) ? rawMethod : ALL;
  const rawKind = params.get("kind");
  const kind = isOrderKind(rawKind) ? rawKind : ALL;
  const rawDone = params.get("done") ?? "";
  const done = /^\d{1,10}$/.test(rawDone) && Number(rawDone) > 0 ? Number(rawDone) : null;
  return { status, method, kind, done };
}

/** The queue's filters (and search) as query parameters; pages add `after=`/`before=` to them. */
export function queueParams(
  filters: Pick<QueueFilters, "status" | "method"> & Partial<Pick<QueueFilters, "kind">>,
  q = "",
): URLSearchParams {
  const params = new URLSearchParams({ status: filters.status, method: filters.method });
  if (filters.kind && filters.kind !== ALL) params.set("kind", filters.kind);
  if (q) params.set("q", q);
  return params;
}

export const STATUS_FILTERS = [ALL, ...ORDER_STATUSES] as const;
export const METHOD_FILTERS = [ALL, ...PAYMENT_METHOD_IDS] as const;
export const KIND_FILTERS = [ALL, ...ORDER_KINDS] as const;
