import { eq } from "drizzle-orm";
import { orders } from "~/db/schema";
import { requireUser } from "~/features/auth/session.server";
import { findOrderFor } from "~/features/orders/orders.server";
import { db } from "~/lib/db.server";
import { pollingEventStream } from "~/lib/event-stream.server";
import { idParam } from "~/lib/http.server";
import type { Route } from "./+types/order-live";

/** How often the stream looks at the order (one indexed row read), and how long it stays open at most. */
const LOOK_MS = 1000;
const OPEN_MS = 15 * 60_000;

/**
 * GET /orders/:orderId/live: server-sent events for the order's page (app/browser/live-page.ts,
 * `data-live`): a `change` event whenever the order's status or time of change moves (a provider's
 * webhook approved it, the top-up provider delivered it), on any instance, since the stream reads the row.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const order = await findOrderFor(db(), idParam(params.orderId), { userId: user.id, isStaff: user.isStaff });
  if (!order) throw new Response(null, { status: 404 });
  let last = `${order.status}|${order.updatedAt.toISOString()}`;
  return pollingEventStream(request, {
    everyMs: LOOK_MS,
    openMs: OPEN_MS,
    look: async () => {
      const [row] = await db().select({ status: orders.status, updatedAt: orders.updatedAt }).from(orders).where(eq(orders.id, order.id));
      const now = row ? `${row.status}|${row.updatedAt.toISOString()}` : last;
      if (now === last) return null;
      last = now;
      return { send: `event: change\ndata: ${Date.now()}\n\n` };
    },
  });
}
