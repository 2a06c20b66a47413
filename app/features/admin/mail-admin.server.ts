import type { Database } from "~/lib/db.server";
import { requeueMail } from "~/lib/mail-outbox.server";
import { recordAudit } from "./audit.server";

/**
 * Staff resend a failed mail: it goes back to the outbox for a new round of attempts, audited in
 * the same transaction. Answers false when there is no failed mail with that id (nothing changes).
 */
export async function resendFailedMail(db: Database, staffId: string, mailId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await requeueMail(tx, mailId);
    if (!before) return false;
    await recordAudit(tx, {
      actorId: staffId,
      action: "mail.resend",
      entity: "mail",
      entityId: mailId,
      before: { status: before.status, attempts: before.attempts, kind: before.kind, recipient: before.recipient },
      after: { status: "pending", attempts: 0 },
    });
    return true;
  });
}
