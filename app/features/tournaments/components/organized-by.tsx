import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";

/** "Organizado por …" under the title of an organization's tournament, linking to its page. */
export function OrganizedBy({ slug, name }: { slug: string; name: string | null }) {
  const { t } = useTranslation("tournaments");
  return (
    <p className="mt-1 text-sm text-slate-300" data-testid="organized-by">
      {t("details.organizedBy")}{" "}
      <Link to={`/organizations/${slug}`} className="font-semibold text-cyan-300 underline">
        {name}
      </Link>
    </p>
  );
}
