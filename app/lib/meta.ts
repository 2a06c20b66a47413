import { bundleTexts, type Messages } from "./i18n";

interface MatchLike {
  id: string;
  data?: unknown;
}

/**
 * Looks a text up for `meta` exports, which run outside React: first in the route's own
 * messages, then in the root's. Returns the key itself when missing, like i18next does.
 */
export function metaText(matches: readonly (MatchLike | undefined)[], namespace: string, key: string): string {
  for (const match of [...matches].reverse()) {
    const messages = (match?.data as { messages?: Messages } | undefined)?.messages;
    const bundle = messages?.[namespace];
    let value: unknown = bundle === undefined ? undefined : bundleTexts(bundle);
    for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
    if (typeof value === "string") return value;
  }
  return key;
}
