import { Link } from "react-router";
import { isOrgLogo } from "~/features/organizations/core/logo";
import { useTranslation } from "~/lib/i18n-react";

/** "Organizado por …" under the title of an organization's tournament, linking to its page, with its logo when it has one. */
export function OrganizedBy({ slug, name, logoUrl }: { slug: string; name: string | null; logoUrl?: string | null }) {
  const { t } = useTranslation("tournaments");
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-300" data-testid="organized-by">
      {isOrgLogo(logoUrl) ? (
        <img src={logoUrl} alt="" width={24} height={24} className="h-6 w-6 rounded" data-testid="organized-by-logo" />
      ) : null}
      <span>
        {t("details.organizedBy")}{" "}
        <Link to={`/organizations/${slug}`} className="font-semibold text-cyan-300 underline">
          {name}
        </Link>
      </span>
    </p>
  );
}
