/** Notices that a link can ask for with `?notice=` so they also show without JavaScript. */
export const NOTICES = {
  "store-coming-soon": { kind: "info", title: "notice.attention", message: "notice.storeComingSoon" },
  "already-logged-in": { kind: "info", title: "notice.attention", message: "notice.alreadyLoggedIn" },
  // SPEC §5: an empty cart shows a toast instead of opening (store pages served without React).
  "empty-cart": { kind: "info", title: "notice.attention", message: "notice.emptyCart" },
} as const satisfies Record<string, { kind: "info" | "error" | "success"; title?: string; message: string }>;

export type NoticeKey = keyof typeof NOTICES;

export function parseNotice(value: string | null): NoticeKey | null {
  return value !== null && Object.hasOwn(NOTICES, value) ? (value as NoticeKey) : null;
}
