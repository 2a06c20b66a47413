import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";

/** A Plus event seen by someone who is not a member: why there is no form, and the way to Plus. */
export function PlusEventBox() {
  const { t } = useTranslation("tournaments");
  return (
    <div role="status" className="mt-8 rounded-xl border border-purple-500/50 bg-purple-500/10 p-6" data-testid="plus-only">
      <h2 className="text-xl font-bold text-purple-100">{t("plusEvent.title")}</h2>
      <p className="mt-2 text-purple-50/90">{t("plusEvent.text")}</p>
      <Link to="/plus" className={buttonClass("primary", "md", "mt-4 inline-block")} data-testid="plus-only-link">
        {t("plusEvent.join")}
      </Link>
    </div>
  );
}
