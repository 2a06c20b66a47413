import { redirect } from "react-router";
import { staffContext } from "~/features/admin/context.server";
import { findOrderFor } from "~/features/orders/orders.server";
import { db } from "~/lib/db.server";
import { idParam } from "~/lib/http.server";
import { deliverOrder } from "../payments.server";
import type { Route } from "./+types/admin-delivery";

/**
 * POST /admin/orders/:orderId/delivery: staff send an approved store order to the top-up provider
 * again (after a failure, or one approved by hand). The attempt and who asked are in the audit log;
 * the review page says what the provider answered. Delivering by hand stays the "Entregado" button.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const order = await findOrderFor(db(), idParam(params.orderId), { userId: staff.id, isStaff: true });
  if (!order) throw new Response(null, { status: 404 });
  const result = await deliverOrder(db(), order.id, staff.id);
  return redirect(`/admin/orders/${order.id}?delivery=${result}`);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await staffContext(request);
  return redirect(`/admin/orders/${encodeURIComponent(idParam(params.orderId))}`);
}
