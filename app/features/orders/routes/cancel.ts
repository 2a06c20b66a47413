import { redirect } from "react-router";
import { idParam } from "~/lib/http.server";
import { requireUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { OrderError, cancelOrder } from "../orders.server";
import type { Route } from "./+types/cancel";

/** The owner cancels their order; any refusal comes back as a code on the order page. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const orderId = idParam(params.orderId);
  try {
    await cancelOrder(db(), orderId, { userId: user.id, isStaff: user.isStaff });
    return redirect(`/orders/${encodeURIComponent(orderId)}?cancelled=1`);
  } catch (error) {
    if (error instanceof OrderError && error.code === "NOT_FOUND") throw new Response(null, { status: 404 });
    if (!(error instanceof OrderError)) log.error("cancel failed", { orderId, error: String(error) });
    return redirect(`/orders/${encodeURIComponent(orderId)}?error=CANCEL_FAILED`);
  }
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/orders/${encodeURIComponent(idParam(params.orderId))}`);
}
