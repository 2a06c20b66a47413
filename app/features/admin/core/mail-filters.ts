/** The staff mail page's filter, read from the query string (pure: no DB). */
export const MAIL_VIEWS = ["attention", "failed", "pending", "sent"] as const;
export type MailView = (typeof MAIL_VIEWS)[number];

export interface MailFilters {
  /** attention: failed and still waiting (the default); or one status. */
  view: MailView;
  /** Keyset cursor: mails queued before this one (its queuing number). */
  before: number | null;
}

export function parseMailFilters(params: URLSearchParams): MailFilters {
  const view = params.get("view") ?? "";
  const rawBefore = params.get("before") ?? "";
  return {
    view: (MAIL_VIEWS as readonly string[]).includes(view) ? (view as MailView) : "attention",
    before: /^\d{1,15}$/.test(rawBefore) && Number(rawBefore) > 0 ? Number(rawBefore) : null,
  };
}

/** The page's address for a filter (the default view is the bare path). */
export function mailSearch(filters: { view: MailView; before?: number | null }): string {
  const params = new URLSearchParams();
  if (filters.view !== "attention") params.set("view", filters.view);
  if (filters.before) params.set("before", String(filters.before));
  const query = params.toString();
  return query ? `/admin/mail?${query}` : "/admin/mail";
}
