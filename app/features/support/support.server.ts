import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { supportMessages, users } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import type { SupportTopic } from "./support-rules";

export const SUPPORT_PAGE_SIZE = 20;

export async function saveSupportMessage(
  db: Database,
  input: { userId: string; email: string; topic: SupportTopic; message: string; priority: boolean },
) {
  const id = randomUUID();
  await db.insert(supportMessages).values({ id, ...input });
  return id;
}

/** The staff list: open messages, Plus members' first, oldest first within each; keyset pages. */
export async function listSupportMessages(
  db: Database,
  options: { status: "open" | "done"; after?: { priority: boolean; createdAt: Date; id: string } },
) {
  const conditions: SQL[] = [eq(supportMessages.status, options.status)];
  if (options.after) {
    const { priority, createdAt, id } = options.after;
    // Rows after the cursor in (priority desc, created_at asc, id asc) order.
    const laterInGroup = sql`(${supportMessages.createdAt}, ${supportMessages.id}) > (${createdAt}, ${id})`;
    conditions.push(
      priority
        ? sql`(${supportMessages.priority} = false or (${supportMessages.priority} = true and ${laterInGroup}))`
        : sql`(${supportMessages.priority} = false and ${laterInGroup})`,
    );
  }
  return db
    .select({
      id: supportMessages.id,
      topic: supportMessages.topic,
      message: supportMessages.message,
      priority: supportMessages.priority,
      status: supportMessages.status,
      createdAt: supportMessages.createdAt,
      email: supportMessages.email,
      name: users.name,
    })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.userId))
    .where(and(...conditions))
    .orderBy(desc(supportMessages.priority), asc(supportMessages.createdAt), asc(supportMessages.id))
    .limit(SUPPORT_PAGE_SIZE);
}

export async function markSupportMessageDone(db: Database, id: string): Promise<boolean> {
  const updated = await db
    .update(supportMessages)
    .set({ status: "done", updatedAt: new Date() })
    .where(eq(supportMessages.id, id))
    .returning({ id: supportMessages.id });
  return updated.length > 0;
}
