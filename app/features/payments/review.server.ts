import type { Database } from "~/lib/db.server";
import { deliveriesOf, paymentEventsOf } from "./payments.server";
import { paymentServices } from "./settings.server";
import { attentionOf } from "./core/attention";

const RESULTS = new Set(["delivered", "failed", "pending", "busy", "skipped", "off"]);

/** What the staff review shows of the machines' work on one order (no secrets: references only). */
export async function automaticStepsFor(
  db: Database,
  order: { id: string; kind: string; status: string; attention: ({ code: string } & Record<string, string>) | null },
  url: URL,
) {
  const [events, attempts] = await Promise.all([paymentEventsOf(db, order.id), deliveriesOf(db, order.id)]);
  const topupOn = Boolean(paymentServices().topup);
  const busy = attempts.some((attempt) => attempt.status === "sending" || attempt.status === "pending");
  const result = url.searchParams.get("delivery");
  return {
    attention: attentionOf(order.attention),
    events: events.map((event) => ({
      id: event.id,
      source: event.source,
      outcome: event.outcome,
      reference: event.details?.transactionId ?? event.details?.reference ?? null,
      createdAt: event.createdAt.toISOString(),
    })),
    deliveries: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      status: attempt.status,
      transactionId: attempt.transactionId,
      reason: attempt.reason,
    })),
    topupOn: topupOn && order.kind === "store",
    canRetry: topupOn && order.kind === "store" && order.status === "approved" && !busy,
    result: result && RESULTS.has(result) ? result : null,
  };
}

export type AutomaticSteps = Awaited<ReturnType<typeof automaticStepsFor>>;
