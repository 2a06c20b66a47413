import { data, redirect } from "react-router";
import { isPaymentMethod } from "~/domain/payment-methods";
import { requireUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { findOrderFor } from "../orders.server";
import type { Route } from "./+types/payment-entry";

/**
 * SPEC §2's payment routes (/store/cart/checkout/payment, /tournament/payment): `?order=<id>`
 * and optionally `&method=` lead to the order's payment page; a method that is not the order's
 * shows the wrong-method state there.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const order = await findOrderFor(db(), url.searchParams.get("order") ?? "", { userId: user.id, isStaff: false });
  if (!order) throw data(null, { status: 404 });
  const method = url.searchParams.get("method");
  throw redirect(`/orders/${order.id}/pay/${isPaymentMethod(method) ? method : order.paymentMethod}`);
}
