import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { PageTitle, cardClass } from "../components/admin-ui";
import { staffContext } from "../context.server";
import { ADMIN_SECTIONS } from "../core/sections";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  return { messages };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "shell.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("admin");
  return (
    <section className="mx-auto max-w-7xl px-4 py-8" data-testid="admin-dashboard">
      <PageTitle title={t("shell.title")} subtitle={t("shell.subtitle")} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {ADMIN_SECTIONS.filter((section) => section.key !== "dashboard").map((section) => (
          <li key={section.key}>
            <Link to={section.to} className={`${cardClass} block hover:border-cyan-500/60`}>
              <span className="block font-semibold">{t(`shell.nav.${section.key}`)}</span>
              <span className="mt-1 block text-sm text-slate-400">{t(`shell.about.${section.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
