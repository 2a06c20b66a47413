import { redirect } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/http.server";
import { WalletError, payOrderWithWallet } from "../wallet.server";
import type { Route } from "./+types/pay-order";

/** POST only: pays the signed-in user's waiting order from their wallet, then shows the order (or the refusal on the pay page). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const orderId = String(form.get("orderId") ?? "");
  try {
    await payOrderWithWallet(db(), user.id, orderId);
    return redirect(`/orders/${orderId}`);
  } catch (error) {
    if (!(error instanceof WalletError)) throw error;
    if (error.code === "NOT_FOUND") return redirect("/wallet");
    return redirect(`/orders/${orderId}?walletError=${error.code}`);
  }
}

export function loader() {
  return redirect("/wallet");
}
