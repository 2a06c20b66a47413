import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from "react-router";
import type { Language } from "~/domain/language";
import { i18nFor, type Messages } from "~/lib/i18n";
import { I18nProvider } from "~/lib/i18n-react";
import { singleton } from "~/lib/singleton.server";

/**
 * Markup that is the same for many people (the landing's cards for every signed-in player of a
 * language), rendered once and reused as a string: a page's render is most of its CPU (decision 009,
 * issue 31), and the same 25 kB of cards rendered for each visitor is the same work every time.
 *
 * A copy is reused while the values it was rendered from are the very same objects (`from`: the
 * shared reads it shows, which are replaced when their tables change) and it is younger than
 * `keepMs` (text that follows the clock, such as "closes in…"). Only for pages served without the
 * React runtime (`handle.hydrate === false`): the string is put in the page as it is, so nothing
 * hydrates it.
 */
const MAX_ENTRIES = 200;

interface Entry {
  from: readonly unknown[];
  html: Promise<string>;
  renderedAt: number;
}

const entries = () => singleton("shared-markup", () => new Map<string, Entry>());

/** What the markup is rendered with: the page's language and texts, and the root data the app's hooks read (`useFormat`). */
export interface MarkupSetting {
  language: Language;
  messages: Messages;
  timeZone: string;
  /** The page's address: links are resolved against it. */
  url: string;
}

/**
 * `element` rendered to HTML under the same providers a page has: the texts (`useTranslation`), a
 * data router whose root route carries `language` and `timeZone` (`useFormat`, `Link`).
 */
export async function renderMarkup(element: ReactElement, setting: MarkupSetting): Promise<string> {
  const handler = createStaticHandler([
    { id: "root", path: "*", loader: () => ({ language: setting.language, timeZone: setting.timeZone }), element },
  ]);
  const context = await handler.query(new Request(setting.url));
  if (context instanceof Response) throw new Error("shared markup: the route answered a response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <I18nProvider i18n={i18nFor(setting.language, setting.messages)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nProvider>,
  );
}

/**
 * The markup kept under `key` while it was made from the same objects (`from`) and is younger than
 * `keepMs`; `render`ed (once for every caller arriving meanwhile) otherwise.
 */
export function sharedMarkup(
  key: string,
  from: readonly unknown[],
  render: () => Promise<string>,
  { keepMs, now = Date.now }: { keepMs: number; now?: () => number },
): Promise<string> {
  const map = entries();
  const kept = map.get(key);
  if (kept && now() - kept.renderedAt < keepMs && sameValues(kept.from, from)) return kept.html;
  const entry: Entry = { from, html: render(), renderedAt: now() };
  map.delete(key);
  map.set(key, entry);
  // The oldest goes first (a Map keeps the order of insertion): keys are few, but never unbounded.
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
  // A render that failed is not kept: the next request tries again.
  entry.html.catch(() => map.get(key) === entry && map.delete(key));
  return entry.html;
}

function sameValues(kept: readonly unknown[], asked: readonly unknown[]): boolean {
  return kept.length === asked.length && kept.every((value, index) => Object.is(value, asked[index]));
}
