import { useTranslation } from "~/lib/i18n-react";
import { isLanguage } from "~/domain/language";
import { addMessages, type Messages } from "./i18n";

/** Registers the namespaces a route's loader sent, before its components read them. */
export function useRouteMessages(messages: Messages | undefined) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  addMessages(i18n, language, messages);
}
