import { formatTimeLeft } from "~/domain/duration";
import { DataAttr, selector } from "./attributes";
import { announceUpdate, startTimedRedirect } from "./timed-redirect";
import { createRefresher, createRegion, postInPlace, readHtml, swapWhole, type Region } from "./in-place";

/**
 * For pages served without the React runtime (docs/decisions/002) whose content changes in place:
 * the tournament page, the bracket, a match, Plus and support. The page works without it (forms
 * post, the server answers with the whole page); with it, the element marked `data-swap` is replaced
 * by the same element from a fresh server render:
 * - a form inside posts in place (app/browser/in-place.ts);
 * - `data-live="<url>"` opens server-sent events there (`listen`); a `change` asks for the page again
 *   after a short random pause (`LIVE_PAUSE_MS`), so a burst of events makes one request and hundreds
 *   of viewers do not all ask at the same instant (one at a time, one more after it if events arrived);
 *   a `fragment` (spectators, `?v=`: docs/decisions/012-live-channel.md) carries the public block itself and is swapped in;
 * - `data-countdown` ticks each second (text `data-text` with {{time}}, `data-to`, the server's
 *   `data-now`) and at zero asks for the page again (what was closed may now be open).
 */
export function start(): void {
  const root = document.querySelector(selector(DataAttr.swap));
  if (!root) return;
  let skew = 0;
  const readSkew = () => {
    const countdown = root.querySelector(selector(DataAttr.countdown));
    if (countdown) skew = Date.parse(countdown.getAttribute(DataAttr.countdownNow) ?? "") - Date.now();
  };
  const region = createRegion(root, selector(DataAttr.swap), () => {
    startTimedRedirect(root);
    readSkew();
  });
  // A refresh whose answer lacks the block (an error page) keeps what is shown.
  const refresh = createRefresher(
    region,
    () => location.href,
    (answer) => {
      if (swapWhole(region, answer)) announceUpdate();
    },
    { background: true },
  );
  root.addEventListener("submit", (event) => onSubmit(region, event as SubmitEvent));
  readSkew();
  setInterval(() => tick(root, skew, refresh), 1000);
  const live = root.getAttribute(DataAttr.live);
  if (live && window.EventSource)
    listen(live, {
      change: pausedOnce(refresh),
      fragment(html) {
        if (swapWhole(region, readHtml(html))) announceUpdate();
      },
    });
}

/** A reopened stream waits `min` plus up to `spread` at random (a restart must not bring every viewer back at once). */
export const REOPEN_PAUSE_MS = { min: 1000, spread: 5000 };

/**
 * Listens to the live stream at `url`: `change` (something changed: ask for the page again) and
 * `fragment` (the public block itself, from the spectators' channel, its id the version). The browser
 * reconnects by itself after a dropped connection (sending the version it has as Last-Event-ID, after
 * the server's randomised `retry:`); if it gives up (the server was away), the stream is opened again
 * after a random pause, from the version shown (`v=`).
 */
export function listen(
  url: string,
  on: { change: () => void; fragment: (html: string) => void },
  random = Math.random,
  open = (address: string) => new EventSource(address),
): void {
  let version = new URL(url, location.href).searchParams.get("v");
  const source = open(url);
  source.addEventListener("change", () => on.change());
  source.addEventListener("fragment", (event) => {
    const message = event as MessageEvent<string>;
    if (message.lastEventId) version = message.lastEventId;
    on.fragment(message.data);
  });
  source.addEventListener("error", () => {
    if (source.readyState !== 2) return; // CLOSED: the browser stopped trying
    setTimeout(
      () => {
        const next = new URL(url, location.href);
        if (version) next.searchParams.set("v", version);
        listen(next.pathname + next.search, on, random, open);
      },
      REOPEN_PAUSE_MS.min + random() * REOPEN_PAUSE_MS.spread,
    );
  });
}

/** The pause before a live refetch: at least `min`, plus up to `spread` at random (the server already sends at most one event per 400 ms). */
export const LIVE_PAUSE_MS = { min: 150, spread: 450 };

/** Calls `work` once after a random pause, however many times it is asked meanwhile. */
export function pausedOnce(work: () => unknown, random = Math.random): () => void {
  let waiting: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (waiting) return;
    waiting = setTimeout(
      () => {
        waiting = null;
        void work();
      },
      LIVE_PAUSE_MS.min + random() * LIVE_PAUSE_MS.spread,
    );
  };
}

function onSubmit(region: Region, event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  if (event.defaultPrevented || form.method !== "post") return;
  event.preventDefault();
  void postInPlace(region, form, event.submitter as HTMLButtonElement | null);
}

/** One second of the countdown, on the server's clock; at zero the page is asked for again. */
export function tick(root: Element, skew: number, refresh: () => unknown): void {
  const countdown = root.querySelector(selector(DataAttr.countdown));
  if (!countdown) return;
  const left = Date.parse(countdown.getAttribute(DataAttr.countdownTo) ?? "") - Date.now() - skew;
  countdown.textContent = (countdown.getAttribute(DataAttr.countdownText) ?? "").replace("{{time}}", formatTimeLeft(left));
  if (left <= 0) {
    countdown.removeAttribute(DataAttr.countdown);
    void refresh();
  }
}
