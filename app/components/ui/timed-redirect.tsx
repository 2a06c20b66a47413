import { useTranslation } from "~/lib/i18n-react";
import { buttonClass } from "./button";

/**
 * A page that moves on by itself a few seconds after a confirmation (SPEC §4). Not a
 * `<meta http-equiv=refresh>`: a timed change of page must be one the reader can stop (WCAG 2.2.1),
 * so the page script (REDIRECT_JS) runs the timer and shows a "stay here" button that stops it,
 * and a link goes on at once. Without JavaScript nothing moves by itself; the link is there.
 */
export function TimedRedirect({ to, seconds }: { to: string; seconds: number }) {
  const { t } = useTranslation();
  return (
    <p className="mt-3 text-sm text-slate-300" data-redirect={to} data-redirect-seconds={seconds} data-testid="timed-redirect">
      <span data-redirect-soon hidden>
        {t("redirect.soon", { count: seconds })}{" "}
      </span>
      <a href={to} className="font-semibold text-cyan-300">
        {t("redirect.now")}
      </a>{" "}
      <button type="button" data-redirect-stay hidden className={buttonClass("link", "none", "ml-2 min-h-6")}>
        {t("redirect.stay")}
      </button>
    </p>
  );
}

/**
 * Starts the timer of a TimedRedirect element (or does nothing given null): shows the sentence
 * and the button, which stops the timer and hides both. A function's source, for the page script
 * and for the live pages' script (a confirmation that arrives by fetch).
 */
export const REDIRECT_JS = `function(p){if(!p)return;var to=p.getAttribute("data-redirect"),s=p.querySelector("[data-redirect-soon]"),b=p.querySelector("[data-redirect-stay]"),
id=setTimeout(function(){location.assign(to)},Number(p.getAttribute("data-redirect-seconds"))*1000);if(s)s.hidden=false;
if(b){b.hidden=false;b.addEventListener("click",function(){clearTimeout(id);b.hidden=true;if(s)s.hidden=true})}}`;
