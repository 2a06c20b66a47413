import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { auditLog, orders, organizations, registrations, tournaments, users } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { AUDIT_PAGE_SIZE, type AuditFilters } from "./core/audit";

/** A transaction or the database: an audit row is written inside the change it records. */
export type Writer = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface AuditEntry {
  actorId: string | null;
  /** Dotted code, e.g. "exchange_rate.set" (translated on the audit page). */
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Records one staff action. Call it with the same transaction that makes the change. */
export async function recordAudit(tx: Writer, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before === undefined ? null : (JSON.parse(JSON.stringify(entry.before)) as unknown),
    after: entry.after === undefined ? null : (JSON.parse(JSON.stringify(entry.after)) as unknown),
  });
}

const subjectUser = alias(users, "subject_user");

/** One page of the audit log, newest first, filtered and paged in SQL (keyset on id). */
export async function listAudit(db: Database, filters: AuditFilters) {
  const where: SQL[] = [];
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.entity) where.push(eq(auditLog.entity, filters.entity));
  if (filters.entityId) where.push(eq(auditLog.entityId, filters.entityId));
  if (filters.actor) {
    const [actor] = await db.select({ id: users.id }).from(users).where(eq(users.email, filters.actor));
    if (!actor) return [];
    where.push(eq(auditLog.actorId, actor.id));
  }
  if (filters.before) where.push(lt(auditLog.id, filters.before));
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      actorEmail: users.email,
      // The subject's names, for the sentence ("… aprobó la orden #4"): each join matches one entity only.
      orderNumber: orders.number,
      tournamentTitle: tournaments.title,
      teamName: registrations.teamName,
      registrationTournamentId: registrations.tournamentId,
      userEmail: subjectUser.email,
      organizationName: organizations.name,
      organizationSlug: organizations.slug,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(orders, and(eq(auditLog.entity, "order"), eq(orders.id, auditLog.entityId)))
    .leftJoin(tournaments, and(eq(auditLog.entity, "tournament"), eq(tournaments.id, auditLog.entityId)))
    .leftJoin(registrations, and(eq(auditLog.entity, "registration"), eq(registrations.id, auditLog.entityId)))
    .leftJoin(subjectUser, and(eq(auditLog.entity, "user"), eq(subjectUser.id, auditLog.entityId)))
    .leftJoin(organizations, and(eq(auditLog.entity, "organization"), eq(organizations.id, auditLog.entityId)))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE);
}
