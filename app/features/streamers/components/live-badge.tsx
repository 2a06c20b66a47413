import { useTranslation } from "~/lib/i18n-react";

/** The red "EN VIVO" / "LIVE" badge; its text comes from the common namespace every page has. */
export function LiveBadge({ testId }: { testId?: string }) {
  const { t } = useTranslation("common");
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white uppercase"
      data-testid={testId}
    >
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-white" />
      {t("live")}
    </span>
  );
}
