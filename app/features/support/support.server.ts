import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { orders, registrations, supportMessages, supportReplies, tournaments, users } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { recordAudit } from "~/features/admin/audit.server";
import { mailSupportReceived, mailSupportReply } from "./support-mail.server";
import type { SupportTopic } from "./support-rules";

export const SUPPORT_PAGE_SIZE = 20;

/** What a message is about, when the player opened support from an order or a registration. */
export interface SupportSubject {
  orderId: string | null;
  orderNumber: number | null;
  registrationId: string | null;
  tournamentTitle: string | null;
}

/**
 * The order or registration named in /support's query, if it is the player's (anyone else's, or an
 * unknown id, is simply not filled in: the form stays a plain one).
 */
export async function findSupportSubject(
  db: Database,
  userId: string,
  ask: { orderId?: string | null; registrationId?: string | null },
): Promise<SupportSubject | null> {
  if (ask.registrationId) {
    const [row] = await db
      .select({ id: registrations.id, orderId: registrations.orderId, title: tournaments.title, number: orders.number })
      .from(registrations)
      .innerJoin(tournaments, eq(tournaments.id, registrations.tournamentId))
      .leftJoin(orders, and(eq(orders.id, registrations.orderId), eq(orders.userId, userId)))
      .where(and(eq(registrations.id, ask.registrationId), eq(registrations.userId, userId)));
    if (!row) return null;
    return {
      registrationId: row.id,
      orderId: row.number === null ? null : row.orderId,
      orderNumber: row.number,
      tournamentTitle: row.title,
    };
  }
  if (ask.orderId) {
    const [row] = await db
      .select({ id: orders.id, number: orders.number, registrationId: registrations.id, title: tournaments.title })
      .from(orders)
      .leftJoin(registrations, eq(registrations.orderId, orders.id))
      .leftJoin(tournaments, eq(tournaments.id, registrations.tournamentId))
      .where(and(eq(orders.id, ask.orderId), eq(orders.userId, userId)))
      .limit(1);
    if (!row) return null;
    return { orderId: row.id, orderNumber: row.number, registrationId: row.registrationId, tournamentTitle: row.title };
  }
  return null;
}

/** Saves a message and queues its acknowledgement mail (in the writer's language) in one transaction. */
export async function saveSupportMessage(
  db: Database,
  input: {
    userId: string;
    email: string;
    topic: SupportTopic;
    message: string;
    priority: boolean;
    subject?: SupportSubject | null;
  },
): Promise<{ id: string; number: number }> {
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(supportMessages)
      .values({
        id,
        userId: input.userId,
        email: input.email,
        topic: input.topic,
        message: input.message,
        priority: input.priority,
        orderId: input.subject?.orderId ?? null,
        registrationId: input.subject?.registrationId ?? null,
      })
      .returning({ number: supportMessages.number });
    const [writer] = await tx.select({ name: users.name, language: users.language }).from(users).where(eq(users.id, input.userId));
    await mailSupportReceived(tx, {
      to: input.email,
      name: writer?.name ?? "",
      language: writer?.language ?? "es",
      number: saved!.number,
      orderNumber: input.subject?.orderNumber ?? null,
      message: input.message,
    });
    return { id, number: saved!.number };
  });
}

async function repliesOf(db: Database, messageIds: string[]) {
  if (messageIds.length === 0) return new Map<string, { id: string; body: string; createdAt: Date }[]>();
  const rows = await db
    .select({ id: supportReplies.id, messageId: supportReplies.messageId, body: supportReplies.body, createdAt: supportReplies.createdAt })
    .from(supportReplies)
    .where(inArray(supportReplies.messageId, messageIds))
    .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id));
  const byMessage = new Map<string, { id: string; body: string; createdAt: Date }[]>();
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push({ id: row.id, body: row.body, createdAt: row.createdAt });
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/** A message as both lists show it: its number, topic, text, state, time and the order it is about. */
const MESSAGE_COLUMNS = {
  id: supportMessages.id,
  number: supportMessages.number,
  topic: supportMessages.topic,
  message: supportMessages.message,
  status: supportMessages.status,
  createdAt: supportMessages.createdAt,
  orderId: supportMessages.orderId,
  orderNumber: orders.number,
};

/** The player's own messages, newest first, each with the staff's replies (oldest first). */
export async function listMessagesOfUser(db: Database, userId: string) {
  const rows = await db
    .select(MESSAGE_COLUMNS)
    .from(supportMessages)
    .leftJoin(orders, eq(orders.id, supportMessages.orderId))
    .where(eq(supportMessages.userId, userId))
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.number))
    .limit(SUPPORT_PAGE_SIZE);
  const replies = await repliesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, replies: replies.get(row.id) ?? [] }));
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
  const rows = await db
    .select({ ...MESSAGE_COLUMNS, priority: supportMessages.priority, email: supportMessages.email, name: users.name })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.userId))
    .leftJoin(orders, eq(orders.id, supportMessages.orderId))
    .where(and(...conditions))
    .orderBy(desc(supportMessages.priority), asc(supportMessages.createdAt), asc(supportMessages.id))
    .limit(SUPPORT_PAGE_SIZE);
  const replies = await repliesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, replies: replies.get(row.id) ?? [] }));
}

export async function markSupportMessageDone(db: Database, id: string): Promise<boolean> {
  const updated = await db
    .update(supportMessages)
    .set({ status: "done", updatedAt: new Date() })
    .where(eq(supportMessages.id, id))
    .returning({ id: supportMessages.id });
  return updated.length > 0;
}

/**
 * A staff reply: stored, the message marked answered, the reply mailed to the player in their
 * language and written to the audit log, all in one transaction. False when the message is unknown.
 */
export async function replyToSupportMessage(db: Database, input: { messageId: string; staffId: string; body: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select({
        id: supportMessages.id,
        number: supportMessages.number,
        email: supportMessages.email,
        name: users.name,
        language: users.language,
        status: supportMessages.status,
      })
      .from(supportMessages)
      .innerJoin(users, eq(users.id, supportMessages.userId))
      .where(eq(supportMessages.id, input.messageId))
      .for("update", { of: supportMessages });
    if (!message) return false;
    const id = randomUUID();
    await tx.insert(supportReplies).values({ id, messageId: message.id, staffId: input.staffId, body: input.body });
    await tx.update(supportMessages).set({ status: "done", updatedAt: new Date() }).where(eq(supportMessages.id, message.id));
    await recordAudit(tx, {
      actorId: input.staffId,
      action: "support.reply",
      entity: "support",
      entityId: message.id,
      before: { status: message.status },
      after: { status: "done", number: message.number, reply: input.body },
    });
    await mailSupportReply(tx, {
      to: message.email,
      name: message.name,
      language: message.language,
      number: message.number,
      reply: input.body,
    });
    return true;
  });
}
