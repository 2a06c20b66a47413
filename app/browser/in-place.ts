import { DataAttr } from "./attributes";
import { IN_PLACE_HEADER } from "~/lib/in-place-answer";

/**
 * The one way a page without React posts a form in place and swaps in the server's render
 * (docs/decisions/011): the live pages (`[data-swap]`) and the cart pages (`[data-cart-page]`) use it.
 */
export interface Region {
  /** The block on the page that the server's answers replace. */
  readonly root: Element;
  /** How to find the same block in an answer. */
  readonly selector: string;
  /** Runs after each swap, with the whole answer (countdowns, a refresh `<meta>`, the stored cart…). */
  afterSwap(answer: Document): void;
  /** Each request takes a number; only the latest one's answer is shown (an older one never overwrites it). */
  ticket(): () => boolean;
  /**
   * How long a background refresh must wait (ms, 0 for none): while a post is on its way, and for
   * `ANSWER_HOLD_MS` after its answer is shown, so the answer's message ("Resultado enviado") is not
   * wiped or overtaken by the live update the post itself caused.
   */
  refreshDelay(): number;
  /** A post leaves; call the function returned when its answer is in (`shown`: it was swapped in). */
  posting(): (shown: boolean) => void;
}

/** How long the answer to a post stays on screen before a live update may replace it. */
export const ANSWER_HOLD_MS = 5000;

export function createRegion(root: Element, regionSelector: string, afterSwap: (answer: Document) => void = () => undefined): Region {
  let latest = 0;
  let postsOnTheirWay = 0;
  let holdUntil = 0;
  return {
    root,
    selector: regionSelector,
    afterSwap,
    ticket() {
      const mine = ++latest;
      return () => mine === latest;
    },
    refreshDelay() {
      if (postsOnTheirWay > 0) return ANSWER_HOLD_MS;
      return Math.max(0, holdUntil - Date.now());
    },
    posting() {
      postsOnTheirWay += 1;
      return (shown) => {
        postsOnTheirWay -= 1;
        if (shown) holdUntil = Date.now() + ANSWER_HOLD_MS;
      };
    },
  };
}

export function readHtml(html: string): Document {
  return new DOMParser().parseFromString(html, "text/html");
}

/** Replaces the block with the answer's; false (and nothing changed) when the answer has none. */
export function swapWhole(region: Region, answer: Document): boolean {
  const fresh = answer.querySelector(region.selector);
  if (!fresh) return false;
  region.root.innerHTML = fresh.innerHTML;
  region.afterSwap(answer);
  return true;
}

/**
 * Posts a form through fetch: the URL stays the page's own (a reload does not post again), the submit
 * button is disabled and shows `data-sending` (its own, else the form's), and the answer replaces the
 * block, scrolled to its alert or confirm step. A redirect to a page without the block is followed and
 * any other answer without it (an error page) replaces the body. Only when the request could not be
 * sent at all does the form post the plain way.
 */
export async function postInPlace(region: Region, form: HTMLFormElement, submitter: HTMLButtonElement | null): Promise<void> {
  const button = submitter ?? form.querySelector<HTMLButtonElement>("[type=submit]");
  const body = new FormData(form);
  if (submitter?.name) body.set(submitter.name, submitter.value);
  const sending = button?.getAttribute(DataAttr.sending) ?? form.getAttribute(DataAttr.sending);
  if (button) {
    button.disabled = true;
    if (sending) button.textContent = sending;
  }
  const isLatest = region.ticket();
  const answered = region.posting();
  let response: Response;
  try {
    // Marked as ours: a refusal comes back 200 with the page, so the console stays clean (app/lib/in-place-answer.ts).
    response = await fetch(form.action, { method: "POST", body, headers: { [IN_PLACE_HEADER]: "1" } });
  } catch {
    answered(false);
    // The plain post, with the submitter's name and value as a hidden field (a script-sent submit has none).
    if (submitter?.name) {
      const hidden = document.createElement("input");
      hidden.type = "hidden";
      hidden.name = submitter.name;
      hidden.value = submitter.value;
      form.appendChild(hidden);
    }
    HTMLFormElement.prototype.submit.call(form);
    return;
  }
  let answer: Document;
  let shown = false;
  try {
    answer = readHtml(await response.text());
    shown = isLatest() && swapWhole(region, answer);
  } finally {
    answered(shown);
  }
  if (!isLatest()) return;
  if (shown) region.root.querySelector(`[role=alert],[${DataAttr.confirmStep}]`)?.scrollIntoView({ block: "center" });
  else if (response.redirected) location.assign(response.url);
  else document.body.replaceWith(answer.body);
}

/**
 * Asks the page again (`request()` gives the URL) and hands the answer to `swap`. Live events
 * coalesce: one request at a time, and events arriving meanwhile make exactly one more after it.
 * A background refresher (`background`: live events, countdowns; not a person's own click) waits,
 * once, while the region holds a post's answer (`refreshDelay`).
 */
export function createRefresher(
  region: Region,
  request: () => string,
  swap: (answer: Document) => void,
  { background = false } = {},
): () => Promise<void> {
  let busy = false;
  let again = false;
  let deferred = false;
  async function refresh(): Promise<void> {
    if (busy) {
      again = true;
      return;
    }
    const delay = background ? region.refreshDelay() : 0;
    if (delay > 0) {
      if (!deferred) {
        deferred = true;
        setTimeout(() => {
          deferred = false;
          void refresh();
        }, delay);
      }
      return;
    }
    busy = true;
    const isLatest = region.ticket();
    try {
      const response = await fetch(request(), { cache: "no-store" });
      if (response.ok) {
        const answer = readHtml(await response.text());
        if (isLatest()) swap(answer);
      }
    } catch {
      // Offline for a moment: the next event or change asks again.
    }
    busy = false;
    if (again) {
      again = false;
      await refresh();
    }
  }
  return refresh;
}
