import { LANGUAGE_COOKIE, LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, parseLanguage } from "~/domain/language";
import { DataAttr, selector } from "./attributes";
import { startTimedRedirect } from "./timed-redirect";

/**
 * Inlined in every page, so it also works on pages served without the React runtime
 * (docs/decisions/002):
 * - SPEC §4 language memory: the `lang` cookie is the truth when present and is mirrored to the
 *   local key `language`; with no cookie (a new visit), a remembered language is applied;
 * - clicks on the language links write the local key;
 * - a server notice (`?notice=`) is dropped from the address so a reload does not repeat it;
 * - on pages without React, a toast's close button removes it;
 * - plain forms (not React Router's, which prevent the default themselves): `data-confirm` asks
 *   first, `data-sending` disables the submit button and shows that text while the page loads;
 * - a page that moves on by itself after a confirmation (TimedRedirect) starts its timer.
 */
export function start(): void {
  if (rememberLanguage()) return;
  const url = new URL(location.href);
  if (url.searchParams.has("notice")) {
    url.searchParams.delete("notice");
    history.replaceState(history.state, "", url);
  }
  document.addEventListener("click", onClick);
  document.addEventListener("submit", onSubmit);
  addEventListener("pageshow", (event) => {
    if (event.persisted) restoreSentButtons();
  });
  startTimedRedirect(document);
}

/** SPEC §4; true when the page is being reloaded in the remembered language. */
export function rememberLanguage(): boolean {
  const current = parseLanguage(document.documentElement.lang) ?? "es";
  try {
    const hasCookie = new RegExp(`(^|;)\\s*${LANGUAGE_COOKIE}=(es|en)\\s*(;|$)`).test(document.cookie);
    const stored = parseLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
    if (!hasCookie && stored && stored !== current) {
      const url = new URL(location.href);
      url.searchParams.set(LANGUAGE_COOKIE, stored);
      location.replace(url);
      return true;
    }
    localStorage.setItem(LANGUAGE_STORAGE_KEY, LANGUAGE_NAMES[current]);
  } catch {
    // Storage blocked: the cookie alone keeps the language.
  }
  return false;
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const language = parseLanguage(target?.closest(selector(DataAttr.language))?.getAttribute(DataAttr.language));
  if (language)
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, LANGUAGE_NAMES[language]);
    } catch {
      // Storage blocked: the link's cookie still applies.
    }
  // With React, the toast's own click handler removes it.
  if (target?.closest(selector(DataAttr.toastClose)) && document.documentElement.hasAttribute(DataAttr.withoutReact))
    target.closest(".toast")?.remove();
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  const question = form.getAttribute(DataAttr.confirm);
  if (question && !event.defaultPrevented && !confirm(question)) event.preventDefault();
  const sending = form.getAttribute(DataAttr.sending);
  if (!sending || event.defaultPrevented) return;
  const button = form.querySelector<HTMLButtonElement>("[type=submit]");
  if (!button) return;
  button.setAttribute(DataAttr.idleLabel, button.textContent ?? "");
  button.disabled = true;
  button.textContent = sending;
}

/**
 * A page restored from the back-forward cache gets its sent buttons back. Only the buttons this
 * script marked: other elements' attributes are not touched (a package's name once was, docs/decisions/011-browser-modules.md).
 */
export function restoreSentButtons(): void {
  document.querySelectorAll<HTMLButtonElement>(selector(DataAttr.idleLabel)).forEach((button) => {
    button.disabled = false;
    button.textContent = button.getAttribute(DataAttr.idleLabel);
    button.removeAttribute(DataAttr.idleLabel);
  });
}
