/** The staff mail page's filter, read from the query string (pure: no DB). */
export const MAIL_VIEWS = ["attention", "failed", "pending", "sent"] as const;
export type MailView = (typeof MAIL_VIEWS)[number];

export interface MailFilters {
  /** attention: failed and still waiting (the default); or one status. */
  view: MailView;
  /** Keyset cursor: mails queued before this moment. */
  before: Date | null;
}

export function parseMailFilters(params: URLSearchParams): MailFilters {
  const view = params.get("view") ?? "";
  const rawBefore = params.get("before") ?? "";
  const before = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(rawBefore) ? new Date(rawBefore) : null;
  return {
    view: (MAIL_VIEWS as readonly string[]).includes(view) ? (view as MailView) : "attention",
    before: before && !Number.isNaN(before.getTime()) ? before : null,
  };
}

/** The page's address for a filter (the default view is the bare path). */
export function mailSearch(filters: { view: MailView; before?: string | null }): string {
  const params = new URLSearchParams();
  if (filters.view !== "attention") params.set("view", filters.view);
  if (filters.before) params.set("before", filters.before);
  const query = params.toString();
  return query ? `/admin/mail?${query}` : "/admin/mail";
}
