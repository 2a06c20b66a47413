import { DataAttr } from "./attributes";

/**
 * The one way a page without React posts a form in place and swaps in the server's render
 * (docs/decisions/011): the live pages (`[data-swap]`) and the cart pages (`[data-cart-page]`) use it.
 */
export interface Region {
  /** The block on the page that the server's answers replace. */
  readonly root: Element;
  /** How to find the same block in an answer. */
  readonly selector: string;
  /** Runs after each swap (countdowns, stored cart, buttons that need the script…). */
  afterSwap(): void;
  /** Each request takes a number; only the latest one's answer is shown (an older one never overwrites it). */
  ticket(): () => boolean;
}

export function createRegion(root: Element, regionSelector: string, afterSwap: () => void = () => undefined): Region {
  let latest = 0;
  return {
    root,
    selector: regionSelector,
    afterSwap,
    ticket() {
      const mine = ++latest;
      return () => mine === latest;
    },
  };
}

export function readHtml(html: string): Document {
  return new DOMParser().parseFromString(html, "text/html");
}

/**
 * Puts the server's render into the page: the whole block, or only the blocks marked `[data-part]`
 * (the cart's rows and summary, so what is being typed elsewhere stays). An answer without the block
 * (an error page) replaces the body, unless `keepOnMissing` (a background refresh keeps what is shown).
 */
export function swapIn(region: Region, answer: Document, options: { parts?: boolean; keepOnMissing?: boolean } = {}): boolean {
  const fresh = answer.querySelector(region.selector);
  if (!fresh) {
    if (!options.keepOnMissing) document.body.replaceWith(answer.body);
    return false;
  }
  const focused = document.activeElement;
  const focusedQuantity = focused?.getAttribute(DataAttr.quantity);
  if (options.parts)
    region.root.querySelectorAll(`[${DataAttr.part}]`).forEach((part) => {
      const match = fresh.querySelector(`[${DataAttr.part}="${part.getAttribute(DataAttr.part)}"]`);
      if (match) part.replaceWith(match);
    });
  else region.root.innerHTML = fresh.innerHTML;
  // A quantity being typed keeps the focus across the swap.
  if (focusedQuantity) region.root.querySelector<HTMLElement>(`[${DataAttr.quantity}="${focusedQuantity}"]`)?.focus();
  followRefresh(answer);
  region.afterSwap();
  return true;
}

/** A `<meta http-equiv=refresh>` in an answer (React puts it in the head) is honoured. */
function followRefresh(answer: Document): void {
  const meta = answer.querySelector("meta[http-equiv=refresh]");
  const match = meta && /^(\d+);url=(.*)$/.exec(meta.getAttribute("content") ?? "");
  if (match) setTimeout(() => location.assign(match[2]!), Number(match[1]) * 1000);
}

/**
 * Posts a form through fetch: the URL stays the page's own (a reload does not post again), the submit
 * button is disabled and shows `data-sending` (its own, else the form's), and the answer replaces the
 * block, scrolled to its alert or confirm step. A redirect to a page without the block is followed.
 * Only when the request could not be sent at all does the form post the plain way.
 */
export async function postInPlace(
  region: Region,
  form: HTMLFormElement,
  submitter: HTMLButtonElement | HTMLInputElement | null,
  prepare: (body: FormData) => void = () => undefined,
): Promise<void> {
  const button = submitter ?? form.querySelector<HTMLButtonElement>("[type=submit]");
  const body = new FormData(form);
  if (submitter?.name) body.set(submitter.name, submitter.value);
  prepare(body);
  const sending = button?.getAttribute(DataAttr.sending) ?? form.getAttribute(DataAttr.sending);
  if (button) {
    button.disabled = true;
    if (sending) button.textContent = sending;
  }
  const isLatest = region.ticket();
  let response: Response;
  try {
    response = await fetch(form.action, { method: "POST", body });
  } catch {
    postPlainly(form, submitter, body);
    return;
  }
  const html = await response.text();
  if (!isLatest()) return;
  const answer = readHtml(html);
  if (response.redirected && !answer.querySelector(region.selector)) {
    location.assign(response.url);
    return;
  }
  if (swapIn(region, answer)) region.root.querySelector(`[role=alert],[${DataAttr.confirmStep}]`)?.scrollIntoView({ block: "center" });
}

/** The plain post, with what the script added (the submitter, the stored cart) as hidden fields. */
function postPlainly(form: HTMLFormElement, submitter: HTMLButtonElement | HTMLInputElement | null, body: FormData): void {
  for (const [name, value] of body) {
    if (typeof value !== "string") continue;
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement && field.type === "hidden") field.value = value;
    else if (name === submitter?.name) {
      const hidden = document.createElement("input");
      hidden.type = "hidden";
      hidden.name = name;
      hidden.value = value;
      form.appendChild(hidden);
    }
  }
  HTMLFormElement.prototype.submit.call(form);
}

/**
 * Asks the page again (`url`, default the page's own) and swaps the answer in. Live events coalesce:
 * one request at a time, and events arriving meanwhile make exactly one more after it.
 */
export function createRefresher(region: Region, request: () => string = () => location.href, options: { parts?: boolean } = {}) {
  let busy = false;
  let again = false;
  async function refresh(): Promise<void> {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    const isLatest = region.ticket();
    try {
      const response = await fetch(request(), { cache: "no-store" });
      if (response.ok) {
        const answer = readHtml(await response.text());
        if (isLatest()) swapIn(region, answer, { parts: options.parts, keepOnMissing: !options.parts });
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
