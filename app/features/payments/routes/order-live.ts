import { eq } from "drizzle-orm";
import { orders } from "~/db/schema";
import { requireUser } from "~/features/auth/session.server";
import { findOrderFor } from "~/features/orders/orders.server";
import { db } from "~/lib/db.server";
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
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setInterval> | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearInterval(timer);
    clearTimeout(closeTimer);
  };
  let last = `${order.status}|${order.updatedAt.toISOString()}`;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const close = () => {
        stop();
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      send(`retry: 3000\n: connected\n\n`);
      let looking = false;
      timer = setInterval(() => {
        if (looking) return;
        looking = true;
        db()
          .select({ status: orders.status, updatedAt: orders.updatedAt })
          .from(orders)
          .where(eq(orders.id, order.id))
          .then(([row]) => {
            const now = row ? `${row.status}|${row.updatedAt.toISOString()}` : last;
            if (now !== last) {
              last = now;
              send(`event: change\ndata: ${Date.now()}\n\n`);
            } else send(`: keep-alive\n\n`);
          })
          .catch(() => undefined)
          .finally(() => (looking = false));
      }, LOOK_MS);
      closeTimer = setTimeout(close, OPEN_MS);
      request.signal.addEventListener("abort", close);
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
