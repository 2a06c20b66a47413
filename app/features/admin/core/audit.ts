/** Audit page filters, read from the query string (pure: no DB). */
export const AUDIT_PAGE_SIZE = 50;

export const AUDIT_ENTITIES = [
  "exchange_rate",
  "payment_account",
  "tournament",
  "registration",
  "game",
  "package",
  "order",
  "user",
  "mail",
  "support",
  "team",
  "organization",
  "setting",
] as const;

export interface AuditFilters {
  action: string | null;
  entity: string | null;
  entityId: string | null;
  /** Actor's e-mail. */
  actor: string | null;
  /** Keyset cursor: show entries with an id below this one. */
  before: number | null;
}

const CODE = /^[a-z_]{1,40}(\.[a-z_]{1,40})?$/;

export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const text = (name: string, max: number) => {
    const value = (params.get(name) ?? "").trim();
    return value && value.length <= max ? value : null;
  };
  const action = text("action", 80);
  const entity = text("entity", 40);
  const rawBefore = params.get("before") ?? "";
  return {
    action: action && CODE.test(action) ? action : null,
    entity: entity && (AUDIT_ENTITIES as readonly string[]).includes(entity) ? entity : null,
    entityId: text("entityId", 100),
    actor: text("actor", 254)?.toLowerCase() ?? null,
    before: /^\d{1,12}$/.test(rawBefore) && Number(rawBefore) > 0 ? Number(rawBefore) : null,
  };
}

/** The query string of a filtered audit page. */
export function auditSearch(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const key of ["action", "entity", "entityId", "actor"] as const) if (filters[key]) params.set(key, filters[key]!);
  if (filters.before) params.set("before", String(filters.before));
  const text = params.toString();
  return text ? `?${text}` : "";
}
