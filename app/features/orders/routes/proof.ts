import { redirect } from "react-router";
import { parseProofDetails } from "../core/payment-proof";
import { needsReceiptFile } from "~/domain/payment-methods";
import { checkReceipt } from "../core/receipt";
import { withinLimit } from "~/lib/rate-limit.server";
import { requireUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { formFields, holdsNul, idParam } from "~/lib/http.server";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { OrderError, findOrderFor, submitProof } from "../orders.server";
import { RECEIPT_EXTENSIONS, receiptStorage } from "../receipts.server";
import { matchPagoMovil } from "~/features/payments/payments.server";
import type { Route } from "./+types/proof";

/**
 * Receives proof of payment. The page sends it with XMLHttpRequest (for the progress bar) and
 * asks for JSON; without JavaScript it is a plain multipart form and gets redirects.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  const maxBytes = Math.round(env().RECEIPT_MAX_MB * 1024 * 1024);
  const owner = { userId: user.id, isStaff: false };
  const order = await findOrderFor(db(), idParam(params.orderId), owner);
  if (!order || order.userId !== user.id) throw new Response(null, { status: 404 });
  const payPage = `/orders/${order.id}/pay/${order.paymentMethod}`;

  const refuse = (code: string, status = 400) =>
    wantsJson ? Response.json({ ok: false, code }, { status }) : redirect(`${payPage}?error=${code}`);

  if (!(await withinLimit(db(), "proofUpload", user.id))) return refuse("RATE_LIMITED", 429);
  // An oversized body never gets here: the server's body limit (app/lib/body-limit.server.ts) answers 413 while it arrives.

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse("UNEXPECTED");
  }
  if (holdsNul(form)) return refuse("UNEXPECTED");
  if (form.get("method") !== order.paymentMethod) return refuse("WRONG_METHOD");

  const details = parseProofDetails(order.paymentMethod, formFields(form));
  let receipt = null;
  if (needsReceiptFile(order.paymentMethod)) {
    const file = form.get("receipt");
    const bytes = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
    const checked = checkReceipt(bytes, maxBytes);
    if (!checked.ok) return refuse(checked.code, checked.code === "FILE_TOO_LARGE" ? 413 : 400);
    if (!details.ok) return refuse(details.code);
    const key = await receiptStorage().put(bytes!, RECEIPT_EXTENSIONS[checked.type]!);
    receipt = { key, type: checked.type, size: bytes!.length };
  }
  if (!details.ok) return refuse(details.code);

  try {
    await submitProof(db(), order.id, owner, details.details, receipt);
  } catch (error) {
    // The proof was not stored: its file must not stay behind.
    if (receipt)
      await receiptStorage()
        .remove(receipt.key)
        .catch(() => undefined);
    if (error instanceof OrderError) return refuse(error.code, error.code === "REFERENCE_USED" ? 409 : 400);
    log.error("proof not saved", { orderId: order.id, error: String(error) });
    return refuse("VERIFICATION_FAILED", 500);
  }
  // A Pago Móvil reference is looked for at the bank (when the adapter is on) (docs/payments.md): a match approves at once.
  // The proof is stored whatever the bank says: a failure here leaves the order with staff, as before.
  if (order.paymentMethod === "pago_movil")
    await matchPagoMovil(db(), order.id).catch((error: unknown) =>
      log.error("bank match failed", { orderId: order.id, error: String(error) }),
    );
  const next = `/orders/${order.id}?sent=1`;
  return wantsJson ? Response.json({ ok: true, redirectTo: next }) : redirect(next);
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/orders/${encodeURIComponent(idParam(params.orderId))}`);
}
