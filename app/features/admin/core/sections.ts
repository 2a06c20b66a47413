/** The back-office sections, in the order the navigation shows them (labels: admin `shell.nav.<key>`). */
export const ADMIN_SECTIONS = [
  { key: "dashboard", to: "/admin" },
  { key: "orders", to: "/admin/orders" },
  { key: "wallet", to: "/admin/wallet" },
  { key: "support", to: "/admin/support" },
  { key: "exchangeRate", to: "/admin/exchange-rate" },
  { key: "paymentMethods", to: "/admin/payment-methods" },
  { key: "tournaments", to: "/admin/tournaments" },
  { key: "catalogue", to: "/admin/catalogue" },
  { key: "users", to: "/admin/users" },
  { key: "teams", to: "/admin/teams" },
  { key: "seasons", to: "/admin/seasons" },
  { key: "organizations", to: "/admin/organizations" },
  { key: "streamers", to: "/admin/streamers" },
  { key: "mail", to: "/admin/mail" },
  { key: "audit", to: "/admin/audit" },
] as const;

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]["key"];

/** The section a path belongs to (the longest matching prefix; "/admin" only for itself). */
export function currentSection(pathname: string): AdminSectionKey | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: { key: AdminSectionKey; length: number } | null = null;
  for (const section of ADMIN_SECTIONS) {
    const matches = section.to === "/admin" ? path === "/admin" : path === section.to || path.startsWith(`${section.to}/`);
    if (matches && (!best || section.to.length > best.length)) best = { key: section.key, length: section.to.length };
  }
  return best?.key ?? null;
}
