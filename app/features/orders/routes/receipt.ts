import { requireUser } from "~/features/auth/session.server";
import { idParam } from "~/lib/http.server";
import { db } from "~/lib/db.server";
import { findOrderFor } from "../orders.server";
import { receiptStorage } from "../receipts.server";
import type { Route } from "./+types/receipt";

/** A receipt, for its order's owner and staff only; never cached by shared caches. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const order = await findOrderFor(db(), idParam(params.orderId), { userId: user.id, isStaff: user.isStaff });
  const proof = order?.proofs.find((candidate) => candidate.id === idParam(params.proofId));
  const bytes = proof?.fileKey ? await receiptStorage().get(proof.fileKey) : null;
  if (!proof || !bytes) throw new Response(null, { status: 404 });
  return new Response(bytes, {
    headers: {
      "Content-Type": proof.fileType ?? "application/octet-stream",
      "Content-Disposition": `inline; filename="receipt-${idParam(params.proofId)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
