import { useTranslation } from "~/lib/i18n-react";
import { Link, Outlet, useLocation } from "react-router";
import { ADMIN_SECTIONS, currentSection } from "../core/sections";
import { staffContext } from "../context.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { Route } from "./+types/admin-layout";

/** The back-office frame: section navigation above every staff page. Each page checks staff itself too. */
export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  return { messages };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("admin");
  const active = currentSection(useLocation().pathname);
  return (
    <div className="min-w-0" data-testid="admin-shell">
      <nav aria-label={t("shell.navLabel")} className="border-b border-slate-800 bg-slate-950/60">
        <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-4 py-2">
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.key}>
              <Link
                to={section.to}
                aria-current={active === section.key ? "page" : undefined}
                className={`block rounded-md px-3 py-1.5 text-sm font-semibold ${active === section.key ? "bg-cyan-500/15 text-cyan-200" : "text-slate-300 hover:text-white"}`}
                data-testid={`admin-nav-${section.key}`}
              >
                {t(`shell.nav.${section.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
