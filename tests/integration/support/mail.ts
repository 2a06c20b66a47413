import { peekSingleton } from "~/lib/singleton.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { deliverDueMail } from "~/lib/mail-outbox.server";

/**
 * One pass of the outbox worker over the test database (what the server's worker does within a
 * second of a commit): every queued mail that is due goes to the test's mailer.
 */
export async function deliverQueuedMail() {
  const handle = peekSingleton<DatabaseHandle>("database");
  if (!handle) return { sent: 0, retried: 0, failed: 0 };
  return deliverDueMail(handle.db, { policy: { baseMs: 1000, maxMs: 60_000, maxAttempts: 5 } });
}
