import type { i18n as I18n, TFunction } from "i18next";
import { createContext, useContext, type ReactNode } from "react";

/**
 * The texts for React: one shared i18next instance per language (`i18nFor`), handed down by context.
 *
 * Why not react-i18next: its hook copies every property of the instance into a new wrapper on each
 * call, and a server render mounts every component afresh, so a page with fifty product cards made
 * fifty copies (about 10 % of a signed-in page's CPU, docs/decisions/009). Our language never
 * changes under a mounted page (a language link is a full navigation), so nothing here needs to
 * subscribe to changes.
 */
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

const translators = new WeakMap<I18n, Map<string, TFunction>>();

/** Texts with options kept per translator at most (values come from data, e.g. counts and dates: never without end). */
const MAX_TEXTS_WITH_OPTIONS = 500;

/** A key for `t(key, options)` when every option is a plain value (a text, number or boolean), else null. */
function keyWithOptions(key: string, options: unknown): string | null {
  if (typeof options !== "object" || options === null) return null;
  let composed = key;
  for (const [name, value] of Object.entries(options)) {
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return null;
    composed += `\u0000${name}\u0000${typeof value}\u0000${value}`;
  }
  return composed;
}

/**
 * `t` bound to a namespace. A key always gives the same text in one instance, and so does a key with
 * the same plain options (`{ count: 3 }`), so texts are remembered: i18next's plural and interpolation
 * work was ~5 % of a store page's CPU (issue 31). A missing key (returned as itself, e.g. before a
 * route's namespace is added) is not remembered, so it is found once the namespace arrives.
 */
export function translatorOf(i18n: I18n, namespace = "common"): TFunction {
  let byNamespace = translators.get(i18n);
  if (!byNamespace) translators.set(i18n, (byNamespace = new Map()));
  const known = byNamespace.get(namespace);
  if (known) return known;
  const fixed = i18n.getFixedT(null, namespace) as unknown as (...args: unknown[]) => unknown;
  const texts = new Map<string, string>();
  const withOptions = new Map<string, string>();
  const translate = ((key: unknown, ...rest: unknown[]) => {
    const memoKey = typeof key !== "string" || rest.length > 1 ? null : rest.length === 0 ? key : keyWithOptions(key, rest[0]);
    if (memoKey === null) return fixed(key, ...rest);
    const kept = rest.length === 0 ? texts : withOptions;
    const remembered = kept.get(memoKey);
    if (remembered !== undefined) return remembered;
    const text = fixed(key, ...rest);
    if (typeof text === "string" && text !== key) {
      if (kept.size >= MAX_TEXTS_WITH_OPTIONS && kept === withOptions) kept.delete(kept.keys().next().value!);
      kept.set(memoKey, text);
    }
    return text;
  }) as unknown as TFunction;
  byNamespace.set(namespace, translate);
  return translate;
}

/** `{ t, i18n }` for a namespace ("common" when none), as react-i18next's hook of the same name gave. */
export function useTranslation(namespace?: string) {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation needs an I18nProvider above it");
  return { t: translatorOf(i18n, namespace), i18n };
}
