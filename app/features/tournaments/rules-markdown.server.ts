import { micromark } from "micromark";

/** Tournament rules: Markdown to HTML, safe by default (raw HTML escaped, javascript: and other unsafe URLs dropped). */
export function renderRules(markdown: string): string {
  return micromark(markdown, { allowDangerousHtml: false, allowDangerousProtocol: false });
}
