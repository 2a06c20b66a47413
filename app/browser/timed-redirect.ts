import { DataAttr, selector } from "./attributes";

/**
 * Starts the timer of a TimedRedirect (components/ui/timed-redirect.tsx) found inside `root`: the
 * page moves on after `data-redirect-seconds`, and the sentence saying so and the "stay here" button
 * appear; the button stops the timer and hides both (WCAG 2.2.1: a timed change the reader can stop).
 */
export function startTimedRedirect(root: ParentNode): void {
  const element = root.querySelector(selector(DataAttr.redirect));
  if (!element) return;
  const to = element.getAttribute(DataAttr.redirect) ?? "/";
  const soon = element.querySelector<HTMLElement>(selector(DataAttr.redirectSoon));
  const stay = element.querySelector<HTMLButtonElement>(selector(DataAttr.redirectStay));
  const delay = Number(element.getAttribute(DataAttr.redirectSeconds)) * 1000;
  const timer = setTimeout(() => location.assign(to), delay);
  element.setAttribute(DataAttr.redirectDue, String(Date.now() + delay));
  if (soon) soon.hidden = false;
  if (!stay) return;
  stay.hidden = false;
  stay.addEventListener("click", () => {
    clearTimeout(timer);
    element.removeAttribute(DataAttr.redirectDue);
    stay.hidden = true;
    if (soon) soon.hidden = true;
  });
}

/** Says in the page's polite LiveStatus region that the page was updated (emptied first, so it is said again). */
export function announceUpdate(): void {
  const status = document.querySelector<HTMLElement>(selector(DataAttr.liveStatus));
  if (!status) return;
  status.textContent = "";
  setTimeout(() => (status.textContent = status.getAttribute(DataAttr.countdownText)), 100);
}
