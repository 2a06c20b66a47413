import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { buttonClass } from "./button";

/**
 * A page that moves on by itself a few seconds after a confirmation (SPEC §4). Not a
 * `<meta http-equiv=refresh>`: a timed change of page must be one the reader can stop (WCAG 2.2.1),
 * so the page script (app/browser/timed-redirect.ts) runs the timer and shows a "stay here" button that stops it,
 * and a link goes on at once. Without JavaScript nothing moves by itself; the link is there.
 */
export function TimedRedirect({ to, seconds }: { to: string; seconds: number }) {
  const { t } = useTranslation();
  return (
    <p
      className="mt-3 text-sm text-slate-300"
      {...dataAttr(DataAttr.redirect, to)}
      {...dataAttr(DataAttr.redirectSeconds, String(seconds))}
      data-testid="timed-redirect"
    >
      <span {...dataAttr(DataAttr.redirectSoon)} hidden>
        {t("redirect.soon", { count: seconds })}{" "}
      </span>
      <a href={to} className="font-semibold text-cyan-300">
        {t("redirect.now")}
      </a>{" "}
      <button type="button" {...dataAttr(DataAttr.redirectStay)} hidden className={buttonClass("link", "none", "ml-2 min-h-6")}>
        {t("redirect.stay")}
      </button>
    </p>
  );
}
